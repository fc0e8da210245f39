#!/usr/bin/env node
// @ts-check
'use strict';
/**
 * One measurement in a fresh process, so its peak RSS is its own:
 *
 *   node test/tools/bench/worker.js '<json task>'
 *
 * The task names a scenario and the sandbox to talk to (the sandbox runs in the parent
 * process, so its CPU and memory are not counted here). Prints one line `RESULT <json>`.
 * Figures: wallMs and cpuMs of the measured part only (module loading excluded), rssBeforeMb
 * (RSS when the measured part starts), peakRssMb (the process's VmHWM), peakOverMb (VmHWM
 * after resetting it at the start, minus rssBeforeMb).
 */
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');

process.env.N8N_USER_FOLDER ??= fs.mkdtempSync(path.join(os.tmpdir(), 'recruiting-bench-n8n-'));
process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS ??= 'false';

/**
 * Time spent in HTTP, as the union of the intervals during which at least one request of
 * n8n's HTTP helper is in flight (axios, which n8n-core's helpers use: from the request
 * interceptor to the response interceptor, so connecting, the server's time and JSON
 * parsing all count as HTTP). Wall time outside that union is the node's (and n8n's) own
 * work that the user waits for.
 */
const httpClock = { inFlight: 0, since: 0n, totalNs: 0n, requests: 0 };

function enter() {
	if (httpClock.inFlight++ === 0) httpClock.since = process.hrtime.bigint();
	httpClock.requests++;
}

function leave() {
	if (--httpClock.inFlight === 0) httpClock.totalNs += process.hrtime.bigint() - httpClock.since;
}

function instrumentAxios() {
	const axiosPath = require.resolve('axios', {
		paths: [path.dirname(require.resolve('n8n-core'))],
	});
	const axios = require(axiosPath);
	const instance = axios.default ?? axios;
	instance.interceptors.request.use(
		(/** @type {any} */ config) => {
			enter();
			return config;
		},
		undefined,
		{ synchronous: true },
	);
	instance.interceptors.response.use(
		(/** @type {any} */ response) => {
			leave();
			return response;
		},
		(/** @type {any} */ error) => {
			leave();
			return Promise.reject(error);
		},
	);
}

/** @param {string} key */
function statusKb(key) {
	const status = fs.readFileSync('/proc/self/status', 'utf8');
	return Number((new RegExp(`${key}:\\s+(\\d+)`).exec(status) || [])[1] || 0);
}

const mb = (/** @type {number} */ kb) => Math.round((kb / 1024) * 10) / 10;

/** Resets VmHWM to the current RSS (Linux: clear_refs 5); false when not allowed. */
function resetPeak() {
	try {
		fs.writeFileSync('/proc/self/clear_refs', '5');
		return true;
	} catch {
		return false;
	}
}

/**
 * Measures `fn`: wall, CPU, RSS before, peak RSS.
 * @template T
 * @param {() => Promise<T>} fn
 */
async function measure(fn) {
	if (global.gc) global.gc();
	const rssBefore = statusKb('VmRSS');
	const peakReset = resetPeak();
	const cpu0 = process.cpuUsage();
	const http0 = { ns: httpClock.totalNs, requests: httpClock.requests };
	const t0 = process.hrtime.bigint();
	const value = await fn();
	const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
	const cpu = process.cpuUsage(cpu0);
	const hwm = statusKb('VmHWM');
	return {
		value,
		wallMs: Math.round(wallMs),
		httpMs: Math.round(Number(httpClock.totalNs - http0.ns) / 1e6),
		httpRequests: httpClock.requests - http0.requests,
		cpuMs: Math.round((cpu.user + cpu.system) / 1000),
		rssBeforeMb: mb(rssBefore),
		peakRssMb: mb(hwm),
		peakOverMb: peakReset ? mb(hwm - rssBefore) : undefined,
	};
}

/**
 * GET with node:http (keep-alive), JSON-parsed.
 * @param {string} url
 * @param {Record<string, string>} headers
 * @returns {Promise<any>}
 */
async function getJson(url, headers) {
	enter();
	try {
		return await new Promise((resolve, reject) => {
			http
				.get(url, { headers }, (res) => {
					/** @type {Buffer[]} */
					const chunks = [];
					res.on('data', (chunk) => chunks.push(chunk));
					res.on('end', () => {
						try {
							resolve({
								status: res.statusCode,
								body: JSON.parse(Buffer.concat(chunks).toString()),
							});
						} catch (error) {
							reject(error);
						}
					});
				})
				.on('error', reject);
		});
	} finally {
		leave();
	}
}

