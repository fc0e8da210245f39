import nock from 'nock';

import { API, API_KEY, jsonOf, runRecruiting } from '../helpers/engine';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

test('smoke: candidate get', async () => {
	const scope = nock(API, { reqheaders: { 'x-api-key': API_KEY } })
		.get('/v1/candidates/c1')
		.reply(200, { id: 'c1', name: { viewType: 'candidateName', firstName: 'Ada', lastName: 'L', avatarUrl: 'u' } });
	const result = await runRecruiting({
		parameters: { resource: 'candidate', operation: 'get', candidateId: { __rl: true, mode: 'id', value: 'c1' } },
	});
	console.log(JSON.stringify(result.error?.message), JSON.stringify(jsonOf(result)), JSON.stringify(result.items[0]?.pairedItem));
	expect(scope.isDone()).toBe(true);
});
