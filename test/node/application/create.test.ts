import nock from 'nock';

import { API, API_KEY, jsonOf, runRecruiting } from '../../harness/engine';

const locator = (value: string) => ({ __rl: true, mode: 'id', value });

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

function api() {
	return nock(API, { reqheaders: { 'x-api-key': API_KEY } });
}

describe('Application: Create', () => {
	test('Create Anyway sends the full body without reading first and returns the new id', async () => {
		const scope = api()
			.post('/v1/applications', {
				vacancyId: 'v1',
				candidateId: 'c1',
				stageId: 's1',
				statusId: 'st1',
				clientId: 'co1',
				teamUserIds: ['u1', 'u2'],
				clientTeamContactIds: ['cc1'],
				position: { previousId: 'a0', nextId: 'a2' },
			})
			.reply(200, { id: 'a9' });
		const result = await runRecruiting({
			parameters: {
				resource: 'application',
				operation: 'create',
				jobId: locator('v1'),
				candidateId: locator('c1'),
				stageId: 's1',
				statusId: 'st1',
				ifAlreadyApplied: 'createAnyway',
				additionalFields: {
					clientId: 'co1',
					teamUserIds: 'u1,u2',
					clientTeamContactIds: 'cc1',
					position: { values: { previousId: 'a0', nextId: 'a2' } },
				},
			},
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		expect(jsonOf(result)).toEqual([{ id: 'a9' }]);
	});

	test('no job and no status send null: a speculative application', async () => {
		const scope = api()
			.post('/v1/applications', {
				vacancyId: null,
				candidateId: 'c1',
				stageId: 's1',
				statusId: null,
			})
			.reply(200, { id: 'a10' });
		const result = await runRecruiting({
			parameters: {
				resource: 'application',
				operation: 'create',
				jobId: locator(''),
				candidateId: locator('c1'),
				stageId: 's1',
			},
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	test('a stage that resolves to nothing names the field', async () => {
		const result = await runRecruiting({
			items: [{ stage: '' }],
			parameters: {
				resource: 'application',
				operation: 'create',
				jobId: locator('v1'),
				candidateId: locator('c1'),
				stageId: '={{ $json.stage }}',
			},
		});
		expect(result.error?.message).toMatch(/^Stage ID: is required/);
	});

	// Moved from test/unit/bodies.test.ts (applicationBody), the same assertions through n8n.
	test('position needs at least one neighbour', async () => {
		const result = await runRecruiting({
			parameters: {
				resource: 'application',
				operation: 'create',
				jobId: locator('v'),
				candidateId: locator('c'),
				stageId: 's',
				statusId: '',
				additionalFields: { position: { values: {} } },
			},
		});
		expect(result.error?.message).toMatch(/^Position: give the Previous ID, the Next ID or both/);
	});

	test('an empty team field is not sent', async () => {
		let sent: unknown;
		const scope = api()
			.post('/v1/applications', (body) => {
				sent = body;
				return true;
			})
			.reply(200, { id: 'a1' });
		const result = await runRecruiting({
			parameters: {
				resource: 'application',
				operation: 'create',
				jobId: locator('v'),
				candidateId: locator('c'),
				stageId: 's',
				statusId: '',
				ifAlreadyApplied: 'createAnyway',
				additionalFields: { teamUserIds: '', clientTeamContactIds: '' },
			},
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		expect(sent).toEqual({ vacancyId: 'v', candidateId: 'c', stageId: 's', statusId: null });
	});
});

describe('Application: Create, If Already Applied', () => {
	const create = (extra: Record<string, unknown> = {}) => ({
		resource: 'application',
		operation: 'create',
		jobId: locator('v1'),
		candidateId: locator('c1'),
		stageId: 's1',
		...extra,
	});
	const listed = (candidateId: string) => ({
		vacancy: { id: 'v1' },
		applications: [
			{ id: 'a0', candidate: { viewType: 'applicationCandidate', id: 'someone-else' } },
			{ id: 'a7', candidate: { viewType: 'applicationCandidate', id: candidateId } },
		],
	});

	test('by default the existing application is returned and nothing is created', async () => {
		const scope = api().get('/v1/applications/vacancy/v1').reply(200, listed('c1'));
		const result = await runRecruiting({ parameters: create() });
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		expect(jsonOf(result)).toEqual([{ id: 'a7', alreadyApplied: true }]);
	});

	test('no application of the candidate yet: one read, then the application is created', async () => {
		const scope = api()
			.get('/v1/applications/vacancy/v1')
			.reply(200, listed('c2'))
			.post('/v1/applications')
			.reply(200, { id: 'a9' });
		const result = await runRecruiting({ parameters: create() });
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		expect(jsonOf(result)).toEqual([{ id: 'a9', alreadyApplied: false }]);
	});

	test('Fail names the application the candidate already has', async () => {
		const scope = api().get('/v1/applications/vacancy/v1').reply(200, listed('c1'));
		const result = await runRecruiting({ parameters: create({ ifAlreadyApplied: 'fail' }) });
		expect(scope.isDone()).toBe(true);
		expect(result.error?.message).toBe(
			'Candidate "c1" already applied to job "v1" (application "a7")',
		);
		expect(result.error?.description).toMatch(/Return the Existing Application/);
	});

	test('a speculative application (no job) has nothing to compare with: it is created', async () => {
		const scope = api().post('/v1/applications').reply(200, { id: 'a9' });
		const result = await runRecruiting({ parameters: create({ jobId: locator('') }) });
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		expect(jsonOf(result)).toEqual([{ id: 'a9' }]);
	});

	test('a job the API does not have is named, and nothing is created', async () => {
		const scope = api().get('/v1/applications/vacancy/v1').reply(404, { message: 'not found' });
		const result = await runRecruiting({ parameters: create() });
		expect(scope.isDone()).toBe(true);
		expect(result.error?.message).toBe('No job with ID "v1" exists: check the ID');
	});
});
