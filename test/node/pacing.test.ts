/*
 * Get Many / Return All against the sandbox API with its rate-limit window scaled down, through
 * n8n's engine: after the first 429 the remaining pages are paced to the credential's Rate
 * Limit, so the run ends without bouncing off the limit again.
 */
import nock from 'nock';

import { createSandbox } from '../tools/sandbox';
import type { Sandbox } from '../tools/sandbox';
import { API, API_KEY, jsonOf, runRecruiting } from '../harness/engine';

// The API allows 10 requests per 3 s (200 a minute); the credential says 180 a minute. At the
// exact limit the pacer's 1 % margin leaves 30 ms of a window for arrival times to vary, and
// here the API shares jest's event loop: 10 % leaves 300 ms, so a busy CI machine cannot turn
// late set-up into an early arrival. (Pacing at the API's own limit is measured by the bench.)
const PER_WINDOW = 10;
const WINDOW_MS = 3_000;
const REQUESTS_PER_MINUTE = 180;
// Two full windows of pages and one candidate more: 21 pages, one window more than the limit.
const CANDIDATES = 2 * PER_WINDOW * 50 + 1;
const PAGES = Math.ceil(CANDIDATES / 50);

const returnAll = { resource: 'candidate', operation: 'getAll', returnAll: true };

let sandbox: Sandbox;

beforeAll(async () => {
	nock.disableNetConnect();
	nock.enableNetConnect('127.0.0.1');
	sandbox = await createSandbox({
		apiKey: API_KEY,
		candidates: CANDIDATES,
		rateLimit: { apiPerWindow: PER_WINDOW, windowMs: WINDOW_MS, publicPerWindow: 100 },
	});
});

afterAll(async () => {
	await sandbox?.close();
});

afterEach(() => nock.cleanAll());

test('after one 429, Return All paces the remaining pages and finishes without a second 429', async () => {
	const since = sandbox.requestLog.seq;
	const result = await runRecruiting({
		parameters: returnAll,
		credentials: {
			baseUrl: sandbox.url,
			apiKey: API_KEY,
			requestsPerMinute: REQUESTS_PER_MINUTE,
		},
	});
	expect(result.error).toBeUndefined();
	const ids = jsonOf(result).map((candidate) => candidate.id);
	expect(ids).toHaveLength(CANDIDATES);
	expect(new Set(ids).size).toBe(CANDIDATES);

	const requests = sandbox.requestLog.since(since);
	const statuses = requests.map((entry) => entry.status);
	// The first window's pages at full speed, the one refused request, then every page once.
	expect(statuses).toEqual([
		...Array<number>(PER_WINDOW).fill(200),
		429,
		...Array<number>(PAGES - PER_WINDOW).fill(200),
	]);
	// And they were spread at the credential's rate (60 s / 180 = 333 ms, plus 1 %), where a burst
	// would take a few ms each. Measured on arrival, which adds each request's own set-up time:
	// 10 % of the span is left for that, enough under load and far from a burst.
	const paced = requests.slice(PER_WINDOW + 1).map((entry) => Date.parse(entry.time));
	expect(paced[paced.length - 1] - paced[0]).toBeGreaterThanOrEqual(
		0.9 * (paced.length - 1) * (60_000 / REQUESTS_PER_MINUTE),
	);
});

test.each([
	[0, /^It is 0\. Open the credential/],
	['fast', /^It is "fast"\. Open the credential/],
])(
	'a Rate Limit of %p stops Return All before anything is sent, naming the field',
	async (requestsPerMinute, description) => {
		// nock answers nothing for the API's address: a request sent would fail differently.
		const result = await runRecruiting({
			parameters: returnAll,
			credentials: { baseUrl: API, apiKey: API_KEY, requestsPerMinute },
		});
		expect(result.error?.message).toBe(
			'The Rate Limit (Requests per Minute) of the Recruiting API credential must be a positive number',
		);
		expect(result.error?.description).toMatch(description);
		expect(result.items).toEqual([]);
	},
);
