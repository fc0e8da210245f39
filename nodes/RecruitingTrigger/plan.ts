import { nextCursor, PAGE_SIZE, PagingError } from '../shared/paging';
import type { Page } from '../shared/paging';
import { formatInstant, instant, nextInstant, nsFromMs } from '../shared/time';
import type { Json } from '../shared/values';
import { createdAtOf, idOfKey, modifiedAtOf, recordId, recordKey } from './records';
import type { Resource } from './records';
import { STATE_VERSION } from './state';
import type { TriggerState } from './state';

/*
 * The watermark logic of one poll, without any I/O: the node asks `nextRequest()` what to
 * fetch, hands each page to `take()`, which says what to emit, and at the end stores
 * `nextState()`. Nothing here touches n8n, the clock or the network, so every rule can be
 * tested on its own with made-up pages.
 *
 * Rules (see TriggerState for the stored shape):
 * - A poll lists everything modified at or after the watermark, page by page, following the
 *   API's cursor exactly. A record whose key is in `seen` was handled before and is skipped.
 * - A record counts as created when its createdAt is at or after the watermark the poll
 *   started from (or the backlog it continues started from); with no watermark, always.
 * - "Handled" means emitted or deliberately left out by the Event filter: either way it is
 *   never looked at again in the same version.
 * - The new watermark is the latest time before which everything has been handled: the end
 *   of the list when the poll read it all, otherwise where it stopped (Max Items per Poll).
 *   It never moves back, and never past the n8n clock: a record dated later (bad data, or an
 *   API clock ahead of n8n's) would otherwise make the next poll skip what is modified until
 *   that time. Records after the clock are read again by the next poll and skipped by `seen`.
 * - `seen` keeps only the keys of handled records that the next poll can list again: those
 *   at or after the new watermark.
 * - Candidates: the API's cursor is an exact position in a list ordered by modifiedAt, so the
 *   poll also stores where it stopped (`cursor`, with the query it came from) and a later
 *   poll resumes there, re-reading at most one page. This is what keeps thousands of
 *   candidates at one modifiedAt (a bulk update) from being re-read by every poll. But a record written later at a time already
 *   read (a coarse clock, a slow commit) can sort before that position, where only re-reading
 *   from the watermark finds it; so the cursor is used only once the times before it are
 *   SETTLE_MS old. `seen` is kept whole all the same: it decides created vs updated at the
 *   watermark, and makes the watermark alone exact whenever the cursor is not used: not yet
 *   settled, the list's order seen broken (no cursor is stored), or the cursor refused.
 */

export type EventFilter = 'createdOrUpdated' | 'created' | 'updated';
export type RecordEvent = 'created' | 'updated';

/**
 * Candidates: how far past the n8n clock a record may be dated (clock skew between n8n and
 * the API) before the list counts as one a stored cursor could wrongly skip past.
 */
export const FUTURE_TOLERANCE_MS = 60_000;

/**
 * How old the times before a stored candidate cursor must be for a poll to resume from it:
 * the API is trusted to list a change within this long of its modifiedAt. Until then polls
 * re-read from the watermark, which also finds late records at times already read.
 */
export const SETTLE_MS = 5 * 60_000;

/** Pages one poll reads at most; the rest is read by the next poll, from where this one stopped. */
export const MAX_PAGES_PER_POLL = 2000;

export interface PlanOptions {
	resource: Resource;
	event: EventFilter;
	/** Emitted items per poll at most (Infinity: no limit). */
	maxItems: number;
	/** The n8n clock, in milliseconds since the epoch. */
	now: number;
	/** False to read without emitting (From Now's first poll learns where "now" is). */
	emit?: boolean;
	maxPages?: number;
}

export interface ListRequest {
	modifiedSince?: string;
	cursor?: string;
}

export interface Emission {
	event: RecordEvent;
	record: Json;
	/** Set when the user must be told something about this poll (a job cursor stall). */
	notice?: string;
}

interface At {
	ns: bigint;
	text: string;
}

