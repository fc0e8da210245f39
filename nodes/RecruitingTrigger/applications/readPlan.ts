import { takenIn } from './state';
import type { WatchedJob } from './state';

/*
 * Which jobs a poll reads (pure). Its size is the poll's cost beyond the job list: at most
 * Jobs per Poll jobs on schedule, and at most Jobs per Poll more read silently while jobs are
 * taken in (the first poll of From Now, a change of Jobs to Watch, a job reopened under Open
 * Jobs Only): a job is watched from its first read on.
 *
 * The schedule is earliest deadline first. A job's deadline is its last read + K, where
 * K = ceil(jobs in the rotation / Jobs per Poll); a new job's, the poll that listed it. Jobs
 * whose deadline has come are read first; then the jobs due before their turn (the job list
 * showed them changed; Max Items per Poll cut their read or passed them over), the job read
 * longest ago first; then the next deadlines. With nothing due this is a plain rotation: every
 * job is read at least once every K polls, and a due job is read as soon as the rotation leaves
 * room. A poll that reaches Max Items per Poll reads no further job; those it passes over are
 * due, so they come before the job it cut (read later than they were) and before every job
 * whose deadline comes later: the rotation waits, and goes on in the same order.
 */

interface ReadPlan {
	/** Jobs read to take them in: what they list is where watching them starts. */
	silent: string[];
	/** Jobs read for their changes, in the order to read them. */
	scheduled: string[];
}

/** K: a watched job is read at least once in this many polls. */
export function cycleLength(jobs: number, perPoll: number): number {
	return Math.max(1, Math.ceil(jobs / perPoll));
}

/** The jobs poll number `poll` reads, of the watched jobs (those Jobs to Watch takes now). */
export function readPlan(
	jobs: ReadonlyArray<[string, WatchedJob]>,
	poll: number,
	perPoll: number,
): ReadPlan {
	const byId = ([a]: [string, WatchedJob], [b]: [string, WatchedJob]) =>
		a < b ? -1 : a > b ? 1 : 0;
	const rotation = jobs.filter(([, job]) => takenIn(job));
	const waiting = jobs.filter(([, job]) => !takenIn(job));
	// K counts the jobs being taken in too: they join the rotation at the poll that reads them.
	const cycle = cycleLength(jobs.length, perPoll);
	const deadline = (job: WatchedJob) =>
		job.lastRead === undefined ? (job.dueSince ?? -Infinity) : job.lastRead + cycle;
	const rank = (job: WatchedJob) =>
		deadline(job) <= poll ? 0 : job.dueSince !== undefined ? 1 : 2;
	const scheduled = rotation
		// While jobs are taken in, only the jobs whose turn has come or that are due are read:
		// each batch taken in then keeps a turn of its own (read early, it would share the next).
		.filter(([, job]) => waiting.length === 0 || rank(job) < 2)
		.sort((a, b) => rank(a[1]) - rank(b[1]) || deadline(a[1]) - deadline(b[1]) || byId(a, b));
	return {
		silent: waiting
			.sort(byId)
			.slice(0, perPoll)
			.map(([id]) => id),
		scheduled: scheduled.slice(0, perPoll).map(([id]) => id),
	};
}
