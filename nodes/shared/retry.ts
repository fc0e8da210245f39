import { NodeApiError } from 'n8n-workflow';
import type { INode, JsonObject } from 'n8n-workflow';

import type { Pacer } from './pacing';
import { pause } from './wait';

/*
 * Rate limits and passing faults are waited out, not failed: a Return All over 100 pages must
 * not die on page 57 because the API said "slow down" once. Only failures that cannot have
 * changed anything are retried for writes.
 */

export interface RetryPolicy {
	/** Attempts in all, the first one included. */
	maxAttempts: number;
	/** First backoff delay; doubles each attempt, with jitter. */
	baseDelayMs: number;
	/** Longest single backoff wait. */
	maxDelayMs: number;
	/** Waiting stops once this much time has been spent waiting; the last error is thrown. */
	maxTotalWaitMs: number;
	/** A 429 without Retry-After waits this long. */
	defaultRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
	maxAttempts: 8,
	baseDelayMs: 500,
	maxDelayMs: 30_000,
	maxTotalWaitMs: 180_000,
	defaultRetryAfterMs: 5_000,
};

export type Failure =
	| { kind: 'http'; status: number; retryAfterSeconds?: number }
	| { kind: 'network'; code: string };

/** Never reached the server: safe to send again, whatever the method. */
const NOT_SENT = new Set([
	'ECONNREFUSED',
	'ENOTFOUND',
	'EAI_AGAIN',
	'EHOSTUNREACH',
	'EADDRNOTAVAIL',
]);
/** Lost on the way: the server may or may not have acted on it. */
const LOST = new Set([
	'ECONNRESET',
	'ETIMEDOUT',
	'ECONNABORTED',
	'EPIPE',
	'ESOCKETTIMEDOUT',
	'ERR_STREAM_PREMATURE_CLOSE',
]);

/** What went wrong, from an error thrown by n8n's request helpers or by httpError(). */
export function classifyFailure(error: unknown): Failure | undefined {
	if (typeof error !== 'object' || error === null) return undefined;
	const { httpCode, context, cause, errorResponse, code } = error as {
		httpCode?: unknown;
		context?: { retryAfterSeconds?: unknown };
		cause?: { code?: unknown; message?: unknown };
		errorResponse?: { code?: unknown };
		code?: unknown;
	};
	const status = Number(httpCode);
	if (Number.isInteger(status) && status >= 100) {
		const retryAfter = context?.retryAfterSeconds;
		return {
			kind: 'http',
			status,
			...(typeof retryAfter === 'number' ? { retryAfterSeconds: retryAfter } : {}),
		};
	}
	// n8n's NodeApiError keeps a network error's code as its httpCode ('ECONNRESET').
	const networkCode = [httpCode, cause?.code, errorResponse?.code, code].find(
		(candidate): candidate is string =>
			typeof candidate === 'string' && (NOT_SENT.has(candidate) || LOST.has(candidate)),
	);
	if (networkCode) return { kind: 'network', code: networkCode };
	if (typeof cause?.message === 'string' && /socket hang up/i.test(cause.message))
		return { kind: 'network', code: 'ECONNRESET' };
	return undefined;
}

/**
 * Whether to send again. `idempotent` requests (GET, PUT of the same body) may be repeated
 * after any passing fault; a POST only when the failure proves nothing was applied.
 */
export function isRetryable(failure: Failure | undefined, idempotent: boolean): boolean {
	if (!failure) return false;
	if (failure.kind === 'http') {
		if (failure.status === 429) return true;
		return idempotent && [502, 503, 504].includes(failure.status);
	}
	return NOT_SENT.has(failure.code) || (idempotent && LOST.has(failure.code));
}

/** How long to wait before attempt number `attempt + 1` (attempt counts from 1). */
export function retryDelayMs(
	failure: Failure,
	attempt: number,
	policy: RetryPolicy = DEFAULT_RETRY_POLICY,
	random: () => number = Math.random,
): number {
	if (failure.kind === 'http' && failure.status === 429) {
		return failure.retryAfterSeconds !== undefined
			? failure.retryAfterSeconds * 1000
			: policy.defaultRetryAfterMs;
	}
	if (failure.kind === 'http' && failure.retryAfterSeconds !== undefined)
		return failure.retryAfterSeconds * 1000;
	const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
	// "Equal jitter": never less than half the step, so retries from several workers spread out.
	return Math.round(exponential / 2 + random() * (exponential / 2));
}

