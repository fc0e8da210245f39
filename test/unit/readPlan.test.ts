/*
 * The application trigger's read plan: at most Jobs per Poll jobs on schedule and as many taken
 * in silently; every watched job read at least once every ceil(jobs / Jobs per Poll) polls while
 * no poll reaches Max Items per Poll; under a standing backlog (every poll at Max Items), a job
 * passed over keeps its place, so each waits at most ceil(jobs / Jobs per Poll) + jobs - 1
 * polls. The reads are decided by the real decideRead, on applications made up here.
 */
import { decideRead } from '../../nodes/RecruitingTrigger/applications/jobRead';
import { cycleLength, readPlan } from '../../nodes/RecruitingTrigger/applications/readPlan';
import type { ApplicationSettings } from '../../nodes/RecruitingTrigger/applications/settings';
import { listed, passedOver } from '../../nodes/RecruitingTrigger/applications/state';
import type { WatchedJob } from '../../nodes/RecruitingTrigger/applications/state';
import type { Json } from '../../nodes/shared/values';
import { prng } from '../tools/soak/world';

const settings = (maxItems: number): ApplicationSettings => ({
	events: ['newApplication'],
	watch: 'all',
	picked: [],
	stageTypes: [],
	stages: [],
	jobsPerPoll: 0,
	maxItems,
	start: 'now',
	output: () => ({}),
});

const taken = (lastRead?: number, fields: Partial<WatchedJob> = {}): WatchedJob => ({
	...(lastRead !== undefined && { lastRead }),
	closed: false,
	isNew: false,
	applications: new Map(),
	...fields,
});

interface Run {
	longestGap: number;
	mostReads: number;
	mostSilent: number;
	/** Of the jobs due (changed) before a poll, how many it read. */
	changedReadAtOnce: number;
	changed: number;
	capped: number;
	emitted: number;
	owed: number;
}

/**
 * `polls` polls of `count` jobs at `perPoll` a poll: before each, `changeRate` of the jobs show
 * changed in the job list, and `newRate` of them get `burst` new applications.
 */
function simulate(
	count: number,
	perPoll: number,
	polls: number,
	{ changeRate = 0, newRate = 0, burst = 1, maxItems = Infinity, seed = 1 },
): Run {
	const next = prng(seed);
	const ids = Array.from({ length: count }, (_, i) => `j${String(i).padStart(4, '0')}`);
	const jobs = new Map(ids.map((id) => [id, taken()]));
	const listedApplications = new Map<string, Json[]>(ids.map((id) => [id, []]));
	const lastRead = new Map<string, number>();
	const run: Run = {
		longestGap: 0,
		mostReads: 0,
		mostSilent: 0,
		changedReadAtOnce: 0,
		changed: 0,
		capped: 0,
		emitted: 0,
		owed: 0,
	};
	let serial = 0;
	for (let poll = 0; poll < polls; poll++) {
		for (const id of ids) {
			if (next() < changeRate) {
				jobs.set(id, listed(jobs.get(id), poll, { open: null, created: false, openOnly: false }));
			}
			if (next() < newRate) {
				for (let n = 0; n < burst; n++) {
					(listedApplications.get(id) as Json[]).push({ id: `a${++serial}` });
					run.owed++;
				}
			}
		}
		const due = ids.filter((id) => jobs.get(id)?.dueSince !== undefined);
		const plan = readPlan([...jobs], poll, perPoll);
		run.mostReads = Math.max(run.mostReads, plan.scheduled.length);
		run.mostSilent = Math.max(run.mostSilent, plan.silent.length);
		let emitted = 0;
		for (const id of plan.scheduled) {
			const job = jobs.get(id) as WatchedJob;
			if (emitted >= maxItems) {
				jobs.set(id, passedOver(job, poll));
				run.capped++;
				continue;
			}
			const read = { title: id, open: true, applications: listedApplications.get(id) as Json[] };
			const room = { left: maxItems - emitted, first: emitted === 0 };
			const outcome = decideRead(id, job, read, settings(maxItems), room, poll, 0);
			emitted += outcome.items.length;
			jobs.set(id, outcome.job as WatchedJob);
			const previous = lastRead.get(id);
			if (previous !== undefined) run.longestGap = Math.max(run.longestGap, poll - previous);
			lastRead.set(id, poll);
		}
		run.emitted += emitted;
		run.changed += due.length;
		run.changedReadAtOnce += due.filter((id) => plan.scheduled.includes(id)).length;
	}
	// A job not read for the rest of the run would show as the gap to the end.
	for (const id of ids) {
		run.longestGap = Math.max(run.longestGap, polls - 1 - (lastRead.get(id) ?? -polls));
	}
	return run;
}

