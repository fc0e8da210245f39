import { LoadOptionsContext } from 'n8n-core';
import nock from 'nock';

import { Recruiting } from '../../nodes/Recruiting/Recruiting.node';
import { API, API_KEY, jsonOf, runRecruiting, setup } from '../harness/engine';
import { candidate, page, posting, vacancyListItem } from '../harness/fixtures';

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

describe('the Posting picker of Job Portal Apply (version 2)', () => {
	/** The editor's call: the node's current parameters, and no credential (the portal is public). */
	function portalContext(current: Record<string, unknown>) {
		const { workflow, node, additionalData } = setup({
			credentials: null,
			typeVersion: 2,
			parameters: { resource: 'jobPortal', operation: 'apply', ...current },
		});
		additionalData.currentNodeParameters = {
			resource: 'jobPortal',
			operation: 'apply',
			...current,
		} as typeof additionalData.currentNodeParameters;
		return new LoadOptionsContext(workflow, node, additionalData, 'postingId');
	}
	const { searchPostings } = new Recruiting().methods.listSearch;

	test('lists the tenant’s postings by title and place, without a key, filtered', async () => {
		const scope = nock('https://careers.example', { badheaders: ['x-api-key'] })
			.get('/acme/vacancy-portal/jobs')
			.twice()
			.reply(200, {
				publicJobBoardPostings: [
					posting,
					{ ...posting, id: 'jp2', externalJobTitle: 'Data Engineer', location: { city: 'Paris' } },
				],
			});
		const context = portalContext({ portalUrl: 'https://careers.example/', tenantSlug: 'acme' });
		expect(await searchPostings.call(context)).toEqual({
			results: [
				{ name: 'Backend Engineer (m/f/d) (Berlin, Germany)', value: 'jp1' },
				{ name: 'Data Engineer (Paris)', value: 'jp2' },
			],
		});
		expect(await searchPostings.call(context, 'paris')).toEqual({
			results: [{ name: 'Data Engineer (Paris)', value: 'jp2' }],
		});
		expect(scope.isDone()).toBe(true);
	});

	test('without a Portal URL and Tenant Slug it says what to fill in', async () => {
		await expect(searchPostings.call(portalContext({ portalUrl: '' }))).rejects.toThrow(
			'Enter the Portal URL and the Tenant Slug first: the postings are read from that job portal',
		);
	});

	test('Apply takes the posting picked from the list', async () => {
		const scope = nock('https://careers.example', { badheaders: ['x-api-key'] })
			.post('/acme/vacancy-portal/jobs/jp2')
			.reply(200, '');
		const result = await runRecruiting({
			credentials: null,
			typeVersion: 2,
			parameters: {
				resource: 'jobPortal',
				operation: 'apply',
				portalUrl: 'https://careers.example',
				tenantSlug: 'acme',
				postingId: { __rl: true, mode: 'list', value: 'jp2', cachedResultName: 'Data Engineer' },
				firstName: 'Ada',
				lastName: 'Lovelace',
				email: 'ada@example.com',
				phoneNumber: '+49 30 1',
				cvAttachmentId: 'cv-1',
			},
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		expect(jsonOf(result)).toEqual([
			{ success: true, postingId: 'jp2', email: 'ada@example.com', applied: true },
		]);
	});
});
