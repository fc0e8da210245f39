// @ts-check
'use strict';

/** @import { RequestLogEntry } from './index' */

/**
 * Log of requests to the API and public endpoints (control requests are not
 * logged). Keeps the last `limit` entries so long soak runs stay small.
 */
class RequestLog {
	/** @param {number} [limit] */
	constructor(limit = 10_000) {
		this.limit = limit;
		/** @type {RequestLogEntry[]} */
		this.entries = [];
		this.seq = 0;
	}

	/**
	 * @param {Omit<RequestLogEntry, 'seq' | 'status' | 'fault' | 'error' | 'durationMs'>} fields
	 * @returns {RequestLogEntry}
	 */
	start(fields) {
		const entry = {
			seq: ++this.seq,
			...fields,
			status: 0,
			fault: null,
			error: null,
			durationMs: 0,
		};
		this.entries.push(entry);
		if (this.entries.length > this.limit) this.entries.splice(0, this.entries.length - this.limit);
		return entry;
	}

	/** @param {number} [seq] entries after this sequence number */
	since(seq = 0) {
		return this.entries.filter((e) => e.seq > seq);
	}

	clear() {
		this.entries = [];
	}
}

/**
 * @param {URLSearchParams} params
 * @returns {Record<string, string | string[]>}
 */
function queryObject(params) {
	/** @type {Record<string, string | string[]>} */
	const out = {};
	for (const [key, value] of params) {
		const prev = out[key];
		out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
	}
	return out;
}

module.exports = { RequestLog, queryObject };
