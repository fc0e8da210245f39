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
 * Follow a list endpoint's cursor until hasNextPage is false (or maxPages).
 * @param {{ url: string, apiKey: string }} sandbox
 * @param {string} path e.g. '/v1/candidates'
 * @param {Record<string, string>} [query]
 * @param {number} [maxPages]
 */
async function walk(sandbox, path, query = {}, maxPages = 1000) {
	/** @type {any[][]} */
	const pages = [];
	/** @type {string | undefined} */
	let cursor;
	for (let i = 0; i < maxPages; i++) {
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

module.exports = { call, get, walk, keys };
