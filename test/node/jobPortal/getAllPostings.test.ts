import type { INodeParameters } from 'n8n-workflow';

import {
	failsAfter,
	offline,
	operation,
	OPERATIONS,
	portal,
	PORTAL,
	succeeds,
} from '../../harness/engine';
import { posting } from '../../harness/fixtures';

offline();

describe('Job Portal: Get Many Postings', () => {
	const getAll = operation(OPERATIONS.postings);
	/** Without a credential on the node: the portal needs none. */
	const getAllWithout = (parameters: INodeParameters) => getAll(parameters, { credentials: null });
	const postings = (...ids: string[]) => ({
		publicJobBoardPostings: ids.map((id) => ({ ...posting, id })),
	});

	test('no API key is sent, even with a credential on the node; one item per posting', async () => {
		const scope = portal().get('/acme/vacancy-portal/jobs').reply(200, postings('jp1', 'jp2'));
		const json = await succeeds(scope, getAll({ portalUrl: `${PORTAL}/` }));
		expect(json.map((p) => p.id)).toEqual(['jp1', 'jp2']);
	});

	test('Limit keeps the first postings of the one response', async () => {
		const scope = portal()
			.get('/acme/vacancy-portal/jobs')
			.reply(200, postings('jp1', 'jp2', 'jp3'));
		const json = await succeeds(scope, getAllWithout({ limit: 2 }));
		expect(json.map((p) => p.id)).toEqual(['jp1', 'jp2']);
	});

	test('works with no credential at all', async () => {
		const scope = portal().get('/acme%20co/vacancy-portal/jobs').reply(200, postings());
		expect(await succeeds(scope, getAllWithout({ tenantSlug: 'acme co' }))).toEqual([]);
	});

	test.each(['ftp://careers.example', 'careers'])(
		'a Portal URL of %s is refused',
		async (portalUrl) => {
			expect((await getAllWithout({ portalUrl })).error?.message).toMatch(
				/^Portal URL must be an http\(s\) address/,
			);
		},
	);

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
		const error = await failsAfter(scope, getAllWithout({ tenantSlug: 'nope' }));
		expect(error.message).toBe(message);
		expect(error.description ?? '').not.toMatch(/API key/i);
	});
});
