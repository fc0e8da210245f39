import type { Page } from '../../shared/paging';
import { formatInstant, instant, nsFromMs } from '../../shared/time';
import type { Json } from '../../shared/values';
import { createdAtOf, idOfKey, recordId } from './records';
import type { Resource } from './records';
import { STATE_VERSION } from './state';
import type { TriggerState } from './state';
import { CandidateWalk } from './candidateWalk';
import { JobWalk } from './jobWalk';
import { at, earliest, latest } from './walk';
import type { At, Emission, EventFilter, ListRequest, RecordEvent, Tally, Walk } from './walk';

/*
 * One poll's bookkeeping, without any I/O: the node asks `nextRequest()` what to fetch, hands
 * each page to `take()`, which says what to emit, and at the end stores `nextState()`. How a
 * list is read is the resource's walk (jobWalk.ts, candidateWalk.ts); what every resource
 * shares is here:
 * - A record whose key was handled (emitted, or left out by the Event filter) is not handled
 *   again; the keys an earlier poll kept are those the next poll can list again.
 * - Created or updated: created when createdAt is at or after the watermark the poll started
 *   from (or that its backlog started from); with no watermark, always; a record of which a
 *   handled version is still kept is updated.
 * - Max Items per Poll and a page limit stop a poll; the next one goes on from its watermark.
 * - The watermark never moves back, and never past the n8n clock: a record dated later (bad
 *   data, or an API clock ahead of n8n's) would otherwise make the next poll skip what is
 *   modified until that time.
 */

/** How far past the n8n clock a record may be dated (clock skew) before it counts as in the future. */
const FUTURE_TOLERANCE_MS = 60_000;

/** Pages one poll reads at most; the rest is read by the next poll, from where this one stopped. */
const MAX_PAGES_PER_POLL = 2000;

export interface PlanOptions {
	resource: Resource;
	event: EventFilter;
	/** Emitted items per poll at most (Infinity: no limit). */
	maxItems: number;
	/** The n8n clock, in milliseconds since the epoch. */
	now: number;
	/** False to read without emitting (From Now's first poll learns where "now" is). */
	emit?: boolean;
	/** False when the state the poll leaves is thrown away (Fetch Test Event). */
	keepsState?: boolean;
	maxPages?: number;
	/** The n8n clock (ms) after which the poll reads no further page (pollDeadline). */
	stopAt?: number;
}

/** Group name in `seen` for keys held while there is no watermark (the beginning of time). */
const BEGINNING = '';

export class PollPlan implements Tally {
	readonly start: At | undefined;

	readonly clock: At;

	readonly cap: At;

	readonly maxItems: number;

	readonly resource: Resource;

	private readonly filter: EventFilter;

	private readonly emitting: boolean;

	readonly keepsState: boolean;

	private readonly maxPages: number;

	private readonly stopAt: number;

	/** Records created at or after this count as created (undefined: all of them). */
	private readonly createdSince: At | undefined;

	private readonly oldSeen = new Map<string, string>();

	/** Ids of records a version of which was handled before or earlier in this poll. */
	private readonly handledIds = new Set<string>();

	/** Keys handled or met again in this poll, with the time they are filed under. */
	private readonly newSeen = new Map<string, string | undefined>();

	/** Keys of records found to sit before the watermark: not kept. */
	private readonly dropped = new Set<string>();

	private readonly walk: Walk;

	private request: ListRequest | undefined;

	private pages = 0;

	private count = 0;

	private undelivered: string[] = [];

	private stopped = false;

	constructor(state: TriggerState, options: PlanOptions) {
		this.resource = options.resource;
		this.filter = options.event;
		this.maxItems = options.maxItems;
		this.emitting = options.emit !== false;
		this.keepsState = options.keepsState !== false;
		this.maxPages = options.maxPages ?? MAX_PAGES_PER_POLL;
		this.stopAt = options.stopAt ?? Infinity;
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
		this.walk =
			options.resource === 'candidate'
				? new CandidateWalk(this, state, options.now)
				: new JobWalk(this);
		this.request = this.walk.first();
	}

