/*
 * The trigger's output control by node version, polled through n8n's engine (TriggerHarness):
 * version 1 keeps Simplify for jobs and candidates; version 2 has Output for them, as
 * applications have in both versions and as the Recruiting node has. The expected items are
 * written out with their keys in order: the order a workflow's columns come in.
 */
import nock from 'nock';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { FakeApi, candidate, job, t } from './fakeApi';
import type { Application } from './fakeApi';
import { TriggerHarness, itemsOf } from '../harness/trigger';
import { APPLICATION_EVENTS } from '../../nodes/RecruitingTrigger/applications/events';

let api: FakeApi;
let scope: nock.Scope;

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

beforeEach(() => {
	api = new FakeApi();
	scope = api.start();
	const clock = Date.parse(t(1000));
	jest.spyOn(Date, 'now').mockImplementation(() => clock);
});

afterEach(() => {
	const done = scope.isDone();
	nock.cleanAll();
	jest.restoreAllMocks();
	expect(done).toBe(api.log.length > 0);
});

/** The items as n8n stores them (JSON: a field left undefined is not there). */
function stored(items: IDataObject[]): IDataObject[] {
	return JSON.parse(JSON.stringify(items)) as IDataObject[];
}

/** Each item's keys, in order. */
const keys = (items: IDataObject[]) => stored(items).map((item) => Object.keys(item));

async function candidates(version: number, options: INodeParameters = {}): Promise<IDataObject[]> {
	api.addCandidates(candidate(1, 10));
	const trigger = new TriggerHarness(
		{ resource: 'candidate', start: 'everything', options },
		undefined,
		undefined,
		version,
	);
	return itemsOf(await trigger.poll());
}

const created = { event: 'created', resource: 'candidate' };
const name = { viewType: 'candidateName', firstName: 'First1', lastName: 'Last1', avatarUrl: '' };

describe('Candidates, version 1: Simplify, as before', () => {
	test('on (the default): the flattened list item, in the API’s order', async () => {
		const items = await candidates(1);
		expect(stored(items)).toEqual([
			{
				...created,
				id: 'c00001',
				createdAt: t(10),
				modifiedAt: t(10),
				firstName: 'First1',
				lastName: 'Last1',
				avatarUrl: '',
			},
		]);
		expect(keys(items)[0]).toEqual([
			'event',
			'resource',
			'id',
			'createdAt',
			'modifiedAt',
			'firstName',
			'lastName',
			'avatarUrl',
		]);
	});

	test('off: the API’s list item', async () => {
		const items = await candidates(1, { simplify: false });
		expect(stored(items)).toEqual([
			{ ...created, id: 'c00001', createdAt: t(10), modifiedAt: t(10), name },
		]);
		expect(keys(items)[0]).toEqual(['event', 'resource', 'id', 'createdAt', 'modifiedAt', 'name']);
	});

	test('an Output left in the options (set for applications) does not change it', async () => {
		expect(await candidates(1, { output: 'raw' })).toEqual(await candidates(1, {}));
	});
});

describe('Candidates, version 2: Output', () => {
	test('Flattened (the default): every field, in the order a person reads them', async () => {
		const flattened = {
			...created,
			id: 'c00001',
			firstName: 'First1',
			lastName: 'Last1',
			createdAt: t(10),
			modifiedAt: t(10),
			avatarUrl: '',
		};
		for (const options of [{}, { output: 'flattened' }]) {
			const items = await candidates(2, options);
			expect(stored(items)).toEqual([flattened]);
			expect(keys(items)[0]).toEqual(Object.keys(flattened));
		}
	});

	test('Simplified: the candidate in short', async () => {
		const items = await candidates(2, { output: 'simplified' });
		expect(keys(items)[0]).toEqual([
			'event',
			'resource',
			'id',
			'firstName',
			'lastName',
			'createdAt',
			'modifiedAt',
		]);
		expect(stored(items)[0]).toEqual({
			...created,
			id: 'c00001',
			firstName: 'First1',
			lastName: 'Last1',
			createdAt: t(10),
			modifiedAt: t(10),
		});
	});

	test('Raw: the API’s list item', async () => {
		expect(stored(await candidates(2, { output: 'raw' }))).toEqual([
			{ ...created, id: 'c00001', createdAt: t(10), modifiedAt: t(10), name },
		]);
	});

	test('Selected Fields: the id and the fields named, in the order named', async () => {
		const items = await candidates(2, {
			output: 'selected',
			fieldsToInclude: 'lastName, modifiedAt, notAField',
		});
		expect(keys(items)[0]).toEqual(['event', 'resource', 'id', 'lastName', 'modifiedAt']);
		expect(stored(items)[0]).toEqual({
			...created,
			id: 'c00001',
			lastName: 'Last1',
			modifiedAt: t(10),
		});
	});

	test('Simplify left in the options (from version 1) does not change it', async () => {
		expect(await candidates(2, { simplify: false })).toEqual(await candidates(2, {}));
	});

	test('an unknown Output stops the poll, naming the option and its choices', async () => {
		api.addCandidates(candidate(1, 10));
		const trigger = new TriggerHarness(
			{ resource: 'candidate', start: 'everything', options: { output: 'short' } },
			undefined,
			undefined,
			2,
		);
		await expect(trigger.poll()).rejects.toThrow(
			'Output: "short" is not one of Flattened (All Fields), Raw, Selected Fields, Simplified',
		);
		// Nothing was read or stored: the settings are checked first.
		expect(api.log).toEqual([]);
		expect(trigger.state()).toBeUndefined();
	});

	test('Fetch Test Event shows the record in the Output chosen', async () => {
		api.addCandidates(candidate(1, 995));
		const trigger = new TriggerHarness(
			{ resource: 'candidate', options: { output: 'selected', fieldsToInclude: 'lastName' } },
			undefined,
			undefined,
			2,
		);
		expect(stored(itemsOf(await trigger.poll('manual')))).toEqual([
			{ event: 'created', resource: 'candidate', id: 'c00001', lastName: 'Last1' },
		]);
		expect(trigger.state()).toBeUndefined();
	});
});

