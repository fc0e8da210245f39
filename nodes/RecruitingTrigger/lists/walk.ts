import type { Page } from '../../shared/paging';
import { instant } from '../../shared/time';
import type { Json } from '../../shared/values';
import type { TriggerState } from './state';

/*
 * The contract between the poll's plan (plan.ts: what every resource shares: the watermark,
 * the handled keys, created or updated, Max Items, notices) and a walk (jobWalk.ts and
 * candidateWalk.ts: how one resource's list is read, which the API pages differently for jobs
 * and for candidates).
 */

export type EventFilter = 'createdOrUpdated' | 'created' | 'updated';
export type RecordEvent = 'created' | 'updated';

/**
 * How old a time must be before the trigger trusts that the API lists everything modified at
 * it: a change may become visible a little after its modifiedAt (a slow commit, replication).
 * Until then polls look at that time again, which finds such late records.
 */
export const SETTLE_MS = 5 * 60_000;

export interface ListRequest {
	modifiedSince?: string;
	cursor?: string;
	/** Page size when not the API's maximum (a page cut to what Max Items per Poll still allows). */
	limit?: number;
}

export interface Emission {
	event: RecordEvent;
	record: Json;
	/** Set when the user must be told something about this poll (a job cursor stall). */
	notice?: string;
}

/** A point in time with the text the API sent for it (sent back exactly as received). */
export interface At {
	ns: bigint;
	text: string;
}

export function at(text: string | undefined): At | undefined {
	if (text === undefined) return undefined;
	const ns = instant(text);
	return ns === undefined ? undefined : { ns, text };
}

export function earliest(a: At, b: At | undefined): At {
	return b !== undefined && b.ns < a.ns ? b : a;
}

export function latest(a: At, b: At | undefined): At {
	return b !== undefined && b.ns > a.ns ? b : a;
}

/** What the plan offers a walk: the poll's bounds and the bookkeeping of handled records. */
export interface Tally {
	/** The watermark the poll started from (undefined: the beginning of time). */
	readonly start: At | undefined;
	/** The n8n clock. */
	readonly clock: At;
	/** The n8n clock plus the tolerated clock skew. */
	readonly cap: At;
	readonly maxItems: number;
	readonly emitted: number;
	/** Whether the key was handled by an earlier poll (and kept) or earlier in this poll. */
	isSeen(key: string): boolean;
	/** The time an earlier poll filed the key under, if it kept it. */
	oldGroupOf(key: string): string | undefined;
	/** Keeps the key as handled, filed under `time` (the latest time the record may sit at). */
	see(key: string, time: string | undefined): void;
	/** Keys an earlier poll filed under exactly `time`. */
	keptAt(time: At): string[];
	/** The record sits before the watermark this poll leaves: its key need not be kept. */
	drop(key: string): void;
	/** Whether the state this poll leaves is stored (not for Fetch Test Event). */
	readonly keepsState: boolean;
	/** Whether handling the record now would emit it (Event filter, emitting at all). */
	wouldEmit(record: Json): boolean;
	/** Handles a record not handled before: remembers its key and emits it if wanted. */
	handle(record: Json, key: string, time: string | undefined, out: Emission[]): void;
	/** The poll stops before the end of the list: the next poll goes on from its watermark. */
	stop(): void;
}

export interface WalkStep {
	out: Emission[];
	/** The next request; undefined when the walk is done. */
	next?: ListRequest;
	/** A notice for the user (a job cursor stall). */
	stall?: string;
}

export interface Walk {
	/** The first request of the poll. */
	first(): ListRequest;
	/** Reads one page of what `request` asked for. */
	take(page: Page, request: ListRequest): WalkStep;
	/**
	 * The poll hit its page limit; `next` is the request it did not make. Returns one last
	 * request the walk needs to leave an exact state, if any.
	 */
	stopBefore(next: ListRequest): ListRequest | undefined;
	/** Where everything before has been handled (the watermark before the clock bound). */
	end(): At | undefined;
	/** The walk's own fields of the state to store. */
	state(): Partial<TriggerState>;
	/** The API refused a stored position before the first page: the request to make instead. */
	dropResume(): ListRequest | undefined;
}
