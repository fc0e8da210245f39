// @ts-check
'use strict';

/**
 * Rate limits and fault injection over real HTTP.
 */

const { createSandbox } = require('./index');
const { call, get } = require('./helpers');

/** @typedef {import('./index').Sandbox} Sandbox */

/** @type {Sandbox[]} */
const started = [];
afterEach(() => Promise.all(started.splice(0).map((sandbox) => sandbox.close())));

/**
 * A sandbox for one test, closed after it.
 * @param {import('./index').SandboxOptions} options
 */
async function start(options) {
	const sandbox = await createSandbox(options);
	started.push(sandbox);
	return sandbox;
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

describe('rate limits', () => {
	test('API-key endpoints: 429 with Retry-After and a JSON body once the per-key limit is reached', async () => {
		const sandbox = await start({
			rateLimit: { apiPerWindow: 3, publicPerWindow: 100, windowMs: 400 },
			apiKeys: ['second-key'],
		});
		const statuses = [];
		for (let i = 0; i < 4; i++) statuses.push((await get(sandbox, '/v1/vacancies?limit=1')).status);
		expect(statuses).toEqual([200, 200, 200, 429]);
		const limited = await get(sandbox, '/v1/candidates?limit=1');
		expect(limited.status).toBe(429);
		expect(limited.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
		expect(limited.json).toEqual({ error: 'rate_limited', message: expect.any(String) });
		// Another key has its own window; the public bucket is separate.
		expect((await get(sandbox, '/v1/vacancies?limit=1', { apiKey: 'second-key' })).status).toBe(
			200,
		);
		expect((await get(sandbox, '/acme/vacancy-portal/jobs', { apiKey: null })).status).toBe(200);
		// Control endpoints are never limited.
		expect((await get(sandbox, '/_control/state')).status).toBe(200);
		// The window passes and requests are allowed again.
		await sleep(450);
		expect((await get(sandbox, '/v1/vacancies?limit=1')).status).toBe(200);
	});

	test('public endpoints: limited per client IP', async () => {
		const sandbox = await start({
			rateLimit: { apiPerWindow: 100, publicPerWindow: 2, windowMs: 60_000 },
		});
		const statuses = [];
		for (let i = 0; i < 3; i++)
			statuses.push((await get(sandbox, '/acme/vacancy-portal/jobs', { apiKey: null })).status);
		expect(statuses).toEqual([200, 200, 429]);
		const limited = await get(sandbox, '/acme/vacancy-portal/jobs', { apiKey: null });
		expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(59);
		expect((await get(sandbox, '/v1/vacancies?limit=1')).status).toBe(200);
	});

	test('unauthenticated requests do not use up a key', async () => {
		const sandbox = await start({ rateLimit: { apiPerWindow: 1 } });
		for (let i = 0; i < 3; i++)
			expect((await get(sandbox, '/v1/vacancies', { apiKey: 'wrong' })).status).toBe(401);
		expect((await get(sandbox, '/v1/vacancies')).status).toBe(200);
	});

	test('can be disabled, at start or at run time', async () => {
		const sandbox = await start({ rateLimit: false });
		for (let i = 0; i < 30; i++)
			expect((await get(sandbox, '/v1/vacancies?limit=1')).status).toBe(200);
		sandbox.rateLimiter.configure({ apiPerWindow: 1, windowMs: 60_000 });
		expect((await get(sandbox, '/v1/vacancies?limit=1')).status).toBe(200);
		expect((await get(sandbox, '/v1/vacancies?limit=1')).status).toBe(429);
		sandbox.rateLimiter.configure(false);
		expect((await get(sandbox, '/v1/vacancies?limit=1')).status).toBe(200);
	});
});

describe('each kind of fault', () => {
	test('error, html, rateLimit and truncate answers, each logged with its kind', async () => {
		const sandbox = await start({ rateLimit: false });
		sandbox.setFaults({ errorRate: 1, errorStatuses: [503] });
		const error = await get(sandbox, '/v1/vacancies');
		expect(error.status).toBe(503);
		expect(error.json).toEqual({ error: 'service_unavailable', message: expect.any(String) });

		sandbox.setFaults({ htmlRate: 1, errorStatuses: [502] });
		const html = await get(sandbox, '/v1/vacancies');
		expect(html.status).toBe(502);
		expect(html.headers.get('content-type')).toMatch(/^text\/html/);
		expect(html.text).toMatch(/^<!DOCTYPE html>/);

		sandbox.setFaults({ rateLimitRate: 1, retryAfterSeconds: 7 });
		const limited = await get(sandbox, '/v1/vacancies');
		expect(limited.status).toBe(429);
		expect(limited.headers.get('retry-after')).toBe('7');
		expect(limited.json).toEqual({ error: 'rate_limited', message: expect.any(String) });

		sandbox.setFaults({ truncateRate: 1 });
		const truncated = await get(sandbox, '/v1/vacancies?limit=3');
		expect(truncated.status).toBe(200);
		expect(truncated.headers.get('content-type')).toMatch(/^application\/json/);
		expect(() => JSON.parse(truncated.text)).toThrow(SyntaxError);
		expect(truncated.text.startsWith('{"items":[')).toBe(true);

		sandbox.setFaults({});
		const normal = await get(sandbox, '/v1/vacancies?limit=3');
		expect(normal.status).toBe(200);
		expect(normal.json.items).toHaveLength(3);
		expect(sandbox.requestLog.entries.map((e) => [e.status, e.fault, e.error])).toEqual([
			[503, 'error', 'service_unavailable'],
			[502, 'html', 'html_error_page'],
			[429, 'rateLimit', 'rate_limited'],
			[200, 'truncate', null],
			[200, null, null],
		]);
	});

	test('a dropped connection gives no response at all', async () => {
		const sandbox = await start({ faults: { dropRate: 1 } });
		await expect(get(sandbox, '/v1/candidates')).rejects.toThrow();
		expect(sandbox.requestLog.entries[0]).toMatchObject({
			path: '/v1/candidates',
			status: 0,
			fault: 'drop',
		});
		sandbox.setFaults({});
		expect((await get(sandbox, '/v1/candidates')).status).toBe(200);
	});

	test('a fault before a write leaves the state unchanged; truncate applies the write', async () => {
		const sandbox = await start({ faults: { errorRate: 1, errorStatuses: [500] } });
		const body = { content: '<p>x</p>', title: 'T', pinned: false };
		expect((await call(sandbox, 'PUT', '/v1/notes/note-0001', { body })).status).toBe(500);
		expect(sandbox.changeLog.entries).toHaveLength(0);
		sandbox.setFaults({ truncateRate: 1 });
		const application = {
			vacancyId: 'vac-0001',
			candidateId: 'cand-0000009',
			stageId: 'astage-applied',
			statusId: null,
		};
		const created = await call(sandbox, 'POST', '/v1/applications', { body: application });
		expect(created.text).toMatch(/^\{"id":/);
		expect(sandbox.changeLog.entries).toHaveLength(1);
	});
});

describe('random faults', () => {
	/**
	 * @param {import('./index').FaultConfig} faults
	 * @param {number} n
	 */
	async function statuses(faults, n) {
		/** @type {(number | string)[]} */
		const out = [];
		const sandbox = await start({ faults, rateLimit: false });
		for (let i = 0; i < n; i++) {
			try {
				out.push((await get(sandbox, '/v1/vacancies?limit=1')).status);
			} catch {
				out.push('dropped');
			}
		}
		return out;
	}

	test('are deterministic for a seed and occur at about the configured rate', async () => {
		const config = { seed: 11, errorRate: 0.2, rateLimitRate: 0.1, dropRate: 0.05 };
		const a = await statuses(config, 120);
		const b = await statuses(config, 120);
		const c = await statuses({ ...config, seed: 12 }, 120);
		expect(a).toEqual(b);
		expect(a).not.toEqual(c);
		const errors = a.filter((s) => typeof s === 'number' && s >= 500).length;
		const limited = a.filter((s) => s === 429).length;
		const dropped = a.filter((s) => s === 'dropped').length;
		expect(errors).toBeGreaterThan(10);
		expect(errors).toBeLessThan(45);
		expect(limited).toBeGreaterThan(3);
		expect(dropped).toBeGreaterThan(0);
		expect(new Set(a.filter((s) => typeof s === 'number' && s >= 500))).toEqual(
			new Set([500, 502, 503, 504]),
		);
	});

	test('hit the API and the portal, never /_control/', async () => {
		const sandbox = await start({ faults: { errorRate: 1 } });
		expect((await get(sandbox, '/_control/state')).status).toBe(200);
		expect((await get(sandbox, '/v1/vacancies')).status).toBeGreaterThanOrEqual(500);
		expect((await get(sandbox, '/acme/vacancy-portal/jobs')).status).toBeGreaterThanOrEqual(500);
	});

	test('latency ranges delay requests', async () => {
		const sandbox = await start({ faults: { latencyMs: [60, 80] } });
		const started = Date.now();
		await get(sandbox, '/v1/vacancies?limit=1');
		await get(sandbox, '/v1/vacancies?limit=1');
		expect(Date.now() - started).toBeGreaterThanOrEqual(115);
	});

	test('configuration errors are rejected', async () => {
		const sandbox = await start({});
		expect(() => sandbox.setFaults({ errorRate: 0.8, dropRate: 0.5 })).toThrow(RangeError);
		expect(() => sandbox.setFaults({ errorStatuses: [404] })).toThrow(RangeError);
	});

	test('reset restores the faults configured at creation', async () => {
		const sandbox = await start({ faults: { errorRate: 1 } });
		sandbox.setFaults({});
		expect((await get(sandbox, '/v1/vacancies')).status).toBe(200);
		sandbox.reset();
		expect((await get(sandbox, '/v1/vacancies')).status).toBeGreaterThanOrEqual(500);
	});
});
