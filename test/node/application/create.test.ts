import {
	api,
	byId,
	failsAfter,
	offline,
	operation,
	OPERATIONS,
	succeeds,
} from '../../harness/engine';

offline();

const create = operation(OPERATIONS.applicationCreate);

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
		const run = create({
			statusId: 'st1',
			ifAlreadyApplied: 'createAnyway',
			additionalFields: {
				clientId: 'co1',
				teamUserIds: 'u1,u2',
				clientTeamContactIds: 'cc1',
				position: { values: { previousId: 'a0', nextId: 'a2' } },
			},
		});
		expect(await succeeds(scope, run)).toEqual([{ id: 'a9' }]);
	});

	test.each([
		['no job and no status send null: a speculative application', { jobId: byId('') }, null],
		// Moved from test/unit/bodies.test.ts (applicationBody), the same assertions through n8n.
		[
			'an empty team field is not sent',
			{
				statusId: '',
				ifAlreadyApplied: 'createAnyway',
				additionalFields: { teamUserIds: '', clientTeamContactIds: '' },
			},
			'v1',
		],
	])('%s', async (_name, parameters, vacancyId) => {
		const body = { vacancyId, candidateId: 'c1', stageId: 's1', statusId: null };
		const scope = api().post('/v1/applications', body).reply(200, { id: 'a9' });
		// Without a job there is nothing to compare with (If Already Applied): nothing is read.
		expect(await succeeds(scope, create(parameters))).toEqual([{ id: 'a9' }]);
	});

	test.each([
		[{ stageId: '={{ $json.stage }}' }, /^Stage ID: is required/],
		[
			{ additionalFields: { position: { values: {} } } },
			/^Position: give the Previous ID, the Next ID or both/,
		],
	])('%j names the field', async (parameters, message) => {
		expect((await create(parameters, { items: [{ stage: '' }] })).error?.message).toMatch(message);
	});
});

describe('Application: Create, If Already Applied', () => {
	const listed = (candidateId: string) => ({
		vacancy: { id: 'v1' },
		applications: [
			{ id: 'a0', candidate: { viewType: 'applicationCandidate', id: 'someone-else' } },
			{ id: 'a7', candidate: { viewType: 'applicationCandidate', id: candidateId } },
		],
	});
	const read = () => api().get('/v1/applications/vacancy/v1');

	test('by default the existing application is returned and nothing is created', async () => {
		const scope = read().reply(200, listed('c1'));
		expect(await succeeds(scope, create())).toEqual([{ id: 'a7', alreadyApplied: true }]);
	});

	test('no application of the candidate yet: one read, then the application is created', async () => {
		const scope = read().reply(200, listed('c2')).post('/v1/applications').reply(200, { id: 'a9' });
		expect(await succeeds(scope, create())).toEqual([{ id: 'a9', alreadyApplied: false }]);
	});

	test('Fail names the application the candidate already has', async () => {
		const run = create({ ifAlreadyApplied: 'fail' });
		const error = await failsAfter(read().reply(200, listed('c1')), run);
		expect(error.message).toBe('Candidate "c1" already applied to job "v1" (application "a7")');
		expect(error.description).toMatch(/Return the Existing Application/);
	});

	test('a job the API does not have is named, and nothing is created', async () => {
		const error = await failsAfter(read().reply(404, { message: 'not found' }), create());
		expect(error.message).toBe('No job with ID "v1" exists: check the ID');
	});
});