function at(text: string | undefined): At | undefined {
	if (text === undefined) return undefined;
	const ns = instant(text);
	return ns === undefined ? undefined : { ns, text };
}

function min(a: At, b: At | undefined): At {
	return b !== undefined && b.ns < a.ns ? b : a;
}

function max(a: At, b: At | undefined): At {
	return b !== undefined && b.ns > a.ns ? b : a;
}

/** Group name in `seen` for keys held while there is no watermark (the beginning of time). */
const BEGINNING = '';

export function stallNotice(time: string, label = 'jobs'): string {
	return (
		`More than ${PAGE_SIZE} ${label} share the modification time ${time}. The API's ${label.replace(/s$/, '')} ` +
		`list cannot page past them (its cursor is that time), so ${label} modified at exactly ${time} ` +
		`that the API did not put in that one page were not emitted. The trigger went on with ${label} ` +
		`modified after ${time}; nothing after it is affected.`
	);
}

export class PollPlan {
	private readonly resource: Resource;

	private readonly filter: EventFilter;

	private readonly maxItems: number;

	private readonly emitting: boolean;

	private readonly maxPages: number;

	private readonly cap: At;

	/** The n8n clock: the watermark never passes it. */
	private readonly clock: At;

	private readonly start: At | undefined;

	/** Records created at or after this count as created (undefined: all of them). */
	private readonly createdSince: At | undefined;

	private readonly oldSeen = new Map<string, string>();

	/** Ids of records a version of which was handled before or earlier in this poll. */
	private readonly handledIds = new Set<string>();

	/** Keys handled or met again in this poll, with the time they sit at (undefined: not yet known). */
	private readonly newSeen = new Map<string, string | undefined>();

	private request: ListRequest | undefined;

	private readonly cursors = new Set<string>();

	private pages = 0;

	private emitted = 0;

	private undelivered: string[] = [];

	/** The poll stopped before the end of the list (Max Items per Poll, page limit). */
	private stopped = false;

	/** Candidates: the latest modifiedAt handled; the latest modifiedAt met in list order. */
	private latestHandled: At | undefined;

	private lastInOrder: At | undefined;

	/** Keys of candidates without a modifiedAt, waiting for the next modifiedAt in list order. */
	private pendingKeys: string[] = [];

	/** Jobs: the time the list has been read up to (a cursor, or a stalled time's successor). */
	private reached: At | undefined;

	/** Where the unread rest of the list begins, when the poll stopped early; undefined: unknown. */
	private rest: At | undefined;

	/** Candidates: the stored cursor this poll started from, until the API has answered it. */
	private resumedFrom: string | undefined;

	/** Candidates: the latest modifiedAt before the stored cursor. */
	private resumedAt: At | undefined;

	/**
	 * Candidates: false once the list showed what a cursor could wrongly skip past later: a
	 * record out of modifiedAt order or without one, or one dated past the n8n clock (a
	 * cursor after it would skip records modified later but dated earlier).
	 */
	private resumable = true;

	/** Candidates: the cursor the next poll resumes from, and its list's modifiedSince. */
	private resume: string | undefined;

	private resumeSince = '';

	constructor(state: TriggerState, options: PlanOptions) {
		this.resource = options.resource;
		this.filter = options.event;
		this.maxItems = options.maxItems;
		this.emitting = options.emit !== false;
		this.maxPages = options.maxPages ?? MAX_PAGES_PER_POLL;
		const capNs = nsFromMs(options.now + FUTURE_TOLERANCE_MS);
		this.cap = { ns: capNs, text: formatInstant(capNs) };
		const clockNs = nsFromMs(options.now);
		this.clock = { ns: clockNs, text: formatInstant(clockNs) };
		this.start = at(state.watermark);
		this.createdSince = state.backlog !== undefined ? at(state.backlog.since) : this.start;
		for (const [time, keys] of Object.entries(state.seen)) {
			for (const key of keys) {
				this.oldSeen.set(key, time);
				const id = idOfKey(key);
				if (id) this.handledIds.add(id);
			}
		}
		if (state.notice) this.undelivered.push(state.notice);
		this.request = this.start ? { modifiedSince: this.start.text } : {};
		const cursorAt = at(state.cursorAt);
		if (
			this.resource === 'candidate' &&
			state.cursor &&
			state.cursorSince !== undefined &&
			cursorAt &&
			cursorAt.ns <= nsFromMs(options.now - SETTLE_MS)
		) {
			this.resumedFrom = state.cursor;
			this.resumedAt = cursorAt;
			// The query the cursor was handed out for; what it lists before the watermark is
			// skipped in take() like any record listed before the watermark.
			this.request = {
				...(state.cursorSince !== '' && { modifiedSince: state.cursorSince }),
				cursor: state.cursor,
			};
		}
	}

