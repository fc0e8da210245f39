// @ts-check
'use strict';
/**
 * The package's credential type, the credentials the legs of the e2e run import, and the
 * sandbox API they are made for.
 */
const { createSandbox } = require('../../sandbox');

const CREDENTIAL_TYPE = 'recruitingApi';

/**
 * The sandbox's further keys, in the order its request log numbers them (`apiKeyIndex`: 0 is
 * its own key, the `good` credential's): one workflow or set of workflows per key, so the log
 * tells their requests apart where two triggers read the same paths.
 */
const EXTRA_KEYS = Object.freeze(['e2e-applications-key', 'e2e-demo-key']);
/** `apiKeyIndex` of each credential's key in the request log. */
const KEY_INDEX = Object.freeze({ good: 0, applications: 1, demo: 2 });

/**
 * What n8n's credential test (the Test button, the modal's save) shows for a credential with a
 * wrong key, a wrong path or nothing listening, by n8n major: 2.x keeps the HTTP status, so it
 * shows the credential's own sentences; 1.x lost it and shows n8n's generic ones (README quotes
 * both).
 */
const TEST_MESSAGES = Object.freeze({
	'wrong key': {
		2: 'The API key was not accepted: copy it again from Settings, API Keys',
		1: 'Authorization failed - please check your credentials',
	},
	'wrong path': {
		2: 'No Recruiting API at this Base URL: check the address',
		1: 'The resource you are requesting could not be found',
	},
	'nothing listening': {
		2: 'ECONNREFUSED',
		1: 'The service refused the connection - perhaps it is offline',
	},
});

/**
 * A credential for the sandbox at `url` with its key, as n8n imports it; `data` changes it.
 * @param {{ url: string, apiKey: string }} sandbox @param {string} id @param {string} name
 * @param {Record<string, string>} [data]
 */
const credential = (sandbox, id, name, data = {}) => ({
	id,
	name,
	type: CREDENTIAL_TYPE,
	data: { baseUrl: sandbox.url, apiKey: sandbox.apiKey, ...data },
});

/**
 * The credentials the e2e run imports: a right one, one with a wrong key, one whose Base URL
 * ends in /v1/; and, each with a key of its own (a sandbox made with `apiKeys: EXTRA_KEYS`),
 * one for the application trigger's workflow and one for the demo's workflows.
 * @param {any} sandbox
 */
function credentialsFor(sandbox) {
	const key = (/** @type {number} */ index) => ({ apiKey: EXTRA_KEYS[index - 1] });
	return {
		good: credential(sandbox, 'rcE2eCredGood001', 'Recruiting sandbox (e2e)'),
		bad: credential(sandbox, 'rcE2eCredBadKey1', 'Recruiting sandbox, wrong key (e2e)', {
			apiKey: 'not-the-sandbox-key',
		}),
		v1: credential(sandbox, 'rcE2eCredV1Slsh1', 'Recruiting sandbox, base URL with /v1/ (e2e)', {
			baseUrl: `${sandbox.url}/v1/`,
		}),
		applications: credential(
			sandbox,
			'rcE2eCredApps001',
			'Recruiting sandbox, application trigger (e2e)',
			key(KEY_INDEX.applications),
		),
		demo: credential(
			sandbox,
			'rcE2eCredDemo001',
			'Recruiting sandbox, the demo (e2e)',
			key(KEY_INDEX.demo),
		),
	};
}

/**
 * The sandbox the workflows run against (credentialsFor's keys), on a free loopback port: more
 * than one page (50) of jobs, and the real clock, which n8n's trigger compares with; `options`
 * changes it.
 * @param {Parameters<typeof createSandbox>[0]} [options]
 */
async function workflowSandbox(options = {}) {
	return await createSandbox({
		apiKeys: [...EXTRA_KEYS],
		seed: 7,
		vacancies: 60,
		clock: { mode: 'real' },
		...options,
	});
}

module.exports = {
	CREDENTIAL_TYPE,
	KEY_INDEX,
	TEST_MESSAGES,
	credential,
	credentialsFor,
	workflowSandbox,
};
