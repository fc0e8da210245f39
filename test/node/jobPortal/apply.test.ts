import nock from 'nock';

import { jsonOf, runRecruiting } from '../../harness/engine';
import { location } from '../../harness/fixtures';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

const PORTAL = 'https://careers.example';
const POSTING = { __rl: true, mode: 'id', value: 'jp1' };

/** The portal is public: a request that carries x-api-key fails the nock match. */
function portal() {
	return nock(PORTAL, { badheaders: ['x-api-key'] });
}

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
				postingId: POSTING,
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
				postingId: POSTING,
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
		[{ networkUrl: 'not a url' }, /^Network Profile URL: "not a url" is not an http\(s\) address/],
		[
			{ networkUrl: 'javascript:alert(1)' },
			/^Network Profile URL: "javascript:alert\(1\)" is not an http\(s\) address/,
		],
		[{ networkUrl: 'ftp://network.example/ada' }, /^Network Profile URL: .* is not an http\(s\)/],
		[
			{ firstName: '😀'.repeat(101) },
			/^First Name: is 101 characters long; at most 100 are allowed/,
		],
		[{ firstName: '={{ { "first": "Ada" } }}' }, /^First Name: must be text, not an object/],
	])('%j is refused before sending, naming the field', async (override, message) => {
		const result = await runRecruiting({
			credentials: null,
			parameters: {
				resource: 'jobPortal',
				operation: 'apply',
				portalUrl: PORTAL,
				tenantSlug: 'acme',
				postingId: POSTING,
				...applicant,
				...override,
			},
		});
		expect(result.error?.message).toMatch(message);
	});

	test('lengths count characters as the API does: 100 emoji are a valid first name', async () => {
		const firstName = '😀'.repeat(100);
		const scope = portal()
			.post('/acme/vacancy-portal/jobs/jp1', { ...applicant, firstName, networkUrl: null })
			.reply(200, '');
		const result = await runRecruiting({
			credentials: null,
			parameters: {
				resource: 'jobPortal',
				operation: 'apply',
				portalUrl: PORTAL,
				tenantSlug: 'acme',
				postingId: POSTING,
				...applicant,
				firstName,
			},
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	test('a Channel ID given as a number by an expression is sent, not dropped', async () => {
		const scope = portal()
			.post('/acme/vacancy-portal/jobs/jp1')
			.query({ channelId: '12345' })
			.reply(200, '');
		const result = await runRecruiting({
			credentials: null,
			items: [{ channel: 12345 }],
			parameters: {
				resource: 'jobPortal',
				operation: 'apply',
				portalUrl: PORTAL,
				tenantSlug: 'acme',
				postingId: POSTING,
				...applicant,
				additionalFields: { channelId: '={{ $json.channel }}' },
			},
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	test('a Channel ID given as an object is refused naming the field', async () => {
		const result = await runRecruiting({
			credentials: null,
			parameters: {
				resource: 'jobPortal',
				operation: 'apply',
				portalUrl: PORTAL,
				tenantSlug: 'acme',
				postingId: POSTING,
				...applicant,
				additionalFields: { channelId: '={{ { "id": 1 } }}' },
			},
		});
		expect(result.error?.message).toBe('Channel ID: must be text, not an object');
	});

	// Moved from test/unit/bodies.test.ts (portalApplicationBody), the same assertions through n8n.
	const apply = (fields: Record<string, string>) => ({
		resource: 'jobPortal',
		operation: 'apply',
		portalUrl: PORTAL,
		tenantSlug: 'acme',
		postingId: POSTING,
		...fields,
	});

	test('a networkUrl of 2,049 characters is refused', async () => {
		const long = `https://n.example/${'a'.repeat(2031)}`;
		expect(long).toHaveLength(2049);
		const result = await runRecruiting({
			parameters: apply({
				firstName: 'A',
				lastName: 'B',
				email: 'a@b.co',
				phoneNumber: '1',
				cvAttachmentId: 'cv',
				networkUrl: long,
			}),
		});
		expect(result.error?.message).toMatch(
			/^Network Profile URL: is 2049 characters long; at most 2048/,
		);
	});

	test('unicode names within the limit are fine; the limit counts characters as JavaScript does', async () => {
		let sent: unknown;
		const scope = portal()
			.post('/acme/vacancy-portal/jobs/jp1', (body) => {
				sent = body;
				return true;
			})
			.reply(200, '');
		const result = await runRecruiting({
			parameters: apply({
				firstName: 'Zoë',
				lastName: '李',
				email: 'zoe@例え.jp',
				phoneNumber: '+81 3',
				cvAttachmentId: 'cv',
				networkUrl: '',
			}),
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		expect(sent).toMatchObject({ firstName: 'Zoë', lastName: '李', networkUrl: null });
	});
});
