/*
 * The application ledger's own checks: it must call a missed event, a repeated one and a
 * lost change by their names, or the soak proves nothing.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../sandbox';
import { ApplicationLedger } from './applications';

type Item = IDataObject;

/** A sandbox stand-in: the applications each job lists now. */
function world(jobs: Record<string, Item[]>): Sandbox {
	return { applicationsOf: (jobId: string) => jobs[jobId] ?? [] } as unknown as Sandbox;
}

const listed = (id: string, stage: string, state = 'for-review'): Item => ({
	id,
	stage: { id: stage },
	applicationState: { state },
	isPlaced: state === 'placed',
	nextInterview: null,
});

const event = (name: string, id: string, extra: Item = {}): Item => ({
	event: name,
	applicationId: id,
	jobId: 'j1',
	...extra,
});

describe('ApplicationLedger', () => {
	test('events that are the differences pass; the replay follows them', () => {
		const jobs = { j1: [listed('a1', 's1')] };
		const ledger = new ApplicationLedger(world(jobs), 100);
		ledger.poll(1, ['j1'], [event('newApplication', 'a1')]);
		jobs.j1 = [listed('a1', 's2', 'placed')];
		ledger.poll(
			2,
			['j1'],
			[
				event('stageChanged', 'a1', { fromStage: { id: 's1' }, toStage: { id: 's2' } }),
				event('stateChanged', 'a1', { fromState: 'for-review', toState: 'placed' }),
				event('placed', 'a1'),
			],
		);
		expect(ledger.finish(['j1'])).toMatchObject({
			owed: 4,
			emitted: 4,
			missed: 0,
			duplicated: 0,
			lost: 0,
		});
	});

	test('a missing event is missed, a repeated one duplicated, a wrong from-stage duplicated too', () => {
		const jobs = { j1: [listed('a1', 's1'), listed('a2', 's1')] };
		const ledger = new ApplicationLedger(world(jobs), 100);
		ledger.poll(1, ['j1'], [event('newApplication', 'a1')]);
		ledger.poll(2, ['j1'], [event('newApplication', 'a1'), event('newApplication', 'a2')]);
		jobs.j1 = [listed('a1', 's2'), listed('a2', 's1')];
		ledger.poll(
			3,
			['j1'],
			[event('stageChanged', 'a1', { fromStage: { id: 's0' }, toStage: { id: 's2' } })],
		);
		const report = ledger.finish(['j1']);
		// a2 missed in poll 1 (the ledger then takes it as read); both events of poll 2 and the
		// wrong from-stage of poll 3 are duplicates.
		expect(report.missed).toBe(1);
		expect(report.duplicated).toBe(3);
		expect(report.examples.missed[0]).toMatch(/^a2 on j1, poll 1/);
	});

	test('a change the trigger never reads is lost; one left by Max Items is deferred, not missed', () => {
		const jobs = { j1: [listed('a1', 's1'), listed('a2', 's1')], j2: [listed('a3', 's1')] };
		const ledger = new ApplicationLedger(world(jobs), 1);
		ledger.poll(1, ['j1'], [event('newApplication', 'a1')]);
		const report = ledger.finish(['j1', 'j2']);
		expect(report).toMatchObject({ missed: 0, deferred: 1, lost: 2 });
	});

	test('the jobs a poll read are the 200 answers without a fault', () => {
		expect(
			ApplicationLedger.jobsRead([
				{ path: '/v1/applications/vacancy/j1', status: 200 },
				{ path: '/v1/applications/vacancy/j2', status: 500, fault: 'error' },
				{ path: '/v1/applications/vacancy/j3', status: 200, fault: 'truncate' },
				{ path: '/v1/vacancies', status: 200 },
			] as never),
		).toEqual(['j1']);
	});
});
