import { nextCursor } from '../../shared/paging';
import type { Page } from '../../shared/paging';
import { nsFromMs } from '../../shared/time';
import { modifiedAtOf, recordKey } from './records';
import type { TriggerState } from './state';
import { SETTLE_MS, at, earliest, latest } from './walk';
import type { At, Emission, ListRequest, WalkStep, Tally, Walk } from './walk';

/*
 * Candidates carry their modifiedAt, and the API's cursor is an exact position in a list
 * ordered by modifiedAt: a record is handled once per `id@modifiedAt`, the watermark is the
 * latest modifiedAt handled (it does not pass one not yet handled), and a poll also stores
 * where it stopped (`cursor`, with the query it came from) so that a later poll resumes
 * there instead of re-reading thousands of candidates at one modifiedAt (a bulk update).
 *
 * A record written later at a time already read (a slow commit, replication lag, an import
 * that stamps old times) can sort before that position, where only a read from the watermark
 * finds it. So the cursor is used only once the times before it are SETTLE_MS old, and then
 * only while the list goes on at its time: once a record after that time is listed, the poll
 * reads from the watermark instead (the cursor's neighbourhood is checked before the
 * watermark moves past it), and at the latest every RECHECK_MS it does so anyway.
 */

/** The longest a poll resumes from a stored cursor without reading from the watermark. */
export const RECHECK_MS = 60 * 60_000;

export class CandidateWalk implements Walk {
	private readonly fromWatermark: ListRequest;

	private readonly resumeRequest: ListRequest | undefined;

	/** Set while the poll reads on from the stored cursor. */
	private resumedFrom: string | undefined;

	/** The latest modifiedAt before the stored cursor, while the poll reads on from it. */
	private resumedAt: At | undefined;

	/** The stored cursor's time, kept for the next state when nothing was read after it. */
	private storedAt: At | undefined;

	private readonly checkedAt: string | undefined;

	/** The latest modifiedAt handled; the latest modifiedAt met in list order. */
	private latestHandled: At | undefined;

	private lastInOrder: At | undefined;

	/** Keys of candidates without a modifiedAt, waiting for the next modifiedAt in list order. */
	private pendingKeys: string[] = [];

	/** Where the unread rest of the list begins, when the poll stopped early; undefined: unknown. */
	private rest: At | undefined;

	private stopped = false;

	private readonly cursors = new Set<string>();

	/**
	 * False once the list showed what a cursor could wrongly skip past later: a record out of
	 * modifiedAt order or without one, or one dated past the n8n clock.
	 */
	private resumable = true;

	/** The cursor the next poll may resume from, and its list's modifiedSince. */
	private resume: string | undefined;

	private resumeSince = '';

	constructor(
		private readonly tally: Tally,
		state: TriggerState,
		now: number,
	) {
		this.fromWatermark = tally.start ? { modifiedSince: tally.start.text } : {};
		this.checkedAt = state.checkedAt;
		const cursorAt = at(state.cursorAt);
		const checked = at(state.checkedAt);
		if (
			state.cursor &&
			state.cursorSince !== undefined &&
			cursorAt &&
			cursorAt.ns <= nsFromMs(now - SETTLE_MS) &&
			checked &&
			checked.ns > nsFromMs(now - RECHECK_MS)
		) {
			this.resumedFrom = state.cursor;
			this.resumedAt = cursorAt;
			this.storedAt = cursorAt;
			// The query the cursor was handed out for; what it lists before the watermark is
			// skipped like any record listed before the watermark.
			this.resumeRequest = {
				...(state.cursorSince !== '' && { modifiedSince: state.cursorSince }),
				cursor: state.cursor,
			};
		}
	}

	first(): ListRequest {
		return this.resumeRequest ?? this.fromWatermark;
	}

	dropResume(): ListRequest | undefined {
		if (this.resumedFrom === undefined) return undefined;
		this.resumedFrom = undefined;
		this.resumedAt = undefined;
		this.storedAt = undefined;
		return this.fromWatermark;
	}

