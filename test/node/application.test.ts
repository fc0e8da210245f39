import nock from 'nock';

import { API, API_KEY, jsonOf, runRecruiting } from '../helpers/engine';
import { applicationDetail, applicationListItem, vacancyDetail } from '../helpers/fixtures';

const locator = (value: string) => ({ __rl: true, mode: 'id', value });

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

function api() {
	return nock(API, { reqheaders: { 'x-api-key': API_KEY } });
}

describe('Application: Get', () => {
	test('returns the flattened application', async () => {
		const scope = api().get('/v1/applications/a1').reply(200, applicationDetail('a1'));
		const result = await runRecruiting({
			parameters: { resource: 'application', operation: 'get', applicationId: 'a1' },
		});
		expect(scope.isDone()).toBe(true);
		const [json] = jsonOf(result);
		expect(json).toMatchObject({
			id: 'a1',
			applicationState: 'for-review',
			owner: { name: 'Rita Recruiter' },
		});
		expect((json.vacancy as Record<string, unknown>).viewType).toBeUndefined();
	});

	test('Simplify off returns it untouched', async () => {
		const scope = api().get('/v1/applications/a1').reply(200, applicationDetail('a1'));
		const result = await runRecruiting({
			parameters: {
				resource: 'application',
				operation: 'get',
				applicationId: 'a1',
				simplify: false,
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(jsonOf(result)).toEqual([applicationDetail('a1')]);
	});

	test('an empty Application ID is refused before sending', async () => {
		const result = await runRecruiting({
			parameters: { resource: 'application', operation: 'get', applicationId: ' ' },
		});
		expect(result.error?.message).toBe('Application ID is required');
	});
});

describe('Application: Get Many for a Job', () => {
	const body = {
		vacancy: vacancyDetail('v1'),
		applications: [applicationListItem('a1'), applicationListItem('a2')],
	};

	test('one item per application, flattened', async () => {
		const scope = api().get('/v1/applications/vacancy/v1').reply(200, body);
		const result = await runRecruiting({
			parameters: { resource: 'application', operation: 'getAllForJob', jobId: locator('v1') },
		});
		expect(scope.isDone()).toBe(true);
		expect(jsonOf(result).map((a) => [a.id, a.applicationState, a.job])).toEqual([
			['a1', 'for-review', undefined],
			['a2', 'for-review', undefined],
		]);
		expect(result.items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(
			true,
		);
	});

	test('Limit keeps the first applications of the one response; Return All keeps them all', async () => {
		const scope = api().get('/v1/applications/vacancy/v1').times(2).reply(200, body);
		const parameters = { resource: 'application', operation: 'getAllForJob', jobId: locator('v1') };
		const limited = await runRecruiting({ parameters: { ...parameters, limit: 1 } });
		const all = await runRecruiting({ parameters: { ...parameters, returnAll: true, limit: 1 } });
		expect(scope.isDone()).toBe(true);
		expect(jsonOf(limited).map((a) => a.id)).toEqual(['a1']);
		expect(jsonOf(all).map((a) => a.id)).toEqual(['a1', 'a2']);
	});

	test('Include Job adds the job to each application', async () => {
		const scope = api().get('/v1/applications/vacancy/v1').reply(200, body);
		const result = await runRecruiting({
			parameters: {
				resource: 'application',
				operation: 'getAllForJob',
				jobId: locator('v1'),
				options: { includeJob: true },
			},
		});
		expect(scope.isDone()).toBe(true);
		const job = jsonOf(result)[0].job as Record<string, unknown>;
		expect(job).toMatchObject({
			id: 'v1',
			name: 'Backend Engineer',
			dealValue: { currency: 'EUR', amount: 15000 },
		});
	});

	test('Simplify off with Include Job keeps both raw', async () => {
		const scope = api().get('/v1/applications/vacancy/v1').reply(200, body);
		const result = await runRecruiting({
			parameters: {
				resource: 'application',
				operation: 'getAllForJob',
				jobId: locator('v1'),
				options: { includeJob: true },
				simplify: false,
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(jsonOf(result)[1]).toEqual({ ...applicationListItem('a2'), job: vacancyDetail('v1') });
	});

	test('a response without the applications list is a clear error', async () => {
		const scope = api()
			.get('/v1/applications/vacancy/v1')
			.reply(200, { vacancy: vacancyDetail('v1') });
		const result = await runRecruiting({
			parameters: { resource: 'application', operation: 'getAllForJob', jobId: locator('v1') },
		});
		expect(scope.isDone()).toBe(true);
		expect(result.error?.message).toMatch(/not an object with a "applications" list/);
	});
});

describe('Application: Create', () => {
	test('sends the full body and returns the new id', async () => {
		const scope = api()
			.post('/v1/applications', {
				vacancyId: 'v1',
				candidateId: 'c1',
				stageId: 's1',
				statusId: 'st1',
				clientId: 'co1',
				teamUserIds: ['u1', 'u2'],
				clientTeamContactIds: ['cc1'],
				position: { previousId: 'a0', nextId: 'a2' },
			})
			.reply(200, { id: 'a9' });
		const result = await runRecruiting({
			parameters: {
				resource: 'application',
				operation: 'create',
				jobId: locator('v1'),
				candidateId: locator('c1'),
				stageId: 's1',
				statusId: 'st1',
				additionalFields: {
					clientId: 'co1',
					teamUserIds: 'u1,u2',
					clientTeamContactIds: 'cc1',
					position: { values: { previousId: 'a0', nextId: 'a2' } },
				},
			},
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		expect(jsonOf(result)).toEqual([{ id: 'a9' }]);
	});

	test('no job and no status send null: a speculative application', async () => {
		const scope = api()
			.post('/v1/applications', {
				vacancyId: null,
				candidateId: 'c1',
				stageId: 's1',
				statusId: null,
			})
			.reply(200, { id: 'a10' });
		const result = await runRecruiting({
			parameters: {
				resource: 'application',
				operation: 'create',
				jobId: locator(''),
				candidateId: locator('c1'),
				stageId: 's1',
			},
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	test('a stage that resolves to nothing names the field', async () => {
		const result = await runRecruiting({
			items: [{ stage: '' }],
			parameters: {
				resource: 'application',
				operation: 'create',
				jobId: locator('v1'),
				candidateId: locator('c1'),
				stageId: '={{ $json.stage }}',
			},
		});
		expect(result.error?.message).toMatch(/^Stage ID: is required/);
	});
});
