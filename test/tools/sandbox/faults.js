// @ts-check
'use strict';

/**
 * Fault injection for the API and public endpoints (never /_control/).
 *
 * Random faults are drawn from a seeded PRNG: every in-scope request draws
 * exactly three numbers (fault kind, status choice, latency), so a given
 * seed and request sequence always produce the same faults.
 * Queued faults (`enqueue`) hit the next matching requests first, for tests
 * that need one precise failure.
 *
 * Kinds:
 * - 'drop'      the socket is destroyed without any response
 * - 'error'     a JSON 5xx (status from `errorStatuses`)
 * - 'rateLimit' a 429 with Retry-After, as if the limit were reached
 * - 'html'      a 5xx with an HTML error page (as a proxy would send)
 * - 'truncate'  the real response, but its body cut in half (invalid JSON);
 *               the request has been processed (writes are applied)
 * Faults other than 'truncate' happen before the request is processed, so
 * a failed write changes nothing.
 *
 * @typedef {'drop' | 'error' | 'rateLimit' | 'html' | 'truncate'} FaultKind
 *
 * @typedef {object} FaultConfig
 * @property {number} [seed] default 1
 * @property {number} [errorRate] probability of a JSON 5xx (0..1)
 * @property {number[]} [errorStatuses] default [500, 502, 503, 504]
 * @property {number} [rateLimitRate] probability of a 429
 * @property {number} [retryAfterSeconds] Retry-After of injected 429s, default 1
 * @property {number} [dropRate] probability of a dropped connection
 * @property {number} [htmlRate] probability of an HTML 5xx page
 * @property {number} [truncateRate] probability of a truncated JSON body
 * @property {number | [number, number]} [latencyMs] fixed delay or [min, max] range, default 0
 * @property {'all' | 'api' | 'public'} [scope] which endpoints, default 'all'
 *
 * @typedef {object} QueuedFault
 * @property {FaultKind | 'latency'} kind
 * @property {number} [status] for 'error' / 'html'
 * @property {number} [retryAfterSeconds] for 'rateLimit'
 * @property {number} [latencyMs] delay before the (otherwise normal or faulted) response
 * @property {string} [match] only requests whose path contains this string
 * @property {number} [count] how many requests it hits, default 1
 *
 * @typedef {{ kind: FaultKind | null, status: number, retryAfterSeconds: number, latencyMs: number }} FaultDecision
 */

const { mulberry32 } = require('./prng');

const KINDS = /** @type {const} */ (['drop', 'error', 'rateLimit', 'html', 'truncate']);
const RATE_KEYS = /** @type {const} */ ([
	'dropRate',
	'errorRate',
	'rateLimitRate',
	'htmlRate',
	'truncateRate',
]);

/** @returns {Required<FaultConfig>} */
const defaults = () => ({
	seed: 1,
	errorRate: 0,
	errorStatuses: [500, 502, 503, 504],
	rateLimitRate: 0,
	retryAfterSeconds: 1,
	dropRate: 0,
	htmlRate: 0,
	truncateRate: 0,
	latencyMs: 0,
	scope: 'all',
});

class FaultInjector {
	/** @param {FaultConfig} [config] */
	constructor(config) {
		/** @type {Required<QueuedFault>[]} */
		this.queue = [];
		/** @type {Record<FaultKind, number>} */
		this.stats = { drop: 0, error: 0, rateLimit: 0, html: 0, truncate: 0 };
		this.config = defaults();
		this.random = mulberry32(1);
		this.configure(config);
	}

