import { sleep } from 'n8n-workflow';
import type { IExecuteFunctions, IHttpRequestOptions, INode } from 'n8n-workflow';

import { httpError } from '../../nodes/shared/errors';
import {
	createPacer,
	DEFAULT_REQUESTS_PER_MINUTE,
	earliestSendAt,
	pacingIntervalMs,
	readRequestsPerMinute,
} from '../../nodes/shared/pacing';
import { DEFAULT_RETRY_POLICY, withRetries } from '../../nodes/shared/retry';
import { pacedRun, recruitingApiRequest } from '../../nodes/shared/transport';

const node = {
	name: 'Recruiting',
	type: 'n8n-nodes-recruiting.recruiting',
	typeVersion: 1,
	parameters: {},
	credentials: { recruitingApi: { id: '1', name: 'Recruiting account' } },
} as unknown as INode;

/**
 * A clock that only moves when told to or when something waits on it; no real time passes. A
 * wait of `ms` moves it by `fired(ms)`: a timer that fires late or early.
 */
function fakeClock(fired = (ms: number) => ms) {
	let time = 0;
	const waits: number[] = [];
	return {
		now: () => time,
		wait: async (ms: number) => {
			waits.push(ms);
			time += fired(ms);
		},
		advance: (ms: number) => {
			time += ms;
		},
		waits,
	};
}

/**
 * Timers on a virtual clock: `wait` only queues; `runAll` fires them in order of their time,
 * letting every callback run in between, so requests waiting at once are seen as they go out.
 */
function virtualTimers() {
	let time = 0;
	const timers: Array<{ due: number; resolve: () => void }> = [];
	return {
		now: () => time,
		wait: async (ms: number) =>
			await new Promise<void>((resolve) => {
				timers.push({ due: time + ms, resolve });
			}),
		async runAll() {
			for (;;) {
				await sleep(0); // what the last timer released runs up to its next wait
				const next = timers.sort((a, b) => a.due - b.due).shift();
				if (next === undefined) return;
				time = Math.max(time, next.due);
				next.resolve();
			}
		},
	};
}

/** The most of `times` (sorted) that fall in one window [t, t + windowMs), as the API counts. */
function busiestWindow(times: number[], windowMs: number): number {
	let most = 0;
	let first = 0;
	for (let last = 0; last < times.length; last++) {
		while (times[last] - times[first] >= windowMs) first++;
		most = Math.max(most, last - first + 1);
	}
	return most;
}

describe('pacing arithmetic', () => {
	test('the interval is a minute over the limit, plus the 1 % margin', () => {
		expect(pacingIntervalMs(1000)).toBeCloseTo(60.6, 9);
		expect(pacingIntervalMs(60)).toBeCloseTo(1010, 9);
	});

	test('a request goes out one interval after the previous one, never before now', () => {
		expect(earliestSendAt(100, undefined, 60)).toBe(100);
		expect(earliestSendAt(100, 90, 60)).toBe(150);
		expect(earliestSendAt(200, 90, 60)).toBe(200);
	});

	test.each([
		[undefined, DEFAULT_REQUESTS_PER_MINUTE],
		[null, DEFAULT_REQUESTS_PER_MINUTE],
		[1000, 1000],
		[2500, 2500],
		[0.5, 0.5],
		['1200', 1200],
		[' 300 ', 300],
		[0, undefined],
		[-5, undefined],
		[Number.NaN, undefined],
		[Number.POSITIVE_INFINITY, undefined],
		['', undefined],
		['fast', undefined],
		[true, undefined],
		[{}, undefined],
	])('the credential value %p reads as %p', (raw, expected) => {
		expect(readRequestsPerMinute(raw)).toBe(expected);
	});
});

/** A pacer on `clock` whose first request (sent at once) was refused with a 429. */
async function refusedOnce(clock: { now: () => number; wait: (ms: number) => Promise<void> }) {
	const pacer = createPacer(clock);
	await pacer.beforeSend(1000);
	pacer.rateLimited();
	return pacer;
}

/** The times `count` more requests of `pacer` go out at, on `now`. */
async function sendTimes(pacer: ReturnType<typeof createPacer>, now: () => number, count: number) {
	const sentAt: number[] = [];
	for (let i = 0; i < count; i++) {
		await pacer.beforeSend(1000);
		sentAt.push(now());
	}
	return sentAt;
}

