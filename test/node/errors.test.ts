import nock from 'nock';

import { API, API_KEY, jsonOf, runRecruiting } from '../harness/engine';
import { candidate } from '../harness/fixtures';
import type { RunResult } from '../harness/engine';

const candidateId = (value: string) => ({ __rl: true, mode: 'id', value });
const getCandidate = { resource: 'candidate', operation: 'get', candidateId: candidateId('c404') };

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

/** Everything a user or a log could see of a run, to check that the key is in none of it. */
function visibleText(result: RunResult): string {
	return JSON.stringify({
		items: result.items,
		error: result.error && {
			...result.error,
			message: result.error.message,
			description: result.error.description,
			stack: result.error.stack,
		},
		run: result.run.data.resultData,
	});
}

describe('HTTP errors become messages a recruiter can act on', () => {
	test.each([
		[
			401,
			{ error: 'unauthorized', message: 'Invalid API key' },
			{},
			/did not accept the API key: check the API key in the Recruiting API credential/,
			'401',
		],
		[403, { error: 'forbidden' }, {}, /not allowed to do this/, '403'],
		[
			404,
			{ error: 'not_found', message: 'No such candidate' },
			{},
			/^No candidate with ID "c404" exists: check the ID$/,
			'404',
		],
		[
			500,
			'<html><body>Internal Server Error</body></html>',
			{},
			/failed with HTTP 500: this is on the server side, try again later/,
			'500',
		],
		[
			400,
			{ error: 'validation_error', message: 'must be between 1 and 50', field: 'limit' },
			{},
			/rejected the request: must be between 1 and 50 \(field: limit\)/,
			'400',
		],
	])('HTTP %i', async (status, body, headers, message, httpCode) => {
		const scope = nock(API).get('/v1/candidates/c404').reply(status, body, headers);
		const result = await runRecruiting({ parameters: getCandidate });
		expect(scope.isDone()).toBe(true);
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toMatch(message);
		expect((result.error as { httpCode?: string }).httpCode).toBe(httpCode);
		// the response body travels in the description, so nothing the API said is hidden
		const bodyText =
			typeof body === 'string' ? 'Internal Server Error' : (body as { error: string }).error;
		expect(result.error?.description).toContain(bodyText);
		expect(visibleText(result)).not.toContain(API_KEY);
	});

	test('HTTP 429 is waited out as the API asks; if it never ends, the run fails saying so', async () => {
		const scope = nock(API)
			.get('/v1/candidates/c404')
			.times(8)
			.reply(429, { error: 'rate_limited' }, { 'Retry-After': '0' });
		const result = await runRecruiting({ parameters: getCandidate });
		expect(scope.isDone()).toBe(true);
		expect(result.error?.message).toBe(
			'The Recruiting API rate limit was reached: retry later (the API asks to wait 0 s) (gave up after 8 attempts and 0 s of waiting)',
		);
		expect(result.error?.description).toMatch(/1,000 requests a minute per API key/);
		expect((result.error as { httpCode?: string }).httpCode).toBe('429');
	});

	test('a passing 503 or 429 is retried and the run succeeds', async () => {
		const scope = nock(API)
			.get('/v1/candidates/c1')
			.reply(503, { error: 'unavailable' })
			.get('/v1/candidates/c1')
			.reply(429, {}, { 'Retry-After': '0' })
			.get('/v1/candidates/c1')
			.reply(200, candidate('c1'));
		const result = await runRecruiting({
			parameters: { ...getCandidate, candidateId: candidateId('c1') },
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		expect(jsonOf(result)[0].firstName).toBe('Ada');
	});

	test('a POST is repeated after a 429 (not applied) but not after a 503 (may have been)', async () => {
		const create = {
			resource: 'application',
			operation: 'create',
			jobId: { __rl: true, mode: 'id', value: 'v1' },
			candidateId: candidateId('c1'),
			stageId: 's1',
			ifAlreadyApplied: 'createAnyway',
		};
		const retried = nock(API)
			.post('/v1/applications')
			.reply(429, {}, { 'Retry-After': '0' })
			.post('/v1/applications')
			.reply(200, { id: 'a1' });
		const first = await runRecruiting({ parameters: create });
		expect(retried.isDone()).toBe(true);
		expect(jsonOf(first)).toEqual([{ id: 'a1' }]);

		const once = nock(API).post('/v1/applications').reply(503, { error: 'unavailable' });
		const second = await runRecruiting({ parameters: create });
		expect(once.isDone()).toBe(true);
		expect(second.error?.message).toMatch(/failed with HTTP 503/);
		expect(second.error?.message).not.toMatch(/gave up/);
	});

	test('a 429 on page 2 of Return All is waited out; no page is lost or repeated', async () => {
		const scope = nock(API)
			.get('/v1/candidates')
			.query({ limit: 50 })
			.reply(200, { items: [candidate('c1')], pageInfo: { nextCursor: 'p2', hasNextPage: true } })
			.get('/v1/candidates')
			.query({ limit: 50, cursor: 'p2' })
			.reply(429, {}, { 'Retry-After': '0' })
			.get('/v1/candidates')
			.query({ limit: 50, cursor: 'p2' })
			.reply(200, { items: [candidate('c2')], pageInfo: { nextCursor: '', hasNextPage: false } });
		const result = await runRecruiting({
			parameters: { resource: 'candidate', operation: 'getAll', returnAll: true },
		});
		expect(scope.isDone()).toBe(true);
		expect(jsonOf(result).map((c) => c.id)).toEqual(['c1', 'c2']);
	});

	test('a 404 on Get Many for a Job names the job', async () => {
		const scope = nock(API).get('/v1/applications/vacancy/v9').reply(404, {});
		const result = await runRecruiting({
			parameters: {
				resource: 'application',
				operation: 'getAllForJob',
				jobId: { __rl: true, mode: 'id', value: 'v9' },
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(result.error?.message).toBe('No job with ID "v9" exists: check the ID');
	});

	test('an error on page 2 of Return All fails the run with that error', async () => {
		const scope = nock(API)
			.get('/v1/candidates')
			.query({ limit: 50 })
			.reply(200, { items: [candidate('c1')], pageInfo: { nextCursor: 'p2', hasNextPage: true } })
			.get('/v1/candidates')
			.query({ limit: 50, cursor: 'p2' })
			.reply(500, { error: 'boom' });
		const result = await runRecruiting({
			parameters: { resource: 'candidate', operation: 'getAll', returnAll: true },
		});
		expect(scope.isDone()).toBe(true);
		expect(result.error?.message).toMatch(/HTTP 500/);
	});
});

describe('Continue On Fail', () => {
	test('a failing item becomes an error item paired with its input; the others go on', async () => {
		const scope = nock(API, { reqheaders: { 'x-api-key': API_KEY } })
			.get('/v1/candidates/c1')
			.reply(200, candidate('c1'))
			.get('/v1/candidates/missing')
			.reply(404, { error: 'not_found' })
			.get('/v1/candidates/c3')
			.reply(200, candidate('c3'));
		const result = await runRecruiting({
			continueOnFail: true,
			items: [{ id: 'c1' }, { id: 'missing' }, { id: 'c3' }],
			parameters: {
				resource: 'candidate',
				operation: 'get',
				candidateId: candidateId('={{ $json.id }}'),
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(3);
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		expect(result.items[0].json.firstName).toBe('Ada');
		expect(String(result.items[1].json.error)).toMatch(/No candidate with ID "missing" exists/);
		expect(result.items[2].json.id).toBe('c3');
	});
});

describe('Credentials', () => {
	test('an API resource without a credential says which credential to pick, and sends nothing', async () => {
		const result = await runRecruiting({ credentials: null, parameters: getCandidate });
		expect(result.error?.message).toBe('No Recruiting API credential is selected');
		expect(result.error?.description).toMatch(/Only the Job Portal resource works without one/);
	});

	test.each(['ftp://api.test', 'not a url', 'https://user:pw@api.test'])(
		'a Base URL of %s is refused',
		async (baseUrl) => {
			const result = await runRecruiting({
				credentials: { baseUrl, apiKey: API_KEY },
				parameters: getCandidate,
			});
			expect(result.error?.message).toBe(
				'The Base URL of the Recruiting API credential is not a valid http(s) URL',
			);
			expect(visibleText(result)).not.toContain(API_KEY);
		},
	);

	test.each([
		'http://api.test',
		'http://api.test/',
		'http://api.test/v1',
		'http://api.test/v1/',
		' http://api.test/v1// ',
	])('a Base URL of "%s" reaches /v1', async (baseUrl) => {
		const scope = nock(API, { reqheaders: { 'x-api-key': API_KEY } })
			.get('/v1/candidates/c1')
			.reply(200, candidate('c1'));
		const result = await runRecruiting({
			credentials: { baseUrl, apiKey: API_KEY },
			parameters: { ...getCandidate, candidateId: candidateId('c1') },
		});
		expect(scope.isDone()).toBe(true);
		expect(jsonOf(result)[0].id).toBe('c1');
	});
});

test('a selected credential that cannot be loaded keeps n8n’s own message', async () => {
	const result = await runRecruiting({
		credentials: { baseUrl: API, apiKey: API_KEY },
		parameters: getCandidate,
		credentialsError: new Error('Credential with ID "1" does not exist for type "recruitingApi".'),
	});
	expect(result.error?.message).toBe(
		'Credential with ID "1" does not exist for type "recruitingApi".',
	);
});

describe('the API’s own words from any common error shape, with the field', () => {
	test.each([
		[
			'a nested error object',
			{
				error: {
					code: 'validation_error',
					message: 'stageId bogus-stage is not an application stage',
					field: 'stageId',
				},
			},
			'The Recruiting API rejected the request: stageId bogus-stage is not an application stage',
		],
		[
			'an errors list of objects',
			{
				errors: [
					{ message: 'is not a known stage', field: 'stageId' },
					{ message: 'is required', path: 'candidateId' },
				],
			},
			'The Recruiting API rejected the request: is not a known stage (field: stageId); is required (field: candidateId)',
		],
		[
			'an errors list of texts',
			{ errors: ['stageId is not a known stage'] },
			'The Recruiting API rejected the request: stageId is not a known stage',
		],
		[
			'RFC 7807 problem details',
			{ type: 'about:blank', title: 'Bad Request', detail: 'limit must be at most 50' },
			'The Recruiting API rejected the request: limit must be at most 50',
		],
		[
			'a detail list with locations',
			{ detail: [{ loc: ['body', 'stageId'], msg: 'field required' }] },
			'The Recruiting API rejected the request: field required (field: stageId)',
		],
		[
			'JSON:API errors with a source pointer',
			{ errors: [{ title: 'Invalid value', source: { pointer: '/data/stageId' } }] },
			'The Recruiting API rejected the request: Invalid value (field: /data/stageId)',
		],
	])('%s', async (_shape, body, message) => {
		const scope = nock(API).get('/v1/candidates/c404').reply(400, body);
		const result = await runRecruiting({ parameters: getCandidate });
		expect(scope.isDone()).toBe(true);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toContain('Response body:');
	});

	test('a 409 says it is a conflict, in the API’s words', async () => {
		const scope = nock(API)
			.get('/v1/candidates/c404')
			.reply(409, { error: { message: 'the candidate is being merged' } });
		const result = await runRecruiting({ parameters: getCandidate });
		expect(scope.isDone()).toBe(true);
		expect(result.error?.message).toBe(
			"The Recruiting API refused the request as a conflict with the record's current state: the candidate is being merged",
		);
	});

	test('a very long explanation is cut short in the message; the body stays in the details', async () => {
		const scope = nock(API)
			.get('/v1/candidates/c404')
			.reply(400, { message: 'x'.repeat(1000) });
		const result = await runRecruiting({ parameters: getCandidate });
		expect(scope.isDone()).toBe(true);
		expect(result.error?.message.length).toBeLessThan(400);
		expect(result.error?.message).toMatch(/x…$/);
	});
});
