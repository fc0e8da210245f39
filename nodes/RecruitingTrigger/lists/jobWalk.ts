import { PAGE_SIZE, PagingError, nextCursor } from '../../shared/paging';
import type { Page } from '../../shared/paging';
import { nextInstant } from '../../shared/time';
import type { Json } from '../../shared/values';
import { idOfKey, recordId, recordKey } from './records';
import type { TriggerState } from './state';
import { at } from './walk';
import type { At, Emission, ListRequest, WalkStep, Tally, Walk } from './walk';

/*
 * Job list items carry no modifiedAt. What the API does say: the list is ordered by
 * modifiedAt, `modifiedSince` is inclusive, and a page's nextCursor is the modifiedAt of its
 * last job. So a job is handled once per modification: a job listed after the watermark W
 * (strictly) was modified after every version handled before, whatever its content, and is
 * emitted; the jobs listed AT W are the ones to tell apart, by content (`id#fingerprint`).
 *
 * - The watermark is always the exact modifiedAt of a job (a page's nextCursor), or the
 *   instant after a stalled time; `seen` holds the handled jobs that may sit at it.
 * - A poll reads from W: one request when nothing changed (the jobs at W, all handled), and
 *   it finds a job written late at exactly W whenever it appears.
 * - A first page from W that reaches past W mixes jobs at W with later ones. Which handled
 *   job moved on is not in the page; the read after W (which follows) says it: it lists
 *   exactly the jobs after W, and a new job of the first page not in it sits at W.
 * - Max Items per Poll stops a poll only between pages, or after a page asked with a smaller
 *   limit, so the watermark is always a page's nextCursor: exact.
 * - `seen` at W holds exactly the handled jobs that sit AT W, never one that sits before it: a
 *   job kept at W by mistake would hide its next change when that change is written late at W
 *   (a commit stamped with an earlier time) and the list shows nothing else of it (only
 *   modifiedAt moves). A page ending at T says only of its last job that it sits at T; the
 *   page read from T (the cursor repeats the jobs at T) says which of the others do. When the
 *   poll ends on such a page, it reads once more from its new watermark to find out.
 */

function stallNotice(time: string, label = 'jobs'): string {
	return (
		`More than ${PAGE_SIZE} ${label} share the modification time ${time}. The API's ${label.replace(/s$/, '')} ` +
		`list cannot page past them (its cursor is that time), so ${label} modified at exactly ${time} ` +
		`that the API did not put in that one page were not emitted. The trigger went on with ${label} ` +
		`modified after ${time}; nothing after it is affected.`
	);
}

export class JobWalk implements Walk {
	private readonly start: At | undefined;

	/** Where the watermark goes: the last boundary everything before which was handled. */
	private boundary: At | undefined;

	/** The first page from W reached past W: its new jobs, at W or later, wait for the read after W. */
	private undecided: { record: Json; key: string }[] | undefined;

	/** Handled jobs met on that page: at W (kept) or moved on (the read after W emits them). */
	private metAtStart: string[] = [];

	/**
	 * Keys handled in this poll, with the end of the page that handled them: the next page
	 * repeats the jobs at that time first (its cursor is that time). A key listed again
	 * anywhere else was modified while the poll read, and is handled again.
	 */
	private readonly handledAfter = new Map<string, string>();

	/** Requests of the read after W answered so far (the first one settles `undecided`). */
	private afterPages = 0;

	private readonly cursors = new Set<string>();

	/**
	 * Keys filed at `unconfirmedAt` whose jobs may sit before it; the next page read from that
	 * time keeps those it lists and drops the others. At the start: the keys kept at W.
	 */
	private unconfirmed: Set<string>;

	private unconfirmedAt: At | undefined;

	/** Set while the last request (from the new watermark, to settle `unconfirmed`) is out. */
	private confirming: At | undefined;

	constructor(private readonly tally: Tally) {
		this.start = tally.start;
		this.boundary = tally.start;
		this.unconfirmed = new Set(tally.start ? tally.keptAt(tally.start) : []);
		this.unconfirmedAt = tally.start;
	}

