import nock from 'nock';

import { API, API_KEY, jsonOf, runRecruiting } from '../helpers/engine';
import { location, posting } from '../helpers/fixtures';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

describe('Note: Update', () => {
	test('sends content, title, pinned, source and labels', async () => {
		const scope = nock(API, { reqheaders: { 'x-api-key': API_KEY } })
			.put('/v1/notes/n1', {
				content: '<p>Called</p>',
				title: 'Call',
				pinned: true,
				source: 'phone',
				labelIds: ['l1', 'l2'],
			})
			.reply(200, '');
		const result = await runRecruiting({
			parameters: {
				resource: 'note',
				operation: 'update',
				noteId: 'n1',
				content: '<p>Called</p>',
				title: 'Call',
				pinned: true,
				additionalFields: { source: 'phone', labelIds: 'l1, l2' },
			},
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		expect(jsonOf(result)).toEqual([{ success: true, id: 'n1', updated: true }]);
	});

	test('an empty title and source None are sent as null', async () => {
		const scope = nock(API, { reqheaders: { 'x-api-key': API_KEY } })
			.put('/v1/notes/n1', { content: 'x', title: null, pinned: false, source: null })
			.reply(200, '');
		const result = await runRecruiting({
			parameters: {
				resource: 'note',
				operation: 'update',
				noteId: 'n1',
				content: 'x',
				title: '',
				additionalFields: { source: 'none' },
			},
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	test('empty content names the field', async () => {
		const result = await runRecruiting({
			parameters: { resource: 'note', operation: 'update', noteId: 'n1', content: '  ' },
		});
		expect(result.error?.message).toMatch(/^Content: is required/);
	});
});

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

describe('Job Portal: Apply', () => {
	const applicant = {
		firstName: 'Ada',
		lastName: 'Lovelace',
		email: 'ada@example.com',
		phoneNumber: '+49 30 1234567',
		cvAttachmentId: 'cv-1',
	};

	test('posts the body with location, channelId in the query, without the API key', async () => {
		const scope = portal()
			.post('/acme/vacancy-portal/jobs/jp1', {
				...applicant,
				networkUrl: 'https://network.example/in/ada',
				location: { ...location, street2: undefined },
			})
			.query({ channelId: 'board-7' })
			.reply(200, '');
		const locationWithoutEmpty = Object.fromEntries(
			Object.entries(location).filter(([key]) => key !== 'street2'),
		);
		const result = await runRecruiting({
			parameters: {
				resource: 'jobPortal',
				operation: 'apply',
				portalUrl: PORTAL,
				tenantSlug: 'acme',
				postingId: 'jp1',
				...applicant,
				networkUrl: 'https://network.example/in/ada',
				additionalFields: {
					channelId: 'board-7',
					location: { values: { ...locationWithoutEmpty, latitude: '52.52', longitude: '13.4' } },
				},
			},
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		expect(jsonOf(result)).toEqual([
			{ success: true, postingId: 'jp1', email: 'ada@example.com', applied: true },
		]);
	});

	test.each([
		['without location or network URL: networkUrl null, no channelId', {}, {}],
		[
			'a location without an Address Type is the applicant’s home',
			{ location: { values: { city: 'London' } } },
			{ location: { type: 'primary_home', city: 'London' } },
		],
	])('%s', async (_name, additionalFields, sent) => {
		const scope = portal()
			.post('/acme/vacancy-portal/jobs/jp1', { ...applicant, networkUrl: null, ...sent })
			.query({})
			.reply(200, '');
		const result = await runRecruiting({
			credentials: null,
			parameters: {
				resource: 'jobPortal',
				operation: 'apply',
				portalUrl: PORTAL,
				tenantSlug: 'acme',
				postingId: 'jp1',
				...applicant,
				additionalFields,
			},
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	test.each([
		[{ firstName: '={{ "" }}' }, /^First Name: is required/],
		[{ lastName: 'x'.repeat(101) }, /^Last Name: is 101 characters long; at most 100 are allowed/],
		[{ email: 'ada-at-example.com' }, /^Email: "ada-at-example.com" is not an email address/],
		[{ email: `${'a'.repeat(250)}@x.io` }, /^Email: is 255 characters long; at most 254/],
		[{ phoneNumber: '+49 30 1234567 890123' }, /^Phone Number: is 21 characters long; at most 20/],
		[{ cvAttachmentId: '={{ " " }}' }, /^CV Attachment ID: is required/],
		[{ networkUrl: 'not a url' }, /^Network Profile URL: "not a url" is not a URL/],
	])('%j is refused before sending, naming the field', async (override, message) => {
		const result = await runRecruiting({
			credentials: null,
			parameters: {
				resource: 'jobPortal',
				operation: 'apply',
				portalUrl: PORTAL,
				tenantSlug: 'acme',
				postingId: 'jp1',
				...applicant,
				...override,
			},
		});
		expect(result.error?.message).toMatch(message);
	});
});
