/*
 * Every parameter of every operation, given values a user, an expression or an AI agent could
 * produce. Whatever happens, the outcome is one of: refused by n8n's own parameter check, a
 * NodeOperationError/NodeApiError with a readable message, or a well-formed request. Never a
 * TypeError, never a request outside the API's paths or to another host.
 */
import nock from 'nock';
import type { INodeParameters } from 'n8n-workflow';

import {
	API,
	API_KEY,
	OPERATIONS,
	offline,
	PORTAL,
	runRecruiting,
	straysDuring,
} from '../harness/engine';
import {
	applicationDetail,
	candidate,
	page,
	vacancyDetail,
	applicationListItem,
} from '../harness/fixtures';

const rl = (value: unknown) => ({ __rl: true as const, mode: 'id', value: value as string });

const BAD_VALUES: unknown[] = [
	'',
	'   ',
	0,
	-1,
	1e308,
	Number.MAX_SAFE_INTEGER,
	true,
	{},
	[],
	['a', { b: 1 }],
	'x'.repeat(5000),
	'2026-99-99T99:99:99',
	'not-an-email',
	'../../etc/passwd',
	'a/b?c=d#e',
	'%2e%2e%2f',
	'ü𝄞 中文',
	'<script>alert(1)</script>',
	'javascript:alert(1)',
	'.',
	'..',
	'a\nb',
	'😀'.repeat(60),
	'["u1","u2"]',
	'["u1", ',
	'2024-02-30',
	'12/31/2024',
	-5,
	2.5,
	'abc',
];

interface Case {
	name: string;
	base: INodeParameters;
	/** Parameter paths to fuzz; `rl:` marks a resource locator. */
	fields: string[];
}

const CASES: Case[] = [
	{
		name: 'job getAll',
		base: { ...OPERATIONS.jobGetAll, limit: 5 },
		fields: ['limit', 'returnAll', 'filters.modifiedSince', 'output'],
	},
	{
		name: 'job update',
		base: OPERATIONS.jobUpdate,
		fields: [
			'rl:jobId',
			'updateFields.name',
			'updateFields.description',
			'updateFields.employmentType',
			'updateFields.locationType',
			'updateFields.companyId',
			'updateFields.stageId',
			'updateFields.startAt',
			'updateFields.endAt',
			'updateFields.teamUserIds',
			'updateFields.clientTeamUserIds',
			'updateFields.location.values.latitude',
			'updateFields.location.values.city',
			'updateFields.salaryRange.values.currency',
			'updateFields.salaryRange.values.min',
			'updateFields.dealValue.values.currency',
			'updateFields.dealValue.values.amount',
			'updateFields.scorecard.groups.0.groupName',
			'updateFields.scorecard.groups.0.attributes',
			'updateFields.clearFields',
		],
	},
	{
		name: 'candidate get',
		base: OPERATIONS.candidateGet,
		fields: ['rl:candidateId', 'output', 'fieldsToInclude'],
	},
	{
		name: 'candidate contact identifiers',
		base: OPERATIONS.contactIdentifiers,
		fields: ['rl:candidateId'],
	},
	{
		name: 'candidate getAll',
		base: { resource: 'candidate', operation: 'getAll', limit: 5 },
		fields: ['limit', 'filters.modifiedSince'],
	},
	{ name: 'application get', base: OPERATIONS.applicationGet, fields: ['applicationId'] },
	{
		name: 'application getAllForJob',
		base: OPERATIONS.applicationsOfJob,
		fields: ['rl:jobId', 'options.includeJob'],
	},
	{
		name: 'application create',
		base: OPERATIONS.applicationCreate,
		fields: [
			'rl:jobId',
			'rl:candidateId',
			'stageId',
			'statusId',
			'additionalFields.clientId',
			'additionalFields.teamUserIds',
			'additionalFields.clientTeamContactIds',
			'additionalFields.position.values.previousId',
			'ifAlreadyApplied',
		],
	},
	{
		name: 'note update',
		base: OPERATIONS.noteUpdate,
		fields: [
			'noteId',
			'content',
			'title',
			'pinned',
			'additionalFields.source',
			'additionalFields.labelIds',
		],
	},
	{ name: 'portal postings', base: OPERATIONS.postings, fields: ['portalUrl', 'tenantSlug'] },
	{
		name: 'portal apply',
		base: OPERATIONS.apply,
		fields: [
			'portalUrl',
			'tenantSlug',
			'rl:postingId',
			'firstName',
			'lastName',
			'email',
			'phoneNumber',
			'cvAttachmentId',
			'networkUrl',
			'additionalFields.channelId',
			'additionalFields.location.values.longitude',
		],
	},
];

function withValue(base: INodeParameters, field: string, value: unknown): INodeParameters {
	const parameters = JSON.parse(JSON.stringify(base)) as INodeParameters;
	const locator = field.startsWith('rl:');
	const path = (locator ? field.slice(3) : field).split('.');
	let target = parameters as Record<string, unknown>;
	path.slice(0, -1).forEach((key, index) => {
		// a numeric next key means a list (a fixed collection with multiple values)
		target[key] ??= /^\d+$/.test(path[index + 1]) ? [] : {};
		target = target[key] as Record<string, unknown>;
	});
	target[path[path.length - 1]] = locator ? rl(value) : value;
	return parameters;
}

