import nock from 'nock';

import {
	api,
	API,
	API_KEY,
	byId,
	failsAfter,
	offline,
	operation,
	OPERATIONS,
	succeeds,
} from '../harness/engine';
import { candidate, page } from '../harness/fixtures';

// Every run is scanned for the API key (engine.ts, runRecruiting): in its items, its error
// (message, description, stack, cause) and whatever else n8n keeps of it.
const getCandidate = operation({ ...OPERATIONS.candidateGet, candidateId: byId('c404') });
const getAll = operation(OPERATIONS.candidateGetAll);
const c404 = () => nock(API).get('/v1/candidates/c404');
/** Page 1 of a Return All of candidates, saying page 2 follows. */
const pageOne = () =>
	nock(API)
		.get('/v1/candidates')
		.query({ limit: 50 })
		.reply(200, page([candidate('c1')], 'p2', true));

offline();

describe('HTTP errors become messages a recruiter can act on', () => {
	test.each([
		[
			401,
			{ error: 'unauthorized', message: 'Invalid API key' },
			/did not accept the API key: check the API key in the Recruiting API credential/,
		],
		[403, { error: 'forbidden' }, /not allowed to do this/],
		[
			404,
			{ error: 'not_found', message: 'No such candidate' },
			/^No candidate with ID "c404" exists: check the ID$/,
		],
		[
			500,
			'<html><body>Internal Server Error</body></html>',
			/failed with HTTP 500: this is on the server side, try again later/,
		],
		[
			400,
			{ error: 'validation_error', message: 'must be between 1 and 50', field: 'limit' },
			/rejected the request: must be between 1 and 50 \(field: limit\)/,
		],
	])('HTTP %i', async (status, body, message) => {
		const error = await failsAfter(c404().reply(status, body), getCandidate());
		expect(error.name).toBe('NodeApiError');
		expect(error.message).toMatch(message);
		expect((error as { httpCode?: string }).httpCode).toBe(String(status));
		// the response body travels in the description, so nothing the API said is hidden
		const bodyText =
			typeof body === 'string' ? 'Internal Server Error' : (body as { error: string }).error;
		expect(error.description).toContain(bodyText);
	});

	test('HTTP 429 is waited out as the API asks; if it never ends, the run fails saying so', async () => {
		const scope = c404().times(8).reply(429, { error: 'rate_limited' }, { 'Retry-After': '0' });
		const error = await failsAfter(scope, getCandidate());
		expect(error.message).toBe(
			'The Recruiting API rate limit was reached: retry later (the API asks to wait 0 s) (gave up after 8 attempts and 0 s of waiting)',
		);
		expect(error.description).toMatch(/1,000 requests a minute per API key/);
		expect((error as { httpCode?: string }).httpCode).toBe('429');
	});

	test('a passing 503 or 429 is retried and the run succeeds', async () => {
		const scope = nock(API)
			.get('/v1/candidates/c1')
			.reply(503, { error: 'unavailable' })
			.get('/v1/candidates/c1')
			.reply(429, {}, { 'Retry-After': '0' })
			.get('/v1/candidates/c1')
			.reply(200, candidate('c1'));
		const [json] = await succeeds(scope, getCandidate({ candidateId: byId('c1') }));
		expect(json.firstName).toBe('Ada');
	});

	test('a POST is repeated after a 429 (not applied) but not after a 503 (may have been)', async () => {
		const create = operation({ ...OPERATIONS.applicationCreate, ifAlreadyApplied: 'createAnyway' });
		const retried = nock(API)
			.post('/v1/applications')
			.reply(429, {}, { 'Retry-After': '0' })
			.post('/v1/applications')
			.reply(200, { id: 'a1' });
		expect(await succeeds(retried, create())).toEqual([{ id: 'a1' }]);

		const once = nock(API).post('/v1/applications').reply(503, { error: 'unavailable' });
		const { message } = await failsAfter(once, create());
		expect(message).toMatch(/failed with HTTP 503/);
		expect(message).not.toMatch(/gave up/);
	});

	test('a 429 on page 2 of Return All is waited out; no page is lost or repeated', async () => {
		const scope = pageOne()
			.get('/v1/candidates')
			.query({ limit: 50, cursor: 'p2' })
			.reply(429, {}, { 'Retry-After': '0' })
			.get('/v1/candidates')
			.query({ limit: 50, cursor: 'p2' })
			.reply(200, page([candidate('c2')], '', false));
		expect((await succeeds(scope, getAll())).map((c) => c.id)).toEqual(['c1', 'c2']);
	});

	test('a 404 on Get Many for a Job names the job', async () => {
		const scope = nock(API).get('/v1/applications/vacancy/v9').reply(404, {});
		const getAllForJob = operation({ ...OPERATIONS.applicationsOfJob, jobId: byId('v9') });
		expect((await failsAfter(scope, getAllForJob())).message).toBe(
			'No job with ID "v9" exists: check the ID',
		);
	});

	test('an error on page 2 of Return All fails the run with that error', async () => {
		const scope = pageOne()
			.get('/v1/candidates')
			.query({ limit: 50, cursor: 'p2' })
			.reply(500, { error: 'boom' });
		expect((await failsAfter(scope, getAll())).message).toMatch(/HTTP 500/);
	});
});

