import nock from 'nock';

import { api, byId, offline, OPERATIONS, operation, succeeds } from '../../harness/engine';

offline();

describe('Job: Update', () => {
	const update = operation(OPERATIONS.jobUpdate);
	const put = (body: nock.RequestBodyMatcher, path = '/v1/vacancies/v1') =>
		api().put(path, body).reply(200, '');

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
		const run = update({
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
		});
		expect(await succeeds(put(expectedBody), run)).toEqual([
			{ success: true, id: 'v1', updated: true },
		]);
	});

	test('a location without an Address Type keeps the job’s type: none is sent', async () => {
		const scope = put({ location: { city: 'Berlin' } });
		await succeeds(scope, update({ updateFields: { location: { values: { city: 'Berlin' } } } }));
	});

	test('Clear Fields sends null for the nullable fields', async () => {
		const scope = put({
			name: 'X',
			description: null,
			employmentType: null,
			locationType: null,
			startAt: null,
			endAt: null,
		});
		const clearFields = ['description', 'employmentType', 'locationType', 'startAt', 'endAt'];
		await succeeds(scope, update({ updateFields: { name: 'X', clearFields } }));
	});

	test('an id with spaces, % or non-ASCII letters from an expression is sent as one encoded path segment', async () => {
		const scope = put({ name: 'X' }, '/v1/vacancies/a%25b%20%C3%BC');
		const run = update(
			{ jobId: byId('={{ $json.id }}'), updateFields: { name: 'X' } },
			{ items: [{ id: 'a%b ü' }] },
		);
		await succeeds(scope, run);
	});

	test('a / typed into By ID is flagged by n8n’s parameter check before anything runs', async () => {
		await expect(update({ jobId: byId('a/b'), updateFields: { name: 'X' } })).rejects.toThrow(
			/^The 'Recruiting' node has issues:\n- Job ID cannot contain \/, \? or #/,
		);
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
		const { error } = await update({ updateFields });
		// RoutingNode hands every failure of a declarative node on as a NodeApiError.
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toMatch(message);
	});

	test('an empty job id is a clear error', async () => {
		const { error } = await update({ jobId: byId('  '), updateFields: { name: 'X' } });
		expect(error?.message).toBe('Job is required');
	});
});
