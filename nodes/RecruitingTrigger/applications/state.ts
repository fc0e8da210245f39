import { isRecord } from '../../shared/values';
import { stageKey } from './events';
import type { Seen, StageView } from './events';

/*
 * What the application trigger remembers between polls: in memory with named fields, stored
 * with short keys (n8n writes the whole state into the workflow with every poll that emits,
 * so it is kept small: stages and states once, by index; about 52 bytes an application).
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
	/** The poll that last read its applications; undefined: never read. */
	lastRead?: number;
	/**
	 * Set when it is due before its turn in the rotation: the poll since which the job list
	 * showed it created or changed, or Max Items per Poll cut its read or passed it over. A new
	 * job's deadline is that poll (readPlan.ts). Undefined: it waits for its turn.
	 */
	dueSince?: number;
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
	return watches(watch, job.closed) || job.dueSince !== undefined;
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
	poll: number;
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
		...(due && { dueSince: Math.min(job.dueSince ?? read.poll, read.poll) }),
		closed,
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
export function unwatched({ lastRead, dueSince, closed, title }: WatchedJob): WatchedJob {
	return { lastRead, dueSince, closed, title, status: 'toTakeIn' };
}

/** What Jobs to Watch watches, as stored: a change of it is a new watch for the jobs it adds. */
export function scopeOf(watch: JobsToWatch, picked: string[]): string {
	return watch === 'picked' ? `picked:${[...new Set(picked)].sort().join('\u0000')}` : watch;
}

/*
 * The stored form. Version 1 is read as it was written: `d` was 1 for "due" (now: the poll
 * since which it is due; 1 is as early as any) and `r` -1 for never read.
 */

export const APPLICATION_STATE_VERSION = 1;

/**
 * Above this size of stored state (JSON characters), a poll stops with an error naming the
 * options that narrow what is watched. At about 52 bytes an application (benchmark 7, with the
 * sandbox's ids) this is some 38,000 applications.
 */
export const STATE_CAP_BYTES = 2_000_000;

/** [applicationId, stage index, state index, placed (1/0), interview key, since (base 36), candidateId]. */
type Fingerprint = [string, number, number, 0 | 1, string, string, string];

interface StoredJob {
	r: number;
	d?: number;
	c?: 1;
	n?: 1;
	t?: string;
	a?: Fingerprint[];
}

export interface StoredApplicationState {
	v: typeof APPLICATION_STATE_VERSION;
	resource: 'application';
	scope: string;
	poll: number;
	/** The job list's position, as lists/jobChanges.ts gives it. */
	jobs?: unknown;
	watch: Record<string, StoredJob>;
	stages: StageView[];
	states: string[];
}

/** Values stored once and referenced by index. */
class Dictionary<T> {
	readonly entries: T[] = [];

	private readonly byKey = new Map<string, number>();

	constructor(private readonly keyOf: (value: T) => string) {}

	/** The index of the value; a later value of the same key replaces the stored one. */
	index(value: T): number {
		const key = this.keyOf(value);
		const found = this.byKey.get(key);
		if (found !== undefined) {
			this.entries[found] = value;
			return found;
		}
		this.byKey.set(key, this.entries.push(value) - 1);
		return this.entries.length - 1;
	}
}

/** The state as n8n stores it. */
export function saveApplicationState(state: ApplicationState): StoredApplicationState {
	const stages = new Dictionary<StageView>(stageKey);
	const states = new Dictionary<string>((value) => value);
	const watch: Record<string, StoredJob> = {};
	// Jobs read last go last, so that a renamed stage is stored as it was seen last.
	const byRead = [...state.jobs].sort(([, a], [, b]) => (a.lastRead ?? -1) - (b.lastRead ?? -1));
	for (const [id, job] of byRead) {
		watch[id] = {
			// -1 for never read, as the previous version wrote it and still reads it.
			r: job.lastRead ?? -1,
			...(job.dueSince !== undefined && { d: job.dueSince }),
			...(job.closed && { c: 1 as const }),
			...(job.status === 'new' && { n: 1 as const }),
			...(job.title !== undefined && { t: job.title }),
			...(job.status === 'watched' && {
				a: [...job.applications.values()].map(
					(seen): Fingerprint => [
						seen.id,
						stages.index(seen.stage),
						states.index(seen.state ?? ''),
						seen.placed ? 1 : 0,
						seen.interview,
						seen.since.toString(36),
						seen.candidateId,
					],
				),
			}),
		};
	}
	return {
		v: APPLICATION_STATE_VERSION,
		resource: 'application',
		scope: state.scope,
		poll: state.poll,
		...(state.jobList !== undefined && { jobs: state.jobList }),
		watch,
		stages: stages.entries,
		states: states.entries,
	};
}

