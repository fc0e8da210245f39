// @ts-check
'use strict';

/**
 * Fault injection for the API and public endpoints (never /_control/).
 *
 * Faults are drawn from a seeded PRNG: every request draws exactly three numbers (fault kind,
 * status choice, latency), so a given seed and request sequence always produce the same faults.
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
 */

/** @import { FaultConfig, FaultKind } from './index' */
/** @typedef {{ kind: FaultKind | null, status: number, retryAfterSeconds: number, latencyMs: number }} FaultDecision */

const { mulberry32 } = require('./prng');

/** Each kind with the setting of its rate. */
const RATES = /** @type {const} */ ([
	['drop', 'dropRate'],
	['error', 'errorRate'],
	['rateLimit', 'rateLimitRate'],
	['html', 'htmlRate'],
	['truncate', 'truncateRate'],
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
});

class FaultInjector {
	/** @param {FaultConfig} [config] */
	constructor(config) {
		this.config = defaults();
		this.random = mulberry32(1);
		this.configure(config);
	}

	/**
	 * Replace the configuration (what it leaves out: none) and restart the PRNG.
	 * @param {FaultConfig} [config]
	 */
	configure(config = {}) {
		const next = { ...defaults(), ...config };
		let total = 0;
		for (const [, key] of RATES) {
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
		this.config = next;
		this.random = mulberry32(next.seed);
	}

	/**
	 * What happens to the next request.
	 * @returns {FaultDecision}
	 */
	decide() {
		const c = this.config;
		const [u, statusDraw, latencyDraw] = [this.random(), this.random(), this.random()];
		let edge = 0;
		const found = RATES.find(([, key]) => u < (edge += c[key]));
		const latency = c.latencyMs;
		return {
			kind: found ? found[0] : null,
			status: c.errorStatuses[Math.floor(statusDraw * c.errorStatuses.length)],
			retryAfterSeconds: c.retryAfterSeconds,
			latencyMs: Array.isArray(latency)
				? Math.round(latency[0] + latencyDraw * (latency[1] - latency[0]))
				: latency,
		};
	}
}

module.exports = { FaultInjector };
