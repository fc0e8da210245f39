import { api, failsAfter, offline, operation, succeeds } from '../../harness/engine';
import { page, vacancyListItem } from '../../harness/fixtures';

offline();

describe('Job: Get Many', () => {
	const getAll = operation({ resource: 'job', operation: 'getAll' });
	const list = () => api().get('/v1/vacancies');
	/** `count` jobs from v<from> on. */
	const jobs = (count: number, from = 0) =>
		Array.from({ length: count }, (_, i) => vacancyListItem(`v${from + i}`));

	test('one page, limit below a page: sends limit and returns flattened jobs', async () => {
		const listed = [vacancyListItem('v1'), vacancyListItem('v2', 'Data Engineer')];
		const scope = list()
			.query({ limit: 2 })
			.reply(200, page(listed, '2026-01-02T00:00:00.000Z', true));
		const result = await getAll({ limit: 2 });
		const json = await succeeds(scope, result);
		expect(json.map((job) => job.name)).toEqual(['Backend Engineer', 'Data Engineer']);
		expect(json[0].employmentType).toBe('fullTime');
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});

	test('Raw returns the API’s JSON untouched', async () => {
		const raw = vacancyListItem('v1');
		const scope = list()
			.query({ limit: 1 })
			.reply(200, page([raw], 'c', true));
		expect(await succeeds(scope, getAll({ limit: 1, output: 'raw' }))).toEqual([raw]);
	});

	test('Return All follows the inclusive timestamp cursor, keeps modifiedSince, de-duplicates the overlap', async () => {
		const since = '2026-01-01T00:00:00.000Z';
		const [day2, day3] = ['2026-01-02T00:00:00.000Z', '2026-01-03T00:00:00.000Z'];
		const scope = list()
			.query({ limit: 50, modifiedSince: since })
			.reply(200, page(jobs(2, 1), day2, true))
			.get('/v1/vacancies')
			// the cursor is inclusive: v2 (at the cursor time) comes back and must not be repeated
			.query({ limit: 50, modifiedSince: since, cursor: day2 })
			.reply(200, page(jobs(2, 2), day3, true))
			.get('/v1/vacancies')
			.query({ limit: 50, modifiedSince: since, cursor: day3 })
			.reply(200, page(jobs(1, 3), day3, false));
		const run = getAll({ returnAll: true, filters: { modifiedSince: since } });
		expect((await succeeds(scope, run)).map((job) => job.id)).toEqual(['v1', 'v2', 'v3']);
	});

	test('a Limit above one page reads pages until it is reached, then stops', async () => {
		const scope = list()
			.query({ limit: 50 })
			.reply(200, page(jobs(50), 't1', true))
			.get('/v1/vacancies')
			.query({ limit: 50, cursor: 't1' })
			.reply(200, page(jobs(50, 50), 't2', true));
		const json = await succeeds(scope, getAll({ limit: 70 }));
		expect(json).toHaveLength(70);
		expect(json[69].id).toBe('v69');
	});

	test('a cursor that cannot move past a timestamp tie stops with a clear error, not a loop', async () => {
		const tie = page(jobs(50), '2026-01-02T00:00:00.000Z', true);
		const scope = list()
			.query({ limit: 50 })
			.reply(200, tie)
			.get('/v1/vacancies')
			.query({ limit: 50, cursor: '2026-01-02T00:00:00.000Z' })
			.reply(200, tie);
		const error = await failsAfter(scope, getAll({ returnAll: true }));
		expect(error.message).toMatch(
			/More than 50 jobs share the modification time 2026-01-02T00:00:00.000Z/,
		);
		expect(error.description).toMatch(/50 jobs were read/);
	});

	test('an invalid Modified Since names the field and sends nothing', async () => {
		const { error } = await getAll({ filters: { modifiedSince: 'yesterday-ish' } });
		expect(error?.message).toMatch(/^Modified Since: "yesterday-ish" is not a date and time/);
	});

	test('a page that is not a page (HTML with 200) is an error, not an empty list', async () => {
		const scope = list()
			.query(true)
			.reply(200, '<html>maintenance</html>', { 'content-type': 'text/html' });
		const error = await failsAfter(scope, getAll());
		expect(error.message).toMatch(/not a page of jobs/);
		expect(error.description).toMatch(/maintenance/);
	});
});