	/**
	 * From W (inclusive) on every poll, settled or not: an idle poll is one request (the jobs
	 * at W, all handled), and a job written late at exactly W is found whenever it appears.
	 */
	first(): ListRequest {
		return this.start === undefined ? {} : { modifiedSince: this.start.text };
	}

	private afterStart(): string {
		return nextInstant((this.start as At).text) as string;
	}

	dropResume(): ListRequest | undefined {
		return undefined;
	}

	take(page: Page, request: ListRequest): WalkStep {
		if (this.confirming !== undefined) return this.takeConfirm(page, this.confirming);
		if (request.cursor !== undefined) this.cursors.add(request.cursor);
		const fromStart =
			this.start !== undefined &&
			this.afterPages === 0 &&
			request.modifiedSince === this.start.text;
		if (fromStart && request.cursor === undefined) return this.takeFromStart(page, request);
		if (fromStart) return this.takeAtStart(page, request);
		return this.takeAfter(page, request);
	}

	/**
	 * A page listing everything from `from` (the first page for that time, not cut by a limit)
	 * says which jobs sit at `from`: unconfirmed keys it lists stay filed there, the others sit
	 * before it and are dropped. A stalled page (more jobs at `from` than a page) lists only
	 * some of them; the walk steps past that time, so they do not matter.
	 */
	private settle(page: Page, from: At): void {
		const pending = this.unconfirmed;
		if (pending.size === 0 || this.unconfirmedAt?.ns !== from.ns) return;
		this.unconfirmed = new Set();
		const to = at(page.nextCursor);
		if (page.hasNextPage && (to === undefined || to.ns <= from.ns)) return;
		const listed = new Set(page.items.map((record) => recordKey(record)));
		for (const key of pending) {
			if (listed.has(key)) this.tally.see(key, from.text);
			else this.tally.drop(key);
		}
	}

	/** Files the page's jobs (all at `to`) as unconfirmed, but for its last, which sits at `to`. */
	private fileUnconfirmed(page: Page, from: At | undefined, to: At): void {
		this.unconfirmed = new Set();
		this.unconfirmedAt = to;
		if (from !== undefined && from.ns >= to.ns) return;
		for (const record of page.items.slice(0, -1)) this.unconfirmed.add(recordKey(record));
		this.unconfirmed.delete(recordKey(page.items[page.items.length - 1]));
	}

	/**
	 * The walk is over: when the watermark it leaves holds keys that may sit before it, one more
	 * request from the watermark says which sit at it (the request the next poll makes first).
	 */
	private finish(step: WalkStep): WalkStep {
		const boundary = this.boundary;
		if (
			step.next !== undefined ||
			this.unconfirmed.size === 0 ||
			!this.tally.keepsState ||
			boundary === undefined ||
			this.unconfirmedAt?.ns !== boundary.ns ||
			boundary.ns > this.tally.clock.ns
		) {
			return step;
		}
		this.confirming = boundary;
		return { ...step, next: { modifiedSince: boundary.text } };
	}

	/** The page from the new watermark: settles what sits at it; emits nothing (the next poll does). */
	private takeConfirm(page: Page, from: At): WalkStep {
		this.confirming = undefined;
		this.settle(page, from);
		return { out: [] };
	}

	/**
	 * The jobs this page lists first because its cursor is the end of the page that handled
	 * them (the cursor is inclusive): a run at the page's start, nothing after it.
	 */
	private repeatsOf(page: Page, from: At | undefined): Set<string> {
		const repeats = new Set<string>();
		if (from === undefined) return repeats;
		for (const record of page.items) {
			const key = recordKey(record);
			const handledAt = at(this.handledAfter.get(key));
			if (handledAt === undefined || handledAt.ns !== from.ns) break;
			repeats.add(key);
		}
		return repeats;
	}