/** Request sequence number of the sandbox (control API: not counted, not logged). */
async function requestSeq(/** @type {any} */ task) {
	const { body } = await getJson(`${task.sandboxUrl}/_control/state`, {});
	return Number(body.requestSeq);
}

/**
 * A change through the sandbox's control API (not counted, not logged).
 * @param {any} task @param {string} route @param {unknown} body
 */
async function control(task, route, body) {
	const res = await fetch(`${task.sandboxUrl}/_control/${route}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	if (!res.ok) throw new Error(`${route} failed: ${res.status} ${await res.text()}`);
}

/** The engine module, loaded only by the scenarios that run n8n (not by `raw` and `load`). */
const engine = () => require('./lib/engine');

/**
 * One poll of `trigger` (engine.js pollingTrigger): its items, the requests it sent and its time.
 * @param {any} task @param {ReturnType<import('./lib/engine')['pollingTrigger']>} trigger
 */
async function countedPoll(task, trigger) {
	const seq = await requestSeq(task);
	const t = performance.now();
	const items = await trigger.items();
	return { items, requests: (await requestSeq(task)) - seq, ms: performance.now() - t };
}

/** @param {any} task */
async function main(task) {
	const credentials = { baseUrl: task.sandboxUrl, apiKey: task.apiKey };
	/** The trigger of the measured build with these parameters (its modules loaded now, before any measurement). */
	const trigger = (/** @type {Record<string, unknown>} */ parameters, floorMaxItems = undefined) =>
		engine().pollingTrigger(task.pkgRoot, { parameters, credentials, floorMaxItems });

	switch (task.scenario) {
		case 'raw': {
			// The floor: plain Node paging through the same list and parsing every page.
			const r = await measure(async () => {
				let cursor;
				let items = 0;
				let pages = 0;
				/** @type {unknown[]} */
				const kept = [];
				for (;;) {
					const qs = new URLSearchParams({ limit: '50', ...(cursor && { cursor }) });
					const { body } = await getJson(`${task.sandboxUrl}/v1/candidates?${qs}`, {
						'x-api-key': task.apiKey,
					});
					pages++;
					items += body.items.length;
					// retain: keep every record, as an n8n node must (its output is one array).
					if (task.retain) for (const item of body.items) kept.push({ json: item });
					if (!body.pageInfo.hasNextPage) break;
					cursor = body.pageInfo.nextCursor;
				}
				return { items, pages };
			});
			return { ...r, items: r.value.items, pages: r.value.pages, value: undefined };
		}

		case 'getAll': {
			const { loadClasses, runRecruiting } = engine();
			loadClasses(task.pkgRoot); // module loading stays outside the measured part
			const r = await measure(() =>
				runRecruiting(task.pkgRoot, {
					parameters: { resource: 'candidate', operation: 'getAll', returnAll: true, filters: {} },
					credentials,
					floor: task.floor === true,
				}),
			);
			const { items, error } = r.value;
			return {
				...r,
				value: undefined,
				items: items.length,
				error: error ? String(error.message ?? error) : undefined,
				sample: items.length ? Object.keys(items[0].json).length : 0,
			};
		}

		case 'trigger': {
			// Start = Everything, one poll that may emit everything (Max Items per Poll = all).
			const harness = trigger({
				resource: 'candidate',
				event: 'createdOrUpdated',
				start: 'everything',
				options: { maxItemsPerPoll: task.maxItemsPerPoll },
			});
			const r = await measure(() => harness.items());
			return { ...r, value: undefined, items: r.value.length };
		}

		case 'backlog': {
			// Max Items per Poll = task.maxItemsPerPoll until a poll emits nothing.
			// mode 'seeded': every seeded candidate is the backlog (Start = Everything);
			// mode 'bulk': From Now, then `task.touch` candidates get ONE modifiedAt (a bulk update).
			const harness = trigger(
				{
					resource: 'candidate',
					event: 'createdOrUpdated',
					start: task.mode === 'bulk' ? 'now' : 'everything',
					options: { maxItemsPerPoll: task.maxItemsPerPoll },
				},
				// floor: the same drain through n8n's HTTP helper alone (engine.js, httpFloorTrigger).
				task.floor ? task.maxItemsPerPoll : undefined,
			);
			// Bulk mode polls on n8n's "Every Minute": the trigger's clock moves a minute per poll
			// (the trigger resumes from its stored candidate cursor only once the times before it
			// are 5 minutes old, so back-to-back polls would measure a schedule nobody runs).
			const realNow = Date.now;
			let minutes = 0;
			const nextMinute = () => {
				if (task.mode === 'bulk') minutes++;
			};
			if (task.mode === 'bulk') Date.now = () => realNow() + minutes * 60_000;
			if (task.mode === 'bulk') {
				await harness.items(); // learns where "now" is; emits nothing
				nextMinute();
				await control(task, 'candidates/touch', {
					count: task.touch,
					modifiedAt: new Date(Date.now() - 1000).toISOString(),
				});
			}
			const seq0 = await requestSeq(task);
			const deadline = realNow() + (task.timeoutMs ?? 600_000);
			let polls = 0;
			let emitted = 0;
			let maxPollItems = 0;
			let maxPollMs = 0;
			/** Emitted ids, as numbers (cand-0001234 → 1234) so the check itself stays small. */
			const ids = new Set();
			let liveHeapMb = 0;
			let timedOut = false;
			const r = await measure(async () => {
				for (;;) {
					const t = realNow();
					const items = await harness.items();
					maxPollMs = Math.max(maxPollMs, realNow() - t);
					nextMinute();
					polls++;
					if (items.length === 0) break;
					emitted += items.length;
					maxPollItems = Math.max(maxPollItems, items.length);
					for (const item of items) ids.add(Number(String(item.json.id).replace(/\D/g, '')));
					if (task.gcEachPoll && global.gc) {
						// Diagnostic: what the trigger really keeps between polls (its live set).
						global.gc();
						liveHeapMb = Math.max(liveHeapMb, process.memoryUsage().heapUsed / 2 ** 20);
					}
					if (realNow() > deadline) {
						timedOut = true;
						break;
					}
				}
			});
			const requests = (await requestSeq(task)) - seq0;
			// And once drained: what a poll costs while nothing changes any more.
			/** @type {number[]} */
			const idleRequests = [];
			for (let i = 0; i < 2 && !timedOut; i++) {
				idleRequests.push((await countedPoll(task, harness)).requests);
				nextMinute();
			}
			Date.now = realNow;
			return {
				idleRequests,
				liveHeapMb: task.gcEachPoll ? Math.round(liveHeapMb) : undefined,
				...r,
				value: undefined,
				polls,
				emitted,
				distinct: ids.size,
				maxPollItems,
				maxPollMs,
				requests,
				timedOut,
				stateBytes: harness.saved?.length ?? 0,
			};
		}

		case 'applications': {
			// The application trigger against `jobs` × `perJob` applications (the sandbox).
			const headers = { 'x-api-key': task.apiKey };
			const events = [
				'newApplication',
				'stageChanged',
				'stateChanged',
				'placed',
				'interviewScheduled',
				'removed',
			];
			const applicationTrigger = (/** @type {string} */ start) =>
				trigger({
					resource: 'application',
					events,
					start,
					options: { jobsPerPoll: task.jobsPerPoll, maxItemsPerPoll: task.maxItems },
				});
			const counted = (/** @type {any} */ harness) => countedPoll(task, harness);
			const r = await measure(async () => {
				const { body: listed } = await getJson(`${task.sandboxUrl}/_control/vacancies`, {});
				const jobIds = listed.map((/** @type {any} */ job) => job.id).sort();
				// From Now: the first polls take every job in, Jobs per Poll a poll; then idle polls.
				const now = applicationTrigger('now');
				const takeIn = { polls: 0, most: 0, requests: 0, ms: 0 };
				for (let i = 0; i < Math.ceil(jobIds.length / task.jobsPerPoll); i++) {
					const { requests, ms } = await counted(now);
					takeIn.polls++;
					takeIn.most = Math.max(takeIn.most, requests);
					takeIn.requests += requests;
					takeIn.ms += ms;
				}
				/** @type {number[]} */
				const idle = [];
				for (let i = 0; i < 3; i++) idle.push((await counted(now)).requests);
				// Staleness: one application moved before each poll, in jobs spread over the list.
				/** @type {Map<string, number>} */
				const movedAt = new Map();
				/** @type {number[]} */
				const delays = [];
				let duplicates = 0;
				let poll = 0;
				const seen = new Set();
				const take = (/** @type {any[]} */ items) => {
					for (const item of items) {
						const id = String(item.json.applicationId);
						if (seen.has(id)) duplicates++;
						seen.add(id);
						const at = movedAt.get(id);
						if (at !== undefined) delays.push(poll - at);
					}
				};
				for (let i = 0; i < task.moves; i++) {
					const jobId = jobIds[(i * 37) % jobIds.length];
					const { body } = await getJson(
						`${task.sandboxUrl}/v1/applications/vacancy/${jobId}`,
						headers,
					);
					const application = body.applications[i % body.applications.length];
					// Always another stage than its own: a move to where it is changes nothing.
					const stageId =
						application.stage.id === 'astage-presented' ? 'astage-interview' : 'astage-presented';
					await control(task, `applications/${application.id}/move`, { stageId });
					movedAt.set(String(application.id), poll);
					take((await counted(now)).items);
					poll++;
				}
				for (let i = 0; i < Math.ceil(jobIds.length / task.jobsPerPoll) + 1; i++) {
					take((await counted(now)).items);
					poll++;
				}
				delays.sort((a, b) => a - b);
				const stateBytes = JSON.stringify(now.staticData()).length;
				// A backlog: Start = Everything drains every application, Max Items per Poll a poll.
				const everything = applicationTrigger('everything');
				const ids = new Set();
				let emitted = 0;
				let polls = 0;
				let requests = 0;
				const t = performance.now();
				for (let guard = 0; guard < 1000; guard++) {
					const { items, requests: n } = await counted(everything);
					polls++;
					requests += n;
					if (items.length === 0 && ids.size > 0) break;
					emitted += items.length;
					for (const item of items) ids.add(String(item.json.applicationId));
				}
				return {
					takeIn: { ...takeIn, ms: Math.round(takeIn.ms) },
					idle,
					staleness: {
						moves: task.moves,
						emitted: delays.length,
						duplicates,
						worst: delays.length ? delays[delays.length - 1] + 1 : NaN,
						median: delays.length ? delays[Math.floor(delays.length / 2)] + 1 : NaN,
					},
					state: { bytes: stateBytes },
					backlog: {
						emitted,
						distinct: ids.size,
						polls,
						requests,
						ms: Math.round(performance.now() - t),
					},
				};
			});
			return { ...r, ...r.value, value: undefined };
		}

		case 'idle': {
			// Requests per poll once nothing changes: sync to the end, then poll again.
			/** @type {Record<string, any>} */
			const out = {};
			for (const resource of ['candidate', 'job']) {
				for (const start of ['everything', 'now']) {
					const harness = trigger({ resource, event: 'createdOrUpdated', start, options: {} });
					let guard = 0;
					while ((await harness.items()).length > 0 && guard++ < 1000);
					/** @type {number[]} */
					const perPoll = [];
					for (let i = 0; i < task.polls; i++) {
						const { items, requests } = await countedPoll(task, harness);
						perPoll.push(requests);
						if (items.length)
							throw new Error(`idle ${resource} poll emitted ${items.length} items`);
					}
					out[`${resource}:${start}`] = perPoll;
				}
			}
			return { perPoll: out };
		}

		case 'load': {
			// n8n has n8n-workflow loaded before it loads a community package.
			require('n8n-workflow');
			const dist = path.join(task.pkgRoot, 'dist');
			const t0 = process.hrtime.bigint();
			const { Recruiting } = require(path.join(dist, 'nodes/Recruiting/Recruiting.node.js'));
			const { RecruitingTrigger } = require(
				path.join(dist, 'nodes/RecruitingTrigger/RecruitingTrigger.node.js'),
			);
			const { RecruitingApi } = require(
				path.join(dist, 'credentials/RecruitingApi.credentials.js'),
			);
			const loadMs = Number(process.hrtime.bigint() - t0) / 1e6;
			const t1 = process.hrtime.bigint();
			const described = [new Recruiting(), new RecruitingTrigger(), new RecruitingApi()].map(
				(instance) => JSON.stringify(instance.description ?? instance.properties).length,
			);
			const constructMs = Number(process.hrtime.bigint() - t1) / 1e6;
			return {
				loadMs: Math.round(loadMs * 10) / 10,
				constructMs: Math.round(constructMs * 10) / 10,
				described,
			};
		}

		default:
			throw new Error(`unknown scenario ${task.scenario}`);
	}
}

const task = JSON.parse(process.argv[2] ?? '{}');
instrumentAxios();
main(task).then(
	(result) => {
		process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
		process.exit(0);
	},
	(error) => {
		process.stdout.write(`RESULT ${JSON.stringify({ failed: String(error?.stack ?? error) })}\n`);
		process.exit(1);
	},
);
