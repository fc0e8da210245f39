/*
 * README's cost and staleness bounds, over simulated polls: at most Jobs per Poll jobs on schedule
 * and as many taken in silently; every watched job read at least once every ceil(jobs / Jobs per
 * Poll) polls while no poll reaches Max Items per Poll; under a standing backlog (every poll at
 * Max Items), a job passed over keeps its turn, so each waits at most ceil(jobs / Jobs per Poll)
 * + jobs - 1 polls. The polls run the trigger's own loop (readJobs: readPlan, decideRead, the
 * budget) on applications made up here; only the API is not there. Which job a poll picks:
 * readPlan.test.ts.
 */
import type { ApplicationSettings } from '../../nodes/RecruitingTrigger/applications/settings';
import { listed } from '../../nodes/RecruitingTrigger/applications/state';
import type { WatchedJob } from '../../nodes/RecruitingTrigger/applications/state';
import { readJobs } from '../../nodes/RecruitingTrigger/applications/trigger';
import type { Json } from '../../nodes/shared/values';
import { prng } from '../tools/soak/world';

/** README: "every watched job is read at least once every ceil(jobs ÷ Jobs per Poll) polls". */
const cycleLength = (jobs: number, perPoll: number) => Math.ceil(jobs / perPoll);

const settings = (jobsPerPoll: number, maxItems: number): ApplicationSettings => ({
	events: ['newApplication'],
	watch: 'all',
	picked: [],
	stageTypes: [],
	stages: [],
	jobsPerPoll,
	maxItems,
	start: 'now',
	output: () => ({}),
});

const toTakeIn: WatchedJob = { status: 'toTakeIn', closed: false };

interface Run {
	longestGap: number;
	mostReads: number;
	/** The polls it took to take every job in, and the most silent reads in one. */
	takenInBy: number;
	mostSilent: number;
	/** Of the jobs due (changed) before a poll, how many it read. */
	changedReadAtOnce: number;
	changed: number;
	capped: number;
	/** Applications made, and emitted (each once, or `repeated`). */
	owed: number;
	emitted: number;
	repeated: number;
}

/**
 * `polls` polls of `count` jobs at `perPoll` a poll, the jobs taken in first: before each poll,
 * `changeRate` of the jobs show changed in the job list, and `newRate` of them get `burst` new
 * applications; then polls with nothing new until every application was emitted.
 */
async function simulate(
	count: number,
	perPoll: number,
	polls: number,
	{ changeRate = 0, newRate = 0, burst = 1, maxItems = Infinity, seed = 1 },
): Promise<Run> {
	const next = prng(seed);
	const ids = Array.from({ length: count }, (_, i) => `j${String(i).padStart(4, '0')}`);
	const jobs = new Map<string, WatchedJob>(ids.map((id) => [id, toTakeIn]));
	const applications = new Map<string, Json[]>(ids.map((id) => [id, []]));
	const lastRead = new Map<string, number>();
	const emitted = new Set<string>();
	const run: Run = {
		longestGap: 0,
		mostReads: 0,
		takenInBy: -1,
		mostSilent: 0,
		changedReadAtOnce: 0,
		changed: 0,
		capped: 0,
		owed: 0,
		emitted: 0,
		repeated: 0,
	};
	let serial = 0;
	// Then polls with nothing new: each reads at least one job, so this drains any backlog.
	let end = Infinity;
	let drained = false;
	for (let poll = 0; poll < end; poll++) {
		// Drained: every application emitted; a few more cycles show that none comes again.
		if (poll >= polls && !drained && emitted.size === run.owed) {
			drained = true;
			end = poll + 2 * (cycleLength(count, perPoll) + count);
		}
		if (poll > polls + 100 * run.owed) break;
		const takingIn = [...jobs.values()].some((job) => job.status === 'toTakeIn');
		if (!takingIn && run.takenInBy < 0) run.takenInBy = poll;
		for (const id of takingIn || poll >= polls ? [] : ids) {
			if (next() < changeRate) {
				const listRead = { watch: 'all' as const, first: false, start: 'now' as const };
				jobs.set(id, listed(jobs.get(id), { open: null, created: false }, listRead));
			}
			if (next() < newRate) {
				for (let n = 0; n < burst; n++) {
					(applications.get(id) as Json[]).push({ id: `a${++serial}` });
					run.owed++;
				}
			}
		}
		const due = ids.filter((id) => jobs.get(id)?.due);
		const before = new Map(jobs);
		const reads: string[] = [];
		const items = await readJobs(
			jobs,
			settings(perPoll, maxItems),
			{ poll, now: 0 },
			async (id) => {
				reads.push(id);
				return { title: id, open: true, applications: applications.get(id) as Json[] };
			},
		);
		const silent = reads.filter((id) => before.get(id)?.status === 'toTakeIn');
		run.mostSilent = Math.max(run.mostSilent, silent.length);
		run.mostReads = Math.max(run.mostReads, reads.length - silent.length);
		if (items.length >= maxItems) run.capped++;
		for (const item of items) {
			const id = String(item.applicationId);
			if (emitted.has(id)) run.repeated++;
			emitted.add(id);
		}
		if (takingIn) continue;
		for (const id of reads) {
			const previous = lastRead.get(id);
			if (previous !== undefined) run.longestGap = Math.max(run.longestGap, poll - previous);
			lastRead.set(id, poll);
		}
		run.changed += due.length;
		run.changedReadAtOnce += due.filter((id) => reads.includes(id)).length;
	}
	run.emitted = emitted.size;
	// A job not read for the rest of the run would show as the gap to the end.
	for (const id of ids) {
		run.longestGap = Math.max(run.longestGap, end - 1 - (lastRead.get(id) ?? run.takenInBy - 1));
	}
	return run;
}