describe('createPacer', () => {
	test('until a 429, requests go out at once, however many', async () => {
		const clock = fakeClock();
		const pacer = createPacer(clock);
		for (let i = 0; i < 2000; i++) await pacer.beforeSend(1000);
		expect(clock.waits).toEqual([]);
		expect(pacer.pacing).toBe(false);
	});

	test('after a 429 every request is one interval after the previous one', async () => {
		const clock = fakeClock();
		const pacer = await refusedOnce(clock); // sent at 0, refused
		expect(pacer.pacing).toBe(true);
		const sentAt = await sendTimes(pacer, clock.now, 5);
		const gaps = sentAt.map((t, i) => t - (i === 0 ? 0 : sentAt[i - 1]));
		for (const gap of gaps) expect(gap).toBeCloseTo(60.6, 9);
	});

	test('time spent elsewhere counts: only what is left of the interval is waited', async () => {
		const clock = fakeClock();
		const pacer = await refusedOnce(clock);
		clock.advance(5000); // the Retry-After wait
		await pacer.beforeSend(1000);
		expect(clock.waits).toEqual([]);
		clock.advance(40); // the request and the page's processing
		await pacer.beforeSend(1000);
		expect(clock.waits).toHaveLength(1);
		expect(clock.waits[0]).toBeCloseTo(20.6, 9);
	});

	test('a timer that fires late does not let the next request catch up', async () => {
		const clock = fakeClock((ms) => ms + 7); // every timer is 7 ms late
		const sentAt = await sendTimes(await refusedOnce(clock), clock.now, 4);
		for (let i = 1; i < sentAt.length; i++) {
			expect(sentAt[i] - sentAt[i - 1]).toBeGreaterThanOrEqual(60.6);
		}
	});

	test('a timer that fires early by the clock is waited out to the end', async () => {
		// 5 ms early, as a stale event-loop time can make it
		const clock = fakeClock((ms) => (ms > 5 ? ms - 5 : ms));
		const sentAt = await sendTimes(await refusedOnce(clock), clock.now, 4);
		expect(sentAt.map((at) => Math.round(at * 10) / 10)).toEqual([60.6, 121.2, 181.8, 242.4]);
	});

	test('requests that ask while one waits queue behind it', async () => {
		const clock = virtualTimers();
		const pacer = await refusedOnce(clock);
		const sentAt: number[] = [];
		// All three ask at the same instant.
		const asking = [1, 2, 3].map(async () => {
			await pacer.beforeSend(1000);
			sentAt.push(clock.now());
		});
		await clock.runAll();
		await Promise.all(asking);
		// Each went out in its own slot, one interval after the one before.
		expect(sentAt.map((at) => Math.round(at * 10) / 10)).toEqual([60.6, 121.2, 181.8]);
	});

	test('paced, no fixed window of the API sees its limit, and the windows stay 99 % full', async () => {
		// A run at the API's 1,000 a minute, refused once, then 3,000 more requests whose round
		// trips take 5 to 55 ms: wherever the server's windows begin, none holds 1,000.
		const clock = fakeClock();
		const sentAt: number[] = [];
		let seed = 7;
		const random = () => {
			seed = (seed * 16807) % 2147483647;
			return seed / 2147483647;
		};
		const pacer = await refusedOnce(clock);
		clock.advance(1000);
		for (let i = 0; i < 3000; i++) {
			await pacer.beforeSend(1000);
			sentAt.push(clock.now());
			clock.advance(5 + random() * 50);
		}
		const most = busiestWindow(sentAt, 60_000);
		expect(most).toBeLessThan(1000);
		expect(most).toBeGreaterThanOrEqual(990);
		const perMinute = ((sentAt.length - 1) / (sentAt[sentAt.length - 1] - sentAt[0])) * 60_000;
		expect(perMinute).toBeGreaterThan(989);
		expect(perMinute).toBeLessThan(1000);
	});
});

