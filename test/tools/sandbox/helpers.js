// @ts-check
'use strict';

/**
 * Small HTTP helpers for the sandbox's own tests (real HTTP via fetch).
 */

/**
 * @typedef {object} CallOptions
 * @property {unknown} [body] sent as JSON
 * @property {string} [rawBody] sent as is
 * @property {Record<string, string>} [headers]
 * @property {string | null} [apiKey] null sends no x-api-key header; default the sandbox key
 */

/**
 * @typedef {object} CallResult
 * @property {number} status
 * @property {Headers} headers
 * @property {string} text
 * @property {any} json parsed body, undefined when empty or not JSON
 */

/**
 * @param {{ url: string, apiKey: string }} sandbox
 * @param {string} method
 * @param {string} path absolute path, e.g. '/v1/candidates?limit=5'
 * @param {CallOptions} [options]
 * @returns {Promise<CallResult>}
 */
async function call(sandbox, method, path, options = {}) {
	/** @type {Record<string, string>} */
	const headers = { ...options.headers };
	const apiKey = options.apiKey === undefined ? sandbox.apiKey : options.apiKey;
	if (apiKey !== null) headers['x-api-key'] = apiKey;
	let body;
	if (options.rawBody !== undefined) body = options.rawBody;
	else if (options.body !== undefined) {
		body = JSON.stringify(options.body);
		headers['content-type'] ??= 'application/json';
	}
	const res = await fetch(sandbox.url + path, { method, headers, body });
	const text = await res.text();
	let json;
	try {
		json = text === '' ? undefined : JSON.parse(text);
	} catch {
		json = undefined;
	}
	return { status: res.status, headers: res.headers, text, json };
}

/**
 * @param {{ url: string, apiKey: string }} sandbox
 * @param {string} path
 * @param {CallOptions} [options]
 */
const get = (sandbox, path, options) => call(sandbox, 'GET', path, options);

/**
 * Follow a list endpoint's cursor until hasNextPage is false (or 1,000 pages).
 * @param {{ url: string, apiKey: string }} sandbox
 * @param {string} path e.g. '/v1/candidates'
 * @param {Record<string, string>} [query]
 */
async function walk(sandbox, path, query = {}) {
	/** @type {any[][]} */
	const pages = [];
	/** @type {string | undefined} */
	let cursor;
	for (let i = 0; i < 1000; i++) {
		const params = new URLSearchParams(query);
		if (cursor !== undefined) params.set('cursor', cursor);
		const res = await get(sandbox, `${path}?${params}`);
		if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${res.text}`);
		pages.push(res.json.items);
		if (!res.json.pageInfo.hasNextPage) break;
		cursor = res.json.pageInfo.nextCursor;
	}
	return pages;
}

/**
 * @param {Record<string, unknown>} obj
 */
const keys = (obj) => Object.keys(obj).sort();

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Where `actual` has another shape than `expected`, a sample of the spec's shape: other keys
 * at any level, another viewType, another type of value, a time that is not ISO (where the
 * sample has one), a wrapper that is null. A null value is fine elsewhere, and every item of a
 * list is held to the sample's first.
 * @param {unknown} actual
 * @param {unknown} expected
 * @param {string} [path]
 * @returns {string[]}
 */
function shapeDifferences(actual, expected, path = '') {
	if (expected === null) return [];
	if (actual === null) {
		const wrapper = typeof expected === 'object' && 'viewType' in expected;
		return wrapper ? [`${path}: null`] : [];
	}
	if (Array.isArray(expected)) {
		if (!Array.isArray(actual)) return [`${path}: not a list`];
		return actual.flatMap((item, i) => shapeDifferences(item, expected[0], `${path}[${i}]`));
	}
	if (typeof expected !== 'object') {
		if (typeof actual !== typeof expected) return [`${path}: a ${typeof actual}`];
		const time = typeof expected === 'string' && ISO_TIME.test(expected);
		return time && !ISO_TIME.test(/** @type {string} */ (actual)) ? [`${path}: ${actual}`] : [];
	}
	if (typeof actual !== 'object' || Array.isArray(actual)) return [`${path}: not an object`];
	const record = /** @type {Record<string, unknown>} */ (actual);
	const sample = /** @type {Record<string, unknown>} */ (expected);
	if (keys(record).join() !== keys(sample).join()) return [`${path}: keys ${keys(record)}`];
	if (record.viewType !== sample.viewType) return [`${path}: viewType ${record.viewType}`];
	return Object.keys(sample).flatMap((key) =>
		shapeDifferences(record[key], sample[key], `${path}.${key}`),
	);
}

module.exports = { call, get, walk, keys, shapeDifferences, ISO_TIME };
