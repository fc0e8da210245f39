import nock from 'nock';
import type { INodeParameters } from 'n8n-workflow';

import { APPLICANT, offline, operation, OPERATIONS, portal, succeeds } from '../../harness/engine';
import { location } from '../../harness/fixtures';

offline();

describe('Job Portal: Apply', () => {
	const apply = operation(OPERATIONS.apply);
	/** Without a credential on the node: the portal needs none. */
	const applyWithout = (parameters: INodeParameters) => apply(parameters, { credentials: null });
	const posted = (body?: nock.RequestBodyMatcher) =>
		portal().post('/acme/vacancy-portal/jobs/jp1', body);

	test('posts the body with location, channelId in the query, without the API key', async () => {
		const scope = posted({
			...APPLICANT,
			networkUrl: 'https://network.example/in/ada',
			location: { ...location, street2: undefined },
		})
			.query({ channelId: 'board-7' })
			.reply(200, '');
		const locationWithoutEmpty = Object.fromEntries(
			Object.entries(location).filter(([key]) => key !== 'street2'),
		);
		const run = apply({
			networkUrl: 'https://network.example/in/ada',
			additionalFields: {
				channelId: 'board-7',
				location: { values: { ...locationWithoutEmpty, latitude: '52.52', longitude: '13.4' } },
			},
		});
		expect(await succeeds(scope, run)).toEqual([
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
		const scope = posted({ ...APPLICANT, networkUrl: null, ...sent })
			.query({})
			.reply(200, '');
		await succeeds(scope, applyWithout({ additionalFields }));
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
		[
			{ additionalFields: { channelId: '={{ { "id": 1 } }}' } },
			/^Channel ID: must be text, not an object$/,
		],
		[
			{ networkUrl: `https://n.example/${'a'.repeat(2031)}` },
			/^Network Profile URL: is 2049 characters long; at most 2048/,
		],
	])('%j is refused before sending, naming the field', async (override, message) => {
		expect((await applyWithout(override)).error?.message).toMatch(message);
	});

	test('lengths count characters as the API does: 100 emoji are a valid first name', async () => {
		const firstName = '😀'.repeat(100);
		const scope = posted({ ...APPLICANT, firstName, networkUrl: null }).reply(200, '');
		await succeeds(scope, applyWithout({ firstName }));
	});

	test('a Channel ID given as a number by an expression is sent, not dropped', async () => {
		const scope = posted().query({ channelId: '12345' }).reply(200, '');
		const run = apply(
			{ additionalFields: { channelId: '={{ $json.channel }}' } },
			{ credentials: null, items: [{ channel: 12345 }] },
		);
		await succeeds(scope, run);
	});

	test('unicode names within the limit are fine; the limit counts characters as JavaScript does', async () => {
		const names = { firstName: 'Zoë', lastName: '李', email: 'zoe@例え.jp', phoneNumber: '+81 3' };
		const scope = posted({ ...APPLICANT, ...names, networkUrl: null }).reply(200, '');
		await succeeds(scope, apply({ ...names, networkUrl: '' }));
	});
});
