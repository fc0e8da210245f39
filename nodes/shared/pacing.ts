import { NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

import { pause } from './wait';

/*
 * Pacing after a rate limit. The API counts requests per key in fixed windows. A client that
 * only waits out each 429 resumes after the window has reset (late: Retry-After is in whole
 * seconds), sends a whole window's worth at once and is refused again, every window, losing
 * the rounding each time. So once a run has been told "too many", its following requests are
 * spaced evenly, a little below the limit: no further 429, and every window stays nearly full.
 *
 * A pacer belongs to one run (one Get Many, one trigger poll) and is never module state: n8n
 * may run executions on several workers, and a run that never meets the limit (most runs)
 * must not be slowed down at all.
 */

/** The API's published limit per key; the credential's default. */
export const DEFAULT_REQUESTS_PER_MINUTE = 1000;

/**
 * Requests spaced at exactly window / limit are one delay away from limit + 1 in a window: the
 * limit-th request after the one that opened a window arrives right as it closes, and the
 * opening request arriving a little late (or the network bunching them) puts it inside. 1 %
 * slower leaves a window's 1 % (0.6 s of a minute) for such delays.
 */
export const PACING_MARGIN = 1.01;

/** The least time between two paced requests. */
export function pacingIntervalMs(requestsPerMinute: number): number {
	return (60_000 / requestsPerMinute) * PACING_MARGIN;
}

/** When a paced request may go out: one interval after the previous one, and not before now. */
export function earliestSendAt(
	now: number,
	previousSendAt: number | undefined,
	intervalMs: number,
): number {
	return previousSendAt === undefined ? now : Math.max(now, previousSendAt + intervalMs);
}

/**
 * The credential's Rate Limit (Requests per Minute): a positive number, or undefined when it
 * is not one. Absent (a credential saved before the field existed) means the API's default.
 */
export function readRequestsPerMinute(raw: unknown): number | undefined {
	if (raw === undefined || raw === null) return DEFAULT_REQUESTS_PER_MINUTE;
	// An expression in the credential may well resolve to the number as text.
	const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
	return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * The credential's Rate Limit for a paced run, or an error naming the field. Read only where
 * it is used: a single request is never paced, so a bad value cannot stop one.
 */
export function requestsPerMinuteOf(node: INode, raw: unknown, itemIndex?: number): number {
	const requestsPerMinute = readRequestsPerMinute(raw);
	if (requestsPerMinute !== undefined) return requestsPerMinute;
	const shown = typeof raw === 'string' ? JSON.stringify(raw) : String(raw);
	throw new NodeOperationError(
		node,
		'The Rate Limit (Requests per Minute) of the Recruiting API credential must be a positive number',
		{
			itemIndex,
			description: `It is ${shown}. Open the credential and enter how many requests a minute the API allows the key: 1000, unless the API operator raised it.`,
		},
	);
}

export interface PacerClock {
	/** Milliseconds on a clock that never goes back. */
	now: () => number;
	wait: (ms: number) => Promise<void>;
}

export interface Pacer {
	/**
	 * Resolves when the next request of the run may be sent: at once until the run has been
	 * rate limited, then one interval (at `requestsPerMinute`, plus the margin) after the
	 * previous request. Call it right before every attempt, retries included.
	 */
	beforeSend(requestsPerMinute: number): Promise<void>;
	/** A 429 came back: from now on every request of this run is spaced. */
	rateLimited(): void;
	/** Whether this run has been rate limited, so its requests are spaced. */
	readonly pacing: boolean;
}

/**
 * A pacer for one run. The clock is injected in tests; otherwise a monotonic clock and n8n's
 * sleep, ended by the execution's cancel signal when the run has one.
 */
export function createPacer(clock: Partial<PacerClock> = {}, signal?: AbortSignal): Pacer {
	const now = clock.now ?? (() => performance.now());
	const wait = clock.wait ?? ((ms: number) => pause(ms, signal));
	let limited = false;
	let lastSendAt: number | undefined;
	return {
		get pacing() {
			return limited;
		},
		rateLimited() {
			limited = true;
		},
		async beforeSend(requestsPerMinute: number) {
			if (limited) {
				const at = earliestSendAt(now(), lastSendAt, pacingIntervalMs(requestsPerMinute));
				// Taken at once, so a request that asks while this one waits queues behind it.
				lastSendAt = at;
				// Node's timers count from the event loop's cached time, so one can fire a few ms
				// early by the clock; the rest is waited too.
				for (let delay = at - now(); delay > 0; delay = at - now()) await wait(delay);
			}
			// The time the request really leaves: a late timer never lets the next one catch up
			// and go out closer than one interval. Recorded before the first 429 too, so the
			// first paced request is spaced from the one that was refused.
			lastSendAt = Math.max(lastSendAt ?? -Infinity, now());
		},
	};
}