	take(page: Page, request: ListRequest): WalkStep {
		if (request.cursor !== undefined) this.cursors.add(request.cursor);
		const out: Emission[] = [];
		const { tally } = this;
		const start = tally.start;
		let index = 0;
		for (; index < page.items.length && tally.emitted < tally.maxItems; index++) {
			const record = page.items[index];
			const modifiedAt = at(modifiedAtOf(record));
			// Listed although modified before the watermark: handled by an earlier poll.
			if (modifiedAt && start && modifiedAt.ns < start.ns) {
				this.resumable = false;
				continue;
			}
			if (this.resumedAt && !(modifiedAt && modifiedAt.ns <= this.resumedAt.ns)) {
				// The list goes on past the stored position's time: before the watermark moves
				// past it, read from the watermark, which also lists a record written late at
				// that time that sorts before the position. What this poll handled is skipped.
				this.resumedFrom = undefined;
				this.resumedAt = undefined;
				this.lastInOrder = undefined;
				this.pendingKeys = [];
				this.cursors.clear();
				return { out, next: this.fromWatermark };
			}
			// Without a modifiedAt (or an id), the record's version is its content.
			const key = recordKey(record, modifiedAt?.text);
			if (!modifiedAt || modifiedAt.ns > tally.cap.ns) this.resumable = false;
			if (modifiedAt) {
				if (this.lastInOrder && modifiedAt.ns < this.lastInOrder.ns) this.resumable = false;
				this.placePending(modifiedAt.text);
				this.lastInOrder = modifiedAt;
				this.latestHandled = latest(modifiedAt, this.latestHandled);
			} else {
				this.pendingKeys.push(key);
			}
			if (tally.isSeen(key)) {
				tally.see(key, modifiedAt?.text);
				continue;
			}
			tally.handle(record, key, modifiedAt?.text, out);
		}

		if (index < page.items.length || (page.hasNextPage && tally.emitted >= tally.maxItems)) {
			// Max Items per Poll reached: the rest is for the next poll, from where this one stopped.
			this.stopHere(page, request, index);
			return { out };
		}
		if (!page.hasNextPage) {
			this.resumeAt(this.resumeAfter(page, request), request);
			return { out };
		}
		return { out, next: { ...request, cursor: this.checkedCursor(page) } };
	}

	private stopHere(page: Page, request: ListRequest, index: number): void {
		this.stopped = true;
		this.tally.stop();
		this.resumeAt(
			index < page.items.length ? request.cursor : this.resumeAfter(page, request),
			request,
		);
		const start = this.tally.start;
		let rest: At | undefined;
		let known = true;
		let last = this.lastInOrder;
		for (const record of page.items.slice(index)) {
			const modifiedAt = at(modifiedAtOf(record));
			if (modifiedAt && start && modifiedAt.ns < start.ns) continue;
			if (modifiedAt) {
				this.placePending(modifiedAt.text);
				last = modifiedAt;
			}
			const lowerBound = modifiedAt ?? last;
			if (lowerBound === undefined) known = false;
			else rest = rest ? earliest(rest, lowerBound) : lowerBound;
		}
		if (page.hasNextPage) {
			if (last === undefined) known = false;
			else rest = rest ? earliest(rest, last) : last;
		}
		this.rest = known ? rest : undefined;
	}

	stopBefore(next: ListRequest): undefined {
		this.stopped = true;
		this.rest = this.lastInOrder;
		if (next.cursor !== undefined) this.resumeAt(next.cursor, next);
		return undefined;
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
		for (const key of this.pendingKeys) this.tally.see(key, time);
		this.pendingKeys = [];
	}

	private checkedCursor(page: Page): string {
		return nextCursor(
			page,
			this.cursors,
			'candidate',
			'Nothing was emitted by this poll and the trigger’s position was kept; the next poll tries again.',
		);
	}

	end(): At | undefined {
		const end = this.latestHandled;
		if (end && this.stopped) return this.rest ? earliest(end, this.rest) : undefined;
		return end;
	}

	state(): Partial<TriggerState> {
		const resume = this.resumable ? this.resume : undefined;
		// Conservative: the latest time read, or the stored one when nothing was read after it.
		const resumeAt = this.lastInOrder ?? this.storedAt;
		// A poll that read from the watermark has looked at the cursor's neighbourhood.
		const checkedAt = this.resumedFrom === undefined ? this.tally.clock.text : this.checkedAt;
		return {
			...(resume &&
				resumeAt && { cursor: resume, cursorAt: resumeAt.text, cursorSince: this.resumeSince }),
			...(checkedAt !== undefined && { checkedAt }),
		};
	}
}
