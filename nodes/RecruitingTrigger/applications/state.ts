import type { TriggerState } from '../lists/state';
import type { Seen } from './events';

/*
 * What the application trigger remembers between polls, in memory with named fields; as n8n
 * stores it (small: n8n writes it into the workflow with every poll that emits): stored.ts.
 */

/** One watched job, as a poll works with it. */
export interface WatchedJob {
	/** The poll that last read its applications; undefined: never read. */
	lastRead?: number;
	/**
	 * Set when it is due before its turn in the rotation: the poll since which the job list
	 * showed it created or changed, or Max Items per Poll cut its read or passed it over. A new
	 * job's deadline is that poll (readPlan.ts). Undefined: it waits for its turn.
	 */
	dueSince?: number;
	/** Its stage was closed when last seen (Open Jobs Only reads it only once it changes). */
	closed: boolean;
	/** Created since the trigger started (or Everything): its first read emits every application. */
	isNew: boolean;
	/** Its name when last read, for the events of a job the API no longer has. */
	title?: string;
	/**
	 * Its applications at the last read, by id. Undefined: not read since it is watched; unless
	 * it is new, that first read is silent (what it lists is where watching starts).
	 */
	applications?: ReadonlyMap<string, Seen>;
}

export interface ApplicationState {
	/** What Jobs to Watch watched in the last poll (scopeOf). */
	scope: string;
	/** Polls done (the rotation's clock). */
	poll: number;
	/** Where the job list was read up to, as the job trigger keeps it: new and changed jobs. */
	jobList: TriggerState;
	jobs: Map<string, WatchedJob>;
}

export function emptyApplicationState(jobList: TriggerState): ApplicationState {
	return { scope: '', poll: 0, jobList, jobs: new Map() };
}

/*
 * The transitions of a watched job, besides a read (jobRead.ts).
 */

/**
 * Whether the job is in the rotation: read since it is watched (what it lists is known), or
 * new (its first read emits everything). A job that is neither is taken in by a silent read.
 */
export function takenIn(job: WatchedJob): boolean {
	return job.applications !== undefined || job.isNew;
}

/** A picked job the job list has not shown: watched from its first read. */
export const pickedJob = (): WatchedJob => ({ closed: false, isNew: false });

/**
 * The job list shows the job created or changed since the last poll: it is due now. A job
 * that closes is read once more, for its last changes (a hire, as a rule). Under Open Jobs Only
 * (`openOnly`) a job not taken in yet that the list shows closed is not due: reading it would
 * take in a job that is not watched. Where the list does not show the stage (the spec's list
 * items have no isOpen), a job closed at its last read is due, so that a read finds out
 * whether it opened.
 */
export function listed(
	job: WatchedJob | undefined,
	poll: number,
	seen: { open: boolean | null; created: boolean; openOnly: boolean },
): WatchedJob {
	const known = job ?? pickedJob();
	const due = !(seen.openOnly && seen.open === false && !takenIn(known));
	return {
		...known,
		...(due && { dueSince: Math.min(known.dueSince ?? poll, poll) }),
		closed: seen.open === null ? known.closed : !seen.open,
		isNew: known.isNew || seen.created,
	};
}

/** Max Items per Poll was reached before the job's read: it keeps its place, first in line. */
export function passedOver(job: WatchedJob, poll: number): WatchedJob {
	return { ...job, dueSince: Math.min(job.dueSince ?? poll, poll) };
}

/**
 * Not watched now (closed under Open Jobs Only): its applications are not kept, and once it
 * reopens it is taken in by a silent read, even if it was new (Start: Everything, or created).
 */
export function unwatched(job: WatchedJob): WatchedJob {
	return { ...job, applications: undefined, isNew: false };
}

/** What Jobs to Watch watches, as stored: a change of it is a new watch for the jobs it adds. */
export function scopeOf(watch: 'all' | 'open' | 'picked', picked: string[]): string {
	return watch === 'picked' ? `picked:${[...new Set(picked)].sort().join('\u0000')}` : watch;
}