	/** A job handled by an earlier poll past the watermark (kept when n8n's clock held it back). */
	private heldBack(key: string): boolean {
		const group = at(this.tally.oldGroupOf(key));
		return group !== undefined && this.start !== undefined && group.ns > this.start.ns;
	}

	/** The first page read from W (inclusive). */
	private takeFromStart(page: Page, request: ListRequest): WalkStep {
		const start = this.start as At;
		const to = at(page.nextCursor);
		if (request.limit === undefined) this.settle(page, start);
		if (page.items.length === 0) {
			this.boundary = start;
			return { out: [] };
		}
		if (to === undefined && page.hasNextPage) this.notATime(page);
		if (to !== undefined && to.ns <= start.ns) return this.takeAtStart(page, request);
		// The page reaches past W (or its end is not given): its handled jobs either still sit
		// at W or moved on; its new ones either were written at W or after it. The read after
		// W tells them apart: it lists exactly the jobs after W.
		this.undecided = [];
		for (const record of page.items) {
			const key = recordKey(record);
			if (this.tally.isSeen(key)) this.metAtStart.push(key);
			else this.undecided.push({ record, key });
		}
		return { out: [], next: { modifiedSince: this.afterStart() } };
	}

	/** A page of jobs all modified at W (its nextCursor is W). */
	private takeAtStart(page: Page, request: ListRequest): WalkStep {
		const { tally } = this;
		const start = this.start as At;
		const limit = this.cut(page, request, (key) => !tally.isSeen(key));
		if (limit !== undefined) {
			// More new jobs at W than this poll may emit: ask for the part up to the last one it
			// may emit, so that what it handles is exactly a page (the rest at W follow).
			if (limit > 0) return { out: [], next: { ...request, limit } };
			this.boundary = start;
			tally.stop();
			return { out: [] };
		}
		const out: Emission[] = [];
		for (const record of page.items) {
			const key = recordKey(record);
			if (tally.isSeen(key)) tally.see(key, start.text);
			else tally.handle(record, key, start.text, out);
		}
		if (!page.hasNextPage) {
			this.boundary = start;
			return { out };
		}
		if (request.limit !== undefined) {
			this.boundary = start;
			this.tally.stop();
			return { out };
		}
		// The stall: more jobs than one page share W; asking again returns the same page.
		// Go on with the jobs modified after it.
		return this.stepPast(start, out);
	}

