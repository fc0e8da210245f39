/*
 * A Recruiting Trigger (one workflow) polled as n8n polls it, each successful poll handed to
 * its checker: n8n's semantics as test/tools/soak/README.md states them (restarts, after a
 * failed poll or at any time, go back to the static data last saved); a poll may fail only as
 * the faults injected into its requests explain (judgeFailure).
 */
import type { IDataObject } from 'n8n-workflow';

import { API_KEY } from '../../harness/secrets';
import { TriggerHarness, itemsOf } from '../../harness/trigger';
import type { RequestLog, RequestLogEntry } from '../sandbox';
import type { Emitted, Ledger, Resource } from './ledger';
import type { Random } from './world';

export interface PollOptions {
	label: string;
	requestLog: RequestLog;
	random: Random;
	/** Chance of an n8n restart after a successful poll. */
	restartRate: number;
	/** Chance that a failed poll is followed by a re-activation from the saved static data. */
	restartAfterFailure: number;
	/** Retry-After of the injected 429s, in seconds (judgeFailure). */
	retryAfterSeconds?: number;
	/** A failure the setting's words say must come, by its kind (undefined: not one). */
	documented?: (error: unknown) => string | undefined;
}

/** The poll / judge / restart loop the job, candidate and application runners share. */
export abstract class Poller {
	polls = 0;

	failed = 0;

	restarts = 0;

	readonly failures = new Map<string, number>();

	constructor(
		readonly harness: TriggerHarness,
		protected readonly options: PollOptions,
	) {}

	/** A successful poll numbered `number`: its items and its requests, in order. */
	protected abstract check(number: number, items: IDataObject[], requests: RequestLogEntry[]): void;

	/** One poll; the number of items, or undefined when it failed. */
	async poll(): Promise<number | undefined> {
		const number = ++this.polls;
		const { requestLog, random } = this.options;
		const seq = requestLog.seq;
		let items: IDataObject[];
		try {
			items = itemsOf(await this.harness.poll());
		} catch (error) {
			this.failed++;
			const kind = judgeFailure(
				`${this.options.label}, poll ${number}`,
				error,
				requestLog.since(seq),
				this.options,
			);
			this.failures.set(kind, (this.failures.get(kind) ?? 0) + 1);
			if (random() < this.options.restartAfterFailure) this.restart();
			return undefined;
		}
		this.check(number, items, requestLog.since(seq));
		if (random() < this.options.restartRate) this.restart();
		return items.length;
	}

	protected restart(): void {
		this.restarts++;
		this.harness.restart();
	}
}

