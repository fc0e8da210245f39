// @ts-check
'use strict';

/**
 * @typedef {object} RequestLogEntry
 * @property {number} seq
 * @property {string} time wall-clock ISO time the request arrived
 * @property {string} method
 * @property {string} path pathname as sent (not decoded)
 * @property {Record<string, string | string[]>} query
 * @property {'api' | 'public' | 'unknown'} surface
 * @property {boolean} apiKeyPresent whether an x-api-key header was sent
 * @property {number} apiKeyIndex which of the sandbox's keys was sent (0 its apiKey, 1.. its
 *   apiKeys in order), so that clients on one sandbox can be told apart; -1 for none or a wrong one
 * @property {Record<string, string | string[] | undefined>} headers request headers, x-api-key redacted
 * @property {unknown} body parsed JSON body, the raw text when it is not JSON, or null
 * @property {number} status 0 while in flight or when the connection was dropped
 * @property {string | null} fault injected fault kind, if any
 * @property {string | null} error error code of an error answer, if any
 * @property {number} durationMs
 */

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
