/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code: runs under jest, never ships in the package */
import nock from 'nock';
import type { INodeType } from 'n8n-workflow';

import { RecruitingApi } from '../../credentials/RecruitingApi.credentials';
import { API, API_KEY, runRecruiting } from '../helpers/engine';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

const credential = new RecruitingApi();

/**
 * n8n tests a credential by running its `test.request` through RoutingNode as the request
 * defaults of a stand-in node, with HTTP errors ignored, then matching `test.rules`.
 */
function credentialTestNode(): INodeType {
	return {
		description: {
			displayName: 'Credential test',
			name: 'credentialTest',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: { name: 'Credential test' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: 'recruitingApi', required: true }],
			requestDefaults: { ...credential.test.request, ignoreHttpStatusErrors: true, returnFullResponse: true },
			properties: [],
		},
	} as unknown as INodeType;
}

test.each(['http://api.test', 'http://api.test/', 'http://api.test/v1', 'http://api.test/V1/ '])(
	'the test request for a Base URL of "%s" asks /v1/vacancies?limit=1 with the key',
	async (baseUrl) => {
		const scope = nock(API, { reqheaders: { 'x-api-key': API_KEY } })
			.get('/v1/vacancies')
			.query({ limit: 1 })
			.reply(200, { items: [], pageInfo: { nextCursor: '', hasNextPage: false } });
		const result = await runRecruiting({ nodeType: credentialTestNode(), credentials: { baseUrl, apiKey: API_KEY }, parameters: {} });
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	},
);

test('rules turn a wrong key or a wrong URL into a plain sentence', () => {
	const messages = Object.fromEntries(
		(credential.test.rules ?? []).map((rule) => [String(rule.properties.value), rule.properties.message]),
	);
	expect(messages['401']).toMatch(/API key was not accepted/);
	expect(messages['404']).toMatch(/No Recruiting API at this Base URL/);
});
