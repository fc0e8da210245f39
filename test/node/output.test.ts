/*
 * The node's Output (Simplified, Flattened, Raw, Selected Fields), and a write keeping the
 * API's reply apart from the node's own fields.
 */
import type { INodeParameters } from 'n8n-workflow';

import { flattenCandidate } from '../../nodes/shared/records/candidate';
import { api, failsAfter, offline, operation, OPERATIONS, succeeds } from '../harness/engine';
import { candidate, page, vacancyListItem } from '../harness/fixtures';

offline();

const get = operation(OPERATIONS.candidateGet);
const read = () => api().get('/v1/candidates/c1').reply(200, candidate('c1'));

async function candidateGet(parameters: INodeParameters) {
	return (await succeeds(read(), get(parameters)))[0];
}

describe('Output', () => {
	test('the default is Flattened (All Fields), what people read first', async () => {
		const json = await candidateGet({});
		expect(json).toEqual(flattenCandidate(candidate('c1')));
		expect(Object.keys(json).slice(0, 3)).toEqual(['id', 'firstName', 'lastName']);
	});

	test('Simplified is a short record of the useful fields of a candidate', async () => {
		expect(await candidateGet({ output: 'simplified' })).toEqual({
			id: 'c1',
			firstName: 'Ada',
			lastName: 'Lovelace',
			email: 'ada@example.com',
			phoneNumber: '+49 30 123',
			city: 'Berlin',
			country: 'Germany',
			status: ['actively_looking'],
			acquisitionSource: 'manual',
			createdAt: '2025-11-01T00:00:00.000Z',
			modifiedAt: '2026-01-05T10:00:00.000Z',
			lastActivityDate: '2026-01-04T00:00:00.000Z',
		});
	});

	test('Raw is the API’s JSON untouched', async () => {
		expect(await candidateGet({ output: 'raw' })).toEqual(candidate('c1'));
	});

	test('Selected Fields returns the id and the named flattened fields, in that order', async () => {
		const json = await candidateGet({
			output: 'selected',
			fieldsToInclude: 'lastName, emails, notAField',
		});
		expect(json).toEqual({
			id: 'c1',
			lastName: 'Lovelace',
			emails: [{ purpose: 'personal', email: 'ada@example.com', isPrimary: true }],
		});
		expect(Object.keys(json)).toEqual(['id', 'lastName', 'emails']);
	});

	test('Get Many for jobs, Simplified: each job in short', async () => {
		const scope = api()
			.get('/v1/vacancies')
			.query({ limit: 1 })
			.reply(200, page([vacancyListItem('v1')], 'c', true));
		const run = operation(OPERATIONS.jobGetAll);
		expect(await succeeds(scope, run({ limit: 1, output: 'simplified' }))).toEqual([
			{
				id: 'v1',
				name: 'Backend Engineer',
				stage: { id: 's1', name: 'Sourcing', order: 1 },
				client: 'Acme GmbH',
				employmentType: 'fullTime',
				locationType: 'hybrid',
				city: 'Berlin',
				country: 'Germany',
				startAt: '2026-03-01T00:00:00.000Z',
				endAt: null,
				createdAt: '2025-12-01T10:00:00.000Z',
			},
		]);
	});

	test('an Output the node does not have stops with its choices named (it was read as Flattened)', async () => {
		expect((await failsAfter(read(), get({ output: 'short' }))).message).toBe(
			'Output: "short" is not one of Flattened (All Fields), Raw, Selected Fields, Simplified',
		);
	});
});

describe('a write keeps the API’s reply apart from the node’s own fields', () => {
	const update = operation(OPERATIONS.jobUpdate);

	test('a reply with fields cannot pass for the node’s success and id', async () => {
		const scope = api().put('/v1/vacancies/v1').reply(200, { success: false, id: 'other' });
		expect(await succeeds(scope, update())).toEqual([
			{ success: true, id: 'v1', updated: true, response: { success: false, id: 'other' } },
		]);
	});

	test('an empty reply adds nothing', async () => {
		const scope = api().put('/v1/vacancies/v1').reply(200, '');
		expect(await succeeds(scope, update())).toEqual([{ success: true, id: 'v1', updated: true }]);
	});
});
