/*
 * The application ledger's own checks: fed streams with each kind of fault, it must report
 * each by its kind (missed, duplicated, unexpected, wrong, lost; an exception no injected fault
 * explains ends the soak), owe exactly README's event table, and owe under each setting what
 * README's words for it say; or the soak proves nothing.
 */
import type { IDataObject } from 'n8n-workflow';

import type { ApplicationFacts, ChangeEntry, RequestLogEntry, Sandbox } from '../sandbox';
import { ApplicationLedger, onTarget, owedEvents, PROBLEMS } from './applications';
import type { ApplicationReport, JobReadEntry, WatchSetting } from './applications';
import { judgeFailure } from './runner';

type Item = IDataObject;

const ALL = [
	'newApplication',
	'stageChanged',
	'stateChanged',
	'placed',
	'interviewScheduled',
	'removed',
];

const facts = (stage: string, fields: Partial<ApplicationFacts> = {}): ApplicationFacts => ({
	job: 'j1',
	stage,
	state: 'for-review',
	placed: false,
	interview: null,
	...fields,
});

const STAGES = [
	{ id: 's1', type: 'application', name: 'Applied' },
	{ id: 's2', type: 'interview', name: 'Interview' },
	{ id: 's3', type: 'presentation', name: 'Presented to client' },
];

/**
 * A sandbox stand-in: seeded applications and jobs, and a change log of what it did to them
 * (the ledger reads nothing else).
 */
function world(
	seeded: Record<string, ApplicationFacts>,
	jobs: Record<string, 'open' | 'closed'> = { j1: 'open', j2: 'open' },
) {
	const now = new Map(Object.entries(seeded));
	const jobStage = new Map(Object.entries(jobs));
	const entries: ChangeEntry[] = [];
	const changeLog = {
		get seq() {
			return entries.length;
		},
		since: (seq = 0) => entries.slice(seq),
	};
	const record = (entry: Omit<ChangeEntry, 'seq' | 'modifiedAt' | 'source'>) =>
		entries.push({
			seq: entries.length + 1,
			modifiedAt: '2026-03-02T08:00:00.000Z',
			source: 'control',
			...entry,
		});
	const log = (id: string, kind: 'created' | 'updated' | 'removed', after?: ApplicationFacts) => {
		const before = now.get(id);
		if (after) now.set(id, after);
		else now.delete(id);
		record({
			resource: 'application',
			id,
			kind,
			...(before && kind !== 'created' && { before }),
			...(after && { after }),
		});
	};
	const sandbox = {
		changeLog,
		fixtures: () => ({
			applicationIds: Object.keys(seeded),
			applicationStages: STAGES,
			vacancyStages: [
				{ id: 'open', isOpen: true },
				{ id: 'closed', isOpen: false },
			],
			vacancyIds: [...jobStage.keys()],
		}),
		store: {
			applicationFacts: (id: string) => now.get(id),
			getVacancy: (id: string) =>
				jobStage.has(id) ? { id, stageId: jobStage.get(id) } : undefined,
		},
	} as unknown as Sandbox;
	return {
		sandbox,
		record,
		create: (id: string, to: ApplicationFacts) => log(id, 'created', to),
		move: (id: string, to: Partial<ApplicationFacts>) =>
			log(id, 'updated', { ...(now.get(id) as ApplicationFacts), ...to }),
		remove: (id: string) => log(id, 'removed'),
		setJob: (id: string, stage: 'open' | 'closed') => jobStage.set(id, stage),
		deleteJob: (id: string) => {
			for (const [app, f] of now) if (f.job === id) log(app, 'removed');
			jobStage.delete(id);
			record({ resource: 'vacancy', id, kind: 'removed' });
		},
		createJob: (id: string, stage: 'open' | 'closed' = 'open') => {
			jobStage.set(id, stage);
			record({ resource: 'vacancy', id, kind: 'created' });
		},
	};
}

