/*
 * The trigger's Output for jobs and candidates, polled through n8n's engine (TriggerHarness),
 * as applications and the Recruiting node have it. The expected items are written out with
 * their keys in order: the order a workflow's columns come in.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useFakeApi, candidate, job, jobStage, t } from './fakeApi';
import { TriggerHarness, itemsOf } from '../harness/trigger';

const api = useFakeApi();

/** The items as n8n stores them (JSON: a field left undefined is not there). */
function stored(items: IDataObject[]): IDataObject[] {
	return JSON.parse(JSON.stringify(items)) as IDataObject[];
}

/** Each item's keys, in order. */
const keys = (items: IDataObject[]) => stored(items).map((item) => Object.keys(item));

/** The candidate trigger (Start: Everything) with these options, over candidate c00001. */
function candidates(options: INodeParameters = {}): TriggerHarness {
	api.addCandidates(candidate(1, 10));
	return new TriggerHarness({ resource: 'candidate', start: 'everything', options });
}

const created = { event: 'created', resource: 'candidate' };
const name = { viewType: 'candidateName', firstName: 'First1', lastName: 'Last1', avatarUrl: '' };

describe('Candidates: Output', () => {
	const candidate1 = { ...created, id: 'c00001', firstName: 'First1', lastName: 'Last1' };
	const simplified = { ...candidate1, createdAt: t(10), modifiedAt: t(10) };
	test.each([
		// Flattened, the default: every field, in the order a person reads them.
		[{}, { ...simplified, avatarUrl: '' }],
		[{ output: 'flattened' }, { ...simplified, avatarUrl: '' }],
		[{ output: 'simplified' }, simplified],
		// The API's list item.
		[{ output: 'raw' }, { ...created, id: 'c00001', createdAt: t(10), modifiedAt: t(10), name }],
		// The id and the fields named, in the order named.
		[
			{ output: 'selected', fieldsToInclude: 'lastName, modifiedAt, notAField' },
			{ ...created, id: 'c00001', lastName: 'Last1', modifiedAt: t(10) },
		],
	])('options %j', async (options, expected) => {
		const items = itemsOf(await candidates(options).poll());
		expect(stored(items)).toEqual([expected]);
		expect(keys(items)[0]).toEqual(Object.keys(expected));
	});

	test('an unknown Output stops the poll, naming the option and its choices', async () => {
		const trigger = candidates({ output: 'short' });
		await expect(trigger.poll()).rejects.toThrow(
			'Output: "short" is not one of Flattened (All Fields), Raw, Selected Fields, Simplified',
		);
		// Nothing was read or stored: the settings are checked first.
		expect(api.log).toEqual([]);
		expect(trigger.state()).toBeUndefined();
	});

	test('Fetch Test Event shows the record in the Output chosen', async () => {
		api.addCandidates(candidate(1, 995));
		const trigger = new TriggerHarness({
			resource: 'candidate',
			options: { output: 'selected', fieldsToInclude: 'lastName' },
		});
		expect(stored(itemsOf(await trigger.poll('manual')))).toEqual([
			{ event: 'created', resource: 'candidate', id: 'c00001', lastName: 'Last1' },
		]);
		expect(trigger.state()).toBeUndefined();
	});
});

describe('Jobs: Stage Changed keeps fromStage and toStage; a notice stays on its item', () => {
	const moved = {
		event: 'stageChanged',
		resource: 'job',
		fromStage: { id: 's1', name: 'S1', order: 1 },
		toStage: { id: 's2', name: 'S2', order: 1 },
	};

	async function stageChanged(options: INodeParameters): Promise<IDataObject[]> {
		api.addJobs({ ...job(1, 10), ...jobStage('s1') });
		const trigger = new TriggerHarness({ resource: 'job', event: 'stageChanged', options });
		expect(await trigger.poll()).toBeNull();
		api.touchJob('j00001', t(997), jobStage('s2'));
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
		[{}, { ...moved, ...plain }],
		[{ output: 'raw' }, { ...moved, ...wrapped }],
		// The stage as toStage shows it.
		[{ output: 'simplified' }, { ...moved, ...plain }],
		[
			{ output: 'selected', fieldsToInclude: 'stage' },
			{ ...moved, id: 'j00001', stage: plain.stage },
		],
	])('options %j', async (options, expected) => {
		const items = await stageChanged(options);
		expect(items).toEqual([expected]);
		expect(keys(items)[0]).toEqual(Object.keys(expected));
	});

	test('Selected Fields: the stall notice is kept on the item it belongs to', async () => {
		// 70 jobs share one modification time: the list cannot page past the 51st (poll.test.ts).
		api.addJobs(
			job(1, 5),
			...Array.from({ length: 70 }, (_, i) => job(i + 2, 10)),
			job(72, 15),
			job(73, 16),
		);
		const trigger = new TriggerHarness({
			resource: 'job',
			start: 'everything',
			options: { output: 'selected', fieldsToInclude: 'name' },
		});
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
