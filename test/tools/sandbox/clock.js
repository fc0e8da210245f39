// @ts-check
'use strict';

const DEFAULT_START = '2026-01-01T00:00:00.000Z';

/** @import { ClockOptions } from './index' */

/**
 * The sandbox clock. Every write takes its modifiedAt from `tick()`, so tests
 * control exactly which records share a timestamp.
 *
 * Semantics: `tick()` returns the current time and then moves the clock
 * forward by `stepMs`. After `set(T)` the next write is stamped exactly T.
 */
class Clock {
	/** @param {ClockOptions} [options] */
	constructor(options = {}) {
		/** @type {'fixed' | 'real'} */
		this.mode = options.mode === 'real' ? 'real' : 'fixed';
		this.stepMs = options.stepMs ?? 1;
		// A negative step would stamp writes back in time: modifiedSince would miss them.
		if (!(this.stepMs >= 0)) throw new RangeError(`stepMs must be 0 or more, got ${this.stepMs}`);
		const start = options.start ?? (this.mode === 'real' ? Date.now() : DEFAULT_START);
		/** The time the seed data is anchored to (seeded records are older than this). */
		this.startMs = toMs(start);
		/** @type {number} last time handed out plus stepMs (the floor for the next tick) */
		this.currentMs = this.startMs;
		/** @type {number} wall-clock offset used in 'real' mode */
		this.offsetMs = this.startMs - Date.now();
	}

	/** Back to the start time. */
	reset() {
		this.currentMs = this.startMs;
		this.offsetMs = this.startMs - Date.now();
	}

	/**
	 * Current time in epoch ms without advancing.
	 * @returns {number}
	 */
	peek() {
		if (this.mode === 'real') return Math.max(this.currentMs, Date.now() + this.offsetMs);
		return this.currentMs;
	}

	/** Current time as an ISO string, without advancing. */
	iso() {
		return new Date(this.peek()).toISOString();
	}

	/** Timestamp for a write: returns now, then advances by stepMs. */
	tick() {
		const now = this.peek();
		this.currentMs = now + this.stepMs;
		return now;
	}

	/**
	 * Jump to an absolute time (may move backwards; tests sometimes need that).
	 * @param {string | number} time
	 */
	set(time) {
		this.currentMs = toMs(time);
		this.offsetMs = this.currentMs - Date.now();
	}

	/** @param {number} ms */
	advance(ms) {
		this.set(this.peek() + ms);
	}

	toJSON() {
		return {
			now: this.iso(),
			mode: this.mode,
			stepMs: this.stepMs,
			start: new Date(this.startMs).toISOString(),
		};
	}
}

/**
 * @param {string | number} time
 * @returns {number}
 */
function toMs(time) {
	const ms = typeof time === 'number' ? time : Date.parse(time);
	if (!Number.isFinite(ms)) throw new RangeError(`invalid time: ${String(time)}`);
	return ms;
}

module.exports = { Clock, toMs };