	/**
	 * The API refused the stored cursor (it is the API's to expire): read from the watermark
	 * instead, as before cursors were stored; `seen` still skips what was handled. False when
	 * there is nothing to drop.
	 */
	dropResume(): boolean {
		if (this.resumedFrom === undefined || this.pages > 0) return false;
		this.resumedFrom = undefined;
		this.resumedAt = undefined;
		this.request = this.start ? { modifiedSince: this.start.text } : {};
		return true;
	}

	/** The next list request (`limit` is PAGE_SIZE), or undefined when the poll is done. */
	nextRequest(): ListRequest | undefined {
		return this.request;
	}

	/** Emitted items so far. */
	get emittedCount(): number {
		return this.emitted;
	}

	/** Whether the poll stopped before the end of the list; the next poll goes on from there. */
	get stoppedEarly(): boolean {
		return this.stopped;
	}

	/**
	 * "created" when the record was created at or after the watermark this poll started from,
	 * or, while a backlog is being emitted over several polls, the one the backlog started
	 * from. With no watermark (Start: Everything, first sync) every record is created. A
	 * record of which the trigger still holds a handled version (at the watermark, or earlier
	 * in this poll) is always updated: `createdAt` equal to the watermark is not news twice.
	 */
	eventOf(record: Json, id = recordId(record)): RecordEvent {
		if (id !== undefined && this.handledIds.has(id)) return 'updated';
		if (this.createdSince === undefined) return 'created';
		const created = instant(createdAtOf(record));
		return created !== undefined && created >= this.createdSince.ns ? 'created' : 'updated';
	}

	private wanted(event: RecordEvent): boolean {
		return this.filter === 'createdOrUpdated' || this.filter === event;
	}

	private isSeen(key: string): boolean {
		return (this.oldSeen.size > 0 && this.oldSeen.has(key)) || this.newSeen.has(key);
	}

	/** Reads one page of the list that `nextRequest()` asked for; returns what to emit. */
	take(page: Page): Emission[] {
		const request = this.request;
		if (request === undefined) throw new Error('take() called after the poll was done');
		this.pages++;
		if (request.cursor !== undefined) this.cursors.add(request.cursor);
		const { out, stall } =
			this.resource === 'candidate'
				? this.takeCandidates(page, request)
				: this.takeJobs(page, request);
		if (!this.stopped && this.request !== undefined && this.pages >= this.maxPages) {
			// Not an error: the next poll reads on from the watermark this one leaves.
			this.stopped = true;
			this.rest = this.resource === 'candidate' ? this.lastInOrder : this.reached;
			if (this.request.cursor !== undefined && this.resource === 'candidate') {
				this.resumeAt(this.request.cursor, this.request);
			}
			this.request = undefined;
		}
		this.deliverNotices(out, stall);
		return out;
	}

	private deliverNotices(out: Emission[], stall: string | undefined): void {
		if (!this.emitting) return;
		if (out.length === 0) {
			if (stall) this.undelivered.push(stall);
			return;
		}
		if (stall) for (const emission of out) emission.notice = stall;
		if (this.undelivered.length) {
			out[0].notice = [...this.undelivered, ...(stall ? [stall] : [])].join('\n');
			this.undelivered = [];
		}
	}