describe('readPlan', () => {
	test.each([
		[200, 20, 0],
		[200, 20, 0.05],
		[200, 20, 0.5],
		[7, 3, 0.3],
		[50, 50, 0.2],
		[1000, 7, 0.01],
	])(
		'%i jobs, %i per poll, %f of them changing per poll: every job read within ceil(jobs / per poll) polls',
		(count, perPoll, changeRate) => {
			for (const seed of [1, 2, 3]) {
				const run = simulate(count, perPoll, 200, { changeRate, newRate: 0.05, seed });
				expect(run.mostReads).toBeLessThanOrEqual(perPoll);
				expect(run.longestGap).toBeLessThanOrEqual(cycleLength(count, perPoll));
			}
		},
	);

	test.each([
		[12, 4, 3, 5],
		[12, 4, 1, 2],
		[40, 10, 7, 20],
		[5, 2, 2, 3],
	])(
		'%i jobs, %i per poll, Max Items %i, bursts of %i new applications: every job read within ceil(jobs / per poll) + jobs - 1 polls, nothing lost',
		(count, perPoll, maxItems, burst) => {
			for (const seed of [1, 2, 3, 4, 5]) {
				const run = simulate(count, perPoll, 300, {
					changeRate: 0.1,
					newRate: 0.15,
					burst,
					maxItems,
					seed,
				});
				// The cap was reached, again and again: this is a standing backlog.
				expect(run.capped).toBeGreaterThan(50);
				expect(run.longestGap).toBeLessThanOrEqual(cycleLength(count, perPoll) + count - 1);
				expect(run.emitted).toBeLessThanOrEqual(run.owed);
			}
		},
	);

	test('with room in the rotation, a changed job is read in the next poll', () => {
		// 50 jobs at 20 a poll: a cycle of 3 polls has 60 reads for 50 jobs.
		const roomy = simulate(50, 20, 100, { changeRate: 0.05, seed: 7 });
		expect(roomy.changedReadAtOnce / roomy.changed).toBeGreaterThan(0.9);
		// 200 at 40: no spare read in a cycle of 5, so changed jobs wait for their turn more often,
		// yet each is read within the cycle (the bound above).
		const tight = simulate(200, 40, 100, { changeRate: 0.02, seed: 7 });
		expect(tight.changedReadAtOnce / tight.changed).toBeLessThan(
			roomy.changedReadAtOnce / roomy.changed,
		);
	});

	test.each<[string, Record<string, WatchedJob>, number, number, string[], string[]]>([
		[
			'a plain rotation: the jobs read longest ago',
			{ a: taken(3), b: taken(1), c: taken(2), d: taken(0) },
			4,
			2,
			[],
			['d', 'b'],
		],
		[
			'a job whose deadline has come goes before a due one',
			{ a: taken(0), b: taken(2, { dueSince: 3 }), c: taken(3) },
			3,
			1,
			[],
			['a'],
		],
		[
			'a due job goes before those whose deadline has not come',
			{ a: taken(1), b: taken(2, { dueSince: 3 }), c: taken(3) },
			3,
			1,
			[],
			['b'],
		],
		[
			'due alike: the job read longest ago first (passed over before the one cut)',
			{ cut: taken(5, { dueSince: 5 }), passed: taken(4, { dueSince: 5 }), other: taken(5) },
			6,
			2,
			[],
			['passed', 'cut'],
		],
		[
			'a new job’s deadline is the poll that listed it: it does not go before older deadlines',
			{ old: taken(0), fresh: { closed: false, isNew: true, dueSince: 5 }, late: taken(5) },
			6,
			1,
			[],
			['old'],
		],
		[
			'jobs not taken in yet are read silently, Jobs per Poll of them, beside the schedule',
			{
				a: { closed: false, isNew: false },
				b: { closed: false, isNew: false },
				c: { closed: false, isNew: false },
				d: taken(0),
			},
			1,
			2,
			['a', 'b'],
			['d'],
		],
	])('%s', (_, jobs, poll, perPoll, silent, scheduled) => {
		expect(readPlan(Object.entries(jobs), poll, perPoll)).toEqual({ silent, scheduled });
	});
});
