import { isRecord } from '../../shared/values';
import { loadState as loadListState } from '../lists/state';
import type { TriggerState } from '../lists/state';
import { stageKey } from './events';
import type { Seen, StageView } from './events';

/*
 * What the application trigger remembers between polls: in memory with named fields, stored
 * with short keys (n8n writes the whole state into the workflow with every poll that emits,
 * so it is kept small: stages and states once, by index; about 52 bytes an application).
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
	jobs: TriggerState;
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
			...(job.isNew && { n: 1 as const }),
			...(job.title !== undefined && { t: job.title }),
			...(job.applications && {
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
		jobs: state.jobList,
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
	const jobList = loadListState(raw.jobs, 'job');
	const { scope, poll, watch, stages, states } = raw;
	if (jobList === undefined || typeof scope !== 'string' || !Number.isInteger(poll)) {
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
		jobs.set(id, {
			...(r >= 0 && { lastRead: r }),
			...(d !== undefined && { dueSince: d }),
			closed: c === 1,
			isNew: n === 1,
			...(t !== undefined && { title: t }),
			...(seen && { applications: new Map(seen.map((entry) => [entry.id, entry])) }),
		});
	}
	return { scope, poll: poll as number, jobList, jobs };
}

/** Applications watched, and the size of the state as n8n stores it. */
export function sizeOf(stored: StoredApplicationState): { applications: number; bytes: number } {
	let applications = 0;
	for (const job of Object.values(stored.watch)) applications += job.a?.length ?? 0;
	return { applications, bytes: JSON.stringify(stored).length };
}
