import { instant } from '../../shared/time';
import type { Resource } from './records';

export const STATE_VERSION = 1;

/** A job's stage as the job trigger's Stage Changed remembers it: [id, name, order]. */
export type KnownStage = [string | null, string | null, number | null];

/**
 * What the trigger remembers between polls, in the workflow's static data (key `state`).
 * Plain JSON, versioned, replaced as a whole at the end of a successful poll.
 */
export interface TriggerState {
	v: typeof STATE_VERSION;
	resource: Resource;
	/**
	 * Every record modified before this time has been handled (emitted or filtered out); the
	 * next poll asks for `modifiedSince` = this. Absent: from the beginning of time.
	 * Candidates: a `modifiedAt` the API sent. Jobs: a job cursor the API sent (the
	 * `modifiedAt` of a page's last job), or the instant just after a stalled one.
	 */
	watermark?: string;
	/**
	 * Records already handled that the next poll will list again because they sit at or after
	 * the watermark (`modifiedSince` is inclusive), grouped by the time they sit at or before.
	 * Candidate keys are `id@modifiedAt`; job keys (and candidates without a modifiedAt) are
	 * `id#fingerprint`, a digest of the whole record. Only groups at or after the watermark
	 * are kept.
	 */
	seen: Record<string, string[]>;
	/**
	 * Present while a backlog is being emitted over several polls (Max Items per Poll): the
	 * watermark the backlog started from (absent: the beginning of time). Records count as
	 * created when created at or after it, however many polls the backlog takes.
	 */
	backlog?: { since?: string };
	/** A message for the user not yet delivered on an emitted item (job cursor stall). */
	notice?: string;
	/**
	 * Candidates only: an API cursor a later poll may start from. Every record listed before
	 * it has been handled, so that poll does not re-read them: without it, thousands of
	 * candidates sharing the watermark time (a bulk update) would be re-read by every poll.
	 * Absent: the watermark alone.
	 */
	cursor?: string;
	/** The latest modifiedAt listed before `cursor`; the cursor is used once this is settled. */
	cursorAt?: string;
	/**
	 * The `modifiedSince` of the list the cursor belongs to ('' for none): the cursor is sent
	 * back with exactly that query, as the API hands it out, never with a later watermark.
	 */
	cursorSince?: string;
	/**
	 * Candidates only: the n8n time of the last poll that read from the watermark rather than
	 * from the stored cursor (one that looked at the records at the watermark's own time).
	 */
	checkedAt?: string;
	/**
	 * Jobs only, while Event is Stage Changed: the stage each job was last seen in, so that a
	 * changed job whose stage is another one is emitted with where it came from.
	 */
	jobStages?: Record<string, KnownStage>;
}

export function emptyState(resource: Resource, watermark?: string): TriggerState {
	return { v: STATE_VERSION, resource, ...(watermark !== undefined && { watermark }), seen: {} };
}

function isKnownStage(value: unknown): value is KnownStage {
	return (
		Array.isArray(value) &&
		value.length === 3 &&
		(value[0] === null || typeof value[0] === 'string') &&
		(value[1] === null || typeof value[1] === 'string') &&
		(value[2] === null || typeof value[2] === 'number')
	);
}

/** The stored stages of the jobs, copied; undefined when absent or malformed (read again). */
function jobStagesOf(value: unknown): Record<string, KnownStage> | undefined {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
	const entries = Object.entries(value as Record<string, unknown>);
	if (!entries.every(([, stage]) => isKnownStage(stage))) return undefined;
	return Object.fromEntries(entries.map(([id, stage]) => [id, [...(stage as KnownStage)]]));
}

function isStringArray(value: unknown): value is string[] {
	return Array.isArray(value) && value.every((entry) => typeof entry === 'string');
}

/**
 * The stored state, checked and copied out of n8n's static data. Undefined means "first
 * run": nothing stored yet, a state of another version, or one kept for the other resource
 * (the user switched Resource on an existing workflow), so the Start setting applies again.
 */
export function loadState(raw: unknown, resource: Resource): TriggerState | undefined {
	if (typeof raw !== 'object' || raw === null) return undefined;
	const stored = raw as Record<string, unknown>;
	if (stored.v !== STATE_VERSION || stored.resource !== resource) return undefined;
	const { watermark, seen, backlog, notice, cursor, cursorAt, cursorSince, checkedAt } = stored;
	const jobStages = resource === 'job' ? jobStagesOf(stored.jobStages) : undefined;
	if (watermark !== undefined && instant(watermark) === undefined) return undefined;
	let since: string | undefined;
	if (backlog !== undefined) {
		if (typeof backlog !== 'object' || backlog === null) return undefined;
		since = (backlog as Record<string, unknown>).since as string | undefined;
		if (since !== undefined && instant(since) === undefined) return undefined;
	}
	if (typeof seen !== 'object' || seen === null || Array.isArray(seen)) return undefined;
	const groups: Record<string, string[]> = {};
	for (const [at, keys] of Object.entries(seen as Record<string, unknown>)) {
		if (!isStringArray(keys)) return undefined;
		groups[at] = [...keys];
	}
	return {
		v: STATE_VERSION,
		resource,
		...(typeof watermark === 'string' && { watermark }),
		seen: groups,
		...(backlog !== undefined && { backlog: since === undefined ? {} : { since } }),
		...(typeof notice === 'string' && notice !== '' && { notice }),
		...(jobStages && { jobStages }),
		...(resource === 'candidate' &&
			typeof checkedAt === 'string' &&
			instant(checkedAt) !== undefined && { checkedAt }),
		// A cursor without the query it belongs to is dropped: the next poll reads from the
		// watermark, which is always exact.
		...(resource === 'candidate' &&
			typeof cursor === 'string' &&
			cursor !== '' &&
			instant(cursorAt) !== undefined &&
			(cursorSince === '' || instant(cursorSince) !== undefined) && {
				cursor,
				cursorAt: cursorAt as string,
				cursorSince: cursorSince as string,
			}),
	};
}
