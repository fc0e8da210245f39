import nock from 'nock';

import { API, API_KEY, jsonOf, runRecruiting } from '../../harness/engine';
import { applicationDetail } from '../../harness/fixtures';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

function api() {
	return nock(API, { reqheaders: { 'x-api-key': API_KEY } });
}

describe('Application: Get', () => {
	test('returns the flattened application', async () => {
		const scope = api().get('/v1/applications/a1').reply(200, applicationDetail('a1'));
		const result = await runRecruiting({
			parameters: { resource: 'application', operation: 'get', applicationId: 'a1' },
		});
		expect(scope.isDone()).toBe(true);
		const [json] = jsonOf(result);
		expect(json).toMatchObject({
			id: 'a1',
			applicationState: 'for-review',
			owner: { name: 'Rita Recruiter' },
		});
		expect((json.vacancy as Record<string, unknown>).viewType).toBeUndefined();
	});

	test('Raw returns it untouched', async () => {
		const scope = api().get('/v1/applications/a1').reply(200, applicationDetail('a1'));
		const result = await runRecruiting({
			parameters: { resource: 'application', operation: 'get', applicationId: 'a1', output: 'raw' },
		});
		expect(scope.isDone()).toBe(true);
		expect(jsonOf(result)).toEqual([applicationDetail('a1')]);
	});

	test('an empty Application ID is refused before sending', async () => {
		const result = await runRecruiting({
			parameters: { resource: 'application', operation: 'get', applicationId: ' ' },
		});
		expect(result.error?.message).toBe('Application ID is required');
	});
});
