import { api, byId, offline, operation, OPERATIONS, succeeds } from '../../harness/engine';
import { candidate, candidateDetail } from '../../harness/fixtures';

offline();

const get = operation(OPERATIONS.candidateGet);

describe('Candidate: Get', () => {
	test('returns the flattened candidate detail', async () => {
		const scope = api().get('/v1/candidates/c1').reply(200, candidateDetail('c1'));
		const result = await get({ candidateId: byId('c1') });
		const [json] = await succeeds(scope, result);
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
		const result = await get(
			{ candidateId: byId('={{ $json.id }}') },
			{ items: [{ id: 'c1' }, { id: 'c2' }] },
		);
		await succeeds(scope, result);
		expect(result.items.map((item) => [item.json.id, item.pairedItem])).toEqual([
			['c1', { item: 0 }],
			['c2', { item: 1 }],
		]);
	});
});

test('Candidate: Get Contact Identifiers returns emails, phone numbers and the network URL as they are', async () => {
	const identifiers = {
		emails: [{ purpose: 'personal', email: 'ada@example.com', isPrimary: true }],
		phoneNumbers: [],
		networkUrl: null,
	};
	const scope = api().get('/v1/candidates/c%201/contact-identifiers').reply(200, identifiers);
	const run = operation(OPERATIONS.contactIdentifiers);
	expect(await succeeds(scope, run({ candidateId: byId('c 1') }))).toEqual([identifiers]);
});
