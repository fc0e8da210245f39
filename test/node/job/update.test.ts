import nock from 'nock';

import { API, API_KEY, jsonOf, runRecruiting } from '../../harness/engine';

const jobId = (value: string) => ({ __rl: true, mode: 'id', value });

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

function api() {
	return nock(API, { reqheaders: { 'x-api-key': API_KEY } });
}

describe('Job: Update', () => {
	test('sends every field of the body as the spec types it', async () => {
		const expectedBody = {
			name: 'Senior Backend Engineer',
			description: 'New text',
			companyId: 'co2',
			stageId: 's2',
			employmentType: 'partTime',
			locationType: 'remote',
			startAt: '2026-03-01T09:00:00.000Z',
			endAt: '2026-09-01T00:00:00.000Z',
			teamUserIds: ['u1', 'u2'],
			clientTeamUserIds: ['cc1'],
			location: {
				type: 'headquarters',
				city: 'Berlin',
				country: 'Germany',
				latitude: 52.52,
				longitude: 13.4,
			},
			salaryRange: { currency: 'CHF', min: 100000, max: 120000 },
			dealValue: { currency: 'EUR', amount: 20000 },
			scorecard: [
				{ group_name: 'Skills', attributes: [{ attribute: 'TypeScript' }, { attribute: 'SQL' }] },
				{ group_name: 'Values', attributes: [{ attribute: 'Ownership' }] },
			],
		};
		const scope = api().put('/v1/vacancies/v1', expectedBody).reply(200, '');
		const result = await runRecruiting({
			parameters: {
				resource: 'job',
				operation: 'update',
				jobId: jobId('v1'),
				updateFields: {
					name: 'Senior Backend Engineer',
					description: 'New text',
					companyId: 'co2',
					stageId: 's2',
					employmentType: 'partTime',
					locationType: 'remote',
					startAt: '2026-03-01T09:00:00Z',
					endAt: '2026-09-01T00:00:00.000Z',
					teamUserIds: 'u1, u2',
					clientTeamUserIds: 'cc1',
					location: {
						values: {
							type: 'headquarters',
							city: 'Berlin',
							country: 'Germany',
							latitude: '52.52',
							longitude: '13.4',
							street1: '',
						},
					},
					salaryRange: { values: { currency: 'CHF', min: 100000, max: 120000 } },
					dealValue: { values: { currency: 'eur', amount: 20000 } },
					scorecard: {
						groups: [
							{ groupName: 'Skills', attributes: 'TypeScript, SQL' },
							{ groupName: 'Values', attributes: 'Ownership' },
						],
					},
				},
			},
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		expect(jsonOf(result)).toEqual([{ success: true, id: 'v1', updated: true }]);
	});

	test('a location without an Address Type keeps the job’s type: none is sent', async () => {
		const scope = api()
			.put('/v1/vacancies/v1', { location: { city: 'Berlin' } })
			.reply(200, '');
		const result = await runRecruiting({
			parameters: {
				resource: 'job',
				operation: 'update',
				jobId: jobId('v1'),
				updateFields: { location: { values: { city: 'Berlin' } } },
			},
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	test('Clear Fields sends null for the nullable fields', async () => {
		const scope = api()
			.put('/v1/vacancies/v1', {
				name: 'X',
				description: null,
				employmentType: null,
				locationType: null,
				startAt: null,
				endAt: null,
			})
			.reply(200, '');
		const result = await runRecruiting({
			parameters: {
				resource: 'job',
				operation: 'update',
				jobId: jobId('v1'),
				updateFields: {
					name: 'X',
					clearFields: ['description', 'employmentType', 'locationType', 'startAt', 'endAt'],
				},
			},
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	test('an id with spaces, % or non-ASCII letters from an expression is sent as one encoded path segment', async () => {
		const scope = api().put('/v1/vacancies/a%25b%20%C3%BC', { name: 'X' }).reply(200, '');
		const result = await runRecruiting({
			items: [{ id: 'a%b ü' }],
			parameters: {
				resource: 'job',
				operation: 'update',
				jobId: jobId('={{ $json.id }}'),
				updateFields: { name: 'X' },
			},
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	test('an id with / or ? from an expression is refused naming the field; nothing is sent', async () => {
		const result = await runRecruiting({
			items: [{ id: '../candidates?x=1' }],
			parameters: {
				resource: 'job',
				operation: 'update',
				jobId: jobId('={{ $json.id }}'),
				updateFields: { name: 'X' },
			},
		});
		expect(result.error?.message).toBe(
			'Job: "../candidates?x=1" cannot be used as an ID: IDs cannot be "." or ".." or contain /, ?, #, \\ or control characters (also URL-encoded)',
		);
	});

	test('a / typed into By ID is flagged by n8n’s parameter check before anything runs', async () => {
		await expect(
			runRecruiting({
				parameters: {
					resource: 'job',
					operation: 'update',
					jobId: jobId('a/b'),
					updateFields: { name: 'X' },
				},
			}),
		).rejects.toThrow(/^The 'Recruiting' node has issues:\n- Job ID cannot contain \/, \? or #/);
	});

	test.each([
		[{}, /^Update Fields: nothing to update/],
		[{ startAt: 'not a date' }, /^Start At: "not a date" is not a date and time/],
		[
			{ startAt: '2026-05-01T00:00:00Z', endAt: '2026-04-01T00:00:00Z' },
			/^End At: is before Start At/,
		],
		[
			{ salaryRange: { values: { currency: 'EUR', min: 9, max: 1 } } },
			/^Salary Range: the minimum is above the maximum/,
		],
		[
			{ dealValue: { values: { currency: 'euro', amount: 1 } } },
			/^Deal Value currency: "EURO" is not a three-letter currency code/,
		],
		[
			{ location: { values: { latitude: '123' } } },
			/^Location latitude: must be between -90 and 90/,
		],
		[{ description: 'x', clearFields: ['description'] }, /^Description: is both set and cleared/],
		[{ teamUserIds: { a: 1 } }, /^Team User IDs: must be a comma-separated list of IDs/],
	])('rejects bad input %j before sending', async (updateFields, message) => {
		const result = await runRecruiting({
			parameters: { resource: 'job', operation: 'update', jobId: jobId('v1'), updateFields },
		});
		// RoutingNode hands every failure of a declarative node on as a NodeApiError.
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toMatch(message);
	});

	test('an empty job id is a clear error', async () => {
		const result = await runRecruiting({
			parameters: {
				resource: 'job',
				operation: 'update',
				jobId: jobId('  '),
				updateFields: { name: 'X' },
			},
		});
		expect(result.error?.message).toBe('Job is required');
	});
});
