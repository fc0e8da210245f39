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
 * The credentials the e2e run imports: a right one, one with a wrong key, one whose Base URL
 * ends in /v1/; and, each with a key of its own (a sandbox made with `apiKeys: EXTRA_KEYS`),
 * one for the application trigger's workflow and one for the demo's workflows.
 * @param {any} sandbox
 */
function credentialsFor(sandbox) {
	return {
		good: {
			id: 'rcE2eCredGood001',
			name: 'Recruiting sandbox (e2e)',
			type: CREDENTIAL_TYPE,
			data: { baseUrl: sandbox.url, apiKey: sandbox.apiKey },
		},
		bad: {
			id: 'rcE2eCredBadKey1',
			name: 'Recruiting sandbox, wrong key (e2e)',
			type: CREDENTIAL_TYPE,
			data: { baseUrl: sandbox.url, apiKey: 'not-the-sandbox-key' },
		},
		v1: {
			id: 'rcE2eCredV1Slsh1',
			name: 'Recruiting sandbox, base URL with /v1/ (e2e)',
			type: CREDENTIAL_TYPE,
			data: { baseUrl: `${sandbox.url}/v1/`, apiKey: sandbox.apiKey },
		},
		applications: {
			id: 'rcE2eCredApps001',
			name: 'Recruiting sandbox, application trigger (e2e)',
			type: CREDENTIAL_TYPE,
			data: { baseUrl: sandbox.url, apiKey: EXTRA_KEYS[KEY_INDEX.applications - 1] },
		},
		demo: {
			id: 'rcE2eCredDemo001',
			name: 'Recruiting sandbox, the demo (e2e)',
			type: CREDENTIAL_TYPE,
			data: { baseUrl: sandbox.url, apiKey: EXTRA_KEYS[KEY_INDEX.demo - 1] },
		},
	};
}

/**
 * The sandbox the workflows run against (credentialsFor's keys), on a free port: more than one
 * page (50) of jobs, and the real clock, which n8n's trigger compares with.
 */
async function workflowSandbox() {
	return await createSandbox({
		host: '127.0.0.1',
		port: 0,
		apiKey: 'sandbox-key',
		apiKeys: [...EXTRA_KEYS],
		tenantSlug: 'acme',
		seed: 7,
		vacancies: 60,
		candidates: 200,
		clock: { mode: 'real' },
	});
}

module.exports = { CREDENTIAL_TYPE, EXTRA_KEYS, KEY_INDEX, credentialsFor, workflowSandbox };
