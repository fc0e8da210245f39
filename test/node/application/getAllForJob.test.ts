import {
	api,
	failsAfter,
	jsonOf,
	offline,
	operation,
	OPERATIONS,
	succeeds,
} from '../../harness/engine';
import {
	applicationDetail,
	applicationListItem,
	SIMPLIFIED_A1,
	vacancyDetail,
} from '../../harness/fixtures';

offline();

describe('Application: Get Many for a Job', () => {
	const body = {
		vacancy: vacancyDetail('v1'),
		applications: [applicationListItem('a1'), applicationListItem('a2')],
	};
	const getAll = operation(OPERATIONS.applicationsOfJob);
	const read = () => api().get('/v1/applications/vacancy/v1');

	test('one item per application, flattened', async () => {
		const scope = read().reply(200, body);
		const result = await getAll();
		await succeeds(scope, result);
		expect(jsonOf(result).map((a) => [a.id, a.applicationState, a.job])).toEqual([
			['a1', 'for-review', undefined],
			['a2', 'for-review', undefined],
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
	});

	test('Limit keeps the first applications of the one response; Return All keeps them all', async () => {
		const scope = read().times(2).reply(200, body);
		const limited = await getAll({ limit: 1 });
		const all = await getAll({ returnAll: true, limit: 1 });
		expect(scope.isDone()).toBe(true);
		expect(jsonOf(limited).map((a) => a.id)).toEqual(['a1']);
		expect(jsonOf(all).map((a) => a.id)).toEqual(['a1', 'a2']);
	});

	test('Include Job adds the job to each application', async () => {
		const run = getAll({ options: { includeJob: true } });
		const [first] = await succeeds(read().reply(200, body), run);
		expect(first.job).toMatchObject({
			id: 'v1',
			name: 'Backend Engineer',
			dealValue: { currency: 'EUR', amount: 15000 },
		});
	});

	test('a response without the applications list is a clear error', async () => {
		const error = await failsAfter(read().reply(200, { vacancy: vacancyDetail('v1') }), getAll());
		expect(error.message).toMatch(/not an object with a "applications" list/);
	});

	test('a job without applications still yields its job when Include Job is on', async () => {
		const scope = read().reply(200, { vacancy: vacancyDetail('v1'), applications: [] });
		const json = await succeeds(scope, getAll({ options: { includeJob: true } }));
		expect(json).toHaveLength(1);
		expect(json[0].job).toMatchObject({
			id: 'v1',
			stageTotals: [{ type: 'sourcing', id: 's1', name: 'Sourcing', order: 1, total: 4 }],
			dealValue: { currency: 'EUR', amount: 15000 },
		});
	});

	test('Raw: the response as it came, the job with its applications', async () => {
		expect(await succeeds(read().reply(200, body), getAll({ output: 'raw' }))).toEqual([body]);
	});

	test('Simplified: each application as Application → Get gives it (its job from the response), with the job in short', async () => {
		const scope = read()
			.reply(200, body)
			.get('/v1/applications/a1')
			.reply(200, applicationDetail('a1'));
		const simplified = { output: 'simplified' };
		const [first] = jsonOf(await getAll({ options: { includeJob: true }, ...simplified }));
		const get = operation(OPERATIONS.applicationGet);
		const [got] = await succeeds(scope, get(simplified));
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