	private handle(record: Json, key: string, time: string | undefined, out: Emission[]): void {
		this.newSeen.set(key, time);
		const id = recordId(record);
		const event = this.eventOf(record, id);
		if (id !== undefined) this.handledIds.add(id);
		if (!this.wanted(event) || !this.emitting) return;
		this.emitted++;
		out.push({ event, record });
	}

	private takeCandidates(page: Page, request: ListRequest): { out: Emission[]; stall?: string } {
		const out: Emission[] = [];
		let index = 0;
		for (; index < page.items.length && this.emitted < this.maxItems; index++) {
			const record = page.items[index];
			const modifiedAt = at(modifiedAtOf(record));
			// Listed although modified before the watermark: handled by an earlier poll.
			if (modifiedAt && this.start && modifiedAt.ns < this.start.ns) {
				this.resumable = false;
				continue;
			}
			// Without a modifiedAt (or an id), the record's version is its content.
			const key = recordKey(record, modifiedAt?.text);
			if (!modifiedAt || modifiedAt.ns > this.cap.ns) this.resumable = false;
			if (modifiedAt) {
				if (this.lastInOrder && modifiedAt.ns < this.lastInOrder.ns) this.resumable = false;
				this.placePending(modifiedAt.text);
				this.lastInOrder = modifiedAt;
				this.latestHandled = max(modifiedAt, this.latestHandled);
			} else {
				this.pendingKeys.push(key);
			}
			if (this.isSeen(key)) {
				this.newSeen.set(key, modifiedAt?.text);
				continue;
			}
			this.handle(record, key, modifiedAt?.text, out);
		}

		if (index < page.items.length || (page.hasNextPage && this.emitted >= this.maxItems)) {
			// Max Items per Poll reached: the rest is for the next poll, from where this one stopped.
			this.stopped = true;
			this.request = undefined;
			this.resumeAt(
				index < page.items.length ? request.cursor : this.resumeAfter(page, request),
				request,
			);
			let rest: At | undefined;
			let known = true;
			let last = this.lastInOrder;
			for (const record of page.items.slice(index)) {
				const modifiedAt = at(modifiedAtOf(record));
				if (modifiedAt && this.start && modifiedAt.ns < this.start.ns) continue;
				if (modifiedAt) {
					this.placePending(modifiedAt.text);
					last = modifiedAt;
				}
				const lowerBound = modifiedAt ?? last;
				if (lowerBound === undefined) known = false;
				else rest = rest ? min(rest, lowerBound) : lowerBound;
			}
			if (page.hasNextPage) {
				if (last === undefined) known = false;
				else rest = rest ? min(rest, last) : last;
			}
			this.rest = known ? rest : undefined;
			return { out };
		}
		if (!page.hasNextPage) {
			this.request = undefined;
			this.resumeAt(this.resumeAfter(page, request), request);
			return { out };
		}
		this.request = { ...request, cursor: this.checkedCursor(page, 'candidate') };
		return { out };
	}

	/** Stores where the next poll may resume, with the query that cursor belongs to. */
	private resumeAt(cursor: string | undefined, request: ListRequest): void {
		this.resume = cursor;
		this.resumeSince = request.modifiedSince ?? '';
	}

	/**
	 * Where to resume after a fully read page: its nextCursor when the API gave a new one (the
	 * next poll reads only what comes after), otherwise the cursor that opened the page (the
	 * next poll reads that page again and skips its keys).
	 */
	private resumeAfter(page: Page, request: ListRequest): string | undefined {
		if (page.nextCursor && !this.cursors.has(page.nextCursor)) return page.nextCursor;
		return request.cursor;
	}

	/** Candidates without a modifiedAt sit no later than the next modifiedAt in list order. */
	private placePending(time: string): void {
		for (const key of this.pendingKeys) this.newSeen.set(key, time);
		this.pendingKeys = [];
	}