/** A valid answer for whatever the node asks, so only the node's own handling is under test. */
function answer(path: string): object | string {
	if (/^\/v1\/vacancies(\?|$)/.test(path)) return page([], '', false);
	if (/^\/v1\/candidates(\?|$)/.test(path)) return page([candidate('c1')], '', false);
	if (/contact-identifiers$/.test(path)) return { emails: [], phoneNumbers: [], networkUrl: null };
	if (/^\/v1\/candidates\//.test(path)) return candidate('c1');
	if (/^\/v1\/applications\/vacancy\//.test(path))
		return { vacancy: vacancyDetail(), applications: [applicationListItem()] };
	if (/^\/v1\/applications\//.test(path)) return applicationDetail();
	if (/^\/v1\/applications$/.test(path)) return { id: 'a9' };
	if (/vacancy-portal\/jobs$/.test(path.split('?')[0])) return { publicJobBoardPostings: [] };
	return '';
}

const API_PATH =
	/^\/v1\/(vacancies|candidates|applications|notes)(\/[^/?#]+)?(\/contact-identifiers|\/vacancy\/[^/?#]+)?(\?.*)?$/;
const PORTAL_PATH = /^\/[^/?#]+\/vacancy-portal\/jobs(\/[^/?#]+)?(\?.*)?$/;

interface Seen {
	host: string;
	path: string;
	headers: Record<string, unknown>;
	body: unknown;
}

offline();

const BROKEN =
	/TypeError|Cannot read|is not a function|is not iterable|undefined|\[object Object\]/;

describe.each(CASES)('$name', ({ base, fields }) => {
	test.each(fields)('%s', async (field) => {
		for (const value of BAD_VALUES) {
			const seen: Seen[] = [];
			for (const host of [API, PORTAL]) {
				for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
					nock(host)
						.persist()
						.intercept(/.*/, method)
						.reply(function (path, body) {
							seen.push({ host, path, headers: this.req.headers, body });
							return [200, answer(path)];
						});
				}
			}
			const parameters = withValue(base, field, value);
			const { outcome, strays } = await straysDuring(() =>
				runRecruiting({ parameters }).catch((error: Error) => error),
			);
			nock.cleanAll();

			const label = `${field} = ${JSON.stringify(value)?.slice(0, 40)}`;
			// Nothing went to another host: such a request has no interceptor and would otherwise
			// only show up as one more NodeApiError.
			expect({ label, strays }).toEqual({ label, strays: [] });
			if (outcome instanceof Error) {
				// n8n's own parameter check refused the workflow before it ran, saying why: fine, and
				// nothing was sent.
				expect({ label, message: outcome.message }).toEqual({
					label,
					message: expect.stringMatching(/^The 'Recruiting' node has issues:\n- \S/),
				});
				expect(seen).toEqual([]);
				continue;
			}
			if (outcome.error) {
				expect({ label, name: outcome.error.name }).toEqual({
					label,
					name: expect.stringMatching(/^Node(Api|Operation)Error$/),
				});
				expect({ label, message: outcome.error.message }).toEqual({
					label,
					message: expect.not.stringMatching(BROKEN),
				});
			}
			for (const request of seen) {
				const isPortal = request.host === PORTAL;
				expect({ label, path: request.path }).toEqual({
					label,
					path: expect.stringMatching(isPortal ? PORTAL_PATH : API_PATH),
				});
				expect({ label, key: request.headers['x-api-key'] }).toEqual({
					label,
					key: isPortal ? undefined : API_KEY,
				});
				if (request.body !== '' && request.body !== undefined) {
					expect({ label, body: typeof request.body }).toEqual({ label, body: 'object' });
				}
			}
		}
	});
});

describe('responses that break the spec', () => {
	const { candidateGetAll: getAll, candidateGet: get } = OPERATIONS;

	/** The API answers `path` with `body`: the run fails with `message`, never a crash. */
	async function breaks(parameters: INodeParameters, path: string, body: unknown, message: RegExp) {
		const scope = nock(API)
			.get(path)
			.query(true)
			.reply(200, body as never, {
				'content-type': typeof body === 'string' ? 'text/html' : 'application/json',
			});
		const result = await runRecruiting({ parameters });
		expect(scope.isDone()).toBe(true);
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toMatch(message);
		expect(result.error?.message).not.toMatch(BROKEN);
	}

	test.each([
		['a page without pageInfo', { items: [candidate('c1')] }],
		['items that is not a list', { items: {}, pageInfo: { hasNextPage: false } }],
		['items holding non-objects', { items: [1, 'x'], pageInfo: { hasNextPage: false } }],
	])('%s: a clear error, never a crash', async (_name, body) => {
		await breaks(getAll, '/v1/candidates', body, /not a page of candidates/);
	});

	test.each([
		['an HTML page with 200', '<!doctype html><title>Login</title>'],
		['truncated JSON', '{"id":"c1","name":{"viewType":"cand'],
		['null for the record', 'null'],
		['a list for the record', [candidate('c1')]],
	])('%s: a clear error, never a crash', async (_name, body) => {
		await breaks(get, '/v1/candidates/c1', body, /not a JSON object/);
	});

	test('a wrapper with an unknown viewType, and null where an object was expected, pass through', async () => {
		const odd = {
			...candidate('c1'),
			name: { viewType: 'candidateFullName', fullName: 'Ada L' },
			gender: null,
			compensation: { viewType: 'candidateCompensation' },
		};
		const scope = nock(API).get('/v1/candidates/c1').reply(200, odd);
		const result = await runRecruiting({ parameters: get });
		expect(scope.isDone()).toBe(true);
		expect(result.items[0].json).toMatchObject({
			name: { viewType: 'candidateFullName', fullName: 'Ada L' },
			gender: null,
			compensation: null,
		});
	});
});
