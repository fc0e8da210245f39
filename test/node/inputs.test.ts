/*
 * Values from expressions are checked at run time as strictly as typed ones: each bad value is
 * refused before anything is sent, with an error naming the field and what was given.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import {
	api,
	byId,
	failsAfter,
	offline,
	OPERATIONS,
	runRecruiting,
	straysDuring,
	succeeds,
} from '../harness/engine';
import { applicationListItem, candidate, page, vacancyDetail } from '../harness/fixtures';

offline();

/** Runs the node and returns its error message, failing if any request left. */
async function refusal(parameters: INodeParameters, items?: IDataObject[]) {
	const { outcome, strays } = await straysDuring(() => runRecruiting({ parameters, items }));
	expect(strays).toEqual([]);
	return outcome.error?.message;
}

describe('path segments: ids and the tenant slug stay in their path segment', () => {
	const PATH_RULE =
		'cannot be used as an ID: IDs cannot be "." or ".." or contain /, ?, #, \\ or control characters (also URL-encoded)';
	const { candidateGet, contactIdentifiers, jobUpdate, noteUpdate, postings } = OPERATIONS;
	test.each<[string, INodeParameters, string]>([
		[
			'Candidate Get "."',
			{ ...candidateGet, candidateId: byId('={{ "." }}') },
			`Candidate: "." ${PATH_RULE}`,
		],
		[
			'Contact Identifiers ".."',
			{ ...contactIdentifiers, candidateId: byId('={{ ".." }}') },
			`Candidate: ".." ${PATH_RULE}`,
		],
		['Job Update ".."', { ...jobUpdate, jobId: byId('={{ ".." }}') }, `Job: ".." ${PATH_RULE}`],
		[
			'Job Update with / and ? from an expression',
			{ ...jobUpdate, jobId: byId('={{ "../candidates?x=1" }}') },
			`Job: "../candidates?x=1" ${PATH_RULE}`,
		],
		['Note Update ".."', { ...noteUpdate, noteId: '={{ ".." }}' }, `Note ID: ".." ${PATH_RULE}`],
		[
			'Application Get "a#b"',
			{ ...OPERATIONS.applicationGet, applicationId: 'a#b' },
			`Application ID: "a#b" ${PATH_RULE}`,
		],
		[
			'Applications of a job with a control character',
			{ ...OPERATIONS.applicationsOfJob, jobId: byId('={{ "v1\\n" + "x" }}') },
			`Job: "v1\nx" ${PATH_RULE}`,
		],
		[
			'Posting ID ".."',
			{ ...OPERATIONS.apply, postingId: byId('..') },
			`Posting: ".." ${PATH_RULE}`,
		],
		[
			'Tenant Slug ".."',
			{ ...postings, tenantSlug: '..', returnAll: true },
			`Tenant Slug: ".." ${PATH_RULE}`,
		],
		[
			'Candidate Get with a URL-encoded ".." (a server that decodes twice)',
			{ ...candidateGet, candidateId: byId('%2e%2e') },
			`Candidate: "%2e%2e" ${PATH_RULE}`,
		],
		[
			'Job Update with an encoded slash',
			{ ...jobUpdate, jobId: byId('a%2Fb') },
			`Job: "a%2Fb" ${PATH_RULE}`,
		],
		[
			'Tenant Slug with a slash',
			{ ...postings, tenantSlug: 'acme/../x', returnAll: true },
			`Tenant Slug: "acme/../x" ${PATH_RULE}`,
		],
		// An id that is not text says what was given, instead of sending "true".
		[
			'an id given as a boolean',
			{ ...candidateGet, candidateId: byId('={{ true }}') },
			'Candidate must be an ID (text), not true',
		],
		[
			'an id given as an object',
			{ ...candidateGet, candidateId: byId('={{ { "id": "c1" } }}') },
			'Candidate must be an ID (text), not an object',
		],
	])('%s is refused naming the field; nothing is sent', async (_name, parameters, message) => {
		expect(await refusal(parameters)).toBe(message);
	});
});