	private checkedCursor(page: Page, label: string): string {
		return nextCursor(
			page,
			this.cursors,
			label,
			'Nothing was emitted by this poll and the trigger’s position was kept; the next poll tries again.',
		);
	}

	private takeJobs(page: Page, request: ListRequest): { out: Emission[]; stall?: string } {
		const out: Emission[] = [];
		// Every job of this page was modified at or after `from` and at or before `to`.
		const from = at(request.cursor ?? request.modifiedSince);
		const to = at(page.nextCursor);
		let index = 0;
		for (; index < page.items.length && this.emitted < this.maxItems; index++) {
			const record = page.items[index];
			const key = recordKey(record);
			if (this.isSeen(key)) {
				this.newSeen.set(key, to?.text);
				continue;
			}
			this.handle(record, key, to?.text, out);
		}

		if (index < page.items.length || (page.hasNextPage && this.emitted >= this.maxItems)) {
			this.stopped = true;
			this.request = undefined;
			this.rest = index < page.items.length ? from : (to ?? from);
			return { out };
		}
		if (!page.hasNextPage) {
			this.request = undefined;
			this.reached = to ?? from;
			return { out };
		}
		if (
			request.cursor !== undefined &&
			to !== undefined &&
			from !== undefined &&
			to.ns <= from.ns
		) {
			if (to.ns < from.ns) {
				throw new PagingError(
					'The Recruiting API’s job cursor went backwards',
					`It went from ${from.text} to ${to.text}. Nothing was emitted by this poll and the trigger’s position was kept.`,
				);
			}
			// The stall: more jobs than one page share this modification time; asking again
			// returns the same page. Go on with the jobs modified after it.
			const after = nextInstant(to.text) as string;
			this.reached = at(after);
			this.request = { modifiedSince: after };
			this.cursors.clear();
			return { out, stall: stallNotice(to.text) };
		}
		const cursor = this.checkedCursor(page, 'job');
		if (to === undefined) {
			throw new PagingError(
				'The Recruiting API’s job cursor is not a date and time',
				`Cursor: ${cursor}. Nothing was emitted by this poll and the trigger’s position was kept.`,
			);
		}
		this.reached = to;
		this.request = { ...request, cursor };
		return { out };
	}

	/** The watermark this poll leaves: where the next poll starts. */
	nextWatermark(): string | undefined {
		let end: At | undefined;
		if (this.resource === 'candidate') {
			end = this.latestHandled;
			if (end && this.stopped) end = this.rest ? min(end, this.rest) : undefined;
		} else {
			end = this.stopped ? this.rest : this.reached;
		}
		if (end === undefined) return this.start?.text;
		end = min(end, this.clock);
		return max(end, this.start).text;
	}

	/** The state to store once the poll has fully succeeded. */
	nextState(): TriggerState {
		const watermark = this.nextWatermark();
		const floor = at(watermark);
		const groups: Record<string, string[]> = {};
		const keep = (key: string, time: string | undefined) => {
			const group = time ?? watermark ?? BEGINNING;
			if (floor !== undefined) {
				const sits = at(group);
				if (sits === undefined || sits.ns < floor.ns) return;
			}
			(groups[group] ??= []).push(key);
		};
		for (const [key, time] of this.oldSeen) if (!this.newSeen.has(key)) keep(key, time);
		for (const [key, time] of this.newSeen) keep(key, time);
		const resume = this.resumable ? this.resume : undefined;
		// Conservative: the latest time read, or the stored one when nothing was read after it.
		const resumeAt = this.lastInOrder ?? this.resumedAt;
		return {
			v: STATE_VERSION,
			resource: this.resource,
			...(watermark !== undefined && { watermark }),
			seen: groups,
			...(this.stopped && { backlog: this.createdSince ? { since: this.createdSince.text } : {} }),
			...(this.undelivered.length > 0 && { notice: this.undelivered.join('\n') }),
			...(resume &&
				resumeAt && { cursor: resume, cursorAt: resumeAt.text, cursorSince: this.resumeSince }),
		};
	}
}