const NETWORK_MESSAGES: Record<string, string> = {
	ECONNREFUSED:
		'The Recruiting API refused the connection: check the Base URL, or whether the API is up',
	ENOTFOUND: 'The Recruiting API host was not found: check the Base URL',
	EAI_AGAIN: 'The Recruiting API host could not be looked up (DNS): try again later',
};

/**
 * A network failure as a NodeApiError built from plain values: the error n8n's helpers throw
 * carries the whole request (headers included) as its cause, and the API key must not reach
 * an error output or a log.
 */
export function networkError(node: INode, code: string, itemIndex?: number): NodeApiError {
	const message =
		NETWORK_MESSAGES[code] ??
		`The connection to the Recruiting API failed (${code}): try again later`;
	// Not `code` in the response object: NodeApiError would swap in its own generic sentence.
	const error = new NodeApiError(node, { message } as JsonObject, { message, itemIndex });
	error.context.networkCode = code;
	return error;
}

export interface RetryOptions {
	node: INode;
	idempotent: boolean;
	itemIndex?: number;
	policy?: RetryPolicy;
	/** The execution's cancel signal: a wait ends when the user cancels the execution. */
	signal?: AbortSignal;
	/** Injected in tests; n8n's own abortable sleep otherwise. */
	wait?: (ms: number) => Promise<void>;
	/**
	 * The run's pacer (pacing.ts) and the key's limit: every attempt waits for its turn, and a
	 * 429 makes the rest of the run paced. Without it, a 429 is only waited out.
	 */
	pacing?: Pacing;
}

/** A run's pacer and the key's Rate Limit (see pacedRun in transport.ts). */
export interface Pacing {
	pacer: Pacer;
	requestsPerMinute: number;
}

/** Runs `send` until it succeeds, the failure is not retryable, or the wait budget is spent. */
export async function withRetries<T>(send: () => Promise<T>, options: RetryOptions): Promise<T> {
	const policy = options.policy ?? DEFAULT_RETRY_POLICY;
	const wait = options.wait ?? ((ms: number) => pause(ms, options.signal));
	let waited = 0;
	for (let attempt = 1; ; attempt++) {
		if (options.pacing) await options.pacing.pacer.beforeSend(options.pacing.requestsPerMinute);
		try {
			return await send();
		} catch (error) {
			const failure = classifyFailure(error);
			if (failure?.kind === 'http' && failure.status === 429) options.pacing?.pacer.rateLimited();
			const delay = failure && retryDelayMs(failure, attempt, policy);
			const retry =
				failure !== undefined &&
				delay !== undefined &&
				isRetryable(failure, options.idempotent) &&
				attempt < policy.maxAttempts &&
				waited + delay <= policy.maxTotalWaitMs;
			if (!retry) throw finalError(error, failure, attempt, waited, options);
			await wait(delay);
			waited += delay;
		}
	}
}

/**
 * An error n8n's request helper threw keeps the whole request as its cause, headers and key
 * included; rebuild it from its message, description and status only.
 */
function withoutRequest(error: unknown, node: INode): unknown {
	if (!(error instanceof NodeApiError) || error.cause === undefined) return error;
	const { message, description, httpCode } = error;
	return new NodeApiError(node, { message } as JsonObject, {
		message,
		description: description ?? undefined,
		httpCode: httpCode ?? undefined,
	});
}

function finalError(
	error: unknown,
	failure: Failure | undefined,
	attempts: number,
	waitedMs: number,
	{ node, itemIndex }: RetryOptions,
): unknown {
	const replaced =
		failure?.kind === 'network'
			? networkError(node, failure.code, itemIndex)
			: withoutRequest(error, node);
	if (attempts > 1 && replaced instanceof NodeApiError) {
		replaced.message = `${replaced.message} (gave up after ${attempts} attempts and ${Math.round(waitedMs / 1000)} s of waiting)`;
	}
	return replaced;
}
