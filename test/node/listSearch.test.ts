import { LoadOptionsContext } from 'n8n-core';
import nock from 'nock';

import { Recruiting } from '../../nodes/Recruiting/Recruiting.node';
import { API, API_KEY, setup } from '../harness/engine';
import { candidate, page, vacancyListItem } from '../harness/fixtures';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

/** A list-search call as the editor makes it for the Job / Candidate pickers. */
function context(parameter: string) {
	const { workflow, node, additionalData } = setup({
		parameters: { resource: 'application', operation: 'create' },
	});
	return new LoadOptionsContext(workflow, node, additionalData, parameter);
}

const { searchJobs, searchCandidates } = new Recruiting().methods.listSearch;

test('the Job picker lists jobs by name and client, and hands back the cursor for more', async () => {
	const scope = nock(API, { reqheaders: { 'x-api-key': API_KEY } })
		.get('/v1/vacancies')
		.query({ limit: 50 })
		.reply(
			200,
			page(
				[vacancyListItem('v1'), vacancyListItem('v2', 'Data Engineer')],
				'2026-01-02T00:00:00.000Z',
				true,
			),
		);
	const result = await searchJobs.call(context('jobId'));
	expect(scope.isDone()).toBe(true);
	expect(result).toEqual({
		results: [
			{ name: 'Backend Engineer (Acme GmbH)', value: 'v1' },
			{ name: 'Data Engineer (Acme GmbH)', value: 'v2' },
		],
		paginationToken: '2026-01-02T00:00:00.000Z',
	});
});

test('a filter reads further pages until something matches, de-duplicating the overlap', async () => {
	const scope = nock(API)
		.get('/v1/vacancies')
		.query({ limit: 50 })
		.reply(200, page([vacancyListItem('v1'), vacancyListItem('v2')], 't2', true))
		.get('/v1/vacancies')
		.query({ limit: 50, cursor: 't2' })
		.reply(200, page([vacancyListItem('v2'), vacancyListItem('v3', 'Data Engineer')], 't3', false));
	const result = await searchJobs.call(context('jobId'), 'data');
	expect(scope.isDone()).toBe(true);
	expect(result).toEqual({
		results: [{ name: 'Data Engineer (Acme GmbH)', value: 'v3' }],
		paginationToken: undefined,
	});
});

test('the Candidate picker shows name and primary email, resuming from a token', async () => {
	const scope = nock(API)
		.get('/v1/candidates')
		.query({ limit: 50, cursor: 'abc=' })
		.reply(200, page([candidate('c7')], '', false));
	const result = await searchCandidates.call(context('candidateId'), undefined, 'abc=');
	expect(scope.isDone()).toBe(true);
	expect(result).toEqual({
		results: [{ name: 'Ada Lovelace <ada@example.com>', value: 'c7' }],
		paginationToken: undefined,
	});
});

test('an API error reaches the picker as a clear message', async () => {
	const scope = nock(API).get('/v1/candidates').query(true).reply(401, { error: 'unauthorized' });
	await expect(searchCandidates.call(context('candidateId'))).rejects.toThrow(/check the API key/);
	expect(scope.isDone()).toBe(true);
});