/** JSON with sorted keys, so equal items give equal text. */
export function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (typeof value === 'object' && value !== null) {
		const entries = Object.keys(value)
			.sort()
			.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
		return `{${entries.join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}

/**
 * The ledger's view of an emitted item: candidates by modifiedAt; jobs (whose items carry no
 * modifiedAt) as the version current at the poll, when the item shows its current name, plus
 * their content.
 */
function emittedOf(resource: Resource, item: IDataObject, ledger?: Ledger): Emitted {
	if (typeof item.id !== 'string')
		throw new Error(`emitted ${resource} without an id: ${JSON.stringify(item).slice(0, 200)}`);
	if (item.resource !== resource)
		throw new Error(`emitted item of resource ${String(item.resource)}`);
	if (resource === 'candidate') {
		const time = Date.parse(String(item.modifiedAt));
		if (Number.isNaN(time)) throw new Error(`emitted candidate ${item.id} without a modifiedAt`);
		return { id: item.id, version: String(time), event: String(item.event) };
	}
	if (typeof item.name !== 'string') throw new Error(`emitted job ${item.id} without a plain name`);
	const { event, notice, ...content } = item;
	void notice;
	const current = ledger?.currentOf(item.id);
	const version =
		current !== undefined && current.label === item.name ? current.version : `name ${item.name}`;
	return { id: item.id, version, content: canonical(content), event: String(event) };
}

/** A short name for why a poll failed, for the summary. */
function failureKind(error: unknown): string {
	const message = error instanceof Error ? error.message : String(error);
	const http = /HTTP (\d{3})/.exec(message);
	const gaveUp = /gave up after/.test(message) ? ' after retries' : '';
	if (http) return `HTTP ${http[1]}${gaveUp}`;
	if (/rate limit/i.test(message)) return `HTTP 429${gaveUp}`;
	if (/not a page|not a job and its applications/.test(message)) return NOT_A_PAGE;
	if (/connection/i.test(message)) return `connection${gaveUp}`;
	return message.slice(0, 80);
}

const NOT_A_PAGE = 'not a page (truncated or HTML body)';

const requestOf = (entry: RequestLogEntry) =>
	`${entry.method} ${entry.path} ${JSON.stringify(entry.query)}`;

/** A request sent again because the answer before it was a fault (the retries), in order. */
export function isRetry(entries: RequestLogEntry[], index: number): boolean {
	const before = entries[index - 1];
	return before !== undefined && !!before.fault && requestOf(before) === requestOf(entries[index]);
}

/**
 * README, Errors and rate limits: "A 429 is waited out per Retry-After (5 s if unsaid); a
 * 502-504 or dropped connection is retried (0.5 s doubling to 30 s; at most 8 attempts or 3
 * minutes)". Any other fault (a 500, an HTML 500 page, a truncated body) is not retried.
 */
const RETRY = { attempts: 8, waitMs: 180_000, firstMs: 500, longestMs: 30_000 };
const retried = (entry: RequestLogEntry) =>
	entry.fault === 'rateLimit' ||
	entry.fault === 'drop' ||
	((entry.fault === 'error' || entry.fault === 'html') && [502, 503, 504].includes(entry.status));

/**
 * The failures the faults injected into a poll's requests may cause, by kind: a fault the
 * retries do not absorb, or the last of a request's attempts once the policy is spent (8
 * attempts, or waits that could pass 3 minutes). A fault the retries absorb explains nothing.
 */
function unabsorbed(entries: RequestLogEntry[], retryAfterSeconds = 0): Set<string> {
	const kinds = new Set<string>();
	let attempts = 0;
	let waited = 0;
	entries.forEach((entry, index) => {
		if (!isRetry(entries, index)) [attempts, waited] = [0, 0];
		if (!entry.fault) return;
		attempts++;
		const status = entry.fault === 'drop' ? 'connection' : `HTTP ${entry.status}`;
		if (!retried(entry)) {
			// Not retried, after retries of other faults or not.
			for (const kind of entry.fault === 'html'
				? [status, NOT_A_PAGE]
				: [entry.fault === 'truncate' ? NOT_A_PAGE : status])
				kinds.add(kind).add(`${kind} after retries`);
			return;
		}
		// The longest wait the policy may make before the next attempt.
		const wait =
			entry.fault === 'rateLimit'
				? retryAfterSeconds * 1000
				: Math.min(RETRY.longestMs, RETRY.firstMs * 2 ** (attempts - 1));
		if (attempts >= RETRY.attempts || waited + wait > RETRY.waitMs)
			kinds.add(`${entry.fault === 'rateLimit' ? 'HTTP 429' : status} after retries`);
		waited += wait;
	});
	return kinds;
}

/**
 * Why a poll failed, by kind, when the faults injected into its requests explain it (unabsorbed)
 * or `documented` names it; any other exception ends the soak at once, with its stack.
 */
export function judgeFailure(
	label: string,
	error: unknown,
	requests: RequestLogEntry[],
	{ documented, retryAfterSeconds }: Pick<PollOptions, 'documented' | 'retryAfterSeconds'> = {},
): string {
	const kind = failureKind(error);
	const explained = unabsorbed(requests, retryAfterSeconds);
	if (explained.has(kind)) return kind;
	const named = documented?.(error);
	if (named !== undefined) return named;
	const stack = error instanceof Error ? (error.stack ?? error.message) : String(error);
	const faults = requests.filter((entry) => entry.fault).map((e) => `${e.fault} ${e.status}`);
	throw new Error(
		`${label} failed unexpectedly (${kind}); faults injected into its requests: ${faults.join(', ') || 'none'}; beyond what the retries absorb: ${[...explained].join(', ') || 'none'}\n${stack}`,
	);
}

/** The job or candidate trigger, Created or Updated, Start: Everything, fed to a Ledger. */
export class TriggerRunner extends Poller {
	/** Ids emitted so far, to check the created/updated event of the first emission. */
	private readonly seenIds = new Set<string>();

	/** First emissions of a record that were not "created" (Start: Everything makes all of them created). */
	firstNotCreated: string[] = [];

	notices = 0;

	/** The trigger of the ledger's resource, with its Max Items per Poll. */
	constructor(
		readonly ledger: Ledger,
		baseUrl: string,
		options: Omit<PollOptions, 'label'>,
	) {
		const { label: resource, maxItems: maxItemsPerPoll } = ledger;
		super(
			new TriggerHarness(
				{
					resource,
					event: 'createdOrUpdated',
					start: 'everything',
					options: { maxItemsPerPoll },
				},
				{ baseUrl, apiKey: API_KEY },
			),
			{ ...options, label: resource },
		);
	}

	protected check(number: number, items: IDataObject[]): void {
		const emitted = items.map((item) => emittedOf(this.ledger.label, item, this.ledger));
		for (const item of emitted) {
			if (!this.seenIds.has(item.id)) {
				this.seenIds.add(item.id);
				if (item.event !== 'created')
					this.firstNotCreated.push(`${item.id}@${item.version} (${item.event})`);
			}
		}
		this.notices += items.filter((item) => item.notice !== undefined).length;
		this.ledger.poll(number, emitted);
	}
}
