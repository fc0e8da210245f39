// @ts-check
'use strict';
/**
 * The package's credential type and the credentials the legs of the e2e run import.
 */
const CREDENTIAL_TYPE = 'recruitingApi';

/**
 * The credentials the e2e run imports: a right one, one with a wrong key, one whose Base URL
 * ends in /v1/.
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
	};
}

module.exports = { CREDENTIAL_TYPE, credentialsFor };