describe('Limit from an expression', () => {
	const limited = (limit: string) => ({ ...OPERATIONS.candidateGetAll, returnAll: false, limit });

	test.each([
		['-5', 'the number -5'],
		['0', 'the number 0'],
		['2.5', 'the number 2.5'],
		['"abc"', '"abc"'],
	])('%s stops Get Many before anything is sent', async (expression, shown) => {
		expect(await refusal(limited(`={{ ${expression} }}`))).toBe(
			`Limit: must be a whole number of at least 1, not ${shown}`,
		);
	});

	test('-1 on a list that comes in one response is refused, not read as "all but the last"', async () => {
		const scope = api()
			.get('/v1/applications/vacancy/v1')
			.reply(200, {
				vacancy: vacancyDetail(),
				applications: [applicationListItem('a1'), applicationListItem('a2')],
			});
		const parameters = { ...OPERATIONS.applicationsOfJob, returnAll: false, limit: '={{ -1 }}' };
		const run = runRecruiting({ parameters });
		expect((await failsAfter(scope, run)).message).toBe(
			'Limit: must be a whole number of at least 1, not the number -1',
		);
	});

	test('a whole number as text from an expression is a valid Limit', async () => {
		const scope = api()
			.get('/v1/candidates')
			.query({ limit: 2 })
			.reply(200, page([candidate('c1'), candidate('c2')], 'next', true));
		const run = runRecruiting({ parameters: limited('={{ "2" }}') });
		expect(await succeeds(scope, run)).toHaveLength(2);
	});
});

describe('id lists', () => {
	const update = (teamUserIds: string) => ({
		...OPERATIONS.jobUpdate,
		updateFields: { teamUserIds },
	});

	test.each([
		['a JSON list pasted as text', '["u1", "u2"]'],
		['a list from an expression', '={{ ["u1", "u2"] }}'],
		['a comma list', 'u1, u2'],
	])('%s is sent as a list of ids', async (_name, value) => {
		const scope = api()
			.put('/v1/vacancies/v1', { teamUserIds: ['u1', 'u2'] })
			.reply(200, '');
		await succeeds(scope, runRecruiting({ parameters: update(value) }));
	});

	test.each([
		[
			'an object',
			'={{ { "id": "u1" } }}',
			'Team User IDs: must be a comma-separated list of IDs, not an object',
		],
		[
			'a list holding an object',
			'={{ ["u1", { "id": "u2" }] }}',
			'Team User IDs: must be a list of IDs (text), but one entry is an object',
		],
		['broken JSON', '["u1", ', 'Team User IDs: "["u1", " is not a valid JSON list'],
		[
			'a JSON list typed without its brackets',
			'"u1", "u2"',
			'Team User IDs: must be a list of IDs, but ""u1"" has quotes or brackets',
		],
	])('%s is refused naming the field', async (_name, value, message) => {
		expect(await refusal(update(value))).toBe(message);
	});
});

describe('dates', () => {
	const startAt = (value: string) => ({
		...OPERATIONS.jobUpdate,
		updateFields: { startAt: value },
	});

	test.each(['2024-02-30', '2024-02-30T09:00:00Z', '12/31/2024', 'next Tuesday', '2024-13-01'])(
		'%s is refused naming the field, not read as some other date',
		async (value) => {
			expect(await refusal(startAt(value))).toBe(`Start At: "${value}" is not a date and time`);
		},
	);

	test('a Luxon DateTime from an expression is sent as the instant it names', async () => {
		const scope = api()
			.put('/v1/vacancies/v1', { startAt: '2026-01-01T09:00:00.000Z' })
			.reply(200, '');
		const value = "={{ DateTime.fromISO('2026-01-01T10:00:00', { zone: 'Europe/Berlin' }) }}";
		await succeeds(scope, runRecruiting({ parameters: startAt(value) }));
	});

	test('Modified Since from $now is accepted', async () => {
		const scope = api()
			.get('/v1/candidates')
			.query((query) =>
				/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(String(query.modifiedSince)),
			)
			.reply(200, page([], '', false));
		const filters = { modifiedSince: '={{ $now.minus({ days: 1 }) }}' };
		const run = runRecruiting({ parameters: { ...OPERATIONS.candidateGetAll, filters } });
		await succeeds(scope, run);
	});
});
