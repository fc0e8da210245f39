/*
 * The application ledger's own checks: it must call a missed event, a repeated one and a
 * lost change by their names, and owe exactly README's event table, or the soak proves
 * nothing.
 */
import type { IDataObject } from 'n8n-workflow';

import type { ApplicationFacts, ChangeEntry, Sandbox } from '../sandbox';
import { ApplicationLedger, owedEvents } from './applications';

type Item = IDataObject;

const facts = (stage: string, fields: Partial<ApplicationFacts> = {}): ApplicationFacts => ({
	job: 'j1',
	stage,
	state: 'for-review',
	placed: false,
	interview: null,
	...fields,
});

/**
 * A sandbox stand-in: seeded applications, and a change log of what it did to them (the
 * ledger reads nothing else).
 */
function world(seeded: Record<string, ApplicationFacts>) {
	const now = new Map(Object.entries(seeded));
	const entries: ChangeEntry[] = [];
	const changeLog = {
		get seq() {
			return entries.length;
		},
		since: (seq = 0) => entries.slice(seq),
	};
	const record = (entry: Omit<ChangeEntry, 'seq' | 'resource' | 'modifiedAt' | 'source'>) =>
		entries.push({
			seq: entries.length + 1,
			resource: 'application',
			modifiedAt: '2026-03-02T08:00:00.000Z',
			source: 'control',
			...entry,
		});
	const log = (id: string, kind: 'created' | 'updated' | 'removed', after?: ApplicationFacts) => {
		const before = now.get(id);
		if (after) now.set(id, after);
		else now.delete(id);
		record({ id, kind, ...(before && kind !== 'created' && { before }), ...(after && { after }) });
	};
	const sandbox = {
		changeLog,
		fixtures: () => ({ applicationIds: Object.keys(seeded) }),
		store: { applicationFacts: (id: string) => now.get(id) },
	} as unknown as Sandbox;
	return {
		sandbox,
		record,
		create: (id: string, to: ApplicationFacts) => log(id, 'created', to),
		move: (id: string, to: Partial<ApplicationFacts>) =>
			log(id, 'updated', { ...(now.get(id) as ApplicationFacts), ...to }),
		remove: (id: string) => log(id, 'removed'),
	};
}

const event = (name: string, id: string, extra: Item = {}): Item => ({
	event: name,
	applicationId: id,
	jobId: 'j1',
	candidateId: 'c1',
	...extra,
});

describe('owedEvents: README’s event table', () => {
	const interview = { id: 'i1', startTime: '2026-03-01T10:00:00.000Z' };
	test.each([
		['not listed, then listed', undefined, facts('s1'), ['newApplication']],
		['listed, then not', facts('s1'), undefined, ['removed']],
		['another stage', facts('s1'), facts('s2'), ['stageChanged']],
		['another state', facts('s1'), facts('s1', { state: 'rejected' }), ['stateChanged']],
		[
			'placed',
			facts('s1'),
			facts('s1', { state: 'placed', placed: true }),
			['stateChanged', 'placed'],
		],
		[
			'no longer placed is no Placed',
			facts('s1', { state: 'placed', placed: true }),
			facts('s1'),
			['stateChanged'],
		],
		['a first interview', facts('s1'), facts('s1', { interview }), ['interviewScheduled']],
		[
			'the interview moved',
			facts('s1', { interview }),
			facts('s1', { interview: { ...interview, startTime: '2026-03-02T10:00:00.000Z' } }),
			['interviewScheduled'],
		],
		['the interview cancelled', facts('s1', { interview }), facts('s1'), []],
		['the same', facts('s1', { interview }), facts('s1', { interview }), []],
		['never listed', undefined, undefined, []],
	])('%s', (_, was, is, owed) => {
		expect(owedEvents(was, is)).toEqual(owed);
	});
});

describe('ApplicationLedger', () => {
	test('events that are the changes the sandbox logged pass; the reported facts follow them', () => {
		const sandbox = world({ a1: facts('s1') });
		const ledger = new ApplicationLedger(sandbox.sandbox, 100);
		ledger.poll(1, ['j1'], [event('newApplication', 'a1', { stage: { id: 's1' } })]);
		sandbox.move('a1', { stage: 's2' });
		sandbox.move('a1', { state: 'placed', placed: true });
		ledger.poll(
			2,
			['j1'],
			[
				event('stageChanged', 'a1', { fromStage: { id: 's1' }, toStage: { id: 's2' } }),
				event('stateChanged', 'a1', { fromState: 'for-review', toState: 'placed' }),
				event('placed', 'a1'),
			],
		);
		expect(ledger.finish()).toMatchObject({
			owed: 4,
			emitted: 4,
			logged: 2,
			missed: 0,
			duplicated: 0,
			lost: 0,
		});
	});

	test('what two reads cannot see is not owed: A → B → A, created and removed in between', () => {
		const sandbox = world({ a1: facts('s1') });
		const ledger = new ApplicationLedger(sandbox.sandbox, 100);
		ledger.poll(1, ['j1'], [event('newApplication', 'a1', { stage: { id: 's1' } })]);
		sandbox.move('a1', { stage: 's2' });
		sandbox.move('a1', { stage: 's1' });
		sandbox.create('a2', facts('s1'));
		sandbox.remove('a2');
		ledger.poll(2, ['j1'], []);
		expect(ledger.finish()).toMatchObject({ owed: 1, missed: 0, duplicated: 0, lost: 0 });
	});

	test('a missing event is missed, a repeated one duplicated, a wrong from-stage duplicated too', () => {
		const sandbox = world({ a1: facts('s1'), a2: facts('s1') });
		const ledger = new ApplicationLedger(sandbox.sandbox, 100);
		ledger.poll(1, ['j1'], [event('newApplication', 'a1', { stage: { id: 's1' } })]);
		ledger.poll(
			2,
			['j1'],
			[
				event('newApplication', 'a1', { stage: { id: 's1' } }),
				event('newApplication', 'a2', { stage: { id: 's1' } }),
			],
		);
		sandbox.move('a1', { stage: 's2' });
		ledger.poll(
			3,
			['j1'],
			[event('stageChanged', 'a1', { fromStage: { id: 's0' }, toStage: { id: 's2' } })],
		);
		const report = ledger.finish();
		// a2 missed in poll 1 (the ledger then takes it as reported); both events of poll 2 and
		// the wrong from-stage of poll 3 are duplicates.
		expect(report.missed).toBe(1);
		expect(report.duplicated).toBe(3);
		expect(report.examples.missed[0]).toMatch(/^a2 on j1, poll 1/);
	});

	test('a change the trigger never reads is lost; one left by Max Items is deferred, not missed', () => {
		const sandbox = world({ a1: facts('s1'), a2: facts('s1'), a3: facts('s1', { job: 'j2' }) });
		const ledger = new ApplicationLedger(sandbox.sandbox, 1);
		ledger.poll(1, ['j1'], [event('newApplication', 'a1', { stage: { id: 's1' } })]);
		const report = ledger.finish();
		expect(report).toMatchObject({ missed: 0, deferred: 1, lost: 2 });
	});

	test('a change log that does not chain is refused: the oracle would owe the wrong events', () => {
		const sandbox = world({ a1: facts('s1') });
		const ledger = new ApplicationLedger(sandbox.sandbox, 100);
		sandbox.record({ id: 'a1', kind: 'updated', before: facts('s9'), after: facts('s2') });
		expect(() => ledger.poll(1, ['j1'], [])).toThrow(/skips a change of a1/);
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
