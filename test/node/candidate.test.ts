import nock from 'nock';

import { API, API_KEY, jsonOf, runRecruiting } from '../helpers/engine';
import { candidate, candidateDetail, page } from '../helpers/fixtures';

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

	test('Simplify off returns the API’s JSON untouched', async () => {
		const scope = api().get('/v1/candidates/c1').reply(200, candidateDetail('c1'));
		const result = await runRecruiting({
			parameters: {
				resource: 'candidate',
				operation: 'get',
				candidateId: candidateId('c1'),
				simplify: false,
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(jsonOf(result)).toEqual([candidateDetail('c1')]);
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

describe('Candidate: Get Many', () => {
	test('follows the opaque cursor exactly and keeps modifiedSince on every page', async () => {
		const since = '2026-01-01T00:00:00.000Z';
		const scope = api()
			.get('/v1/candidates')
			.query({ limit: 50, modifiedSince: since })
			.reply(200, page([candidate('c1'), candidate('c2')], 'Y3Vyc29yMQ==', true))
			.get('/v1/candidates')
			.query({ limit: 50, modifiedSince: since, cursor: 'Y3Vyc29yMQ==' })
			.reply(200, page([candidate('c3')], 'Y3Vyc29yMg==', true))
			.get('/v1/candidates')
			.query({ limit: 50, modifiedSince: since, cursor: 'Y3Vyc29yMg==' })
			.reply(200, page([], '', false));
		const result = await runRecruiting({
			parameters: {
				resource: 'candidate',
				operation: 'getAll',
				returnAll: true,
				filters: { modifiedSince: since },
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(jsonOf(result).map((c) => [c.id, c.firstName])).toEqual([
			['c1', 'Ada'],
			['c2', 'Ada'],
			['c3', 'Ada'],
		]);
	});

	test('a Modified Since picked in the date picker (no zone) is sent as ISO 8601', async () => {
		const scope = api()
			.get('/v1/candidates')
			.query(
				(query) =>
					query.limit === '5' &&
					typeof query.modifiedSince === 'string' &&
					/^\d{4}-\d\d-\d\dT.*Z$/.test(query.modifiedSince),
			)
			.reply(200, page([], '', false));
		const result = await runRecruiting({
			parameters: {
				resource: 'candidate',
				operation: 'getAll',
				limit: 5,
				filters: { modifiedSince: '2026-01-01T09:30:00' },
			},
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		expect(result.items).toEqual([]);
	});

	test('a date-picker time is read in the workflow’s time zone', async () => {
		const scope = api()
			.get('/v1/candidates')
			.query({ limit: 5, modifiedSince: '2026-07-01T07:30:00.000Z' })
			.reply(200, page([], '', false));
		const result = await runRecruiting({
			timezone: 'Europe/Berlin',
			parameters: {
				resource: 'candidate',
				operation: 'getAll',
				limit: 5,
				filters: { modifiedSince: '2026-07-01T09:30:00' },
			},
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	test('Simplify off keeps the wrappers', async () => {
		const scope = api()
			.get('/v1/candidates')
			.query({ limit: 1 })
			.reply(200, page([candidate('c1')], 'x', true));
		const result = await runRecruiting({
			parameters: { resource: 'candidate', operation: 'getAll', limit: 1, simplify: false },
		});
		expect(scope.isDone()).toBe(true);
		expect(jsonOf(result)).toEqual([candidate('c1')]);
	});

	test('an opaque cursor that comes back unchanged stops the run instead of looping', async () => {
		const scope = api()
			.get('/v1/candidates')
			.query({ limit: 50 })
			.reply(200, page([candidate('c1')], 'Y3Vy', true))
			.get('/v1/candidates')
			.query({ limit: 50, cursor: 'Y3Vy' })
			.reply(200, page([candidate('c1')], 'Y3Vy', true));
		const result = await runRecruiting({
			parameters: { resource: 'candidate', operation: 'getAll', returnAll: true },
		});
		expect(scope.isDone()).toBe(true);
		expect(result.error?.message).toBe(
			"The Recruiting API's candidate list sent a page cursor it had already sent; stopped rather than loop",
		);
	});

	test('a page that says more follow but has no cursor is an error', async () => {
		const scope = api()
			.get('/v1/candidates')
			.query(true)
			.reply(200, page([candidate('c1')], '', true));
		const result = await runRecruiting({
			parameters: { resource: 'candidate', operation: 'getAll', returnAll: true },
		});
		expect(scope.isDone()).toBe(true);
		expect(result.error?.message).toMatch(/said more candidates follow but gave no cursor/);
	});
});
