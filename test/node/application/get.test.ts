import { api, offline, operation, OPERATIONS, succeeds } from '../../harness/engine';
import { applicationDetail } from '../../harness/fixtures';

offline();

describe('Application: Get', () => {
	const get = operation(OPERATIONS.applicationGet);
	const read = () => api().get('/v1/applications/a1').reply(200, applicationDetail('a1'));

	test('returns the flattened application', async () => {
		const [json] = await succeeds(read(), get());
		expect(json).toMatchObject({
			id: 'a1',
			applicationState: 'for-review',
			owner: { name: 'Rita Recruiter' },
		});
		expect((json.vacancy as Record<string, unknown>).viewType).toBeUndefined();
	});

	test('Raw returns it untouched', async () => {
		expect(await succeeds(read(), get({ output: 'raw' }))).toEqual([applicationDetail('a1')]);
	});

	test('an empty Application ID is refused before sending', async () => {
		expect((await get({ applicationId: ' ' })).error?.message).toBe('Application ID is required');
	});
});
