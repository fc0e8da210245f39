import nock from 'nock';

import { jsonOf, runRecruiting } from '../../harness/engine';
import { posting } from '../../harness/fixtures';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

const PORTAL = 'https://careers.example';

/** The portal is public: a request that carries x-api-key fails the nock match. */
function portal() {
	return nock(PORTAL, { badheaders: ['x-api-key'] });
}

describe('Job Portal: Get Many Postings', () => {
	test('no API key is sent, even with a credential on the node; one item per posting', async () => {
		const scope = portal()
			.get('/acme/vacancy-portal/jobs')
			.reply(200, { publicJobBoardPostings: [posting, { ...posting, id: 'jp2' }] });
		const result = await runRecruiting({
			parameters: {
				resource: 'jobPortal',
				operation: 'getAllPostings',
				portalUrl: `${PORTAL}/`,
				tenantSlug: 'acme',
			},
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		expect(jsonOf(result).map((p) => p.id)).toEqual(['jp1', 'jp2']);
	});

	test('Limit keeps the first postings of the one response', async () => {
		const scope = portal()
			.get('/acme/vacancy-portal/jobs')
			.reply(200, {
				publicJobBoardPostings: ['jp1', 'jp2', 'jp3'].map((id) => ({ ...posting, id })),
			});
		const result = await runRecruiting({
			credentials: null,
			parameters: {
				resource: 'jobPortal',
				operation: 'getAllPostings',
				portalUrl: PORTAL,
				tenantSlug: 'acme',
				limit: 2,
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(jsonOf(result).map((p) => p.id)).toEqual(['jp1', 'jp2']);
	});

	test('works with no credential at all', async () => {
		const scope = portal()
			.get('/acme%20co/vacancy-portal/jobs')
			.reply(200, { publicJobBoardPostings: [] });
		const result = await runRecruiting({
			credentials: null,
			parameters: {
				resource: 'jobPortal',
				operation: 'getAllPostings',
				portalUrl: PORTAL,
				tenantSlug: 'acme co',
			},
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		expect(result.items).toEqual([]);
	});

	test.each([
		['ftp://careers.example', /^Portal URL must be an http\(s\) address/],
		['careers', /^Portal URL must be an http\(s\) address/],
	])('a Portal URL of %s is refused', async (portalUrl, message) => {
		const result = await runRecruiting({
			credentials: null,
			parameters: {
				resource: 'jobPortal',
				operation: 'getAllPostings',
				portalUrl,
				tenantSlug: 'acme',
			},
		});
		expect(result.error?.message).toMatch(message);
	});

	test.each([
		[404, 'The job portal could not find the tenant: check the Portal URL and the Tenant Slug'],
		[
			401,
			'The job portal refused the request (HTTP 401); it takes no API key: check the Portal URL and the Tenant Slug',
		],
		[
			403,
			'The job portal refused the request (HTTP 403); it takes no API key: check the Portal URL and the Tenant Slug',
		],
	])('a %i from the public portal names its fields, never an API key', async (status, message) => {
		const scope = portal().get('/nope/vacancy-portal/jobs').reply(status, { error: 'denied' });
		const result = await runRecruiting({
			credentials: null,
			parameters: {
				resource: 'jobPortal',
				operation: 'getAllPostings',
				portalUrl: PORTAL,
				tenantSlug: 'nope',
			},
		});
		expect(scope.isDone()).toBe(true);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description ?? '').not.toMatch(/API key/i);
	});
});
