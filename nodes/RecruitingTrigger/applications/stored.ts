import { isRecord } from '../../shared/values';
import { loadState as loadListState } from '../lists/state';
import type { TriggerState } from '../lists/state';
import { stageKey } from './events';
import type { Seen, StageView } from './events';
import type { ApplicationState, WatchedJob } from './state';

/*
 * The application trigger's state as n8n stores it: in the workflow, written with every poll
 * that emits, so it is kept small. Short keys; stages and states once, by index; a job's
 * applications in groups of those that share stage, state, placed, interview and since, their
 * ids without the prefix that all of the job's have. Encoding and decoding stay here: the rest
 * of the trigger works with the state in memory (state.ts).
 *
 * Version 1 (one fingerprint an application, about 52 bytes with the sandbox's ids) is still
 * read, so a trigger goes on where it was; it is written as version 2. In version 1 `d` was 1
 * for "due" (now: the poll since which it is due; 1 is as early as any) and `r` -1 for never
 * read; version 2 keeps both.
 */

export const APPLICATION_STATE_VERSION = 2;

/**
 * Above this size of stored state (JSON characters), a poll stops with an error naming the
 * options that narrow what is watched. About 100,000 applications with the sandbox's ids
 * (BENCHMARKS.md, "The application trigger's stored state in real n8n").
 */
export const STATE_CAP_BYTES = 4_000_000;

/**
 * One application as version 1 stored it, and as both versions are read: [applicationId, stage
 * index, state index, placed (1/0), interview key, since (base 36), candidateId].
 */
type Fingerprint = [string, number, number, 0 | 1, string, string, string];

/**
 * Applications that share all but their ids: [stage index, state index, placed (1/0), since
 * (minutes, base 36), interview key, then each one's id and its candidate's id, each without
 * its prefix].
 */
type Group = [number, number, 0 | 1, string, string, ...string[]];

/** A job's applications: [prefix of their ids, prefix of their candidates' ids, ...groups]. */
type StoredApplications = [string, string, ...Group[]];

interface StoredJob<A> {
	r: number;
	d?: number;
	c?: 1;
	n?: 1;
	t?: string;
	a?: A;
}

