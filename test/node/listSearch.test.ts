import { LoadOptionsContext } from 'n8n-core';
import nock from 'nock';

import { Recruiting } from '../../nodes/Recruiting/Recruiting.node';
import {
	api,
	API,
	byId,
	offline,
	OPERATIONS,
	pickerContext,
	portal,
	PORTAL,
	runRecruiting,
	setup,
	succeeds,
} from '../harness/engine';
import { candidate, page, posting, vacancyListItem } from '../harness/fixtures';

offline();

const { searchJobs, searchCandidates } = new Recruiting().methods.listSearch;

test('the Job picker lists jobs by name and client, and hands back the cursor for more', async () => {
	const listed = [vacancyListItem('v1'), vacancyListItem('v2', 'Data Engineer')];
	const scope = api()
		.get('/v1/vacancies')
		.query({ limit: 50 })
		.reply(200, page(listed, '2026-01-02T00:00:00.000Z', true));
	const result = await searchJobs.call(pickerContext('jobId'));
	expect(scope.isDone()).toBe(true);
	expect(result).toEqual({
		results: [
			{
				name: 'Backend Engineer (Acme GmbH) · Sourcing · Berlin · created 2025-12-01',
				value: 'v1',
			},
			{ name: 'Data Engineer (Acme GmbH) · Sourcing · Berlin · created 2025-12-01', value: 'v2' },
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
	const result = await searchJobs.call(pickerContext('jobId'), 'data');
	expect(scope.isDone()).toBe(true);
	expect(result).toEqual({
		results: [
			{ name: 'Data Engineer (Acme GmbH) · Sourcing · Berlin · created 2025-12-01', value: 'v3' },
		],
		paginationToken: undefined,
	});
});

test('two jobs of one title and client are told apart by stage, place and creation date', async () => {
	const later = vacancyListItem('v2');
	const reopened = {
		...later,
		stage: { viewType: 'vacancyStage', stage: { id: 's9', order: 1, name: 'Interviewing' } },
		createdAt: { viewType: 'vacancyCreatedAt', createdAt: '2026-02-03T09:00:00.000Z' },
	};
	const scope = nock(API)
		.get('/v1/vacancies')
		.query({ limit: 50 })
		.reply(200, page([vacancyListItem('v1'), reopened], 't2', false));
	const { results } = await searchJobs.call(pickerContext('jobId'));
	expect(scope.isDone()).toBe(true);
	expect(results.map((entry) => entry.name)).toEqual([
		'Backend Engineer (Acme GmbH) · Sourcing · Berlin · created 2025-12-01',
		'Backend Engineer (Acme GmbH) · Interviewing · Berlin · created 2026-02-03',
	]);
	// The filter reads the same text: a stage or a place finds the job.
	nock(API)
		.get('/v1/vacancies')
		.query({ limit: 50 })
		.reply(200, page([vacancyListItem('v1'), reopened], 't2', false));
	expect((await searchJobs.call(pickerContext('jobId'), 'interviewing')).results).toEqual([
		{
			name: 'Backend Engineer (Acme GmbH) · Interviewing · Berlin · created 2026-02-03',
			value: 'v2',
		},
	]);
});

test('the Candidate picker shows name and primary email, resuming from a token', async () => {
	const scope = nock(API)
		.get('/v1/candidates')
		.query({ limit: 50, cursor: 'abc=' })
		.reply(200, page([candidate('c7')], '', false));
	const result = await searchCandidates.call(pickerContext('candidateId'), undefined, 'abc=');
	expect(scope.isDone()).toBe(true);
	expect(result).toEqual({
		results: [{ name: 'Ada Lovelace <ada@example.com>', value: 'c7' }],
		paginationToken: undefined,
	});
});

test('an API error reaches the picker as a clear message', async () => {
	const scope = nock(API).get('/v1/candidates').query(true).reply(401, { error: 'unauthorized' });
	await expect(searchCandidates.call(pickerContext('candidateId'))).rejects.toThrow(
		/check the API key/,
	);
	expect(scope.isDone()).toBe(true);
});

describe('the Posting picker of Job Portal Apply', () => {
	/** The editor's call: the node's current parameters, and no credential (the portal is public). */
	function portalContext(current: Record<string, unknown>) {
		const parameters = { resource: 'jobPortal', operation: 'apply', ...current };
		const { workflow, node, additionalData } = setup({ credentials: null, parameters });
		additionalData.currentNodeParameters = {
			...parameters,
		} as typeof additionalData.currentNodeParameters;
		return new LoadOptionsContext(workflow, node, additionalData, 'postingId');
	}
	const { searchPostings } = new Recruiting().methods.listSearch;

	test('lists the tenant’s postings by title and place, without a key, filtered', async () => {
		const scope = portal()
			.get('/acme/vacancy-portal/jobs')
			.twice()
			.reply(200, {
				publicJobBoardPostings: [
					posting,
					{ ...posting, id: 'jp2', externalJobTitle: 'Data Engineer', location: { city: 'Paris' } },
				],
			});
		const context = portalContext({ portalUrl: `${PORTAL}/`, tenantSlug: 'acme' });
		expect(await searchPostings.call(context)).toEqual({
			results: [
				{ name: 'Backend Engineer (m/f/d) (Berlin, Germany) · published 2026-01-01', value: 'jp1' },
				{ name: 'Data Engineer (Paris) · published 2026-01-01', value: 'jp2' },
			],
		});
		expect(await searchPostings.call(context, 'paris')).toEqual({
			results: [{ name: 'Data Engineer (Paris) · published 2026-01-01', value: 'jp2' }],
		});
		expect(scope.isDone()).toBe(true);
	});

	test('without a Portal URL and Tenant Slug it says what to fill in', async () => {
		await expect(searchPostings.call(portalContext({ portalUrl: '' }))).rejects.toThrow(
			'Enter the Portal URL and the Tenant Slug first: the postings are read from that job portal',
		);
	});

	test('Apply takes the posting picked from the list', async () => {
		const scope = portal().post('/acme/vacancy-portal/jobs/jp2').reply(200, '');
		const run = runRecruiting({
			credentials: null,
			parameters: {
				...OPERATIONS.apply,
				postingId: { ...byId('jp2'), mode: 'list', cachedResultName: 'Data Engineer' },
			},
		});
		expect(await succeeds(scope, run)).toEqual([
			{ success: true, postingId: 'jp2', email: 'ada@example.com', applied: true },
		]);
	});
});

test('the Posting picker is marked to run without a credential (the editor skips the list otherwise)', () => {
	const pickers = new Recruiting().description.properties.filter(
		(property) => property.name === 'postingId' && property.type === 'resourceLocator',
	);
	expect(pickers).toHaveLength(1);
	const list = pickers[0].modes?.find((mode) => mode.name === 'list');
	expect(list?.typeOptions).toMatchObject({
		searchListMethod: 'searchPostings',
		skipCredentialsCheckInRLC: true,
	});
	// Every other picker needs the credential: it reads the API.
	const others = new Recruiting().description.properties
		.filter((property) => property.type === 'resourceLocator' && property.name !== 'postingId')
		.flatMap((property) => property.modes ?? []);
	expect(others.some((mode) => mode.typeOptions?.skipCredentialsCheckInRLC)).toBe(false);
});
