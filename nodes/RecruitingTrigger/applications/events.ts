import { recordId } from '../records';
import type { Json } from '../../shared/values';
import { candidateOf, interviewKey, stageOf, stateOf } from './snapshot';
import type { Dictionary, Seen, StageView } from './snapshot';

/*
 * The events of one read of a job's applications, against the fingerprints of the read
 * before (pure). What two reads cannot see is not invented: A → B → C between two reads is one
 * move A → C, and an application created and removed between two reads is never seen.
 */

export const APPLICATION_EVENTS = [
	'newApplication',
	'stageChanged',
	'stateChanged',
	'placed',
	'interviewScheduled',
	'removed',
] as const;

export type ApplicationEvent = (typeof APPLICATION_EVENTS)[number];

/** One application of the read: what it was, what it is, and the events in between. */
export interface Difference {
	id: string;
	/** The fingerprint of the read before (undefined: not listed then). */
	before?: Seen;
	/** The fingerprint of this read (undefined: no longer listed). */
	after?: Seen;
	/** The list item of this read (undefined when removed). */
	application?: Json;
	events: ApplicationEvent[];
}

export interface Dictionaries {
	stages: Dictionary<StageView>;
	states: Dictionary<string>;
}

/**
 * The differences between the applications a job listed at its last read (`before`; undefined
 * when the job was not read before: every application is new) and those it lists now.
 * `now` is the read's time in minutes since 1970.
 */
export function differences(
	before: Map<string, Seen> | undefined,
	listed: Json[],
	dictionaries: Dictionaries,
	now: number,
): Difference[] {
	const out: Difference[] = [];
	const seen = new Set<string>();
	for (const application of listed) {
		const id = recordId(application);
		// An application without an id cannot be followed from one read to the next.
		if (id === undefined || seen.has(id)) continue;
		seen.add(id);
		const old = before?.get(id);
		const stage = dictionaries.stages.index(stageOf(application));
		const after: Seen = {
			id,
			stage,
			state: dictionaries.states.index(stateOf(application) ?? ''),
			placed: application.isPlaced === true,
			interview: interviewKey(application),
			since: old !== undefined && old.stage === stage ? old.since : now,
			candidateId: String(recordId(candidateOf(application)) ?? ''),
		};
		out.push({ id, before: old, after, application, events: eventsBetween(old, after) });
	}
	for (const [id, old] of before ?? []) {
		if (!seen.has(id)) out.push({ id, before: old, events: ['removed'] });
	}
	return out;
}

function eventsBetween(before: Seen | undefined, after: Seen): ApplicationEvent[] {
	if (before === undefined) return ['newApplication'];
	const events: ApplicationEvent[] = [];
	if (before.stage !== after.stage) events.push('stageChanged');
	if (before.state !== after.state) events.push('stateChanged');
	if (!before.placed && after.placed) events.push('placed');
	if (after.interview !== '' && after.interview !== before.interview) {
		events.push('interviewScheduled');
	}
	return events;
}
