/*
 * Which jobs a poll reads the applications of (pure). Each poll reads at most `perPoll` jobs,
 * so the cost of a poll is bounded; every watched job must still be read at least once every
 * K = ceil(jobs / perPoll) polls (the staleness bound README states). Earliest deadline first
 * does both: a job's deadline is its last read + K; the jobs whose deadline has come are read
 * first, then jobs that changed in the job list since they were last read (a move of one of
 * their applications may have moved the job), then the earliest deadlines. With nothing
 * changing this is a plain rotation; a job read early because it changed has its deadline
 * moved on, which frees the slot it would have taken later.
 */

export interface WatchedJob {
	id: string;
	/** The poll that last read it; -1 when never read. */
	lastRead: number;
	/** Changed in the job list since it was last read. */
	due: boolean;
}

/** K: a watched job is read at least once in this many polls. */
export function cycleLength(jobs: number, perPoll: number): number {
	return Math.max(1, Math.ceil(jobs / perPoll));
}

/** The ids of the jobs to read in poll number `poll`, in the order to read them. */
export function jobsToRead(jobs: WatchedJob[], poll: number, perPoll: number): string[] {
	const cycle = cycleLength(jobs.length, perPoll);
	const deadline = (job: WatchedJob) => (job.lastRead < 0 ? -Infinity : job.lastRead + cycle);
	const rank = (job: WatchedJob) => (deadline(job) <= poll ? 0 : job.due ? 1 : 2);
	return [...jobs]
		.sort(
			(a, b) =>
				rank(a) - rank(b) || deadline(a) - deadline(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
		)
		.slice(0, perPoll)
		.map((job) => job.id);
}
