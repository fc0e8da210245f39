import type { StageView } from '../../shared/records/application';
import { isRecord } from '../../shared/values';
import { stageKey } from './events';
import type { Seen } from './events';
import type { ApplicationState, WatchedJob } from './state';

/*
 * The application trigger's state as n8n stores it: in the workflow, written with every poll
 * that emits, so it is kept small. Short keys; stages and states once, by index; a job's
 * applications as one text (below). Encoding and decoding stay here: the rest of the trigger
 * works with the state in memory (state.ts).
 *
 * One text a job, not a JSON value an application: n8n's save of a workflow's static data, and
 * its memory, grow with the number of values in it more than with its bytes (the same 2 MB
 * state as nested arrays took 7 times the CPU to save, and 3 times the memory, of the one
 * text: BENCHMARKS.md, "The application trigger's stored state in real n8n").
 */

export const APPLICATION_STATE_VERSION = 1;

/**
 * Above this size of stored state (JSON characters), a poll stops with an error naming the
 * options that narrow what is watched. Measured in n8n 2.41.1 (BENCHMARKS.md, "The application
 * trigger's stored state in real n8n"): the editor's answer for the workflow grows with the
 * bytes (0.3 s at 2 MB, 2.2 s at 8 MB on a loaded machine), the main's memory too (+140 to
 * +490 MB); 3 MB holds 100,000 applications with the sandbox's ids however they differ.
 */
export const STATE_CAP_BYTES = 3_000_000;

/**
 * A job's applications: groups separated by `|`; the first is the prefix that all of
 * their ids share and the one all of their candidates' ids share; each other is the
 * applications that share stage, state, placed, since and interview: `stage,state,placed,since,
 * interview` (indexes, 1/0, minutes in base 36, the key) then each one's id and its candidate's
 * id without those prefixes, all separated by spaces. `%`, `|`, space and `,` in a text are
 * written %25, %7C, %20, %2C.
 * Example: `app-000 cand-|0,1,0,hl4zs, 051 1234567 052 0004711|3,0,0,hl50a,VPW2iDV4 053 0000001`.
 */
const GROUPS = '|';
const FIELDS = ' ';
const SHARED = ',';

const ESCAPES: Record<string, string> = { '%': '%25', '|': '%7C', ' ': '%20', ',': '%2C' };
const UNESCAPES = Object.fromEntries(Object.entries(ESCAPES).map(([c, code]) => [code, c]));
const escape = (text: string) =>
	/[%| ,]/.test(text) ? text.replace(/[%| ,]/g, (c) => ESCAPES[c]) : text;
const unescape = (text: string) =>
	text.includes('%') ? text.replace(/%(25|7C|20|2C)/g, (code) => UNESCAPES[code]) : text;

interface StoredJob {
	r?: number;
	d?: 1;
	c?: 1;
	n?: 1;
	t?: string;
	a?: string;
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
): string {
	const all = [...seen];
	const idPrefix = commonPrefix(all.map((entry) => entry.id));
	const candidatePrefix = commonPrefix(all.map((entry) => entry.candidateId));
	const groups = new Map<string, string[]>();
	for (const entry of all) {
		const shared = [
			stages.index(entry.stage),
			states.index(entry.state ?? ''),
			entry.placed ? 1 : 0,
			entry.since.toString(36),
			escape(entry.interview),
		].join(SHARED);
		const group = groups.get(shared) ?? [shared];
		groups.set(shared, group);
		group.push(
			escape(entry.id.slice(idPrefix.length)),
			escape(entry.candidateId.slice(candidatePrefix.length)),
		);
	}
	return [
		`${escape(idPrefix)}${FIELDS}${escape(candidatePrefix)}`,
		...[...groups.values()].map((group) => group.join(FIELDS)),
	].join(GROUPS);
}

