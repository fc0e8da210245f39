import { createHash } from 'crypto';

import { applicationStage, applicationState } from '../../shared/records/application';
import type { StageView } from '../../shared/records/application';
import { isRecord, scalarText } from '../../shared/values';
import type { Json } from '../../shared/values';

/*
 * The application events (README's event table), pure: what the trigger remembers of each
 * application between two reads of its job (Seen, not the application: the fields its events
 * are about), and the events between two reads. The API has no feed of application changes, so
 * an event is a difference between two reads of a job's applications; what two reads cannot
 * see is not invented: A → B → C between two reads is one move A → C, and an application
 * created and removed between two reads is never seen.
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

/** The spec's application stage types (Target Stage Types). */
export const APPLICATION_STAGE_TYPES = [
	'application',
	'interview',
	'outreach',
	'presentation',
	'result',
	'sourcing',
	'speculative',
];

/** What the trigger remembers of an application between two reads of its job. */
export interface Seen {
	id: string;
	stage: StageView;
	/** `applicationState.state`. */
	state: string | null;
	placed: boolean;
	/** A digest of the next interview's id and start ('' for none). */
	interview: string;
	/** Minutes since 1970 when the trigger first saw the application in its stage. */
	since: number;
	/** So that a removed application can still say whose it was. */
	candidateId: string;
}

/** One application of a read: what it was, what it is, and the events in between. */
export interface Difference {
	id: string;
	/** At the read before (undefined: not listed then, or not known). */
	before?: Seen;
	/** At this read (undefined: no longer listed). */
	after?: Seen;
	/** The list item of this read (undefined when removed). */
	application?: Json;
	events: ApplicationEvent[];
}

/** A stage's identity: its id, else its type and name. */
export function stageKey(stage: StageView): string {
	return stage.id ?? `${stage.type ?? ''}\u0000${stage.name ?? ''}`;
}

/** The next interview, if any: it is a new one when its id or its start changes. */
export function interviewOf(application: Json): Json | undefined {
	return isRecord(application.nextInterview) ? application.nextInterview : undefined;
}

function interviewKey(application: Json): string {
	const interview = interviewOf(application);
	if (!interview) return '';
	const text = `${scalarText(interview.id) ?? ''}\u0000${scalarText(interview.startTime) ?? ''}`;
	return createHash('sha1').update(text).digest('base64url').slice(0, 8);
}

export function candidateOf(application: Json): Json {
	return isRecord(application.candidate) ? application.candidate : {};
}

/** `since` counts minutes: a stage's start is not worth more than a minute's precision. */
export const MINUTE = 60_000;

/**
 * What the trigger remembers of a listed application; `before` is what it remembered of it
 * at the read before (for how long it has been in its stage). `now` in milliseconds.
 */
export function seenOf(application: Json, id: string, before: Seen | undefined, now: number): Seen {
	const stage = applicationStage(application);
	return {
		id,
		stage,
		state: applicationState(application),
		placed: application.isPlaced === true,
		interview: interviewKey(application),
		since:
			before !== undefined && stageKey(before.stage) === stageKey(stage)
				? before.since
				: Math.floor(now / MINUTE),
		candidateId: scalarText(candidateOf(application).id) ?? '',
	};
}

/** README's event table: the events between two reads of one application. */
function eventsBetween(before: Seen | undefined, after: Seen): ApplicationEvent[] {
	if (before === undefined) return ['newApplication'];
	const events: ApplicationEvent[] = [];
	if (stageKey(before.stage) !== stageKey(after.stage)) events.push('stageChanged');
	if (before.state !== after.state) events.push('stateChanged');
	if (!before.placed && after.placed) events.push('placed');
	if (after.interview !== '' && after.interview !== before.interview) {
		events.push('interviewScheduled');
	}
	return events;
}

/**
 * The differences between the applications a job listed at its last read (`before`; undefined
 * when the job was not read before: every application is new) and those it lists now, in list
 * order, then the removed ones. `now` is the read's time in milliseconds.
 */
export function differences(
	before: ReadonlyMap<string, Seen> | undefined,
	listed: Json[],
	now: number,
): Difference[] {
	const out: Difference[] = [];
	const seen = new Set<string>();
	for (const application of listed) {
		const id = scalarText(application.id);
		// An application without an id cannot be followed from one read to the next.
		if (id === undefined || seen.has(id)) continue;
		seen.add(id);
		const old = before?.get(id);
		const after = seenOf(application, id, old, now);
		out.push({ id, before: old, after, application, events: eventsBetween(old, after) });
	}
	for (const [id, old] of before ?? []) {
		if (!seen.has(id)) out.push({ id, before: old, events: ['removed'] });
	}
	return out;
}