describe('Continue On Fail', () => {
	test('a failing item becomes an error item paired with its input; the others go on', async () => {
		const scope = api()
			.get('/v1/candidates/c1')
			.reply(200, candidate('c1'))
			.get('/v1/candidates/missing')
			.reply(404, { error: 'not_found' })
			.get('/v1/candidates/c3')
			.reply(200, candidate('c3'));
		const result = await getCandidate(
			{ candidateId: byId('={{ $json.id }}') },
			{ continueOnFail: true, items: [{ id: 'c1' }, { id: 'missing' }, { id: 'c3' }] },
		);
		await succeeds(scope, result);
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
		const result = await getCandidate({}, { credentials: null });
		expect(result.error?.message).toBe('No Recruiting API credential is selected');
		expect(result.error?.description).toMatch(/Only the Job Portal resource works without one/);
	});

	test.each(['ftp://api.test', 'not a url', 'https://user:pw@api.test'])(
		'a Base URL of %s is refused',
		async (baseUrl) => {
			const result = await getCandidate({}, { credentials: { baseUrl, apiKey: API_KEY } });
			expect(result.error?.message).toBe(
				'The Base URL of the Recruiting API credential is not a valid http(s) URL',
			);
		},
	);

	test.each([
		'http://api.test',
		'http://api.test/',
		'http://api.test/v1',
		'http://api.test/v1/',
		' http://api.test/v1// ',
	])('a Base URL of "%s" reaches /v1', async (baseUrl) => {
		const scope = api().get('/v1/candidates/c1').reply(200, candidate('c1'));
		const credentials = { baseUrl, apiKey: API_KEY };
		const run = getCandidate({ candidateId: byId('c1') }, { credentials });
		expect((await succeeds(scope, run))[0].id).toBe('c1');
	});
});

test('a selected credential that cannot be loaded keeps n8n’s own message', async () => {
	const message = 'Credential with ID "1" does not exist for type "recruitingApi".';
	const result = await getCandidate({}, { credentialsError: new Error(message) });
	expect(result.error?.message).toBe(message);
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
		const error = await failsAfter(c404().reply(400, body), getCandidate());
		expect(error.message).toBe(message);
		expect(error.description).toContain('Response body:');
	});

	test('a 409 says it is a conflict, in the API’s words', async () => {
		const scope = c404().reply(409, { error: { message: 'the candidate is being merged' } });
		expect((await failsAfter(scope, getCandidate())).message).toBe(
			"The Recruiting API refused the request as a conflict with the record's current state: the candidate is being merged",
		);
	});

	test('a very long explanation is cut short in the message; the body stays in the details', async () => {
		const scope = c404().reply(400, { message: 'x'.repeat(1000) });
		const { message } = await failsAfter(scope, getCandidate());
		expect(message.length).toBeLessThan(400);
		expect(message).toMatch(/x…$/);
	});
});