describe('Jobs: Stage Changed keeps fromStage and toStage; a notice stays on its item', () => {
	const stage = (id: string) => ({
		stage: { viewType: 'vacancyStage', stage: { id, name: id.toUpperCase(), order: 1 } },
	});
	const moved = {
		event: 'stageChanged',
		resource: 'job',
		fromStage: { id: 's1', name: 'S1', order: 1 },
		toStage: { id: 's2', name: 'S2', order: 1 },
	};

	async function stageChanged(version: number, options: INodeParameters): Promise<IDataObject[]> {
		api.addJobs({ ...job(1, 10), ...stage('s1') });
		const trigger = new TriggerHarness(
			{ resource: 'job', event: 'stageChanged', options },
			undefined,
			undefined,
			version,
		);
		expect(await trigger.poll()).toBeNull();
		api.touchJob('j00001', t(997), stage('s2'));
		return stored(itemsOf(await trigger.poll()));
	}

	const wrapped = {
		id: 'j00001',
		name: { viewType: 'vacancyName', name: 'Job 1' },
		createdAt: { viewType: 'vacancyCreatedAt', createdAt: t(10) },
		stage: { viewType: 'vacancyStage', stage: { id: 's2', name: 'S2', order: 1 } },
	};
	const plain = {
		id: 'j00001',
		name: 'Job 1',
		stage: { id: 's2', name: 'S2', order: 1 },
		createdAt: t(10),
	};

	test.each([
		[
			1,
			{ simplify: true },
			{ ...moved, id: 'j00001', name: 'Job 1', createdAt: t(10), stage: plain.stage },
		],
		[1, { simplify: false }, { ...moved, ...wrapped }],
		[2, {}, { ...moved, ...plain }],
		[2, { output: 'raw' }, { ...moved, ...wrapped }],
		[
			2,
			{ output: 'simplified' },
			{ ...moved, id: 'j00001', name: 'Job 1', stage: 'S2', createdAt: t(10) },
		],
		[
			2,
			{ output: 'selected', fieldsToInclude: 'stage' },
			{ ...moved, id: 'j00001', stage: plain.stage },
		],
	])('version %d, options %j', async (version, options, expected) => {
		const items = await stageChanged(version, options);
		expect(items).toEqual([expected]);
		expect(keys(items)[0]).toEqual(Object.keys(expected));
	});

	test('version 2, Selected Fields: the stall notice is kept on the item it belongs to', async () => {
		// 70 jobs share one modification time: the list cannot page past the 51st (poll.test.ts).
		api.addJobs(
			job(1, 5),
			...Array.from({ length: 70 }, (_, i) => job(i + 2, 10)),
			job(72, 15),
			job(73, 16),
		);
		const trigger = new TriggerHarness(
			{
				resource: 'job',
				start: 'everything',
				options: { output: 'selected', fieldsToInclude: 'name' },
			},
			undefined,
			undefined,
			2,
		);
		const noticed = stored(itemsOf(await trigger.poll())).filter((item) => 'notice' in item);
		expect(noticed).toEqual([
			{
				event: 'created',
				resource: 'job',
				id: 'j00051',
				name: 'Job 51',
				notice: expect.stringMatching(/^More than 50 jobs share the modification time/),
			},
		]);
	});
});

describe('Applications: the same Output in both versions', () => {
	const app = (n: number, stage: string): Application => ({
		id: `a${n}`,
		candidateId: `c${n}`,
		firstName: `First${n}`,
		lastName: `Last${n}`,
		stage,
		state: 'for-review',
		placed: false,
	});

	test.each([
		[{}],
		[{ output: 'simplified' }],
		[{ output: 'raw' }],
		[{ output: 'selected', fieldsToInclude: 'stage, candidate' }],
	])('options %j', async (options) => {
		const emitted: IDataObject[][] = [];
		for (const version of [1, 2]) {
			api = new FakeApi();
			nock.cleanAll();
			scope = api.start();
			api.addJobs(job(1, 10));
			api.addApplications('j00001', app(1, 'applied'), app(2, 'interview'));
			const trigger = new TriggerHarness(
				{ resource: 'application', events: [...APPLICATION_EVENTS], start: 'everything', options },
				undefined,
				undefined,
				version,
			);
			emitted.push(stored(itemsOf(await trigger.poll())));
		}
		const [first, second] = emitted;
		expect(first).toHaveLength(2);
		expect(first.map((item) => item.application)).toEqual([
			expect.objectContaining({ id: 'a1' }),
			expect.objectContaining({ id: 'a2' }),
		]);
		expect(second).toEqual(first);
		expect(keys(second)).toEqual(keys(first));
		expect(second.map((item) => Object.keys(item.application as IDataObject))).toEqual(
			first.map((item) => Object.keys(item.application as IDataObject)),
		);
	});
});