	/** The read after W: every job listed was modified after every version handled before. */
	private takeAfter(page: Page, request: ListRequest): WalkStep {
		const { tally } = this;
		const out: Emission[] = [];
		const firstAfter = this.afterPages++ === 0;
		if (firstAfter && this.undecided !== undefined) {
			// This page lists the jobs after W from the first on, so it holds every later job of
			// the first page: the ones it does not hold sit at W.
			const later = new Set(page.items.map((record) => recordId(record)));
			const start = this.start as At;
			for (const key of this.metAtStart) if (!later.has(idOfKey(key))) tally.see(key, start.text);
			const atStart = this.undecided.filter(({ record }) => !later.has(recordId(record)));
			this.undecided = undefined;
			let index = 0;
			for (; index < atStart.length && tally.emitted < tally.maxItems; index++) {
				const { record, key } = atStart[index];
				// Listed after W later in this poll, it was modified meanwhile: news again.
				this.handledAfter.set(key, start.text);
				tally.handle(record, key, start.text, out);
			}
			if (index < atStart.length) {
				this.boundary = start;
				tally.stop();
				return { out };
			}
			this.boundary = start;
		}
		const from = at(request.cursor ?? request.modifiedSince);
		const to = at(page.nextCursor);
		// The cursor repeats the jobs at the previous page's end: this page says which sit there.
		if (from !== undefined && request.limit === undefined) this.settle(page, from);
		const repeats = this.repeatsOf(page, from);
		const fresh = (key: string) => !repeats.has(key) && !this.heldBack(key);
		const limit = this.cut(page, request, fresh);
		if (limit !== undefined) {
			// The page holds more than this poll may still emit: ask for the part up to the last
			// job it may emit, so that the poll ends on a page's nextCursor (an exact watermark).
			if (limit > 0) return { out, next: { ...request, limit } };
			// Nothing more may be emitted: the next poll starts where the previous page ended.
			tally.stop();
			return this.finish({ out });
		}
		for (const record of page.items) {
			const key = recordKey(record);
			// A last page without a cursor does not say when its jobs were modified: they are
			// kept past the watermark (until the n8n clock allows one) and skipped while unchanged.
			const filed = to?.text ?? tally.cap.text;
			if (repeats.has(key) || this.heldBack(key)) {
				tally.see(key, filed);
				continue;
			}
			this.handledAfter.set(key, filed);
			tally.handle(record, key, filed, out);
		}
		if (page.items.length > 0 && to !== undefined) this.fileUnconfirmed(page, from, to);
		if (!page.hasNextPage) {
			// The end of the list; an empty last page, or one without a cursor, says nothing
			// about times.
			if (page.items.length > 0 && to !== undefined) this.boundary = to;
			return this.finish({ out });
		}
		if (to === undefined) this.notATime(page);
		const boundary = to as At;
		if (request.limit !== undefined) {
			// A page cut to what the poll may still emit: the poll ends with it.
			this.boundary = boundary;
			tally.stop();
			return this.finish({ out });
		}
		if (from !== undefined && request.cursor !== undefined && boundary.ns <= from.ns) {
			if (boundary.ns < from.ns) {
				throw new PagingError(
					'The Recruiting API’s job cursor went backwards',
					`It went from ${from.text} to ${boundary.text}. Nothing was emitted by this poll and the trigger’s position was kept.`,
				);
			}
			return this.stepPast(boundary, out);
		}
		this.boundary = boundary;
		if (tally.emitted >= tally.maxItems) {
			tally.stop();
			return this.finish({ out });
		}
		const cursor = nextCursor(
			page,
			this.cursors,
			'job',
			'Nothing was emitted by this poll and the trigger’s position was kept; the next poll tries again.',
		);
		return { out, next: { ...request, cursor } };
	}

	/**
	 * When the page holds more jobs to emit than the poll may still emit: how many of its jobs
	 * to ask for instead (up to the last one it may emit), or 0 to stop before it (nothing may
	 * be emitted, or a page already asked for with a limit still holds more: the list changed
	 * in between). Undefined when the page fits.
	 */
	private cut(
		page: Page,
		request: ListRequest,
		fresh: (key: string) => boolean,
	): number | undefined {
		const { tally } = this;
		const room = tally.maxItems - tally.emitted;
		// The usual case: the whole page fits, no need to look at its jobs twice.
		if (room >= page.items.length) return undefined;
		let wanted = 0;
		for (let index = 0; index < page.items.length; index++) {
			const record = page.items[index];
			if (!fresh(recordKey(record)) || !tally.wouldEmit(record)) continue;
			if (++wanted > room) return request.limit === undefined && room > 0 ? index : 0;
		}
		return undefined;
	}

	/** More jobs than one page share `time`: go on after it, and tell the user. */
	private stepPast(time: At, out: Emission[]): WalkStep {
		const after = at(nextInstant(time.text)) as At;
		this.boundary = after;
		this.unconfirmed = new Set();
		this.cursors.clear();
		return { out, next: { modifiedSince: after.text }, stall: stallNotice(time.text) };
	}

	private notATime(page: Page): never {
		throw new PagingError(
			'The Recruiting API’s job cursor is not a date and time',
			`Cursor: ${page.nextCursor || '(none)'}. Nothing was emitted by this poll and the trigger’s position was kept.`,
		);
	}

	stopBefore(): ListRequest | undefined {
		// The boundary is the last page's end: the next poll starts there, once it is settled.
		return this.finish({ out: [] }).next;
	}

	end(): At | undefined {
		return this.boundary;
	}

	state(): Partial<TriggerState> {
		return {};
	}
}
