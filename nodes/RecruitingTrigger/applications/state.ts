import { isRecord } from '../../shared/values';
import { loadState as loadListState } from '../state';
import type { TriggerState } from '../state';
import { decode, Dictionary, isFingerprint, stageKey } from './snapshot';
import type { Fingerprint, Seen, StageView } from './snapshot';

export const APPLICATION_STATE_VERSION = 1;

/**
 * Above this size of stored state (JSON characters), a poll stops with an error naming the
 * options that narrow what is watched: n8n keeps the state in the workflow's record and
 * writes all of it with every poll that emits. At about 52 bytes an application (benchmark
 * 7, with the sandbox's ids) this is some 38,000 applications.
 */
export const STATE_CAP_BYTES = 2_000_000;

/** One watched job, with short keys: the state holds one per job. */
export interface JobEntry {
	/** The poll that last read its applications (-1: never). */
	r: number;
	/** 1: changed in the job list since it was last read. */
	d?: 1;
	/** 1: its stage was closed when last read (Jobs to Watch: Open Jobs Only skips it). */
	c?: 1;
	/** 1: a new job (created since, or Everything's first poll): its first read emits its applications. */
	n?: 1;
	/** Its title when last read, for the events of a job the API no longer has. */
	t?: string;
	/** The fingerprints of its applications at the last read; absent: never read. */
	a?: Fingerprint[];
}

/**
 * What the application trigger remembers between polls, in the same slot of the workflow's
 * static data as the job and candidate triggers, replaced as a whole after a successful poll.
 */
export interface ApplicationState {
	v: typeof APPLICATION_STATE_VERSION;
	resource: 'application';
	/** What Jobs to Watch watched in the last poll (walks/applications.ts scopeOf). */
	scope: string;
	/** Polls done (the schedule's clock). */
	poll: number;
	/** The job list read from its watermark, as the job trigger reads it: changed and new jobs. */
	jobs: TriggerState;
	watch: Record<string, JobEntry>;
	/** Stages and states, stored once and referenced by index from the fingerprints. */
	stages: StageView[];
	states: string[];
}

export function emptyApplicationState(jobs: TriggerState): ApplicationState {
	return {
		v: APPLICATION_STATE_VERSION,
		resource: 'application',
		scope: '',
		poll: 0,
		jobs,
		watch: {},
		stages: [],
		states: [],
	};
}

function isStageView(value: unknown): value is StageView {
	if (!isRecord(value)) return false;
	const text = (field: unknown) => field === null || typeof field === 'string';
	return (
		text(value.id) &&
		text(value.name) &&
		text(value.type) &&
		(value.order === null || typeof value.order === 'number')
	);
}

function isJobEntry(value: unknown): value is JobEntry {
	if (!isRecord(value) || !Number.isInteger(value.r)) return false;
	if (value.t !== undefined && typeof value.t !== 'string') return false;
	return value.a === undefined || (Array.isArray(value.a) && value.a.every(isFingerprint));
}

/**
 * The stored state, checked and copied out of n8n's static data; undefined means "first run"
 * (nothing stored, another version or resource, or anything malformed), so Start applies.
 */
export function loadApplicationState(raw: unknown): ApplicationState | undefined {
	if (!isRecord(raw) || raw.v !== APPLICATION_STATE_VERSION || raw.resource !== 'application') {
		return undefined;
	}
	const jobs = loadListState(raw.jobs, 'job');
	const { scope, poll, watch, stages, states } = raw;
	if (jobs === undefined || typeof scope !== 'string' || !Number.isInteger(poll)) return undefined;
	if (!isRecord(watch)) return undefined;
	if (!Array.isArray(stages) || !stages.every(isStageView)) return undefined;
	if (!Array.isArray(states) || !states.every((state) => typeof state === 'string')) {
		return undefined;
	}
	const entries: Record<string, JobEntry> = {};
	for (const [id, entry] of Object.entries(watch)) {
		if (!isJobEntry(entry)) return undefined;
		const a = entry.a?.filter(([, stage, state]) => stage < stages.length && state < states.length);
		entries[id] = { ...entry, ...(a && { a: a.map((fingerprint) => [...fingerprint]) }) };
	}
	return {
		v: APPLICATION_STATE_VERSION,
		resource: 'application',
		scope,
		poll: poll as number,
		jobs,
		watch: entries,
		stages: stages.map((stage) => ({ ...stage })),
		states: [...states],
	};
}

/** The fingerprints of a job's applications by id, or undefined when it was never read. */
export function seenOf(entry: JobEntry | undefined): Map<string, Seen> | undefined {
	if (entry?.a === undefined) return undefined;
	return new Map(entry.a.map((fingerprint) => [fingerprint[0], decode(fingerprint)]));
}

/** The state's dictionaries, to add stages and states met in this poll. */
export function dictionariesOf(state: ApplicationState) {
	return {
		stages: new Dictionary<StageView>(state.stages, stageKey),
		states: new Dictionary<string>(state.states, (value) => value),
	};
}

/** Applications watched, and the size of the state as n8n stores it. */
export function sizeOf(state: ApplicationState): { applications: number; bytes: number } {
	let applications = 0;
	for (const entry of Object.values(state.watch)) applications += entry.a?.length ?? 0;
	return { applications, bytes: JSON.stringify(state).length };
}