describe('the read plan over many polls', () => {
	test.each([
		[200, 20, 0],
		[200, 20, 0.05],
		[200, 20, 0.5],
		[7, 3, 0.3],
		[50, 50, 0.2],
		[1000, 7, 0.01],
	])(
		'%i jobs, %i per poll, %f of them changing per poll: taken in, Jobs per Poll a poll; every job read within ceil(jobs / per poll) polls; nothing lost',
		async (count, perPoll, changeRate) => {
			for (const seed of [1, 2, 3]) {
				const run = await simulate(count, perPoll, 200, { changeRate, newRate: 0.05, seed });
				expect(run.mostSilent).toBeLessThanOrEqual(perPoll);
				expect(run.takenInBy).toBe(cycleLength(count, perPoll));
				expect(run.mostReads).toBeLessThanOrEqual(perPoll);
				expect(run.longestGap).toBeLessThanOrEqual(cycleLength(count, perPoll));
				expect(run).toMatchObject({ emitted: run.owed, repeated: 0 });
			}
		},
	);

	test.each([
		[12, 4, 3, 5],
		[12, 4, 1, 2],
		[40, 10, 7, 10],
		[5, 2, 2, 3],
	])(
		'%i jobs, %i per poll, Max Items %i, bursts of %i new applications: every job read within ceil(jobs / per poll) + jobs - 1 polls, nothing lost',
		async (count, perPoll, maxItems, burst) => {
			for (const seed of [1, 2, 3, 4, 5]) {
				const run = await simulate(count, perPoll, 120, {
					changeRate: 0.1,
					newRate: 0.15,
					burst,
					maxItems,
					seed,
				});
				// The cap was reached, again and again: this is a standing backlog.
				expect(run.capped).toBeGreaterThan(50);
				expect(run.longestGap).toBeLessThanOrEqual(cycleLength(count, perPoll) + count - 1);
				expect(run).toMatchObject({ emitted: run.owed, repeated: 0 });
			}
		},
	);

	test('with room in the rotation, a changed job is read in the next poll', async () => {
		// 50 jobs at 20 a poll: a cycle of 3 polls has 60 reads for 50 jobs.
		const roomy = await simulate(50, 20, 100, { changeRate: 0.05, seed: 7 });
		expect(roomy.changedReadAtOnce / roomy.changed).toBeGreaterThan(0.9);
		// 200 at 40: no spare read in a cycle of 5, so changed jobs wait for their turn more often,
		// yet each is read within the cycle (the bound above).
		const tight = await simulate(200, 40, 100, { changeRate: 0.02, seed: 7 });
		expect(tight.changedReadAtOnce / tight.changed).toBeLessThan(
			roomy.changedReadAtOnce / roomy.changed,
		);
	});
});
