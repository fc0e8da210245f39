import nock from 'nock';

import { API, API_KEY, jsonOf, runRecruiting } from '../../harness/engine';
import { candidate, candidateDetail } from '../../harness/fixtures';

const candidateId = (value: string) => ({ __rl: true, mode: 'id', value });

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

function api() {
	return nock(API, { reqheaders: { 'x-api-key': API_KEY } });
}

describe('Candidate: Get', () => {
	test('returns the flattened candidate detail', async () => {
		const scope = api().get('/v1/candidates/c1').reply(200, candidateDetail('c1'));
		const result = await runRecruiting({
			parameters: { resource: 'candidate', operation: 'get', candidateId: candidateId('c1') },
		});
		expect(scope.isDone()).toBe(true);
		const [json] = jsonOf(result);
		expect(json).toMatchObject({
			id: 'c1',
			firstName: 'Ada',
			lastName: 'Lovelace',
			gender: 'female',
			hasClientContacts: true,
		});
		expect(json.name).toBeUndefined();
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});

	test('one request per input item, each output paired with its item', async () => {
		const scope = api()
			.get('/v1/candidates/c1')
			.reply(200, candidate('c1'))
			.get('/v1/candidates/c2')
			.reply(200, candidate('c2'));
		const result = await runRecruiting({
			items: [{ id: 'c1' }, { id: 'c2' }],
			parameters: {
				resource: 'candidate',
				operation: 'get',
				candidateId: candidateId('={{ $json.id }}'),
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(result.items.map((item) => [item.json.id, item.pairedItem])).toEqual([
			['c1', { item: 0 }],
			['c2', { item: 1 }],
		]);
	});
});
