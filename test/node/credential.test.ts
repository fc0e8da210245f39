import nock from 'nock';
import { ExecuteContext, RoutingNode } from 'n8n-core';
import { NodeHelpers } from 'n8n-workflow';
import type {
	INodeExecutionData,
	INodeProperties,
	INodeType,
	IRunExecutionData,
} from 'n8n-workflow';

import { RecruitingApi } from '../../credentials/RecruitingApi.credentials';
import { api, API, API_KEY, offline, setup } from '../harness/engine';

offline();

const credential = new RecruitingApi();

/** The stand-in node n8n's CredentialsTester builds: one property routed to `test.request`. */
function credentialTestNode(): INodeType {
	return {
		description: {
			displayName: 'Temp',
			name: 'temp',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: { name: 'Temp' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: 'recruitingApi', required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					default: '',
					routing: { request: credential.test.request },
				},
			],
		},
	} as unknown as INodeType;
}

/** lodash's get for a dotted path, as the tester uses it. */
function get(value: unknown, path: string): unknown {
	return path
		.split('.')
		.reduce<unknown>(
			(at, key) =>
				typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined,
			value,
		);
}

/**
 * What the user sees after Test, decided as n8n's CredentialsTester (1.x and 2.x alike) decides it: the
 * stand-in node run by RoutingNode with the decrypted credential, then the rules.
 */
async function testCredential(
	baseUrl: string,
): Promise<{ status: 'OK' | 'Error'; message: string }> {
	const nodeType = credentialTestNode();
	const credentials = { baseUrl, apiKey: API_KEY };
	const { workflow, node, additionalData } = setup({
		nodeType,
		credentials,
		parameters: { temp: '' },
	});
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData,
		'internal',
		{ resultData: { runData: {} } } as IRunExecutionData,
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node, data: {}, source: null },
		[],
	);
	const rules = credential.test.rules ?? [];
	let response: INodeExecutionData[][] | undefined;
	try {
		response = await new RoutingNode(context, nodeType, {
			id: '1',
			name: 'c',
			type: 'recruitingApi',
			data: credentials,
		}).runNode();
	} catch (caught) {
		const error = caught as {
			cause?: { response?: { status?: number; statusText?: string }; code?: string };
			message: string;
		};
		const status = error.cause?.response?.status;
		if (status !== undefined) {
			const rule = rules.find((r) => r.type === 'responseCode' && r.properties.value === status);
			if (rule) return { status: 'Error', message: rule.properties.message };
			if (status < 199 || status > 299)
				return {
					status: 'Error',
					message: error.cause?.response?.statusText || `Received HTTP status code: ${status}`,
				};
		} else if (error.cause?.code) {
			return { status: 'Error', message: error.cause.code };
		}
		return { status: 'Error', message: error.message };
	}
	for (const rule of rules) {
		if (
			rule.type === 'responseSuccessBody' &&
			get(response?.[0]?.[0]?.json, rule.properties.key) === rule.properties.value
		) {
			return { status: 'Error', message: rule.properties.message };
		}
	}
	return { status: 'OK', message: 'Connection tested successfully' };
}

const emptyPage = { items: [], pageInfo: { nextCursor: '', hasNextPage: false } };

test.each(['http://api.test', 'http://api.test/', 'http://api.test/v1', 'http://api.test/V1/ '])(
	'a Base URL of "%s": one job is asked from /v1/vacancies with the key, and the test passes',
	async (baseUrl) => {
		const scope = api().get('/v1/vacancies').query({ limit: 1 }).reply(200, emptyPage);
		expect(await testCredential(baseUrl)).toEqual({
			status: 'OK',
			message: 'Connection tested successfully',
		});
		expect(scope.isDone()).toBe(true);
	},
);

// n8n 2.x's error keeps the HTTP cause, so its tester reaches the credential's responseCode
// rules and shows their sentences (n8n 1.123 dropped the cause and showed its own generic
// sentence per status; the e2e run checks both majors).
test.each([
	// n8n asks twice on a 401 (its credentials helper may refresh a token in between)
	[
		401,
		{ error: 'unauthorized' },
		'The API key was not accepted: copy it again from Settings, API Keys',
	],
	[403, { error: 'forbidden' }, 'The API key is not allowed to read jobs: check its permissions'],
	[404, 'Not Found', 'No Recruiting API at this Base URL: check the address'],
	[
		200,
		'<html><body>Welcome to example.com</body></html>',
		'This address answers, but not like the Recruiting API: check the Base URL',
	],
	[200, { data: [] }, 'This address answers, but not like the Recruiting API: check the Base URL'],
])('HTTP %i tells the user what is wrong', async (status, body, message) => {
	const scope = nock(API)
		.get('/v1/vacancies')
		.query({ limit: 1 })
		.times(status === 401 ? 2 : 1)
		.reply(status, body);
	const outcome = await testCredential(API);
	expect(outcome).toEqual({ status: 'Error', message });
	expect(outcome.message).not.toContain(API_KEY);
	expect(scope.isDone()).toBe(true);
});

test.each([301, 302, 307, 308])(
	'a %i to another host fails the Test, and the key does not follow it',
	async (status) => {
		const scope = nock(API)
			.get('/v1/vacancies')
			.query({ limit: 1 })
			.reply(status, '', { Location: 'http://other.example/v1/vacancies?limit=1' });
		const other = nock('http://other.example')
			.get('/v1/vacancies')
			.query(true)
			.reply(200, emptyPage);
		const outcome = await testCredential(API);
		expect(outcome).toEqual({
			status: 'Error',
			message: `The Base URL redirects elsewhere (HTTP ${status}) and the API key is not sent after a redirect: enter the address the API redirects to`,
		});
		expect(scope.isDone()).toBe(true);
		expect(other.isDone()).toBe(false);
	},
);

describe('a Base URL with http: to another machine shows a notice in the credential', () => {
	const notice = credential.properties.find((property) => property.type === 'notice');
	const shown = (baseUrl: string) =>
		NodeHelpers.displayParameter({ baseUrl }, notice as INodeProperties, null, null);

	test.each([
		['http://api.example.com', true],
		['HTTP://api.example.com/v1', true],
		[' http://10.0.0.5:8080', true],
		['http://localhost.attacker.example', true],
		['http://127.0.0.1.attacker.example/v1', true],
		['https://api.example.com', false],
		['http://localhost:5680', false],
		['http://127.0.0.1/v1', false],
		['http://[::1]:8080/v1/', false],
		['', false],
	])('%s: shown %s', (baseUrl, expected) => {
		expect(notice?.displayName).toMatch(/travel unencrypted/);
		expect(shown(baseUrl)).toBe(expected);
	});
});