	/**
	 * Replace the random-fault configuration and restart its PRNG; queued
	 * faults and stats are kept.
	 * @param {FaultConfig} [config]
	 */
	configure(config = {}) {
		const next = { ...defaults(), ...config };
		let total = 0;
		for (const key of RATE_KEYS) {
			const rate = next[key];
			if (typeof rate !== 'number' || rate < 0 || rate > 1)
				throw new RangeError(`faults.${key} must be a number between 0 and 1`);
			total += rate;
		}
		if (total > 1) throw new RangeError('the fault rates add up to more than 1');
		if (
			!Array.isArray(next.errorStatuses) ||
			next.errorStatuses.length === 0 ||
			next.errorStatuses.some((s) => !Number.isInteger(s) || s < 500 || s > 599)
		) {
			throw new RangeError('faults.errorStatuses must be a non-empty list of 5xx codes');
		}
		const latency = next.latencyMs;
		const latencyOk = Array.isArray(latency)
			? latency.length === 2 && latency[0] >= 0 && latency[1] >= latency[0]
			: Number.isFinite(latency) && latency >= 0;
		if (!latencyOk)
			throw new RangeError('faults.latencyMs must be a number >= 0 or a [min, max] range');
		if (!['all', 'api', 'public'].includes(next.scope))
			throw new RangeError("faults.scope must be 'all', 'api' or 'public'");
		this.config = next;
		this.random = mulberry32(next.seed);
	}

	/** No faults at all: clears the configuration, the queue and the stats. */
	clear() {
		this.queue = [];
		this.stats = { drop: 0, error: 0, rateLimit: 0, html: 0, truncate: 0 };
		this.configure({});
	}

	/**
	 * Queue a fault for the next matching request(s).
	 * @param {QueuedFault} fault
	 */
	enqueue(fault) {
		const kind = fault.kind;
		if (kind !== 'latency' && !KINDS.includes(kind))
			throw new RangeError(`unknown fault kind ${String(kind)}`);
		const count = fault.count ?? 1;
		if (!Number.isInteger(count) || count < 1)
			throw new RangeError('count must be an integer >= 1');
		this.queue.push({
			kind,
			status: fault.status ?? (kind === 'html' ? 502 : 503),
			retryAfterSeconds: fault.retryAfterSeconds ?? this.config.retryAfterSeconds,
			latencyMs: fault.latencyMs ?? 0,
			match: fault.match ?? '',
			count,
		});
	}

	/**
	 * Decide what happens to a request.
	 * @param {'api' | 'public'} surface
	 * @param {string} path
	 * @returns {FaultDecision}
	 */
	decide(surface, path) {
		const queued = this.queue.find((f) => path.includes(f.match));
		if (queued) {
			if (--queued.count === 0) this.queue.splice(this.queue.indexOf(queued), 1);
			const kind = queued.kind === 'latency' ? null : queued.kind;
			if (kind) this.stats[kind]++;
			return {
				kind,
				status: queued.status,
				retryAfterSeconds: queued.retryAfterSeconds,
				latencyMs: queued.latencyMs,
			};
		}
		const c = this.config;
		if (c.scope !== 'all' && c.scope !== surface)
			return { kind: null, status: 200, retryAfterSeconds: 0, latencyMs: 0 };
		const [u, statusDraw, latencyDraw] = [this.random(), this.random(), this.random()];
		/** @type {FaultKind | null} */
		let kind = null;
		let edge = 0;
		for (let i = 0; i < KINDS.length; i++) {
			edge += c[RATE_KEYS[i]];
			if (u < edge) {
				kind = KINDS[i];
				break;
			}
		}
		if (kind) this.stats[kind]++;
		const latency = c.latencyMs;
		return {
			kind,
			status: c.errorStatuses[Math.floor(statusDraw * c.errorStatuses.length)],
			retryAfterSeconds: c.retryAfterSeconds,
			latencyMs: Array.isArray(latency)
				? Math.round(latency[0] + latencyDraw * (latency[1] - latency[0]))
				: latency,
		};
	}

	toJSON() {
		return {
			config: this.config,
			queue: this.queue.map((f) => ({ ...f })),
			stats: { ...this.stats },
		};
	}
}

module.exports = { FaultInjector };