const event = (name: string, id: string, extra: Item = {}): Item => ({
	event: name,
	applicationId: id,
	jobId: 'j1',
	candidateId: 'c1',
	...extra,
});
const newApp = (id: string, stage = 's1', jobId = 'j1') =>
	event('newApplication', id, { stage: { id: stage }, jobId });
const read = (...jobs: string[]): JobReadEntry[] => jobs.map((job) => ({ job, status: 200 }));

/** Each kind the report counts, with the number found (0 kinds left out). */
const kinds = (report: ApplicationReport) =>
	Object.fromEntries(
		PROBLEMS.filter((kind) => report[kind] > 0).map((kind) => [kind, report[kind]]),
	);

const setting = (fields: Partial<WatchSetting>): WatchSetting => ({
	label: 'test',
	watch: 'all',
	start: 'everything',
	events: ALL,
	...fields,
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

describe('onTarget: Target Stage Types / Target Stages', () => {
	test.each([
		['no filter: every stage', {}, 's1', true],
		['a type', { stageTypes: ['interview'] }, 's2', true],
		['another type', { stageTypes: ['interview'] }, 's1', false],
		['a name, case does not matter', { stages: ['presented TO client'] }, 's3', true],
		['an id', { stages: ['s1'] }, 's1', true],
		['either matches', { stageTypes: ['interview'], stages: ['s1'] }, 's1', true],
		['an unknown stage', { stages: ['s1'] }, 's9', false],
	])('%s', (_, filter, stage, on) => {
		expect(onTarget(filter, STAGES, stage)).toBe(on);
	});
});

describe('ApplicationLedger: each kind of fault reported by its kind', () => {
	test('events that are the changes the sandbox logged pass; the reported facts follow them', () => {
		const w = world({ a1: facts('s1') });
		const ledger = new ApplicationLedger(w.sandbox, 100);
		ledger.poll(1, read('j1', 'j2'), [newApp('a1')]);
		w.move('a1', { stage: 's2' });
		w.move('a1', { state: 'placed', placed: true });
		ledger.poll(2, read('j1'), [
			event('stageChanged', 'a1', { fromStage: { id: 's1' }, toStage: { id: 's2' } }),
			event('stateChanged', 'a1', { fromState: 'for-review', toState: 'placed' }),
			event('placed', 'a1'),
		]);
		const report = ledger.finish();
		expect(report).toMatchObject({ owed: 4, emitted: 4, logged: 2 });
		expect(kinds(report)).toEqual({});
	});

	test('what two reads cannot see is not owed: A → B → A, created and removed in between', () => {
		const w = world({ a1: facts('s1') });
		const ledger = new ApplicationLedger(w.sandbox, 100);
		ledger.poll(1, read('j1', 'j2'), [newApp('a1')]);
		w.move('a1', { stage: 's2' });
		w.move('a1', { stage: 's1' });
		w.create('a2', facts('s1'));
		w.remove('a2');
		ledger.poll(2, read('j1'), []);
		const report = ledger.finish();
		expect(report.owed).toBe(1);
		expect(kinds(report)).toEqual({});
	});

	test('a lost event: a change no later read reports', () => {
		const w = world({ a1: facts('s1') });
		const ledger = new ApplicationLedger(w.sandbox, 100);
		ledger.poll(1, read('j1', 'j2'), [newApp('a1')]);
		w.move('a1', { stage: 's2' });
		const report = ledger.finish();
		expect(kinds(report)).toEqual({ lost: 1 });
		expect(report.examples.lost).toEqual(['a1 on j1: [stageChanged] never emitted']);
	});

	test('a missed Removed: the read saw it go, the poll did not say so', () => {
		const w = world({ a1: facts('s1'), a2: facts('s1') });
		const ledger = new ApplicationLedger(w.sandbox, 100);
		ledger.poll(1, read('j1', 'j2'), [newApp('a1'), newApp('a2')]);
		w.remove('a1');
		ledger.poll(2, read('j1'), []);
		const report = ledger.finish();
		expect(kinds(report)).toEqual({ missed: 1 });
		expect(report.examples.missed).toEqual(['a1 on j1, poll 2: removed owed, not emitted']);
	});

	test('a duplicate: an event emitted again with nothing changed', () => {
		const w = world({ a1: facts('s1') });
		const ledger = new ApplicationLedger(w.sandbox, 100);
		ledger.poll(1, read('j1', 'j2'), [newApp('a1')]);
		w.move('a1', { stage: 's2' });
		const moved = event('stageChanged', 'a1', { fromStage: { id: 's1' }, toStage: { id: 's2' } });
		ledger.poll(2, read('j1'), [moved, moved]);
		ledger.poll(3, read('j1'), [newApp('a1', 's2')]);
		expect(kinds(ledger.finish())).toEqual({ duplicated: 2 });
	});

	test('a wrong from-stage: the event is owed, its values are not the log’s', () => {
		const w = world({ a1: facts('s1') });
		const ledger = new ApplicationLedger(w.sandbox, 100);
		ledger.poll(1, read('j1', 'j2'), [newApp('a1')]);
		w.move('a1', { stage: 's2' });
		ledger.poll(2, read('j1'), [
			event('stageChanged', 'a1', { fromStage: { id: 's2' }, toStage: { id: 's2' } }),
		]);
		const report = ledger.finish();
		expect(kinds(report)).toEqual({ wrong: 1 });
		expect(report.examples.wrong).toEqual(['a1, poll 2: stageChanged with another from-stage']);
	});

	test('an item under another job: the application is not that job’s, the item is owed by nothing', () => {
		const w = world({ a1: facts('s1'), b1: facts('s1', { job: 'j2' }) });
		const ledger = new ApplicationLedger(w.sandbox, 100);
		ledger.poll(1, read('j1', 'j2'), [
			newApp('a1'),
			newApp('b1', 's1', 'j2'),
			newApp('a1', 's1', 'j2'),
		]);
		const report = ledger.finish();
		expect(kinds(report)).toEqual({ unexpected: 1 });
		expect(report.examples.unexpected).toEqual([
			'a1 on j2, poll 1: newApplication owed by nothing',
		]);
	});

	test('an item for a job the poll did not read, and a poll over Max Items, are unexpected', () => {
		const w = world({ a1: facts('s1'), a2: facts('s1'), b1: facts('s1', { job: 'j2' }) });
		const ledger = new ApplicationLedger(w.sandbox, 1);
		// Max Items 1: a1 and a2 together pass it; b1's job was not read.
		ledger.poll(1, read('j1'), [newApp('a1'), newApp('a2'), newApp('b1', 's1', 'j2')]);
		expect(kinds(ledger.finish())).toMatchObject({ unexpected: 2 });
	});

	test('an unexpected exception ends the soak with its stack; an injected kind is a failure by kind', () => {
		const requests = [
			{ path: '/v1/vacancies', status: 500, fault: 'error' },
			{ path: '/v1/applications/vacancy/j1', status: 200, fault: 'drop' },
		] as RequestLogEntry[];
		const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
		expect(() => judgeFailure('poll 3', bug, requests)).toThrow(
			/poll 3 failed unexpectedly \(Cannot read properties.*\); faults injected into its requests: HTTP 500, connection\nTypeError: Cannot read/s,
		);
		const http = new Error(
			'The Recruiting API failed with HTTP 500: this is on the server side, try again later',
		);
		expect(judgeFailure('poll 3', http, requests)).toBe('HTTP 500');
		// The same error where no fault was injected: the trigger's own doing.
		expect(() => judgeFailure('poll 4', http, [])).toThrow(
			/poll 4 failed unexpectedly \(HTTP 500\)/,
		);
		expect(() =>
			judgeFailure(
				'poll 5',
				new Error('The Recruiting API answered HTTP 400: bad cursor'),
				requests,
			),
		).toThrow(/unexpectedly \(HTTP 400\)/);
		const dropped = new Error(
			'The connection to the Recruiting API failed (ECONNRESET): try again later (gave up after 4 attempts and 2 s of waiting)',
		);
		expect(judgeFailure('poll 6', dropped, requests)).toBe('connection after retries');
		// A documented failure is named by the setting, not by a fault.
		expect(judgeFailure('poll 7', new Error('Job "j9" gone'), [], () => 'documented')).toBe(
			'documented',
		);
	});

	test('the jobs a poll read are its answers without a fault: 200, or 404 for a job deleted', () => {
		expect(
			ApplicationLedger.jobsRead([
				{ path: '/v1/applications/vacancy/j1', status: 200 },
				{ path: '/v1/applications/vacancy/j2', status: 500, fault: 'error' },
				{ path: '/v1/applications/vacancy/j3', status: 200, fault: 'truncate' },
				{ path: '/v1/applications/vacancy/j4', status: 404 },
				{ path: '/v1/vacancies', status: 200 },
			] as never),
		).toEqual([
			{ job: 'j1', status: 200 },
			{ job: 'j4', status: 404 },
		]);
	});

	test('a change log that does not chain is refused: the oracle would owe the wrong events', () => {
		const w = world({ a1: facts('s1') });
		const ledger = new ApplicationLedger(w.sandbox, 100);
		w.record({
			resource: 'application',
			id: 'a1',
			kind: 'updated',
			before: facts('s9'),
			after: facts('s2'),
		});
		expect(() => ledger.poll(1, read('j1'), [])).toThrow(/skips a change of a1/);
	});
});

describe('ApplicationLedger: Max Items per Poll, judged from the poll’s items', () => {
	const seeded = {
		a1: facts('s1'),
		a2: facts('s1'),
		a3: facts('s1'),
		b1: facts('s1', { job: 'j2' }),
		b2: facts('s1', { job: 'j2' }),
	};
	const start = () => {
		const w = world(seeded);
		return { w, ledger: new ApplicationLedger(w.sandbox, 4) };
	};

	test('the last job’s applications wait when the next one did not fit', () => {
		const { w, ledger } = start();
		ledger.poll(1, read('j1'), [newApp('a1'), newApp('a2'), newApp('a3')]);
		ledger.poll(2, read('j2'), [newApp('b1', 's1', 'j2'), newApp('b2', 's1', 'j2')]);
		w.move('a1', { stage: 's2' });
		w.move('a2', { stage: 's2', state: 'rejected' });
		// a1 emitted 1 item, a2 owes 2: 1 + 2 fits in 4, so a2 was not left by Max Items.
		ledger.poll(3, read('j1'), [
			event('stageChanged', 'a1', { fromStage: { id: 's1' }, toStage: { id: 's2' } }),
		]);
		expect(kinds(ledger.finish())).toEqual({ missed: 2 });
	});

	test('deferred: an application whose events pass Max Items waits for the next read', () => {
		const { w, ledger } = start();
		ledger.poll(1, read('j1'), [newApp('a1'), newApp('a2'), newApp('a3')]);
		ledger.poll(2, read('j2'), [newApp('b1', 's1', 'j2'), newApp('b2', 's1', 'j2')]);
		w.move('b1', { state: 'rejected' });
		w.move('a1', { stage: 's2', state: 'rejected' });
		w.move('a2', { stage: 's2', state: 'placed', placed: true });
		const a1 = [
			event('stageChanged', 'a1', { fromStage: { id: 's1' }, toStage: { id: 's2' } }),
			event('stateChanged', 'a1', { fromState: 'for-review', toState: 'rejected' }),
		];
		const b1 = event('stateChanged', 'b1', {
			jobId: 'j2',
			fromState: 'for-review',
			toState: 'rejected',
		});
		// b1 (1) then a1 (2): a2's 3 do not fit in 4.
		ledger.poll(3, read('j2', 'j1'), [b1, ...a1]);
		expect(ledger.finish()).toMatchObject({ deferred: 3, lost: 3 });
	});
});

describe('ApplicationLedger: what each setting owes, from README’s words', () => {
	test('Events not chosen and stages filtered out are unexpected; Removed counts its last stage', () => {
		const w = world({ a1: facts('s1'), a2: facts('s2'), a3: facts('s2') });
		const ledger = new ApplicationLedger(
			w.sandbox,
			100,
			setting({ events: ['newApplication', 'removed'], stageTypes: ['interview'] }),
		);
		ledger.poll(1, read('j1', 'j2'), [newApp('a1'), newApp('a2', 's2')]);
		w.move('a2', { state: 'rejected' });
		w.remove('a3');
		ledger.poll(2, read('j1'), [
			event('stateChanged', 'a2', { fromState: 'for-review', toState: 'rejected' }),
		]);
		const report = ledger.finish();
		// a1 (stage s1: not Interview), a2's State Changed (not chosen); a3's Removed (last stage
		// s2, an interview) and a3's New Application were owed and never emitted.
		expect(kinds(report)).toEqual({ unexpected: 2, missed: 2 });
	});

	test('From Now: a job’s first read is silent, a job created later has all its applications new', () => {
		const w = world({ a1: facts('s1') });
		const ledger = new ApplicationLedger(w.sandbox, 100, setting({ start: 'now' }));
		ledger.poll(1, read('j1', 'j2'), []);
		w.move('a1', { stage: 's2' });
		w.createJob('j3');
		w.create('c1', facts('s1', { job: 'j3' }));
		ledger.poll(2, read('j1', 'j3'), [
			event('stageChanged', 'a1', { fromStage: { id: 's1' }, toStage: { id: 's2' } }),
			newApp('c1', 's1', 'j3'),
		]);
		expect(kinds(ledger.finish())).toEqual({});
		// The same first read emitting what it saw: unexpected.
		const w2 = world({ a1: facts('s1') });
		const silent = new ApplicationLedger(w2.sandbox, 100, setting({ start: 'now' }));
		silent.poll(1, read('j1'), [newApp('a1')]);
		expect(kinds(silent.finish())).toEqual({ unexpected: 1 });
	});

	test('From Now: a restart before the first item starts over from the restart', () => {
		const w = world({ a1: facts('s1') });
		const ledger = new ApplicationLedger(w.sandbox, 100, setting({ start: 'now' }));
		ledger.poll(1, read('j1', 'j2'), []);
		w.createJob('j3');
		w.create('c1', facts('s1', { job: 'j3' }));
		ledger.restart();
		ledger.poll(2, read('j1', 'j2', 'j3'), []);
		expect(kinds(ledger.finish())).toEqual({});
	});

	test('a restart goes back to the state saved with the last emitting poll', () => {
		const w = world({ a1: facts('s1'), a2: facts('s1') });
		const ledger = new ApplicationLedger(w.sandbox, 100, setting({ stageTypes: ['presentation'] }));
		ledger.poll(1, read('j1', 'j2'), []);
		w.create('a3', facts('s3'));
		ledger.poll(2, read('j1'), [newApp('a3', 's3')]);
		// Seen in s2 (filtered out, nothing emitted, nothing saved), then n8n restarts.
		w.move('a1', { stage: 's2' });
		ledger.poll(3, read('j1'), []);
		ledger.restart();
		w.move('a1', { stage: 's3' });
		ledger.poll(4, read('j1'), [
			event('stageChanged', 'a1', { fromStage: { id: 's1' }, toStage: { id: 's3' } }),
		]);
		expect(kinds(ledger.finish())).toEqual({});
	});

	test('Open Jobs Only: a closing read gives its last changes; then, and while closed, nothing', () => {
		const w = world({ a1: facts('s1'), a2: facts('s1') });
		const ledger = new ApplicationLedger(w.sandbox, 100, setting({ watch: 'open' }));
		ledger.poll(1, read('j1', 'j2'), [newApp('a1'), newApp('a2')]);
		w.move('a1', { state: 'placed', placed: true });
		w.setJob('j1', 'closed');
		ledger.poll(2, read('j1'), [
			event('stateChanged', 'a1', { fromState: 'for-review', toState: 'placed' }),
			event('placed', 'a1'),
		]);
		w.move('a2', { stage: 's2' });
		ledger.poll(3, read('j1'), [
			event('stageChanged', 'a2', { fromStage: { id: 's1' }, toStage: { id: 's2' } }),
		]);
		// Reopened: taken in silently, then watched.
		w.setJob('j1', 'open');
		ledger.poll(4, read('j1'), []);
		w.move('a2', { stage: 's3' });
		ledger.poll(5, read('j1'), [
			event('stageChanged', 'a2', { fromStage: { id: 's2' }, toStage: { id: 's3' } }),
		]);
		expect(kinds(ledger.finish())).toEqual({ unexpected: 1 });
	});

	test('Open Jobs Only: a job is new until a read shows it closed (the job list does not show it)', () => {
		const w = world(
			{ a1: facts('s1'), b1: facts('s1', { job: 'j2' }) },
			{ j1: 'closed', j2: 'closed' },
		);
		const ledger = new ApplicationLedger(w.sandbox, 100, setting({ watch: 'open' }));
		ledger.poll(1, read('j1'), []);
		w.setJob('j1', 'open');
		w.setJob('j2', 'open');
		// j1 was read closed: taken in silently once reopened; j2 was never read: still new.
		ledger.poll(2, read('j1', 'j2'), [newApp('a1'), newApp('b1', 's1', 'j2')]);
		expect(kinds(ledger.finish())).toEqual({ unexpected: 1 });
	});

	test('Picked Jobs: other jobs are owed nothing; a picked job deleted owes its applications as Removed', () => {
		const w = world({ a1: facts('s1'), b1: facts('s1', { job: 'j2' }) });
		const ledger = new ApplicationLedger(
			w.sandbox,
			100,
			setting({ watch: 'picked', picked: ['j1'] }),
		);
		ledger.poll(1, read('j1', 'j2'), [newApp('a1'), newApp('b1', 's1', 'j2')]);
		w.deleteJob('j1');
		ledger.poll(2, [{ job: 'j1', status: 404 }], []);
		ledger.unpick('j1');
		const report = ledger.finish();
		expect(kinds(report)).toEqual({ unexpected: 1, missed: 1 });
		expect(report.examples.missed).toEqual(['a1 on j1, poll 2: removed owed, not emitted']);
	});

	test('All Jobs: a job deleted before its first read owes nothing; a watched one its Removed, once', () => {
		const w = world({ a1: facts('s1'), b1: facts('s1', { job: 'j2' }) });
		const ledger = new ApplicationLedger(w.sandbox, 100);
		ledger.poll(1, read('j1'), [newApp('a1')]);
		w.deleteJob('j1');
		w.deleteJob('j2');
		ledger.poll(
			2,
			[
				{ job: 'j1', status: 404 },
				{ job: 'j2', status: 404 },
			],
			[event('removed', 'a1', { stage: { id: 's1' } })],
		);
		expect(kinds(ledger.finish())).toEqual({});
	});
});

describe('ApplicationLedger.jobsRead: the reads a poll made, as their answers say', () => {
	const entry = (path: string, status: number, fault: string | null) =>
		({ path, status, fault }) as unknown as RequestLogEntry;
	test('a 404 whose body was cut short still says the job is gone; a cut 200 or a 500 is no read', () => {
		expect(
			ApplicationLedger.jobsRead([
				entry('/v1/applications/vacancy/j1', 404, 'truncate'),
				entry('/v1/applications/vacancy/j2', 200, 'truncate'),
				entry('/v1/applications/vacancy/j3', 500, 'error'),
				entry('/v1/applications/vacancy/j4', 200, null),
				entry('/v1/vacancies', 200, null),
			]),
		).toEqual([
			{ job: 'j1', status: 404 },
			{ job: 'j4', status: 200 },
		]);
	});
});