/** The state as n8n stores it. */
export function saveApplicationState(state: ApplicationState): StoredApplicationState {
	const stages = new Dictionary<StageView>(stageKey);
	const states = new Dictionary<string>((value) => value);
	const watch: Record<string, StoredJob> = {};
	// Jobs whose turn comes last go last (read last, as a rule), so that a renamed stage is
	// stored as it was seen last.
	const byTurn = [...state.jobs].sort(([, a], [, b]) => (a.turn ?? -1) - (b.turn ?? -1));
	for (const [id, job] of byTurn) {
		watch[id] = {
			...(job.turn !== undefined && { r: job.turn }),
			...(job.due && { d: 1 as const }),
			...(job.closed && { c: 1 as const }),
			...(job.status === 'new' && { n: 1 as const }),
			...(job.title !== undefined && { t: job.title }),
			...(job.status === 'watched' && {
				a: storeApplications(job.applications.values(), stages, states),
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

function isStoredJob(value: unknown): value is StoredJob {
	return (
		isRecord(value) &&
		(value.r === undefined || Number.isInteger(value.r)) &&
		(value.d === undefined || value.d === 1) &&
		(value.t === undefined || typeof value.t === 'string') &&
		(value.a === undefined || typeof value.a === 'string')
	);
}

/**
 * A job's stored applications (`a`), read; undefined: malformed. One whose stage or state is
 * not in the stored lists is left out. The stage objects are the stored ones, shared by the
 * applications in them (nothing changes a Seen: a read makes new ones).
 */
function applicationsOf(
	stored: string,
	stages: StageView[],
	states: string[],
): Map<string, Seen> | undefined {
	const seen = new Map<string, Seen>();
	const [prefixes, ...groups] = stored.split(GROUPS);
	const [idPrefix, candidatePrefix, ...rest] = prefixes.split(FIELDS).map(unescape);
	if (candidatePrefix === undefined || rest.length > 0) return undefined;
	for (const group of groups) {
		const ids = group.split(FIELDS);
		const [stage, state, placed, since, interview, ...more] = ids[0].split(SHARED);
		if (
			!/^\d+$/.test(stage) ||
			!/^\d+$/.test(state ?? '') ||
			(placed !== '0' && placed !== '1') ||
			!isSince(since) ||
			interview === undefined ||
			more.length > 0 ||
			ids.length % 2 === 0
		) {
			return undefined;
		}
		if (Number(stage) >= stages.length || Number(state) >= states.length) continue;
		const shared = {
			stage: stages[Number(stage)],
			state: states[Number(state)] || null,
			placed: placed === '1',
			interview: unescape(interview),
			since: parseInt(since, 36),
		};
		for (let i = 1; i < ids.length; i += 2) {
			const id = idPrefix + unescape(ids[i]);
			seen.set(id, { id, ...shared, candidateId: candidatePrefix + unescape(ids[i + 1]) });
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
	if (raw.v !== APPLICATION_STATE_VERSION) return undefined;
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
		const applications = a === undefined ? undefined : applicationsOf(a, stages, states);
		if (a !== undefined && applications === undefined) return undefined;
		const facts = {
			...(r !== undefined && { turn: r }),
			...(d === 1 && { due: true as const }),
			closed: c === 1,
			...(t !== undefined && { title: t }),
		};
		jobs.set(
			id,
			applications
				? { ...facts, status: 'watched', applications }
				: { ...facts, status: n === 1 ? 'new' : 'toTakeIn' },
		);
	}
	return { scope, poll: poll as number, jobList, jobs };
}

/** Applications watched, and the size of the state as n8n stores it. */
export function sizeOf(stored: StoredApplicationState): { applications: number; bytes: number } {
	let applications = 0;
	for (const job of Object.values(stored.watch)) {
		for (const group of job.a?.split(GROUPS).slice(1) ?? []) {
			applications += (group.split(FIELDS).length - 1) / 2;
		}
	}
	return { applications, bytes: JSON.stringify(stored).length };
}
