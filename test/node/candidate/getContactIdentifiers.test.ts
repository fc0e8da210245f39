import nock from 'nock';

import { API, API_KEY, jsonOf, runRecruiting } from '../../harness/engine';

const candidateId = (value: string) => ({ __rl: true, mode: 'id', value });

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

function api() {
	return nock(API, { reqheaders: { 'x-api-key': API_KEY } });
}

describe('Candidate: Get Contact Identifiers', () => {
	test('returns emails, phone numbers and the network URL as they are', async () => {
		const identifiers = {
			emails: [{ purpose: 'personal', email: 'ada@example.com', isPrimary: true }],
			phoneNumbers: [],
			networkUrl: null,
		};
		const scope = api().get('/v1/candidates/c%201/contact-identifiers').reply(200, identifiers);
		const result = await runRecruiting({
			parameters: {
				resource: 'candidate',
				operation: 'getContactIdentifiers',
				candidateId: candidateId('c 1'),
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(jsonOf(result)).toEqual([identifiers]);
	});
});
