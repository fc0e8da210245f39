import { createHash } from 'crypto';

import { isRecord, scalarText } from '../../shared/values';
import type { Json } from '../../shared/values';

/*
 * What the application trigger remembers of each application it watches: a fingerprint of
 * the fields its events are about, not the application. The API has no feed of application
 * changes, so an event is a difference between two reads of a job's applications:
 * - the stage (by id), the state (`applicationState.state`), whether placed, the next
 *   interview (its id and start), the candidate's id (so that a removed application can still
 *   say whose it was), and when the trigger first saw it in its current stage (minutes since
 *   1970, base 36) for "time in the previous stage".
 * Stages and states are stored once, in dictionaries of the state, and referenced by index:
 * an application is about 40 bytes plus its and its candidate's ids (measured in
 * BENCHMARKS.md).
 */

/** One stage as an event shows it; stored once per stage in the state's dictionary. */
export interface StageView {
	id: string | null;
	name: string | null;
	type: string | null;
	order: number | null;
}

/** [applicationId, stage index, state index, placed (1/0), interview key, since, candidateId]. */
export type Fingerprint = [string, number, number, 0 | 1, string, string, string];

/** The fields of a fingerprint, decoded. */
export interface Seen {
	id: string;
	stage: number;
	state: number;
	placed: boolean;
	interview: string;
	/** Minutes since 1970 when the trigger first saw the application in its stage. */
	since: number;
	candidateId: string;
}

export function decode([
	id,
	stage,
	state,
	placed,
	interview,
	since,
	candidateId,
]: Fingerprint): Seen {
	return {
		id,
		stage,
		state,
		placed: placed === 1,
		interview,
		since: parseInt(since, 36),
		candidateId,
	};
}

export function encode(seen: Seen): Fingerprint {
	return [
		seen.id,
		seen.stage,
		seen.state,
		seen.placed ? 1 : 0,
		seen.interview,
		seen.since.toString(36),
		seen.candidateId,
	];
}

/** Whether a stored value is a fingerprint (anything else in stored state starts that job over). */
export function isFingerprint(value: unknown): value is Fingerprint {
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

/** The stage of an application list item, as events show it. */
export function stageOf(application: Json): StageView {
	const stage = isRecord(application.stage) ? application.stage : {};
	const order = stage.order;
	return {
		id: scalarText(stage.id) ?? null,
		name: typeof stage.name === 'string' ? stage.name : null,
		type: typeof stage.type === 'string' ? stage.type : null,
		order: typeof order === 'number' && Number.isFinite(order) ? order : null,
	};
}

/** `applicationState.state` (the spec wraps it; a plain string is read too). */
export function stateOf(application: Json): string | null {
	const wrapper = application.applicationState;
	if (typeof wrapper === 'string') return wrapper;
	return isRecord(wrapper) && typeof wrapper.state === 'string' ? wrapper.state : null;
}

/** The next interview, if any: it is a new one when its id or its start changes. */
export function interviewOf(application: Json): Json | undefined {
	return isRecord(application.nextInterview) ? application.nextInterview : undefined;
}

/** A short digest of the next interview ('' for none). */
export function interviewKey(application: Json): string {
	const interview = interviewOf(application);
	if (!interview) return '';
	const text = `${scalarText(interview.id) ?? ''}\u0000${scalarText(interview.startTime) ?? ''}`;
	return createHash('sha1').update(text).digest('base64url').slice(0, 8);
}

export function candidateOf(application: Json): Json {
	return isRecord(application.candidate) ? application.candidate : {};
}

/**
 * A dictionary kept in the state (stages, states): values stored once, referenced by index.
 * `entries` is the stored list; `index()` adds a value not seen before.
 */
export class Dictionary<T> {
	private readonly byKey = new Map<string, number>();

	constructor(
		readonly entries: T[],
		private readonly keyOf: (value: T) => string,
	) {
		entries.forEach((entry, index) => this.byKey.set(keyOf(entry), index));
	}

	index(value: T): number {
		const key = this.keyOf(value);
		const found = this.byKey.get(key);
		if (found !== undefined) {
			// A stage renamed or reordered: the dictionary shows it as it is now.
			this.entries[found] = value;
			return found;
		}
		this.entries.push(value);
		this.byKey.set(key, this.entries.length - 1);
		return this.entries.length - 1;
	}

	at(index: number): T | undefined {
		return this.entries[index];
	}
}

/** A stage's key in the dictionary: its id, else its name and type. */
export function stageKey(stage: StageView): string {
	return stage.id ?? `${stage.type ?? ''}\u0000${stage.name ?? ''}`;
}