	/**
	 * The API refused the stored cursor (it is the API's to expire): read from the watermark
	 * instead; `seen` still skips what was handled. False when there is nothing to drop.
	 */
	dropResume(): boolean {
		if (this.pages > 0) return false;
		const instead = this.walk.dropResume();
		if (instead === undefined) return false;
		this.request = instead;
		return true;
	}

	/** The next list request (`limit` defaults to the page size), or undefined when done. */
	nextRequest(): ListRequest | undefined {
		return this.request;
	}

	/** Emitted items so far. */
	get emitted(): number {
		return this.count;
	}

	/** Whether the poll stopped before the end of the list; the next poll goes on from there. */
	get stoppedEarly(): boolean {
		return this.stopped;
	}

	stop(): void {
		this.stopped = true;
	}

	eventOf(record: Json, id = recordId(record)): RecordEvent {
		if (id !== undefined && this.handledIds.has(id)) return 'updated';
		if (this.createdSince === undefined) return 'created';
		const created = instant(createdAtOf(record));
		return created !== undefined && created >= this.createdSince.ns ? 'created' : 'updated';
	}

	private wanted(event: RecordEvent): boolean {
		return this.filter === 'createdOrUpdated' || this.filter === event;
	}

	wouldEmit(record: Json): boolean {
		return this.emitting && this.wanted(this.eventOf(record));
	}

	isSeen(key: string): boolean {
		if (this.newSeen.has(key)) return true;
		return this.oldSeen.size > 0 && this.oldSeen.has(key) && !this.dropped.has(key);
	}

	keptAt(time: At): string[] {
		const keys: string[] = [];
		for (const [key, group] of this.oldSeen) if (at(group)?.ns === time.ns) keys.push(key);
		return keys;
	}

	drop(key: string): void {
		this.newSeen.delete(key);
		this.dropped.add(key);
	}

	oldGroupOf(key: string): string | undefined {
		return this.oldSeen.get(key);
	}

	see(key: string, time: string | undefined): void {
		this.newSeen.set(key, time);
		this.dropped.delete(key);
	}

	handle(record: Json, key: string, time: string | undefined, out: Emission[]): void {
		this.see(key, time);
		const id = recordId(record);
		const event = this.eventOf(record, id);
		if (id !== undefined) this.handledIds.add(id);
		if (!this.wanted(event) || !this.emitting) return;
		this.count++;
		out.push({ event, record });
	}

	/** Reads one page of the list that `nextRequest()` asked for; returns what to emit. */
	take(page: Page): Emission[] {
		const request = this.request;
		if (request === undefined) throw new Error('take() called after the poll was done');
		this.pages++;
		const { out, next, stall } = this.walk.take(page, request);
		this.request = next;
		if (this.request !== undefined && (this.pages >= this.maxPages || Date.now() >= this.stopAt)) {
			// Not an error: the next poll reads on from the watermark this one leaves.
			this.stopped = true;
			this.request = this.walk.stopBefore(this.request);
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

	/** The watermark this poll leaves: where the next poll starts. */
	nextWatermark(): string | undefined {
		const end = this.walk.end();
		if (end === undefined) return this.start?.text;
		return latest(earliest(end, this.clock), this.start).text;
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
		for (const [key, time] of this.oldSeen) {
			if (!this.newSeen.has(key) && !this.dropped.has(key)) keep(key, time);
		}
		for (const [key, time] of this.newSeen) keep(key, time);
		return {
			v: STATE_VERSION,
			resource: this.resource,
			...(watermark !== undefined && { watermark }),
			seen: groups,
			...(this.stopped && { backlog: this.createdSince ? { since: this.createdSince.text } : {} }),
			...(this.undelivered.length > 0 && { notice: this.undelivered.join('\n') }),
			...this.walk.state(),
		};
	}
}
