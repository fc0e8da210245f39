/*
 * The API key never leaves the API's host: n8n's HTTP helper keeps custom headers such as
 * x-api-key when it follows a redirect to another host, so no request that carries the key
 * follows a redirect. The public job portal takes no key and follows redirects as a browser.
 */
import nock from 'nock';

import { Recruiting } from '../../nodes/Recruiting/Recruiting.node';
import {
	API,
	API_KEY,
	failsAfter,
	offline,
	operation,
	OPERATIONS,
	pickerContext,
	portal,
	succeeds,
} from '../harness/engine';
import { candidate, page, posting } from '../harness/fixtures';
import { TriggerHarness } from '../harness/trigger';

const OTHER = 'http://other.example';

offline();

/** Every request that reaches the other host, with the key it carried. */
function otherHost() {
	const seen: Array<{ path: string; key: unknown }> = [];
	for (const method of ['GET', 'POST', 'PUT']) {
		nock(OTHER)
			.persist()
			.intercept(/.*/, method)
			.reply(function (path) {
				seen.push({ path, key: this.req.headers['x-api-key'] });
				return [200, page([candidate('stolen')], '', false)];
			});
	}
	return seen;
}

const getCandidate = operation(OPERATIONS.candidateGet);
const updateJob = operation(OPERATIONS.jobUpdate);
const getAll = operation(OPERATIONS.candidateGetAll);

const REDIRECT_MESSAGE = (status: number, path: string) =>
	`The Recruiting API answered with a redirect (HTTP ${status}) to ${OTHER}${path}; requests that carry the API key do not follow redirects`;

describe.each([301, 302, 307, 308])('a %i to another host', (status) => {
	test.each([
		['Candidate Get', 'GET', '/v1/candidates/c1', undefined, getCandidate],
		['Job Update (PUT with a body)', 'PUT', '/v1/vacancies/v1', undefined, updateJob],
		['Get Many, at the page that redirects,', 'GET', '/v1/candidates', 'limit=50', getAll],
	])(
		'%s stops with the redirect named; nothing reaches the other host',
		async (_name, method, path, query, run) => {
			const seen = otherHost();
			const asked = nock(API).intercept(path, method);
			const scope = (query ? asked.query(true) : asked).reply(status, '', {
				Location: `${OTHER}${path}${query ? `?${query}` : ''}`,
			});
			const error = await failsAfter(scope, run());
			expect(seen).toEqual([]);
			expect(error.message).toBe(REDIRECT_MESSAGE(status, path));
			expect(error.description).toMatch(/set the Base URL of the Recruiting API credential/);
		},
	);

	test('the Candidate picker stops; nothing reaches the other host', async () => {
		const seen = otherHost();
		const scope = nock(API)
			.get('/v1/candidates')
			.query(true)
			.reply(status, '', { Location: `${OTHER}/v1/candidates` });
		const outcome = await new Recruiting().methods.listSearch.searchCandidates
			.call(pickerContext('candidateId'))
			.catch((error: Error) => error);
		expect(scope.isDone()).toBe(true);
		expect(seen).toEqual([]);
		expect((outcome as Error).message).toBe(REDIRECT_MESSAGE(status, '/v1/candidates'));
	});

	test('a trigger poll fails without emitting; nothing reaches the other host', async () => {
		const seen = otherHost();
		const scope = nock(API)
			.get('/v1/candidates')
			.query(true)
			.reply(status, '', { Location: `${OTHER}/v1/candidates` });
		const trigger = new TriggerHarness({ resource: 'candidate', start: 'everything' });
		await expect(trigger.poll()).rejects.toThrow(REDIRECT_MESSAGE(status, '/v1/candidates'));
		expect(scope.isDone()).toBe(true);
		expect(seen).toEqual([]);
		expect(trigger.state()).toBeUndefined();
	});
});

test('the public job portal takes no key and follows a redirect as a browser does', async () => {
	const scope = portal()
		.get('/acme/vacancy-portal/jobs')
		.reply(302, '', { Location: 'https://jobs.example/acme/vacancy-portal/jobs' });
	const moved = portal('https://jobs.example')
		.get('/acme/vacancy-portal/jobs')
		.reply(200, { publicJobBoardPostings: [{ ...posting, id: 'jp1' }] });
	const getPostings = operation({ ...OPERATIONS.postings, returnAll: true });
	expect((await succeeds(scope, getPostings())).map((item) => item.id)).toEqual(['jp1']);
	expect(moved.isDone()).toBe(true);
	expect(API_KEY).not.toBe('');
});

test('a redirect is named by its origin and path only: its query may hold a token', async () => {
	const scope = nock(API)
		.get('/v1/candidates/c1')
		.reply(302, '', { Location: `${OTHER}/v1/candidates/c1?token=secret#x` });
	expect((await failsAfter(scope, getCandidate())).message).toBe(
		REDIRECT_MESSAGE(302, '/v1/candidates/c1'),
	);
});
