// @ts-check
'use strict';

/**
 * Fixed-window rate limiting, as in the spec's Limits table: 1000 requests
 * per minute per API key (API-key endpoints) and 100 per minute per client IP
 * (public endpoints). Uses wall-clock time, not the sandbox clock: limits are
 * about request rate, not record timestamps.
 */

/** @import { RateLimitConfig } from './index' */

const DEFAULT_RATE_LIMIT = Object.freeze({
	apiPerWindow: 1000,
	publicPerWindow: 100,
	windowMs: 60_000,
});

class RateLimiter {
	/** @param {RateLimitConfig | false} [config] false disables limiting */
	constructor(config) {
		/** @type {Map<string, { start: number, count: number }>} */
		this.windows = new Map();
		/** @type {Required<RateLimitConfig> & { enabled: boolean }} */
		this.config = { ...DEFAULT_RATE_LIMIT, enabled: true };
		this.configure(config);
	}

	/**
	 * Replace the configuration (missing numbers fall back to the defaults)
	 * and forget all counters.
	 * @param {RateLimitConfig | false | undefined} config
	 */
	configure(config) {
		const merged = { ...DEFAULT_RATE_LIMIT, ...config };
		for (const [key, value] of Object.entries(merged)) {
			if (!Number.isInteger(value) || value < 1)
				throw new RangeError(`rateLimit.${key} must be an integer >= 1`);
		}
		this.config = { ...merged, enabled: config !== false };
		this.reset();
	}

	/** Forget all counters. */
	reset() {
		this.windows.clear();
	}

	/**
	 * Count one request; returns null when allowed, otherwise the number of
	 * seconds until the window resets (for Retry-After).
	 * @param {'api' | 'public'} bucket
	 * @param {string} key API key or client IP
	 * @returns {number | null}
	 */
	hit(bucket, key) {
		if (!this.config.enabled) return null;
		const limit = bucket === 'api' ? this.config.apiPerWindow : this.config.publicPerWindow;
		const now = Date.now();
		const id = `${bucket}:${key}`;
		let window = this.windows.get(id);
		if (!window || now - window.start >= this.config.windowMs) {
			window = { start: now, count: 0 };
			this.windows.set(id, window);
		}
		if (window.count >= limit)
			return Math.max(1, Math.ceil((window.start + this.config.windowMs - now) / 1000));
		window.count++;
		return null;
	}
}

module.exports = { RateLimiter };
