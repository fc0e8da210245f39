import { NodeApiError } from 'n8n-workflow';
import type { INode, JsonObject } from 'n8n-workflow';

import { httpError, retryAfterSeconds } from '../../nodes/shared/errors';
import {
	classifyFailure,
	DEFAULT_RETRY_POLICY,
	isRetryable,
	retryDelayMs,
	withRetries,
} from '../../nodes/shared/retry';

const node = {
	name: 'Recruiting',
	type: 'n8n-nodes-recruiting.recruiting',
	typeVersion: 1,
	parameters: {},
} as unknown as INode;

function networkFailure(code: string) {
	return new NodeApiError(
		node,
		Object.assign(new Error('request failed'), { code }) as unknown as JsonObject,
	);
}

describe('Retry-After', () => {
	test('seconds, an HTTP date, or nothing usable', () => {
		const now = Date.parse('2026-01-01T00:00:00Z');
		expect(retryAfterSeconds({ 'retry-after': '12' }, now)).toBe(12);
		expect(retryAfterSeconds({ 'retry-after': 'Thu, 01 Jan 2026 00:00:30 GMT' }, now)).toBe(30);
		expect(retryAfterSeconds({ 'retry-after': 'Wed, 31 Dec 2025 00:00:00 GMT' }, now)).toBe(0);
		expect(retryAfterSeconds({ 'retry-after': 'soon' }, now)).toBeUndefined();
		expect(retryAfterSeconds({}, now)).toBeUndefined();
	});
});

describe('classifyFailure and isRetryable', () => {
	test('HTTP failures carry their status and the wait the API asked for', () => {
		const error = httpError(
			node,
			{ statusCode: 429, headers: { 'retry-after': '7' } },
			{ label: 'job list' },
		);
		expect(classifyFailure(error)).toEqual({ kind: 'http', status: 429, retryAfterSeconds: 7 });
		expect(classifyFailure(httpError(node, { statusCode: 502 }, { label: 'x' }))).toEqual({
			kind: 'http',
			status: 502,
		});
	});

	test('network failures are read from the cause n8n wraps', () => {
		for (const code of ['ECONNRESET', 'ECONNREFUSED'])
			expect(classifyFailure(networkFailure(code))).toEqual({ kind: 'network', code });
		expect(classifyFailure(new Error('plain'))).toBeUndefined();
	});

	test.each([
		[{ kind: 'http', status: 429 }, true, true],
		[{ kind: 'http', status: 503 }, true, false],
		[{ kind: 'http', status: 502 }, true, false],
		[{ kind: 'http', status: 504 }, true, false],
		[{ kind: 'http', status: 500 }, false, false],
		[{ kind: 'http', status: 404 }, false, false],
		[{ kind: 'network', code: 'ECONNREFUSED' }, true, true],
		[{ kind: 'network', code: 'ECONNRESET' }, true, false],
	] as const)('%j: GET/PUT %s, POST %s', (failure, idempotent, post) => {
		expect(isRetryable(failure, true)).toBe(idempotent);
		expect(isRetryable(failure, false)).toBe(post);
	});
});

describe('retryDelayMs', () => {
	test('429 waits as asked, or the default when the API does not say', () => {
		expect(retryDelayMs({ kind: 'http', status: 429, retryAfterSeconds: 3 }, 1)).toBe(3000);
		// 5 s, as CONTRIBUTING.md's "How the node sends requests" promises.
		expect(retryDelayMs({ kind: 'http', status: 429 }, 1)).toBe(5_000);
	});

	test('the defaults are the ones README documents: 8 attempts, 0.5 s to 30 s, 3 minutes', () => {
		expect(DEFAULT_RETRY_POLICY).toEqual({
			maxAttempts: 8,
			baseDelayMs: 500,
			maxDelayMs: 30_000,
			maxTotalWaitMs: 180_000,
			defaultRetryAfterMs: 5_000,
		});
	});

	test('backoff doubles, is capped, and jitters between half and the whole step', () => {
		const failure = { kind: 'http', status: 503 } as const;
		expect(retryDelayMs(failure, 1, DEFAULT_RETRY_POLICY, () => 0)).toBe(250);
		expect(retryDelayMs(failure, 1, DEFAULT_RETRY_POLICY, () => 1)).toBe(500);
		expect(retryDelayMs(failure, 4, DEFAULT_RETRY_POLICY, () => 1)).toBe(4000);
		expect(retryDelayMs(failure, 20, DEFAULT_RETRY_POLICY, () => 1)).toBe(30_000);
	});
});

describe('withRetries', () => {
	test('stops at the total wait bound and says how long it tried', async () => {
		const waits: number[] = [];
		let calls = 0;
		const send = async () => {
			calls++;
			throw httpError(node, { statusCode: 503 }, { label: 'candidate', id: 'c1' });
		};
		const policy = { ...DEFAULT_RETRY_POLICY, maxTotalWaitMs: 10_000 };
		await expect(
			withRetries(send, {
				node,
				idempotent: true,
				policy,
				wait: async (ms) => void waits.push(ms),
			}),
		).rejects.toThrow(/failed with HTTP 503.*\(gave up after \d+ attempts and \d+ s of waiting\)/);
		expect(calls).toBe(waits.length + 1);
		expect(waits.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(10_000);
	});

	test('a network failure that is given up on becomes a plain error without the request', async () => {
		const send = async () => {
			throw networkFailure('ECONNREFUSED');
		};
		const policy = { ...DEFAULT_RETRY_POLICY, maxAttempts: 2 };
		const error = await withRetries(send, {
			node,
			idempotent: false,
			policy,
			wait: async () => {},
		}).catch((e) => e);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toMatch(/^The Recruiting API refused the connection: check the Base URL/);
		expect(error.cause).toBeUndefined();
	});

	test('what cannot be retried is thrown at once', async () => {
		let calls = 0;
		const send = async () => {
			calls++;
			throw httpError(node, { statusCode: 400, body: { message: 'bad' } }, { label: 'x' });
		};
		await expect(
			withRetries(send, { node, idempotent: true, wait: async () => {} }),
		).rejects.toThrow(/rejected the request: bad/);
		expect(calls).toBe(1);
	});
});
