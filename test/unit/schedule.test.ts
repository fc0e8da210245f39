/*
 * The application trigger's schedule: at most Jobs per Poll jobs a poll, every watched job read
 * at least once every ceil(jobs / Jobs per Poll) polls, however many jobs change, and changed
 * jobs read before the rest when the rotation leaves room.
 */
import { cycleLength, jobsToRead } from '../../nodes/RecruitingTrigger/applications/schedule';
import type { WatchedJob } from '../../nodes/RecruitingTrigger/applications/schedule';
import { prng } from '../tools/soak/world';

/** Runs `polls` polls; returns the longest gap between two reads of one job, and the reads. */
function simulate(count: number, perPoll: number, polls: number, changeRate: number, seed: number) {
	const next = prng(seed);
	const jobs: WatchedJob[] = Array.from({ length: count }, (_, i) => ({
		id: `j${String(i).padStart(4, '0')}`,
		lastRead: -1,
		due: false,
	}));
	const byId = new Map(jobs.map((job) => [job.id, job]));
	const lastRead = new Map<string, number>();
	let longestGap = 0;
	let mostReads = 0;
	let changedReadAtOnce = 0;
	let changed = 0;
	for (let poll = 0; poll < polls; poll++) {
		// Jobs change between polls (a hot one every poll).
		byId.get('j0000')!.due = true;
		for (const job of jobs) if (next() < changeRate) job.due = true;
		const dueBefore = jobs.filter((job) => job.due).map((job) => job.id);
		const read = jobsToRead(jobs, poll, perPoll);
		mostReads = Math.max(mostReads, read.length);
		for (const id of read) {
			const job = byId.get(id)!;
			const previous = lastRead.get(id);
			if (previous !== undefined) longestGap = Math.max(longestGap, poll - previous);
			lastRead.set(id, poll);
			job.lastRead = poll;
			job.due = false;
		}
		changed += dueBefore.length;
		changedReadAtOnce += dueBefore.filter((id) => read.includes(id)).length;
	}
	// A job never read after the first cycle would show as the gap to the end.
	for (const job of jobs)
		longestGap = Math.max(longestGap, polls - 1 - (lastRead.get(job.id) ?? -polls));
	return { longestGap, mostReads, changedReadAtOnce, changed };
}

describe('jobsToRead', () => {
	test.each([
		[200, 20, 0],
		[200, 20, 0.05],
		[200, 20, 0.5],
		[7, 3, 0.3],
		[50, 50, 0.2],
		[1000, 7, 0.01],
	])(
		'%i jobs, %i per poll, %f of them changing per poll: the bound holds',
		(count, perPoll, rate) => {
			for (const seed of [1, 2, 3]) {
				const run = simulate(count, perPoll, 200, rate, seed);
				expect(run.mostReads).toBeLessThanOrEqual(perPoll);
				expect(run.longestGap).toBeLessThanOrEqual(cycleLength(count, perPoll));
			}
		},
	);

	test('with room in the rotation, a changed job is read in the next poll', () => {
		// 50 jobs at 20 a poll: a cycle of 3 polls has 60 reads for 50 jobs.
		const roomy = simulate(50, 20, 100, 0.05, 7);
		expect(roomy.changedReadAtOnce / roomy.changed).toBeGreaterThan(0.9);
		// 200 at 40: no spare read in a cycle of 5, so changed jobs wait for their turn more often,
		// yet each is read within the cycle (the bound above).
		const tight = simulate(200, 40, 100, 0.02, 7);
		expect(tight.changedReadAtOnce / tight.changed).toBeLessThan(
			roomy.changedReadAtOnce / roomy.changed,
		);
	});

	test('jobs never read come first, then the rotation; never more than Jobs per Poll', () => {
		const jobs: WatchedJob[] = [
			{ id: 'b', lastRead: 3, due: false },
			{ id: 'a', lastRead: -1, due: false },
			{ id: 'c', lastRead: 1, due: true },
			{ id: 'd', lastRead: 2, due: false },
		];
		expect(jobsToRead(jobs, 4, 2)).toEqual(['a', 'c']);
		expect(cycleLength(4, 2)).toBe(2);
	});
});
