// @ts-check
'use strict';

/**
 * The sandbox over real HTTP: endpoint shapes per the spec, auth, both
 * pagination schemes (including the job-cursor stall), validation, writes,
 * the public portal and the control API.
 */

const { createSandbox } = require('./index');
const { decodeCandidateCursor } = require('./server');
const { call, get, walk, keys, shapeDifferences, ISO_TIME } = require('./helpers');
const fixtures = require('../../harness/fixtures');
const {
	EMPLOYMENT_TYPES,
	SALARY_CURRENCIES,
} = require('../../../nodes/Recruiting/resources/job/body');

/** @typedef {import('./index').Sandbox} Sandbox */

/** @type {Sandbox} */
let sandbox;

beforeAll(async () => {
	sandbox = await createSandbox({ rateLimit: false });
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.reset());

/**
 * The ids a list answers.
 * @param {string} path
 * @returns {Promise<string[]>}
 */
async function listed(path) {
	return (await get(sandbox, path)).json.items.map((/** @type {any} */ item) => item.id);
}

describe('authentication', () => {
	const apiPaths = [
		['GET', '/v1/vacancies'],
		['PUT', '/v1/vacancies/vac-0001'],
		['GET', '/v1/candidates'],
		['GET', '/v1/candidates/cand-0000001'],
		['GET', '/v1/candidates/cand-0000001/contact-identifiers'],
		['GET', '/v1/applications/app-000001'],
		['GET', '/v1/applications/vacancy/vac-0001'],
		['POST', '/v1/applications'],
		['PUT', '/v1/notes/note-0001'],
	];

	test.each(apiPaths)(
		'%s %s answers 401 JSON without a key or with a wrong one',
		async (method, path) => {
			const body = method === 'GET' ? undefined : {};
			const missing = await call(sandbox, method, path, { apiKey: null, body });
			expect(missing.status).toBe(401);
			expect(missing.json).toEqual({ error: 'unauthorized', message: expect.any(String) });
			const wrong = await call(sandbox, method, path, { apiKey: 'not-the-key', body });
			expect(wrong.status).toBe(401);
			expect(wrong.json.error).toBe('unauthorized');
		},
	);

	test('public endpoints need no key, and the request log says whether one was sent', async () => {
		const anonymous = await get(sandbox, '/acme/vacancy-portal/jobs', { apiKey: null });
		const withKey = await get(sandbox, '/acme/vacancy-portal/jobs');
		expect(anonymous.status).toBe(200);
		expect(withKey.status).toBe(200);
		const logged = sandbox.requestLog.entries.map((e) => [
			e.path,
			e.surface,
			e.apiKeyPresent,
			e.status,
		]);
		expect(logged).toEqual([
			['/acme/vacancy-portal/jobs', 'public', false, 200],
			['/acme/vacancy-portal/jobs', 'public', true, 200],
		]);
		expect(sandbox.requestLog.entries[1].headers['x-api-key']).toBe('<redacted>');
	});

	test('API-key endpoints exist only under /v1', async () => {
		const res = await get(sandbox, '/vacancies');
		expect(res.status).toBe(404);
		expect(res.json.message).toMatch(/\/v1/);
	});
});

describe('response shapes', () => {
	// The spec's shapes as test/harness/fixtures.ts writes them out for the node's tests: every
	// key at every level, the viewTypes, the value types and the ISO times.
	test.each([
		[
			'the job list',
			'/v1/vacancies?limit=50',
			fixtures.page([fixtures.vacancyListItem()], '', false),
		],
		[
			'the candidate list',
			'/v1/candidates?limit=50',
			fixtures.page([fixtures.candidate()], '', false),
		],
		['a candidate (a client contact)', '/v1/candidates/cand-0000001', fixtures.candidateDetail()],
		[
			"a job's applications",
			'/v1/applications/vacancy/vac-0001',
			{ vacancy: fixtures.vacancyDetail(), applications: [fixtures.applicationListItem()] },
		],
		['an application', '/v1/applications/app-000001', fixtures.applicationDetail()],
		['the postings', '/acme/vacancy-portal/jobs', { publicJobBoardPostings: [fixtures.posting] }],
	])('%s: %s as the spec shows it', async (_name, path, expected) => {
		const res = await get(sandbox, path);
		expect(res.status).toBe(200);
		expect(shapeDifferences(res.json, expected)).toEqual([]);
	});

	test('what the shapes do not say: counts, value sets, totals and the portal under /v1', async () => {
		const jobs = (await get(sandbox, '/v1/vacancies?limit=50')).json.items;
		expect(jobs).toHaveLength(30);
		const employmentTypes = EMPLOYMENT_TYPES.map((type) => type.value);
		for (const job of jobs) {
			expect([null, ...employmentTypes]).toContain(job.employmentType.employmentType);
		}
		expect(jobs.some((/** @type {any} */ job) => job.salaryRange.salaryRange?.currency)).toBe(true);

		for (const item of (await get(sandbox, '/v1/candidates?limit=10')).json.items) {
			expect(item.currentPlacements.hasCurrentPlacement).toBe(
				item.currentPlacements.placements.length > 0,
			);
		}
		expect((await get(sandbox, '/v1/candidates/cand-0000001')).json.hasClientContacts).toBe(true);

		const { vacancy, applications } = (await get(sandbox, '/v1/applications/vacancy/vac-0001'))
			.json;
		expect(applications).toHaveLength(5);
		const total = vacancy.stageTotals.totals.reduce(
			(/** @type {number} */ sum, /** @type {any} */ t) => sum + t.total,
			0,
		);
		expect(total).toBe(applications.length);

		const application = (await get(sandbox, '/v1/applications/app-000001')).json;
		expect(['speculativeApplication', 'standardApplication']).toContain(
			application.candidateApplicationType,
		);
		expect(application.notes.notes[0]).toEqual({
			noteId: 'note-0001',
			title: expect.anything(),
			createdAt: expect.stringMatching(ISO_TIME),
		});

		const postings = await get(sandbox, '/acme/vacancy-portal/jobs', { apiKey: null });
		expect(postings.json.publicJobBoardPostings).toHaveLength(sandbox.fixtures().postings.length);
		const underV1 = await get(sandbox, '/v1/acme/vacancy-portal/jobs', { apiKey: null });
		expect(underV1.json).toEqual(postings.json);
	});

	test('contact identifiers', async () => {
		const res = await get(sandbox, '/v1/candidates/cand-0000001/contact-identifiers');
		expect(res.status).toBe(200);
		expect(keys(res.json)).toEqual(['emails', 'networkUrl', 'phoneNumbers']);
		expect(res.json.emails.length).toBeGreaterThanOrEqual(2); // own + client-contact address
		expect(res.json.networkUrl === null || typeof res.json.networkUrl === 'string').toBe(true);
	});

	test('unknown ids, slugs and routes answer 404 JSON', async () => {
		for (const path of [
			'/v1/candidates/nope',
			'/v1/candidates/nope/contact-identifiers',
			'/v1/applications/nope',
			'/v1/applications/vacancy/nope',
			'/other/vacancy-portal/jobs',
			'/v1/unknown',
		]) {
			const res = await get(sandbox, path);
			expect([path, res.status, res.json.error]).toEqual([path, 404, 'not_found']);
		}
	});

	test('path parameters are URL-decoded', async () => {
		const res = await get(sandbox, '/v1/candidates/cand%2D0000001');
		expect(res.status).toBe(200);
		expect(res.json.id).toBe('cand-0000001');
	});
});

describe('GET /vacancies pagination (inclusive timestamp cursor)', () => {
	test('the cursor is the last modifiedAt and the next page repeats the boundary item', async () => {
		const first = await get(sandbox, '/v1/vacancies?limit=7');
		expect(first.json.items).toHaveLength(7);
		expect(first.json.pageInfo.hasNextPage).toBe(true);
		const cursor = first.json.pageInfo.nextCursor;
		const lastId = first.json.items[6].id;
		expect(cursor).toBe(
			new Date(/** @type {any} */ (sandbox.store.getVacancy(lastId)).modifiedAt).toISOString(),
		);
		const second = await get(sandbox, `/v1/vacancies?limit=7&cursor=${encodeURIComponent(cursor)}`);
		expect(second.json.items[0].id).toBe(lastId);
	});

	test('walking all pages and de-duplicating yields every job once, in modifiedAt order', async () => {
		const pages = await walk(sandbox, '/v1/vacancies', { limit: '7' });
		const ids = pages.flat().map((i) => i.id);
		const unique = [...new Set(ids)];
		expect(unique).toHaveLength(30);
		expect(ids.length).toBe(30 + pages.length - 1); // one repeated boundary item per page turn
		const times = unique.map((id) => /** @type {any} */ (sandbox.store.getVacancy(id)).modifiedAt);
		expect(times).toEqual([...times].sort((a, b) => a - b));
	});

	test('more jobs sharing one modifiedAt than the page size stall the cursor', async () => {
		const T = '2026-01-02T00:00:00.000Z';
		sandbox.touchMany('vacancies', { count: 8, modifiedAt: T });
		const first = await get(sandbox, `/v1/vacancies?limit=5&modifiedSince=${T}`);
		expect(first.json.items).toHaveLength(5);
		expect(first.json.pageInfo).toEqual({ nextCursor: T, hasNextPage: true });
		const again = await get(
			sandbox,
			`/v1/vacancies?limit=5&cursor=${encodeURIComponent(first.json.pageInfo.nextCursor)}`,
		);
		expect(again.json.items).toEqual(first.json.items);
		expect(again.json.pageInfo).toEqual(first.json.pageInfo);
		// A page large enough to hold the tie gets past it.
		const big = await get(sandbox, `/v1/vacancies?limit=10&cursor=${T}`);
		expect(big.json.items).toHaveLength(8);
		expect(big.json.pageInfo.hasNextPage).toBe(false);
	});

	test.each([
		['modifiedSince=2026-01-05T00:00:00.000Z', ['vac-0005', 'vac-0006']],
		['modifiedSince=2026-01-05T00:00:00.001Z', ['vac-0006']],
		['modifiedSince=2026-01-01T00:00:00.000Z&cursor=2026-01-06T00:00:00.000Z', ['vac-0006']],
		['modifiedSince=2026-01-06T00:00:00.000Z&cursor=2025-01-01T00:00:00.000Z', ['vac-0006']],
		[`modifiedSince=${encodeURIComponent('2026-01-06T01:00:00+01:00')}`, ['vac-0006']],
	])(
		'modifiedSince is inclusive; with a cursor the later of the two wins: %s',
		async (query, ids) => {
			sandbox.touchVacancy('vac-0005', { modifiedAt: '2026-01-05T00:00:00.000Z' });
			sandbox.touchVacancy('vac-0006', { modifiedAt: '2026-01-06T00:00:00.000Z' });
			expect(await listed(`/v1/vacancies?${query}`)).toEqual(ids);
		},
	);

	test('an empty page has hasNextPage false', async () => {
		const res = await get(sandbox, '/v1/vacancies?modifiedSince=2030-01-01T00:00:00Z');
		expect(res.json).toEqual({ items: [], pageInfo: { nextCursor: '', hasNextPage: false } });
	});

	test.each([
		['cursor', 'cursor=abc'],
		['cursor', 'cursor=2026-01-01'],
		['modifiedSince', 'modifiedSince=yesterday'],
		['modifiedSince', 'modifiedSince=2026-01-01T00:00:00'],
		['modifiedSince', 'modifiedSince=2026-02-30T00:00:00Z'],
		['modifiedSince', 'modifiedSince=2026-01-31%2009:30:00Z'],
	])('invalid %s (%s) answers 400 naming it', async (field, query) => {
		const res = await get(sandbox, `/v1/vacancies?${query}`);
		expect(res.status).toBe(400);
		expect(res.json).toEqual({ error: 'validation_error', message: expect.any(String), field });
	});
});

describe('GET /candidates pagination (opaque position cursor)', () => {
	test('walks every candidate exactly once in (modifiedAt, id) order', async () => {
		const pages = await walk(sandbox, '/v1/candidates', { limit: '50' });
		expect(pages.map((p) => p.length)).toEqual([50, 50, 50, 50]);
		const items = pages.flat();
		expect(new Set(items.map((i) => i.id)).size).toBe(200);
		const order = items.map((i) => `${i.modifiedAt}|${i.id}`);
		expect(order).toEqual([...order].sort());
	});

	test('ties across page boundaries are neither lost nor repeated', async () => {
		const T = '2026-01-03T00:00:00.000Z';
		const { ids } = sandbox.touchMany('candidates', { count: 30, modifiedAt: T });
		const pages = await walk(sandbox, '/v1/candidates', { limit: '7', modifiedSince: T });
		expect(pages.flat().map((i) => i.id)).toEqual([...ids].sort());
	});

	test('the cursor is standard base64 of the last position; the last page keeps it for resuming', async () => {
		const page = await get(sandbox, '/v1/candidates?limit=3');
		const cursor = page.json.pageInfo.nextCursor;
		expect(cursor).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
		const last = page.json.items[2];
		expect(decodeCandidateCursor(cursor)).toEqual({
			modifiedAt: Date.parse(last.modifiedAt),
			id: last.id,
		});

		const all = await walk(sandbox, '/v1/candidates', { limit: '50' });
		const after = `/v1/candidates?limit=50&cursor=${encodeURIComponent(encodeCursorOf(all.flat().at(-1)))}`;
		expect((await get(sandbox, after)).json.items).toEqual([]);
		sandbox.touchCandidate('cand-0000042');
		const resumed = await get(sandbox, after);
		expect(resumed.json.items.map((/** @type {any} */ c) => c.id)).toEqual(['cand-0000042']);
		expect(resumed.json.pageInfo.hasNextPage).toBe(false);
		expect(decodeCandidateCursor(resumed.json.pageInfo.nextCursor).id).toBe('cand-0000042');
	});

	test('modifiedSince is inclusive', async () => {
		sandbox.touchCandidate('cand-0000007', { modifiedAt: '2026-01-04T00:00:00.000Z' });
		const since = '/v1/candidates?modifiedSince=2026-01-04T00:00:00';
		expect(await listed(`${since}.000Z`)).toEqual(['cand-0000007']);
		expect(await listed(`${since}.001Z`)).toEqual([]);
	});

	test.each(['garbage!', 'e30=', Buffer.from('{"m":"nope","id":"x"}').toString('base64'), 'abc'])(
		'invalid cursor %s answers 400',
		async (cursor) => {
			const res = await get(sandbox, `/v1/candidates?cursor=${encodeURIComponent(cursor)}`);
			expect(res.status).toBe(400);
			expect(res.json.field).toBe('cursor');
		},
	);
});

/** @param {any} item a rendered candidate */
function encodeCursorOf(item) {
	return Buffer.from(JSON.stringify({ m: item.modifiedAt, id: item.id })).toString('base64');
}

describe('limit validation (both lists)', () => {
	test.each(['/v1/vacancies', '/v1/candidates'])('%s', async (path) => {
		for (const bad of ['0', '51', 'abc', '1.5', '-1', '', '1e1']) {
			const res = await get(sandbox, `${path}?limit=${bad}`);
			expect([bad, res.status, res.json.field]).toEqual([bad, 400, 'limit']);
		}
		expect((await get(sandbox, `${path}?limit=1`)).json.items).toHaveLength(1);
		expect((await get(sandbox, `${path}?limit=50`)).json.items.length).toBe(
			path.includes('vacancies') ? 30 : 50,
		);
		expect((await get(sandbox, path)).json.items).toHaveLength(25);
	});
});

describe('PUT /vacancies/{id}', () => {
	test('updates, answers 200 with an empty body, bumps modifiedAt and logs the change', async () => {
		sandbox.clock.set('2026-01-10T00:00:00.000Z');
		const res = await call(sandbox, 'PUT', '/v1/vacancies/vac-0003', {
			body: {
				name: 'Staff Engineer',
				employmentType: null,
				locationType: 'remote',
				salaryRange: { currency: 'CHF', min: 120000, max: 150000 },
				location: {
					type: 'headquarters',
					city: 'Zurich',
					country: 'Switzerland',
					latitude: 47.37,
					longitude: 8.54,
				},
				startAt: '2026-03-01T00:00:00Z',
				endAt: null,
				teamUserIds: ['user-01'],
				clientTeamUserIds: [],
				stageId: 'vstage-interviewing',
				scorecard: [{ group_name: 'Craft', attributes: [{ attribute: 'Design' }] }],
				dealValue: { currency: 'EUR', amount: 25000 },
				description: null,
			},
		});
		expect(res.status).toBe(200);
		expect(res.text).toBe('');
		expect(res.headers.get('content-length')).toBe('0');
		expect(sandbox.changeLog.entries).toEqual([
			{
				seq: 1,
				resource: 'vacancy',
				id: 'vac-0003',
				kind: 'updated',
				modifiedAt: '2026-01-10T00:00:00.000Z',
				source: 'api',
			},
		]);

		const list = await get(sandbox, '/v1/vacancies?modifiedSince=2026-01-10T00:00:00.000Z');
		expect(list.json.pageInfo.nextCursor).toBe('2026-01-10T00:00:00.000Z');
		const item = list.json.items[0];
		expect(item.id).toBe('vac-0003');
		expect(item.name.name).toBe('Staff Engineer');
		expect(item.employmentType.employmentType).toBeNull();
		expect(item.salaryRange.salaryRange).toEqual({ currency: 'CHF', min: 120000, max: 150000 });
		expect(item.location.location).toMatchObject({
			type: 'headquarters',
			city: 'Zurich',
			rawCityCountry: 'Zurich, Switzerland',
			street1: null,
		});
		expect(item.scorecard.scorecards).toEqual([
			{ group_name: 'Craft', attributes: [{ attribute: 'Design' }] },
		]);
		expect(item.startAt.startAt).toBe('2026-03-01T00:00:00.000Z');
		const detail = await get(sandbox, '/v1/applications/vacancy/vac-0003');
		expect(detail.json.vacancy.dealValue.dealValue).toEqual({ currency: 'EUR', amount: 25000 });
		expect(detail.json.vacancy.stage.stage).toMatchObject({
			id: 'vstage-interviewing',
			isOpen: true,
		});
	});

	test.each([
		[{ employmentType: 'fullTIme' }, 'employmentType'],
		[{ locationType: 'mars' }, 'locationType'],
		[{ name: null }, 'name'],
		[{ name: 5 }, 'name'],
		[{ salaryRange: { currency: 'XXX', min: 1, max: 2 } }, 'salaryRange.currency'],
		[{ salaryRange: { currency: 'EUR', min: '1' } }, 'salaryRange.min'],
		[{ location: { formattedAddress: 'x' } }, 'location.formattedAddress'],
		[{ location: { latitude: '52.1' } }, 'location.latitude'],
		[{ location: { type: 'moon_base' } }, 'location.type'],
		[{ startAt: '2026-13-01T00:00:00Z' }, 'startAt'],
		[{ teamUserIds: ['user-01', 3] }, 'teamUserIds[1]'],
		[{ teamUserIds: ['user-01', 'user-99'] }, 'teamUserIds[1]'],
		[{ scorecard: [{ group_name: 'x' }] }, 'scorecard[0].attributes'],
		[
			{ scorecard: [{ group_name: 'x', attributes: [{ name: 'y' }] }] },
			'scorecard[0].attributes[0].name',
		],
		[{ dealValue: { currency: 'EUR' } }, 'dealValue.amount'],
		[{ companyId: 'client-999' }, 'companyId'],
		[{ stageId: 'vstage-nope' }, 'stageId'],
		[{ modifiedAt: '2026-01-01T00:00:00Z' }, 'modifiedAt'],
	])('rejects %j naming %s, and changes nothing', async (body, field) => {
		const res = await call(sandbox, 'PUT', '/v1/vacancies/vac-0001', { body });
		expect(res.status).toBe(400);
		expect(res.json).toEqual({ error: 'validation_error', message: expect.any(String), field });
		expect(sandbox.changeLog.entries).toHaveLength(0);
	});

	test('the 35 salary currencies the node offers are accepted', async () => {
		const currencies = SALARY_CURRENCIES.map((currency) => currency.value);
		expect(currencies).toHaveLength(35);
		for (const currency of currencies) {
			const res = await call(sandbox, 'PUT', '/v1/vacancies/vac-0001', {
				body: { salaryRange: { currency, min: 1, max: 2 } },
			});
			expect([currency, res.status]).toEqual([currency, 200]);
		}
	});

	test('unknown id, wrong content type and bad JSON', async () => {
		expect((await call(sandbox, 'PUT', '/v1/vacancies/vac-9999', { body: {} })).status).toBe(404);
		const textPlain = await call(sandbox, 'PUT', '/v1/vacancies/vac-0001', {
			rawBody: '{}',
			headers: { 'content-type': 'text/plain' },
		});
		expect([textPlain.status, textPlain.json.error]).toEqual([415, 'unsupported_media_type']);
		const broken = await call(sandbox, 'PUT', '/v1/vacancies/vac-0001', {
			rawBody: '{"name":',
			headers: { 'content-type': 'application/json' },
		});
		expect([broken.status, broken.json.error]).toEqual([400, 'invalid_json']);
		const array = await call(sandbox, 'PUT', '/v1/vacancies/vac-0001', { body: [] });
		expect([array.status, array.json.field]).toEqual([400, 'body']);
	});
});

describe('PUT /notes/{id}', () => {
	test('updates the note, answers an empty 200 and shows in the application', async () => {
		const res = await call(sandbox, 'PUT', '/v1/notes/note-0001', {
			body: {
				content: '<p>Updated</p>',
				title: 'Debrief',
				pinned: true,
				source: 'phone',
				labelIds: ['l1'],
			},
		});
		expect(res.status).toBe(200);
		expect(res.text).toBe('');
		expect(sandbox.changeLog.entries[0]).toMatchObject({
			resource: 'note',
			id: 'note-0001',
			kind: 'updated',
		});
		const note = sandbox.store.getNote('note-0001');
		expect(note).toMatchObject({
			content: '<p>Updated</p>',
			title: 'Debrief',
			pinned: true,
			source: 'phone',
			labelIds: ['l1'],
		});
		const app = await get(sandbox, `/v1/applications/${note?.applicationId}`);
		expect(app.json.notes.notes).toContainEqual({
			noteId: 'note-0001',
			title: 'Debrief',
			createdAt: expect.stringMatching(ISO_TIME),
		});
	});

	test.each([
		[{ title: null, pinned: false }, 'content'],
		[{ content: 'x', pinned: false }, 'title'],
		[{ content: 'x', title: null }, 'pinned'],
		[{ content: 'x', title: null, pinned: 'yes' }, 'pinned'],
		[{ content: 'x', title: null, pinned: false, source: 'email' }, 'source'],
		[{ content: 'x', title: null, pinned: false, labelIds: 'l1' }, 'labelIds'],
	])('rejects %j naming %s', async (body, field) => {
		const res = await call(sandbox, 'PUT', '/v1/notes/note-0002', { body });
		expect([res.status, res.json.field]).toEqual([400, field]);
	});

	test('null title and source are accepted; unknown note is 404', async () => {
		const body = { content: 'x', title: null, pinned: false };
		const put = async (/** @type {string} */ id, /** @type {object} */ extra = {}) =>
			(await call(sandbox, 'PUT', `/v1/notes/${id}`, { body: { ...body, ...extra } })).status;
		expect(await put('note-0002', { source: null })).toBe(200);
		expect(await put('note-9999')).toBe(404);
	});
});

describe('POST /applications', () => {
	test('creates an application and answers { id }', async () => {
		const res = await call(sandbox, 'POST', '/v1/applications', {
			body: {
				vacancyId: 'vac-0002',
				candidateId: 'cand-0000150',
				stageId: 'astage-interview',
				statusId: 'astage-interview-status-new',
				teamUserIds: ['user-02'],
				position: { previousId: 'app-000006', nextId: 'app-000007' },
			},
		});
		expect(res.status).toBe(200);
		expect(keys(res.json)).toEqual(['id']);
		const detail = await get(sandbox, `/v1/applications/${res.json.id}`);
		expect(detail.json.candidate.id).toBe('cand-0000150');
		expect(detail.json.stage).toMatchObject({
			id: 'astage-interview',
			type: 'interview',
			status: { id: 'astage-interview-status-new' },
		});
		const list = await get(sandbox, '/v1/applications/vacancy/vac-0002');
		expect(list.json.applications.map((/** @type {any} */ a) => a.id)).toContain(res.json.id);
		expect(sandbox.changeLog.entries).toEqual([
			expect.objectContaining({
				resource: 'application',
				id: res.json.id,
				kind: 'created',
				source: 'api',
			}),
		]);
	});

	test('a null vacancyId makes a speculative application', async () => {
		const res = await call(sandbox, 'POST', '/v1/applications', {
			body: {
				vacancyId: null,
				candidateId: 'cand-0000003',
				stageId: 'astage-speculative',
				statusId: null,
			},
		});
		expect(res.status).toBe(200);
		const detail = await get(sandbox, `/v1/applications/${res.json.id}`);
		expect(detail.json.candidateApplicationType).toBe('speculativeApplication');
		expect(detail.json.vacancy).toBeNull();
	});

	test.each([
		[{ vacancyId: undefined }, 400, 'vacancyId'],
		[{ statusId: undefined }, 400, 'statusId'],
		[{ candidateId: undefined }, 400, 'candidateId'],
		[{ stageId: undefined }, 400, 'stageId'],
		[{ stageId: 'nope' }, 400, 'stageId'],
		[{ statusId: 'astage-result-status-new' }, 400, 'statusId'],
		[{ candidateId: 'cand-9999999' }, 404, 'candidateId'],
		[{ vacancyId: 'vac-9999' }, 404, 'vacancyId'],
		[{ position: { previousId: 1 } }, 400, 'position.previousId'],
	])('rejects %p with %i naming %s', async (change, status, field) => {
		const valid = {
			vacancyId: 'vac-0001',
			candidateId: 'cand-0000001',
			stageId: 'astage-applied',
			statusId: null,
		};
		const res = await call(sandbox, 'POST', '/v1/applications', { body: { ...valid, ...change } });
		expect([res.status, res.json.field]).toEqual([status, field]);
		expect(sandbox.changeLog.entries).toHaveLength(0);
	});
});

describe('public portal submission', () => {
	const valid = {
		firstName: 'Grace',
		lastName: 'Hopper',
		cvAttachmentId: 'att-123',
		email: 'grace@example.com',
		phoneNumber: '+1 212 555 0100',
		networkUrl: 'https://network.example.com/in/grace',
	};

	test('creates a candidate and an application; 200 with an empty body; no key needed', async () => {
		const posting = sandbox.fixtures().postings[0];
		sandbox.clock.set('2026-01-20T00:00:00.000Z');
		const res = await call(
			sandbox,
			'POST',
			`/acme/vacancy-portal/jobs/${posting.id}?channelId=channel-7`,
			{ apiKey: null, body: valid },
		);
		expect(res.status).toBe(200);
		expect(res.text).toBe('');
		expect(sandbox.changeLog.entries.map((e) => [e.resource, e.kind, e.source])).toEqual([
			['candidate', 'created', 'portal'],
			['application', 'created', 'portal'],
		]);
		const candidates = await get(sandbox, '/v1/candidates?modifiedSince=2026-01-20T00:00:00.000Z');
		expect(candidates.json.items).toHaveLength(1);
		const candidate = candidates.json.items[0];
		expect(candidate.name).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
		expect(candidate.acquisitionSource.acquisitionSource).toBe('vacancyPortal');
		expect(candidate.emails.emails[0].email).toBe('grace@example.com');
		const apps = await get(sandbox, `/v1/applications/vacancy/${posting.vacancyId}`);
		const app = apps.json.applications.find(
			(/** @type {any} */ a) => a.candidate.id === candidate.id,
		);
		expect(app.applicationState.state).toBe('for-review');
		expect(sandbox.requestLog.entries[0]).toMatchObject({
			method: 'POST',
			surface: 'public',
			apiKeyPresent: false,
			query: { channelId: 'channel-7' },
			body: valid,
			status: 200,
		});
	});

	test('location is optional; when sent it takes all twelve fields', async () => {
		const posting = sandbox.fixtures().postings[0];
		const location = {
			type: 'primary_home',
			street1: 'a',
			street2: 'b',
			postalCode: 'c',
			city: 'Oslo',
			region: 'r',
			state: 's',
			country: 'Norway',
			rawCityCountry: 'Oslo, Norway',
			latitude: 59.9,
			longitude: 10.7,
			formattedAddress: 'a, Oslo',
		};
		for (const body of [
			{ ...valid, location },
			{ ...valid, networkUrl: null },
		]) {
			const path = `/acme/vacancy-portal/jobs/${posting.id}`;
			expect((await call(sandbox, 'POST', path, { body })).status).toBe(200);
		}
	});

	test.each([
		[{ firstName: '' }, 'firstName'],
		[{ lastName: 'x'.repeat(101) }, 'lastName'],
		[{ cvAttachmentId: 'x'.repeat(101) }, 'cvAttachmentId'],
		[{ email: 'not-an-email' }, 'email'],
		[{ email: `${'x'.repeat(250)}@example.com` }, 'email'],
		[{ phoneNumber: '+1 212 555 0100 99999' }, 'phoneNumber'],
		[{ phoneNumber: '' }, 'phoneNumber'],
		[{ networkUrl: 'not a uri' }, 'networkUrl'],
		[{ networkUrl: '' }, 'networkUrl'],
		[{ networkUrl: undefined }, 'networkUrl'],
		[{ location: { town: 'x' } }, 'location.town'],
	])('rejects %j naming %s', async (change, field) => {
		const posting = sandbox.fixtures().postings[0];
		const res = await call(sandbox, 'POST', `/acme/vacancy-portal/jobs/${posting.id}`, {
			body: { ...valid, ...change },
		});
		expect([res.status, res.json.field]).toEqual([400, field]);
	});

	test('unknown posting or tenant is 404', async () => {
		for (const path of [
			'/acme/vacancy-portal/jobs/posting-9999',
			'/globex/vacancy-portal/jobs/posting-0001',
		]) {
			expect((await call(sandbox, 'POST', path, { body: valid })).status).toBe(404);
		}
	});
});

describe('control API (what the demo and the benchmarks drive)', () => {
	test('state and the job timeline', async () => {
		const state = await get(sandbox, '/_control/state', { apiKey: null });
		expect(state.json).toMatchObject({
			tenantSlug: 'acme',
			counts: { candidates: 200, vacancies: 30 },
			changeSeq: 0,
			rateLimit: { enabled: false },
			requestSeq: sandbox.requestLog.seq,
		});
		const timeline = await get(sandbox, '/_control/vacancies');
		expect(timeline.json).toHaveLength(30);
		expect(timeline.json[0]).toEqual({
			id: expect.any(String),
			name: expect.any(String),
			createdAt: expect.stringMatching(ISO_TIME),
			modifiedAt: expect.stringMatching(ISO_TIME),
		});
	});

	test('create a candidate, touch candidates in bulk, move an application', async () => {
		const created = await call(sandbox, 'POST', '/_control/candidates', {
			body: { firstName: 'Linus', modifiedAt: '2026-01-15T00:00:00.000Z' },
		});
		expect(created.status).toBe(201);
		expect(created.json).toMatchObject({
			id: 'cand-0000201',
			name: { firstName: 'Linus' },
			modifiedAt: '2026-01-15T00:00:00.000Z',
		});
		const bulk = await call(sandbox, 'POST', '/_control/candidates/touch', { body: { count: 3 } });
		expect(bulk.json.ids).toEqual(['cand-0000001', 'cand-0000002', 'cand-0000003']);
		// Touched in bulk at one time, they list in id order, before the one created later.
		const modifiedSince = encodeURIComponent(bulk.json.modifiedAt);
		expect(await listed(`/v1/candidates?modifiedSince=${modifiedSince}`)).toEqual([
			...bulk.json.ids,
			'cand-0000201',
		]);
		const moved = await call(sandbox, 'POST', '/_control/applications/app-000001/move', {
			body: { stageId: 'astage-interview', interview: true },
		});
		expect(moved.json).toEqual(sandbox.applicationsOf('vac-0001')[0]);
		expect(moved.json.stage.id).toBe('astage-interview');
		expect(sandbox.changeLog.entries.map((c) => [c.seq, c.resource, c.kind, c.source])).toEqual([
			[1, 'candidate', 'created', 'control'],
			[2, 'candidate', 'updated', 'control'],
			[3, 'candidate', 'updated', 'control'],
			[4, 'candidate', 'updated', 'control'],
			[5, 'application', 'updated', 'control'],
		]);
	});

	test('errors are JSON 400/404 and change nothing', async () => {
		for (const [path, body, status, field] of [
			['/_control/candidates/touch', {}, 400, 'count'],
			['/_control/candidates/touch', { ids: ['nope'] }, 404, 'ids'],
			['/_control/candidates', { modifiedAt: 'yesterday' }, 400, 'modifiedAt'],
			['/_control/candidates', { town: 'Oslo' }, 400, 'town'],
			['/_control/applications/nope/move', {}, 404, 'id'],
			['/_control/applications/app-000001/move', { state: 'dreaming' }, 400, 'state'],
		]) {
			const res = await call(sandbox, 'POST', /** @type {string} */ (path), { body });
			expect([path, res.status, res.json.field]).toEqual([path, status, field]);
		}
		expect(sandbox.changeLog.entries).toHaveLength(0);
		expect((await get(sandbox, '/_control/unknown')).status).toBe(404);
	});
});

describe('the JS API', () => {
	test('create and touch candidates and jobs, ties in bulk, the change log', async () => {
		sandbox.touchCandidate('cand-0000002', { lastName: 'Torvalds' });
		const touched = await get(sandbox, '/v1/candidates/cand-0000002');
		expect(touched.json.name.lastName).toBe('Torvalds');
		const job = sandbox.createVacancy({ name: 'Night Nurse' });
		const created = await get(sandbox, `/v1/applications/vacancy/${job.id}`);
		expect(created.json).toMatchObject({
			vacancy: { name: { name: 'Night Nurse' } },
			applications: [],
		});
		sandbox.touchVacancy(job.id, { modifiedAt: '2026-01-16T00:00:00.000Z' });
		const ids = ['vac-0001', 'vac-0002'];
		expect(sandbox.touchMany('vacancies', { ids, modifiedAt: '2026-01-17T00:00:00.000Z' })).toEqual(
			{ ids, modifiedAt: '2026-01-17T00:00:00.000Z' },
		);
		expect(sandbox.changeLog.seq).toBe(5);
		expect(sandbox.changeLog.entries[2]).toEqual({
			seq: 3,
			resource: 'vacancy',
			id: job.id,
			kind: 'updated',
			modifiedAt: '2026-01-16T00:00:00.000Z',
			source: 'control',
		});
		expect(sandbox.changeLog.since(3).map((c) => `${c.seq}:${c.resource}:${c.kind}`)).toEqual([
			'4:vacancy:updated',
			'5:vacancy:updated',
		]);
	});

	test('reset: the same world again, the clock at its start, the logs empty, in the objects a test holds', async () => {
		const firstPage = (await get(sandbox, '/v1/candidates?limit=20')).json;
		sandbox.clock.set('2026-05-01T00:00:00.000Z');
		await call(sandbox, 'PUT', '/v1/vacancies/vac-0001', { body: { name: 'Changed' } });
		const { clock, changeLog, requestLog } = sandbox;
		sandbox.reset();
		expect((await get(sandbox, '/v1/candidates?limit=20')).json).toEqual(firstPage);
		expect(sandbox.store.clock).toBe(clock);
		expect(sandbox.store.changeLog).toBe(changeLog);
		sandbox.reset({ candidates: 10 });
		expect(sandbox.state()).toMatchObject({
			counts: { candidates: 10, vacancies: 30 },
			changeSeq: 0,
		});
		expect(clock.iso()).toBe('2026-01-01T00:00:00.000Z');
		expect(requestLog.entries).toHaveLength(0);
		expect(sandbox.store.getVacancy('vac-0001')?.name).not.toBe('Changed');
	});
});

describe('the options candidateLastPageCursor and apiKeys', () => {
	test("'empty' answers '' on the last page; every key is accepted, and the log says which was sent", async () => {
		const other = await createSandbox({
			candidates: 5,
			candidateLastPageCursor: 'empty',
			apiKeys: ['second-key'],
		});
		try {
			const res = await get(other, '/v1/candidates?limit=50');
			expect(res.json.items).toHaveLength(5);
			expect(res.json.pageInfo).toEqual({ nextCursor: '', hasNextPage: false });
			const statuses = [];
			for (const apiKey of ['second-key', 'wrong-key', null]) {
				const path = apiKey === null ? '/acme/vacancy-portal/jobs' : '/v1/candidates?limit=1';
				statuses.push((await get(other, path, { apiKey })).status);
			}
			expect(statuses).toEqual([200, 401, 200]);
			expect(other.requestLog.entries.map((e) => [e.apiKeyPresent, e.apiKeyIndex])).toEqual([
				[true, 0],
				[true, 1],
				[true, -1],
				[false, -1],
			]);
		} finally {
			await other.close();
		}
	});
});
