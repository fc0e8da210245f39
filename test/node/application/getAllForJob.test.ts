import nock from 'nock';

import { API, API_KEY, jsonOf, runRecruiting } from '../../harness/engine';
import {
	applicationDetail,
	applicationListItem,
	SIMPLIFIED_A1,
	vacancyDetail,
} from '../../harness/fixtures';

const locator = (value: string) => ({ __rl: true, mode: 'id', value });

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

function api() {
	return nock(API, { reqheaders: { 'x-api-key': API_KEY } });
}

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

	test('a job without applications still yields its job when Include Job is on', async () => {
		const scope = api()
			.get('/v1/applications/vacancy/v1')
			.reply(200, { vacancy: vacancyDetail('v1'), applications: [] });
		const result = await runRecruiting({
			parameters: {
				resource: 'application',
				operation: 'getAllForJob',
				jobId: locator('v1'),
				options: { includeJob: true },
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(jsonOf(result)).toHaveLength(1);
		expect(jsonOf(result)[0].job).toMatchObject({
			id: 'v1',
			stageTotals: [{ type: 'sourcing', id: 's1', name: 'Sourcing', order: 1, total: 4 }],
			dealValue: { currency: 'EUR', amount: 15000 },
		});
	});

	test('Raw: the response as it came, the job with its applications', async () => {
		const scope = api().get('/v1/applications/vacancy/v1').reply(200, body);
		const result = await runRecruiting({
			parameters: {
				resource: 'application',
				operation: 'getAllForJob',
				jobId: locator('v1'),
				output: 'raw',
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(jsonOf(result)).toEqual([body]);
	});

	test('Simplified: each application as Application → Get gives it (its job from the response), with the job in short', async () => {
		const scope = api()
			.get('/v1/applications/vacancy/v1')
			.reply(200, body)
			.get('/v1/applications/a1')
			.reply(200, applicationDetail('a1'));
		const simplified = { output: 'simplified' };
		const [first] = jsonOf(
			await runRecruiting({
				parameters: {
					resource: 'application',
					operation: 'getAllForJob',
					jobId: locator('v1'),
					options: { includeJob: true },
					...simplified,
				},
			}),
		);
		const [got] = jsonOf(
			await runRecruiting({
				parameters: {
					resource: 'application',
					operation: 'get',
					applicationId: 'a1',
					...simplified,
				},
			}),
		);
		expect(scope.isDone()).toBe(true);
		const { job, ...application } = first;
		expect(application).toEqual(SIMPLIFIED_A1);
		expect(got).toEqual(SIMPLIFIED_A1);
		expect(job).toMatchObject({
			id: 'v1',
			name: 'Backend Engineer',
			stage: { id: 's1', name: 'Sourcing', order: 1 },
			client: 'Acme GmbH',
		});
	});
});
