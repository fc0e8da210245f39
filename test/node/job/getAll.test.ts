import nock from 'nock';

import { API, API_KEY, jsonOf, runRecruiting } from '../../harness/engine';
import { page, vacancyListItem } from '../../harness/fixtures';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

function api() {
	return nock(API, { reqheaders: { 'x-api-key': API_KEY } });
}

describe('Job: Get Many', () => {
	test('one page, limit below a page: sends limit and returns flattened jobs', async () => {
		const scope = api()
			.get('/v1/vacancies')
			.query({ limit: 2 })
			.reply(
				200,
				page(
					[vacancyListItem('v1'), vacancyListItem('v2', 'Data Engineer')],
					'2026-01-02T00:00:00.000Z',
					true,
				),
			);
		const result = await runRecruiting({
			parameters: { resource: 'job', operation: 'getAll', limit: 2 },
		});
		expect(scope.isDone()).toBe(true);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result).map((job) => job.name)).toEqual(['Backend Engineer', 'Data Engineer']);
		expect(jsonOf(result)[0].employmentType).toBe('fullTime');
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});

	test('Raw returns the API’s JSON untouched', async () => {
		const raw = vacancyListItem('v1');
		const scope = api()
			.get('/v1/vacancies')
			.query({ limit: 1 })
			.reply(200, page([raw], 'c', true));
		const result = await runRecruiting({
			parameters: { resource: 'job', operation: 'getAll', limit: 1, output: 'raw' },
		});
		expect(scope.isDone()).toBe(true);
		expect(jsonOf(result)).toEqual([raw]);
	});

	test('Return All follows the inclusive timestamp cursor, keeps modifiedSince, de-duplicates the overlap', async () => {
		const since = '2026-01-01T00:00:00.000Z';
		const scope = api()
			.get('/v1/vacancies')
			.query({ limit: 50, modifiedSince: since })
			.reply(
				200,
				page([vacancyListItem('v1'), vacancyListItem('v2')], '2026-01-02T00:00:00.000Z', true),
			)
			.get('/v1/vacancies')
			// the cursor is inclusive: v2 (at the cursor time) comes back and must not be repeated
			.query({ limit: 50, modifiedSince: since, cursor: '2026-01-02T00:00:00.000Z' })
			.reply(
				200,
				page([vacancyListItem('v2'), vacancyListItem('v3')], '2026-01-03T00:00:00.000Z', true),
			)
			.get('/v1/vacancies')
			.query({ limit: 50, modifiedSince: since, cursor: '2026-01-03T00:00:00.000Z' })
			.reply(200, page([vacancyListItem('v3')], '2026-01-03T00:00:00.000Z', false));
		const result = await runRecruiting({
			parameters: {
				resource: 'job',
				operation: 'getAll',
				returnAll: true,
				filters: { modifiedSince: since },
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(jsonOf(result).map((job) => job.id)).toEqual(['v1', 'v2', 'v3']);
	});

	test('a Limit above one page reads pages until it is reached, then stops', async () => {
		const firstPage = Array.from({ length: 50 }, (_, i) => vacancyListItem(`v${i}`));
		const secondPage = Array.from({ length: 50 }, (_, i) => vacancyListItem(`v${i + 50}`));
		const scope = api()
			.get('/v1/vacancies')
			.query({ limit: 50 })
			.reply(200, page(firstPage, 't1', true))
			.get('/v1/vacancies')
			.query({ limit: 50, cursor: 't1' })
			.reply(200, page(secondPage, 't2', true));
		const result = await runRecruiting({
			parameters: { resource: 'job', operation: 'getAll', limit: 70 },
		});
		expect(scope.isDone()).toBe(true);
		expect(result.items).toHaveLength(70);
		expect(result.items[69].json.id).toBe('v69');
	});

	test('a cursor that cannot move past a timestamp tie stops with a clear error, not a loop', async () => {
		const tie = Array.from({ length: 50 }, (_, i) => vacancyListItem(`v${i}`));
		const scope = api()
			.get('/v1/vacancies')
			.query({ limit: 50 })
			.reply(200, page(tie, '2026-01-02T00:00:00.000Z', true))
			.get('/v1/vacancies')
			.query({ limit: 50, cursor: '2026-01-02T00:00:00.000Z' })
			.reply(200, page(tie, '2026-01-02T00:00:00.000Z', true));
		const result = await runRecruiting({
			parameters: { resource: 'job', operation: 'getAll', returnAll: true },
		});
		expect(scope.isDone()).toBe(true);
		expect(result.error?.message).toMatch(
			/More than 50 jobs share the modification time 2026-01-02T00:00:00.000Z/,
		);
		expect(result.error?.description).toMatch(/50 jobs were read/);
	});

	test('an invalid Modified Since names the field and sends nothing', async () => {
		const result = await runRecruiting({
			parameters: {
				resource: 'job',
				operation: 'getAll',
				filters: { modifiedSince: 'yesterday-ish' },
			},
		});
		expect(result.error?.message).toMatch(
			/^Modified Since: "yesterday-ish" is not a date and time/,
		);
	});

	test('a page that is not a page (HTML with 200) is an error, not an empty list', async () => {
		const scope = api()
			.get('/v1/vacancies')
			.query(true)
			.reply(200, '<html>maintenance</html>', { 'content-type': 'text/html' });
		const result = await runRecruiting({ parameters: { resource: 'job', operation: 'getAll' } });
		expect(scope.isDone()).toBe(true);
		expect(result.error?.message).toMatch(/not a page of jobs/);
		expect(result.error?.description).toMatch(/maintenance/);
	});
});