export interface StoredApplicationState {
	v: typeof APPLICATION_STATE_VERSION;
	resource: 'application';
	scope: string;
	poll: number;
	jobs: TriggerState;
	watch: Record<string, StoredJob<StoredApplications>>;
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

/** The longest prefix that all of `texts` start with. */
function commonPrefix(texts: string[]): string {
	if (texts.length === 0) return '';
	let prefix = texts[0];
	for (const text of texts) {
		let length = 0;
		while (length < prefix.length && prefix[length] === text[length]) length++;
		prefix = prefix.slice(0, length);
	}
	return prefix;
}

function storeApplications(
	seen: Iterable<Seen>,
	stages: Dictionary<StageView>,
	states: Dictionary<string>,
): StoredApplications {
	const all = [...seen];
	const idPrefix = commonPrefix(all.map((entry) => entry.id));
	const candidatePrefix = commonPrefix(all.map((entry) => entry.candidateId));
	const groups = new Map<string, Group>();
	for (const entry of all) {
		const shared: Group = [
			stages.index(entry.stage),
			states.index(entry.state ?? ''),
			entry.placed ? 1 : 0,
			entry.since.toString(36),
			entry.interview,
		];
		const key = shared.join('\u0000');
		const group = groups.get(key) ?? shared;
		groups.set(key, group);
		group.push(entry.id.slice(idPrefix.length), entry.candidateId.slice(candidatePrefix.length));
	}
	return [idPrefix, candidatePrefix, ...groups.values()];
}

/** The state as n8n stores it. */
export function saveApplicationState(state: ApplicationState): StoredApplicationState {
	const stages = new Dictionary<StageView>(stageKey);
	const states = new Dictionary<string>((value) => value);
	const watch: Record<string, StoredJob<StoredApplications>> = {};
	// Jobs read last go last, so that a renamed stage is stored as it was seen last.
	const byRead = [...state.jobs].sort(([, a], [, b]) => (a.lastRead ?? -1) - (b.lastRead ?? -1));
	for (const [id, job] of byRead) {
		watch[id] = {
			r: job.lastRead ?? -1,
			...(job.dueSince !== undefined && { d: job.dueSince }),
			...(job.closed && { c: 1 as const }),
			...(job.isNew && { n: 1 as const }),
			...(job.title !== undefined && { t: job.title }),
			...(job.applications && {
				a: storeApplications(job.applications.values(), stages, states),
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

const isSince = (value: unknown) => typeof value === 'string' && /^[0-9a-z]+$/.test(value);

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
		isSince(value[5]) &&
		typeof value[6] === 'string'
	);
}

function isGroup(value: unknown): value is Group {
	return (
		Array.isArray(value) &&
		value.length % 2 === 1 &&
		Number.isInteger(value[0]) &&
		Number.isInteger(value[1]) &&
		(value[2] === 0 || value[2] === 1) &&
		isSince(value[3]) &&
		value.slice(4).every((entry) => typeof entry === 'string')
	);
}

function isStoredApplications(value: unknown): value is StoredApplications {
	return (
		Array.isArray(value) &&
		typeof value[0] === 'string' &&
		typeof value[1] === 'string' &&
		value.slice(2).every(isGroup)
	);
}

function isStoredJob(value: unknown): value is StoredJob<unknown> {
	return (
		isRecord(value) &&
		Number.isInteger(value.r) &&
		(value.d === undefined || Number.isInteger(value.d)) &&
		(value.t === undefined || typeof value.t === 'string')
	);
}

/**
 * A job's stored applications (`a`) of `version`, read; undefined: malformed. One whose stage or
 * state is not in the stored lists is left out. The stage objects are the stored ones, shared
 * by the applications in them (nothing changes a Seen: a read makes new ones).
 */
function applicationsOf(
	version: 1 | 2,
	stored: unknown,
	stages: StageView[],
	states: string[],
): Map<string, Seen> | undefined {
	const seen = new Map<string, Seen>();
	const add = (...[id, stage, state, placed, interview, since, candidateId]: Fingerprint) => {
		if (stage >= stages.length || state >= states.length) return;
		seen.set(id, {
			id,
			stage: stages[stage],
			state: states[state] || null,
			placed: placed === 1,
			interview,
			since: parseInt(since, 36),
			candidateId,
		});
	};
	if (version === 1) {
		if (!Array.isArray(stored) || !stored.every(isFingerprint)) return undefined;
		for (const fingerprint of stored) add(...fingerprint);
		return seen;
	}
	if (!isStoredApplications(stored)) return undefined;
	const [idPrefix, candidatePrefix, ...groups] = stored;
	for (const [stage, state, placed, since, interview, ...ids] of groups) {
		for (let i = 0; i < ids.length; i += 2) {
			add(idPrefix + ids[i], stage, state, placed, interview, since, candidatePrefix + ids[i + 1]);
		}
	}
	return seen;
}

/**
 * The stored state, checked and read out of n8n's static data; undefined means "first run"
 * (nothing stored, another version or resource, or anything malformed), so Start applies.
 */
export function loadApplicationState(raw: unknown): ApplicationState | undefined {
	if (!isRecord(raw) || raw.resource !== 'application') return undefined;
	const version = raw.v;
	if (version !== 1 && version !== APPLICATION_STATE_VERSION) return undefined;
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
		const applications = a === undefined ? undefined : applicationsOf(version, a, stages, states);
		if (a !== undefined && applications === undefined) return undefined;
		jobs.set(id, {
			...(r >= 0 && { lastRead: r }),
			...(d !== undefined && { dueSince: d }),
			closed: c === 1,
			isNew: n === 1,
			...(t !== undefined && { title: t }),
			...(applications && { applications }),
		});
	}
	return { scope, poll: poll as number, jobList, jobs };
}

/** Applications watched, and the size of the state as n8n stores it. */
export function sizeOf(stored: StoredApplicationState): { applications: number; bytes: number } {
	let applications = 0;
	for (const job of Object.values(stored.watch)) {
		for (const group of job.a?.slice(2) ?? []) applications += (group.length - 5) / 2;
	}
	return { applications, bytes: JSON.stringify(stored).length };
}
