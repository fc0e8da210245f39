import { api, failsAfter, offline, operation, succeeds } from '../../harness/engine';
import { candidate, page } from '../../harness/fixtures';

offline();

describe('Candidate: Get Many', () => {
	const getAll = operation({ resource: 'candidate', operation: 'getAll' });
	const list = () => api().get('/v1/candidates');

	test('follows the opaque cursor exactly and keeps modifiedSince on every page', async () => {
		const since = '2026-01-01T00:00:00.000Z';
		const scope = list()
			.query({ limit: 50, modifiedSince: since })
			.reply(200, page([candidate('c1'), candidate('c2')], 'Y3Vyc29yMQ==', true))
			.get('/v1/candidates')
			.query({ limit: 50, modifiedSince: since, cursor: 'Y3Vyc29yMQ==' })
			.reply(200, page([candidate('c3')], 'Y3Vyc29yMg==', true))
			.get('/v1/candidates')
			.query({ limit: 50, modifiedSince: since, cursor: 'Y3Vyc29yMg==' })
			.reply(200, page([], '', false));
		const json = await succeeds(
			scope,
			getAll({ returnAll: true, filters: { modifiedSince: since } }),
		);
		expect(json.map((c) => [c.id, c.firstName])).toEqual([
			['c1', 'Ada'],
			['c2', 'Ada'],
			['c3', 'Ada'],
		]);
	});

	test('a date-picker time (no zone) is read in the workflow’s time zone and sent as ISO 8601', async () => {
		const scope = list()
			.query({ limit: 5, modifiedSince: '2026-07-01T07:30:00.000Z' })
			.reply(200, page([], '', false));
		const run = getAll(
			{ limit: 5, filters: { modifiedSince: '2026-07-01T09:30:00' } },
			{ timezone: 'Europe/Berlin' },
		);
		expect(await succeeds(scope, run)).toEqual([]);
	});

	test('an opaque cursor that comes back unchanged stops the run instead of looping', async () => {
		const scope = list()
			.query({ limit: 50 })
			.reply(200, page([candidate('c1')], 'Y3Vy', true))
			.get('/v1/candidates')
			.query({ limit: 50, cursor: 'Y3Vy' })
			.reply(200, page([candidate('c1')], 'Y3Vy', true));
		expect((await failsAfter(scope, getAll({ returnAll: true }))).message).toBe(
			"The Recruiting API's candidate list sent a page cursor it had already sent; stopped rather than loop",
		);
	});

	test('a page that says more follow but has no cursor is an error', async () => {
		const scope = list()
			.query(true)
			.reply(200, page([candidate('c1')], '', true));
		expect((await failsAfter(scope, getAll({ returnAll: true }))).message).toMatch(
			/said more candidates follow but gave no cursor/,
		);
	});

	test('an error answer names the candidate list', async () => {
		const scope = api().get('/v1/candidates').query(true).reply(404, { message: 'Not Found' });
		expect((await failsAfter(scope, getAll({ returnAll: true }))).message).toMatch(
			/could not find the candidate list: check the base URL/,
		);
	});

	test('the node reads the credential once for a whole Return All, however many pages', async () => {
		// n8n decrypts the credential once to run the node; the node reads it once for the run
		// (base URL, Rate Limit) and hands that to n8n's authentication with every page.
		for (const pages of [1, 3]) {
			let scope = api();
			for (let index = 0; index < pages; index++) {
				scope = scope
					.get('/v1/candidates')
					.query(true)
					.reply(200, page([candidate(`c${index}`)], `C${index}`, index < pages - 1));
			}
			const credentialReads = { count: 0 };
			await succeeds(scope, getAll({ returnAll: true }, { credentialReads }));
			expect(credentialReads.count).toBe(2);
		}
	});
});