describe('withRetries with a pacer', () => {
	test('no 429: no pacing; after a 429: the Retry-After wait, then every attempt spaced', async () => {
		const clock = fakeClock();
		const pacer = createPacer(clock);
		const pacing = { pacer, requestsPerMinute: 600 };
		const sentAt: number[] = [];
		let refuse = 0;
		const send = async () => {
			sentAt.push(clock.now());
			if (refuse > 0) {
				refuse--;
				throw httpError(
					node,
					{ statusCode: 429, headers: { 'retry-after': '2' } },
					{ label: 'candidate list' },
				);
			}
			return 'page';
		};
		const options = { node, idempotent: true, wait: clock.wait, pacing };
		await withRetries(send, options);
		await withRetries(send, options);
		expect(sentAt).toEqual([0, 0]);

		refuse = 1;
		await withRetries(send, options); // refused at 0, waits 2 s as asked, sent again at 2000
		clock.advance(30);
		await withRetries(send, options);
		await withRetries(send, options);
		expect(sentAt.slice(2)).toEqual([0, 2000, 2101, 2202]);
		expect(clock.waits).toEqual([2000, 71, 101]);
	});

	test('pacing time is not retry waiting: it does not use up the wait budget', async () => {
		const clock = fakeClock();
		const pacer = createPacer(clock);
		pacer.rateLimited(); // paced at 60 a minute: 1,010 ms before every attempt
		let failures = 1;
		const send = async () => {
			if (failures-- > 0) throw httpError(node, { statusCode: 503 }, { label: 'candidate list' });
			return 'page';
		};
		const policy = { ...DEFAULT_RETRY_POLICY, maxTotalWaitMs: 1000 };
		await expect(
			withRetries(send, {
				node,
				idempotent: true,
				policy,
				wait: clock.wait,
				pacing: { pacer, requestsPerMinute: 60 },
			}),
		).resolves.toBe('page');
		// the first attempt at once, a backoff of 250-500 ms, then the rest of the interval
		expect(clock.waits).toHaveLength(2);
		expect(clock.waits[0]).toBeGreaterThanOrEqual(250);
		expect(clock.waits[0]).toBeLessThanOrEqual(500);
		expect(clock.waits[0] + clock.waits[1]).toBeCloseTo(1010, 9);
	});
});

describe('recruitingApiRequest in a paced run', () => {
	/** A context as n8n gives the trigger: the credential, and HTTP answers from a script. */
	function context(credential: Record<string, unknown>, statuses: number[]) {
		const sent: IHttpRequestOptions[] = [];
		let credentialReads = 0;
		const self = {
			getNode: () => node,
			getCredentials: async () => {
				credentialReads++;
				return { baseUrl: 'http://api.test', apiKey: 'k', ...credential };
			},
			helpers: {
				httpRequestWithAuthentication: async (_type: string, options: IHttpRequestOptions) => {
					sent.push(options);
					const statusCode = statuses.shift() ?? 200;
					return {
						statusCode,
						headers: statusCode === 429 ? { 'retry-after': '0' } : {},
						body: { items: [], pageInfo: { nextCursor: '', hasNextPage: false } },
					};
				},
			},
		};
		return { self: self as unknown as IExecuteFunctions, sent, reads: () => credentialReads };
	}
	const list = {
		method: 'GET' as const,
		path: '/candidates',
		subject: { label: 'candidate list' },
	};
	/** pacedRun's run, its pacer on the fake clock. */
	async function runOn(self: IExecuteFunctions, clock: ReturnType<typeof fakeClock>) {
		const run = await pacedRun.call(self);
		return { ...run, pacing: { ...run.pacing, pacer: createPacer(clock) } };
	}

	test("spaces a run's requests at the credential's rate once one was refused", async () => {
		const clock = fakeClock();
		const { self, sent, reads } = context({ requestsPerMinute: 120 }, [200, 429]);
		const run = await runOn(self, clock);
		await recruitingApiRequest.call(self, { ...list, run }); // 200
		await recruitingApiRequest.call(self, { ...list, run }); // 429, then 200
		await recruitingApiRequest.call(self, { ...list, run }); // 200
		expect(sent).toHaveLength(4);
		expect(sent.every((options) => options.baseURL === 'http://api.test/v1')).toBe(true);
		// 120 a minute: 500 ms apart, plus 1 %; Retry-After 0 costs nothing on the fake clock.
		expect(clock.waits).toHaveLength(2);
		for (const ms of clock.waits) expect(ms).toBeCloseTo(505, 9);
		// The credential was read once for the run, not once per request.
		expect(reads()).toBe(1);
	});

	test('a credential saved before the field existed paces at the API’s 1,000 a minute', async () => {
		const clock = fakeClock();
		const { self } = context({}, [429]);
		const run = await runOn(self, clock);
		expect(run.pacing.requestsPerMinute).toBe(1000);
		await recruitingApiRequest.call(self, { ...list, run });
		await recruitingApiRequest.call(self, { ...list, run });
		expect(clock.waits).toHaveLength(2);
		for (const ms of clock.waits) expect(ms).toBeCloseTo(60.6, 9);
	});

	test('without a run (a single request, a list search) the field is not read', async () => {
		const { self, sent } = context({ requestsPerMinute: 0 }, [429]);
		await recruitingApiRequest.call(self, list);
		expect(sent).toHaveLength(2);
	});
});
