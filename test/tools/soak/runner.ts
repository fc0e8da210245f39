/*
 * One Recruiting Trigger (one workflow) polled as n8n polls it, with its emissions fed
 * to a ledger. n8n's semantics, as test/harness/n8n.ts (PollHarness) models them:
 * - the workflow's static data lives in memory between polls and is saved only after a poll
 *   that returned items (the execution it starts saves it);
 * - a poll that throws returns nothing and starts no execution. n8n either keeps the workflow
 *   active with its in-memory static data or re-activates it from the database; the soak
 *   does either, at random (`restartAfterFailure`);
 * - n8n may also restart at any time: the workflow comes back from the static data last
 *   saved (`restartRate` after a successful poll), so the in-memory progress of polls that
 *   emitted nothing is lost.
 */
import type { IDataObject } from 'n8n-workflow';

import { TriggerHarness, itemsOf } from '../../harness/trigger';
import type { RequestLog, RequestLogEntry } from '../sandbox';
import type { Emitted, Ledger } from './ledger';
import type { Random } from './world';

export type Resource = 'candidate' | 'job';

export interface RunnerOptions {
	resource: Resource;
	maxItemsPerPoll: number;
	baseUrl: string;
	apiKey: string;
	random: Random;
	/** Chance of an n8n restart after a successful poll. */
	restartRate: number;
	/** Chance that a failed poll is followed by a re-activation from the saved static data. */
	restartAfterFailure: number;
	/** The sandbox's request log: what a failed poll met (judgeFailure). */
	requestLog: RequestLog;
	/** Called with every poll's outcome and the trigger's state after it (SOAK_TRACE). */
	trace?: (event: Record<string, unknown>) => void;
}

/** JSON with sorted keys, so equal items give equal text. */
function canonical(value: unknown): string {
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
export function emittedOf(resource: Resource, item: IDataObject, ledger?: Ledger): Emitted {
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
export function failureKind(error: unknown): string {
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

/** The kinds of failure the faults injected into a poll's requests may cause. */
export function injectedKinds(entries: RequestLogEntry[]): Set<string> {
	const kinds = new Set<string>();
	for (const entry of entries) {
		if (entry.fault === 'error') kinds.add(`HTTP ${entry.status}`);
		else if (entry.fault === 'rateLimit') kinds.add('HTTP 429');
		else if (entry.fault === 'drop') kinds.add('connection');
		else if (entry.fault === 'truncate') kinds.add(NOT_A_PAGE);
		else if (entry.fault === 'html') {
			kinds.add(`HTTP ${entry.status}`);
			kinds.add(NOT_A_PAGE);
		}
	}
	return kinds;
}

/**
 * Why a poll failed, by kind, when an injected fault of that kind explains it (an HTTP
 * status, a dropped connection, a truncated or HTML body met by one of its requests) or
 * `documented` names it; any other exception ends the soak at once, with its stack.
 */
export function judgeFailure(
	label: string,
	error: unknown,
	requests: RequestLogEntry[],
	documented?: (error: unknown) => string | undefined,
): string {
	const kind = failureKind(error);
	const injected = injectedKinds(requests);
	if (injected.has(kind.replace(/ after retries$/, ''))) return kind;
	const named = documented?.(error);
	if (named !== undefined) return named;
	const stack = error instanceof Error ? (error.stack ?? error.message) : String(error);
	throw new Error(
		`${label} failed unexpectedly (${kind}); faults injected into its requests: ${[...injected].join(', ') || 'none'}\n${stack}`,
	);
}

export class TriggerRunner {
	readonly harness: TriggerHarness;

	polls = 0;

	failed = 0;

	restarts = 0;

	itemsEmitted = 0;

	/** Items in the largest single poll. */
	largestPoll = 0;

	readonly failures = new Map<string, number>();

	/** Ids emitted so far, to check the created/updated event of the first emission. */
	private readonly seenIds = new Set<string>();

	/** First emissions of a record that were not "created" (Start: Everything makes all of them created). */
	firstNotCreated: string[] = [];

	/** Later emissions of a record already emitted that said "created" again. */
	createdAgain = 0;

	notices = 0;

	constructor(
		readonly ledger: Ledger,
		private readonly options: RunnerOptions,
	) {
		this.harness = new TriggerHarness(
			{
				resource: options.resource,
				event: 'createdOrUpdated',
				start: 'everything',
				options: { maxItemsPerPoll: options.maxItemsPerPoll },
			},
			{ baseUrl: options.baseUrl, apiKey: options.apiKey },
		);
	}

	/** One poll; returns the number of items emitted, or undefined when the poll failed. */
	async poll(): Promise<number | undefined> {
		const number = ++this.polls;
		const seq = this.options.requestLog.seq;
		let items: IDataObject[];
		try {
			items = itemsOf(await this.harness.poll());
		} catch (error) {
			this.failed++;
			const kind = judgeFailure(
				`${this.options.resource} poll ${number}`,
				error,
				this.options.requestLog.since(seq),
			);
			this.failures.set(kind, (this.failures.get(kind) ?? 0) + 1);
			const restart = this.options.random() < this.options.restartAfterFailure;
			if (restart) this.restart();
			this.options.trace?.({ poll: number, failed: kind, restart, state: this.harness.state() });
			return undefined;
		}
		const emitted = items.map((item) => emittedOf(this.options.resource, item, this.ledger));
		for (const item of emitted) {
			if (!this.seenIds.has(item.id)) {
				this.seenIds.add(item.id);
				if (item.event !== 'created')
					this.firstNotCreated.push(`${item.id}@${item.version} (${item.event})`);
			} else if (item.event === 'created') this.createdAgain++;
		}
		this.notices += items.filter((item) => item.notice !== undefined).length;
		this.ledger.poll(number, emitted);
		this.itemsEmitted += items.length;
		this.largestPoll = Math.max(this.largestPoll, items.length);
		const state = this.harness.state();
		const restart = this.options.random() < this.options.restartRate;
		if (restart) this.restart();
		this.options.trace?.({
			poll: number,
			emitted: emitted.map((item) => `${item.id}@${item.version}`),
			restart,
			state,
		});
		return items.length;
	}

	private restart(): void {
		this.restarts++;
		this.harness.restart();
	}
}