const text = (value: unknown) => value === null || typeof value === 'string';

function isStageView(value: unknown): value is StageView {
	return (
		isRecord(value) &&
		text(value.id) &&
		text(value.name) &&
		text(value.type) &&
		(value.order === null || typeof value.order === 'number')
	);
}

function isFingerprint(value: unknown): value is Fingerprint {
	return (
		Array.isArray(value) &&
		value.length === 7 &&
		typeof value[0] === 'string' &&
		Number.isInteger(value[1]) &&
		Number.isInteger(value[2]) &&
		(value[3] === 0 || value[3] === 1) &&
		typeof value[4] === 'string' &&
		typeof value[5] === 'string' &&
		/^[0-9a-z]+$/.test(value[5]) &&
		typeof value[6] === 'string'
	);
}

function isStoredJob(value: unknown): value is StoredJob {
	if (!isRecord(value)) return false;
	return (
		Number.isInteger(value.r) &&
		(value.d === undefined || Number.isInteger(value.d)) &&
		(value.t === undefined || typeof value.t === 'string') &&
		(value.a === undefined || (Array.isArray(value.a) && value.a.every(isFingerprint)))
	);
}

/**
 * The stored state, checked and read out of n8n's static data; undefined means "first run"
 * (nothing stored, another version or resource, or anything malformed), so Start applies.
 */
export function loadApplicationState(raw: unknown): ApplicationState | undefined {
	if (!isRecord(raw) || raw.v !== APPLICATION_STATE_VERSION || raw.resource !== 'application') {
		return undefined;
	}
	const { scope, poll, watch, stages, states, jobs: jobList } = raw;
	if (typeof scope !== 'string' || !Number.isInteger(poll)) {
		return undefined;
	}
	if (!isRecord(watch) || !Array.isArray(stages) || !stages.every(isStageView)) return undefined;
	if (!Array.isArray(states) || !states.every((state) => typeof state === 'string')) {
		return undefined;
	}
	const jobs = new Map<string, WatchedJob>();
	for (const [id, stored] of Object.entries(watch)) {
		if (!isStoredJob(stored)) return undefined;
		const { r, d, c, n, t, a } = stored;
		const seen = a
			?.filter(([, stage, state]) => stage < stages.length && state < states.length)
			.map(
				([application, stage, state, placed, interview, since, candidateId]): Seen => ({
					id: application,
					stage: { ...stages[stage] },
					state: states[state] || null,
					placed: placed === 1,
					interview,
					since: parseInt(since, 36),
					candidateId,
				}),
			);
		const facts = {
			...(r >= 0 && { lastRead: r }),
			...(d !== undefined && { dueSince: d }),
			closed: c === 1,
			...(t !== undefined && { title: t }),
		};
		jobs.set(
			id,
			seen
				? { ...facts, status: 'watched', applications: new Map(seen.map((e) => [e.id, e])) }
				: { ...facts, status: n === 1 ? 'new' : 'toTakeIn' },
		);
	}
	return { scope, poll: poll as number, jobList, jobs };
}

/** Applications watched, and the size of the state as n8n stores it. */
export function sizeOf(stored: StoredApplicationState): { applications: number; bytes: number } {
	let applications = 0;
	for (const job of Object.values(stored.watch)) applications += job.a?.length ?? 0;
	return { applications, bytes: JSON.stringify(stored).length };
}
