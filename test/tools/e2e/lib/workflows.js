// @ts-check
'use strict';
/**
 * Workflow JSON files under test/tools/e2e/workflows/ carry placeholders such as
 * __CRED_ID__ or __JOB_ID__ (n8n's own `{{ }}` is left alone); they are filled in
 * at run time with the credential ids, the sandbox URL and ids picked from the
 * sandbox's fixtures. An unknown placeholder is an error, not a silent blank.
 */
const fs = require('node:fs');
const path = require('node:path');
const { httpJson } = require('./util');

const DIR = path.join(__dirname, '..', 'workflows');
const PLACEHOLDER = /__([A-Z][A-Z0-9_]*[A-Z0-9])__/g;

/**
 * @param {unknown} value
 * @param {Record<string, string>} vars
 * @param {string} file
 * @returns {any}
 */
function fill(value, vars, file) {
	if (typeof value === 'string') {
		return value.replace(PLACEHOLDER, (whole, name) => {
			if (!(name in vars)) throw new Error(`${file}: no value for placeholder ${whole}`);
			return vars[name];
		});
	}
	if (Array.isArray(value)) return value.map((v) => fill(v, vars, file));
	if (value && typeof value === 'object') {
		return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, vars, file)]));
	}
	return value;
}

/**
 * Loads and fills workflow files.
 * @param {Record<string, string>} vars
 * @param {{ dir?: string, only?: string[] }} [opts] only: file names without .json
 * @returns {Record<string, any>} by file name (without .json)
 */
function loadWorkflows(vars, opts = {}) {
	const dir = opts.dir || DIR;
	/** @type {Record<string, any>} */
	const out = {};
	for (const file of fs
		.readdirSync(dir)
		.filter((f) => f.endsWith('.json'))
		.sort()) {
		const key = file.replace(/\.json$/, '');
		if (opts.only && !opts.only.includes(key)) continue;
		out[key] = fill(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')), vars, file);
	}
	return out;
}

/**
 * The placeholders of a Posting picked from the Posting list (the demo's Job Portal Apply, node
 * version 2 and later): the portal's first posting, and the name saved with it, which n8n shows
 * without asking the node (built here as the node's list search builds it; the editor leg opens
 * the real list in the browser and fails if the two differ).
 * @param {{ publicBaseUrl: string }} sandbox
 * @returns {Promise<{ POSTING_ID: string, POSTING_NAME: string }>}
 */
async function postingVars(sandbox) {
	const res = await httpJson('GET', `${sandbox.publicBaseUrl}/jobs`);
	const body = res.json;
	const posting =
		body && Array.isArray(body.publicJobBoardPostings) && body.publicJobBoardPostings[0];
	if (!posting) throw new Error(`the portal lists no posting (HTTP ${res.status})`);
	const place = [
		posting.location && posting.location.city,
		posting.location && posting.location.country,
	]
		.filter(Boolean)
		.join(', ');
	const published = String(posting.publishedAt || '').slice(0, 10);
	return {
		POSTING_ID: String(posting.id),
		POSTING_NAME: `${posting.externalJobTitle}${place ? ` (${place})` : ''}${published ? ` · published ${published}` : ''}`,
	};
}

module.exports = { loadWorkflows, postingVars, WORKFLOWS_DIR: DIR };
