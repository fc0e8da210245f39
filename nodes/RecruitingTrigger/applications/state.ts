import type { Seen } from './events';

/*
 * What the application trigger remembers between polls, in memory with named fields; as n8n
 * stores it (small: n8n writes it into the workflow with every poll that emits): stored.ts.
 */

/** Jobs to Watch: All Jobs, Open Jobs Only, Picked Jobs. */
export const JOBS_TO_WATCH = ['all', 'open', 'picked'] as const;
export type JobsToWatch = (typeof JOBS_TO_WATCH)[number];

/**
 * Where a job stands in the watch:
 * - toTakeIn: what it lists is not known; its first read is silent (where watching starts);
 * - new: created since the trigger started (or Start: Everything): its first read emits every
 *   application;
 * - watched: its applications at the last read are known; each read emits the differences.
 */
type JobStatus = 'toTakeIn' | 'new' | 'watched';

interface JobFacts {
	/** The poll by which it must next be read (readPlan.ts); undefined: not placed yet. */
	turn?: number;
	/** Due before its turn: the job list showed it created or changed, or Max Items cut its read. */
	due?: true;
	/** Its stage was closed when last seen (Open Jobs Only: see `watches`). */
	closed: boolean;
	/** Its name when last read, for the events of a job the API no longer has. */
	title?: string;
}

/** One job the trigger keeps track of, as a poll works with it. */
export type WatchedJob =
	| (JobFacts & { status: Exclude<JobStatus, 'watched'> })
	| (JobFacts & { status: 'watched'; applications: ReadonlyMap<string, Seen> });

export interface ApplicationState {
	/** What Jobs to Watch watched in the last poll (scopeOf). */
	scope: string;
	/** Polls done (the rotation's clock). */
	poll: number;
	/** Where the job list was read up to (lists/jobChanges.ts); undefined: the beginning. */
	jobList?: unknown;
	jobs: Map<string, WatchedJob>;
}

export function emptyApplicationState(): ApplicationState {
	return { scope: '', poll: 0, jobs: new Map() };
}

/*
 * Jobs to Watch and the job's transitions, besides a read (jobRead.ts).
 */

/**
 * Whether Jobs to Watch watches a job whose stage is `closed` as last seen: Open Jobs Only
 * watches open jobs; All Jobs every job, Picked Jobs every picked one (the trigger keeps no
 * other). Decided here alone: the plan, the job list, a job's read and Fetch Test Event ask.
 */
export function watches(watch: JobsToWatch, closed: boolean): boolean {
	return watch !== 'open' || !closed;
}

/**
 * Whether this poll reads the job: a watched job on its turn or when due; a job not watched
 * (closed under Open Jobs Only) only once the job list shows it changed, to find out whether it
 * opened (the spec's list items do not say).
 */
export function readable(watch: JobsToWatch, job: WatchedJob): boolean {
	return watches(watch, job.closed) || job.due === true;
}

/** Whether the job is in the rotation (readPlan.ts); one to take in is read silently first. */
export function takenIn(job: WatchedJob): boolean {
	return job.status !== 'toTakeIn';
}

/** A picked job the job list has not shown: watched from its first read. */
export const pickedJob = (): WatchedJob => ({ status: 'toTakeIn', closed: false });

/** How the job list showed a job in this poll. */
export interface Listing {
	/** Its stage's isOpen, where the list gives it (null: not said; the spec's list does not). */
	open: boolean | null;
	/** Created since the position the list was read from (false when read from the beginning). */
	created: boolean;
}

/** What the poll knows of its job list read. */
export interface ListRead {
	watch: JobsToWatch;
	/** The trigger's first poll: Start applies. */
	first: boolean;
	start: 'now' | 'everything';
}

/**
 * Whether a job the list shows is new (its first read emits every application): at the first
 * poll every job is, under Start: Everything; later, a job created since the last poll that the
 * trigger did not know. A job a change of Jobs to Watch takes in is not (its list is read
 * from the beginning, so nothing counts as created).
 */
function isNewJob(known: WatchedJob | undefined, listing: Listing, read: ListRead): boolean {
	return read.first ? read.start === 'everything' : known === undefined && listing.created;
}

/**
 * The job list shows the job created or changed since the last poll: it is due now (a watched
 * job that closes is read once more, for its last changes: a hire, as a rule). A job the list
 * itself shows closed that is not taken in is not due when Jobs to Watch does not watch it:
 * reading it would take in a job that is not watched.
 */
export function listed(
	known: WatchedJob | undefined,
	listing: Listing,
	read: ListRead,
): WatchedJob {
	const job = known ?? pickedJob();
	const closed = listing.open === null ? job.closed : !listing.open;
	const due = listing.open === null || watches(read.watch, closed) || takenIn(job);
	const fresh = job.status === 'toTakeIn' && isNewJob(known, listing, read);
	return {
		...job,
		...(fresh && { status: 'new' as const }),
		...(due && { due: true as const }),
		closed,
	};
}

/**
 * Not watched now (closed under Open Jobs Only): its applications and turn are not kept; once it
 * reopens it is taken in by a silent read, even if it was new (Start: Everything, or created).
 */
export function unwatched({ closed, title }: WatchedJob): WatchedJob {
	return { closed, title, status: 'toTakeIn' };
}

/** What Jobs to Watch watches, as stored: a change of it is a new watch for the jobs it adds. */
export function scopeOf(watch: JobsToWatch, picked: string[]): string {
	return watch === 'picked' ? `picked:${[...new Set(picked)].sort().join('\u0000')}` : watch;
}
