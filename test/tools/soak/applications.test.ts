/*
 * The application ledger's own checks: fed streams with each kind of fault, it must report
 * each by its kind (missed, duplicated, unexpected, wrong, late, lost; a poll failure the
 * retries should have absorbed ends the soak), owe exactly README's event table, the reads
 * README's schedule promises, and under each setting what README's words for it say; or the
 * soak proves nothing.
 */
import type { IDataObject } from 'n8n-workflow';

import type { ApplicationFacts, ChangeEntry, RequestLogEntry, Sandbox } from '../sandbox';
import { ALL_JOBS, ApplicationLedger, jobsRead, onTarget, owedEvents } from './applications';
import type { ApplicationReport, WatchSetting } from './applications';
import { judgeFailure } from './runner';

const STAGES = [
	{ id: 's1', type: 'application', name: 'Applied', order: 1 },
	{ id: 's2', type: 'interview', name: 'Interview', order: 2 },
	{ id: 's3', type: 'presentation', name: 'Presented to client', order: 3 },
];
const interview = { id: 'i1', startTime: '2026-03-01T10:00:00.000Z' };

const facts = (stage: string, fields: Partial<ApplicationFacts> = {}): ApplicationFacts => ({
	job: 'j1',
	candidate: 'c1',
	stage,
	state: 'for-review',
	placed: false,
	interview: null,
	...fields,
});

/**
 * A sandbox stand-in: seeded applications and jobs, a change log of what it did to them, and
 * items as a right trigger emits them (the ledger reads nothing else).
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
		entries.push({ seq: entries.length + 1, modifiedAt: '', source: 'control', ...entry });
	const log = (id: string, kind: 'created' | 'updated' | 'removed', after?: ApplicationFacts) => {
		const before = now.get(id);
		if (after) now.set(id, after);
		else now.delete(id);
		record({ resource: 'application', id, kind, before, after });
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
	const view = (stage?: string) => STAGES.find((s) => s.id === stage);
	/** The item of `event` for application `id`, from `was` (the facts at the last read) to now. */
	const item = (event: string, id: string, was?: ApplicationFacts, fields: IDataObject = {}) => {
		const is = (now.get(id) ?? was) as ApplicationFacts;
		return {
			event,
			applicationId: id,
			jobId: is.job,
			candidateId: is.candidate,
			stage: view(is.stage),
			state: is.state,
			...(event === 'stageChanged' && { fromStage: view(was?.stage), toStage: view(is.stage) }),
			...(event === 'stateChanged' && { fromState: was?.state, toState: is.state }),
			...(event === 'interviewScheduled' && { interview: is.interview }),
			...fields,
		} as IDataObject;
	};
	return {
		sandbox,
		record,
		create: (id: string, to: ApplicationFacts) => log(id, 'created', to),
		move: (id: string, to: Partial<ApplicationFacts>) =>
			log(id, 'updated', { ...(now.get(id) as ApplicationFacts), ...to }),
		remove: (id: string) => log(id, 'removed'),
		setJob: (id: string, stage: 'open' | 'closed') => {
			jobStage.set(id, stage);
			record({ resource: 'vacancy', id, kind: 'updated' });
		},
		deleteJob: (id: string) => {
			for (const [app, f] of now) if (f.job === id) log(app, 'removed');
			jobStage.delete(id);
			record({ resource: 'vacancy', id, kind: 'removed' });
		},
		/** A job created, open, with these applications. */
		createJob: (id: string, applications: Record<string, ApplicationFacts> = {}) => {
			jobStage.set(id, 'open');
			record({ resource: 'vacancy', id, kind: 'created' });
			for (const [app, f] of Object.entries(applications)) log(app, 'created', f);
		},
		item,
		/** New Application items of `ids`. */
		news: (...ids: string[]) => ids.map((id) => item('newApplication', id)),
	};
}

const entry = (path: string, status: number, fault: string | null = null) =>
	({ method: 'GET', path, query: {}, status, fault }) as unknown as RequestLogEntry;

/** A poll's requests: the job list, then each job's applications (200, or 404 for `gone`). */
const reads = (jobs = ['j1', 'j2'], gone: string[] = []) =>
	['', ...jobs].map((job) =>
		entry(
			job ? `/v1/applications/vacancy/${job}` : '/v1/vacancies',
			gone.includes(job) ? 404 : 200,
		),
	);

/** Each kind the report counts, with the number found (0 kinds left out). */
const kinds = (report: ApplicationReport) =>
	Object.fromEntries(Object.entries(report.problems).filter(([, n]) => n > 0));

/** A ledger of every event, Everything, All Jobs unless `fields` say otherwise. */
const ledgerOf = (
	w: ReturnType<typeof world>,
	fields?: Partial<WatchSetting>,
	maxItems = 100,
	jobsPerPoll = 2,
) => new ApplicationLedger(w.sandbox, { maxItems, jobsPerPoll }, { ...ALL_JOBS, ...fields });

/** A world of `seeded` and its ledger (`ledgerOf`), after a first poll that read j1 and j2 and emitted all of it as new. */
function watching(
	seeded: Record<string, ApplicationFacts>,
	...setting: [Partial<WatchSetting>?, number?]
) {
	const w = world(seeded);
	const ledger = ledgerOf(w, ...setting);
	ledger.poll(1, reads(), w.news(...Object.keys(seeded)));
	return { w, ledger };
}

describe('owedEvents: README’s event table', () => {
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
			'the interview moved under its id',
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
	test('events that are the changes the sandbox logged pass; the drain ends once all is read', () => {
		const { w, ledger } = watching({ a1: facts('s1') });
		const was = facts('s1');
		w.move('a1', { stage: 's2' });
		w.move('a1', { state: 'placed', placed: true });
		expect(ledger.settled()).toBe(false);
		ledger.poll(2, reads(), [
			w.item('stageChanged', 'a1', was),
			w.item('stateChanged', 'a1', was),
			w.item('placed', 'a1', was),
		]);
		expect(ledger.settled()).toBe(true);
		const report = ledger.finish();
		expect(report).toMatchObject({ owed: 4, emitted: 4, logged: 2 });
		expect(kinds(report)).toEqual({});
	});

	test('what two reads cannot see is not owed: A → B → A, created and removed in between', () => {
		const { w, ledger } = watching({ a1: facts('s1') });
		w.move('a1', { stage: 's2' });
		w.move('a1', { stage: 's1' });
		w.create('a2', facts('s1'));
		w.remove('a2');
		ledger.poll(2, reads(), []);
		expect(kinds(ledger.finish())).toEqual({});
	});

	test('a missed Removed: the read saw it go, the poll did not say so', () => {
		const { w, ledger } = watching({ a1: facts('s1'), a2: facts('s1') });
		w.remove('a1');
		ledger.poll(2, reads(), []);
		const report = ledger.finish();
		expect(kinds(report)).toEqual({ missed: 1 });
		expect(report.examples.missed).toEqual(['a1 on j1, poll 2: removed owed, not emitted']);
	});

	test('a change no read reports by the end of the drain is lost', () => {
		const { w, ledger } = watching({ a1: facts('s1') });
		w.move('a1', { stage: 's2' });
		expect(ledger.finish().examples.lost).toEqual([
			'j1 (watched): not read after its last change; [stageChanged] never emitted',
		]);
	});

	test('a duplicate: an event emitted again with nothing changed', () => {
		const { w, ledger } = watching({ a1: facts('s1') });
		w.move('a1', { stage: 's2' });
		const moved = w.item('stageChanged', 'a1', facts('s1'));
		ledger.poll(2, reads(), [moved, moved]);
		ledger.poll(3, reads(), w.news('a1'));
		expect(kinds(ledger.finish())).toEqual({ duplicated: 2 });
	});

	test('every field README names is the log’s: stages whole, states, candidate, job, interview', () => {
		const ids = ['a1', 'a2', 'a3', 'a4', 'a5'];
		const { w, ledger } = watching(Object.fromEntries(ids.map((id) => [id, facts('s1')])));
		const was = facts('s1');
		for (const id of ['a1', 'a2', 'a3']) w.move(id, { stage: 's2' });
		w.move('a4', { interview });
		w.move('a5', { state: 'rejected' });
		ledger.poll(2, reads(), [
			w.item('stageChanged', 'a1', was, { fromStage: STAGES[1] }),
			w.item('stageChanged', 'a2', was, { candidateId: 'a2' }),
			w.item('stageChanged', 'a3', was, { stage: { ...STAGES[1], name: 'Interviewing' } }),
			w.item('interviewScheduled', 'a4', was, {
				interview: { ...interview, startTime: '2026-03-02T10:00:00.000Z' },
			}),
			w.item('stateChanged', 'a5', was, { fromState: 'in-progress' }),
		]);
		const report = ledger.finish();
		expect(kinds(report)).toEqual({ wrong: 5 });
		expect(report.examples.wrong.map((text) => text.split(' with ')[1].split(' ')[0])).toEqual([
			'fromStage',
			'candidateId',
			'stage',
			'interview',
			'fromState',
		]);
	});

	test('an item under another job, of a job not read, or past Max Items is unexpected', () => {
		const w = world({ a1: facts('s1'), a2: facts('s1'), b1: facts('s1', { job: 'j2' }) });
		// Max Items 1: a1 and a2 together pass it; b1's job was not read, a1 is not j2's.
		const ledger = ledgerOf(w, {}, 1);
		ledger.poll(1, reads(['j1']), [
			w.item('newApplication', 'a1'),
			w.item('newApplication', 'a2'),
			w.item('newApplication', 'b1'),
			w.item('newApplication', 'a1', undefined, { jobId: 'j2' }),
		]);
		expect(ledger.finish().examples.unexpected).toEqual([
			'poll 1: 4 items, Max Items per Poll 1',
			'b1 on j2, poll 1: newApplication owed by nothing',
			'a1 on j2, poll 1: newApplication owed by nothing',
		]);
	});

	test('a change log that does not chain is refused: the oracle would owe the wrong events', () => {
		const w = world({ a1: facts('s1') });
		const ledger = ledgerOf(w);
		w.record({
			resource: 'application',
			id: 'a1',
			kind: 'updated',
			before: facts('s9'),
			after: facts('s2'),
		});
		expect(() => ledger.poll(1, reads(['j1']), [])).toThrow(/skips a change of a1/);
	});
});

describe('ApplicationLedger: the reads README’s schedule promises, from the request log', () => {
	const six = { j1: 'open', j2: 'open', j3: 'open', j4: 'open', j5: 'open', j6: 'open' } as const;

	test('each watched job within ceil(jobs ÷ Jobs per Poll) polls, a created one of the poll that listed it, a poll more after one at Max Items', () => {
		const w = world({ a1: facts('s1') }, six);
		const ledger = ledgerOf(w);
		// 6 jobs at 2 a poll (Everything: all new at once): each read within 3 polls; j6 is not.
		ledger.poll(1, reads(), w.news('a1'));
		ledger.poll(2, reads(['j3', 'j4']), []);
		ledger.poll(3, reads(['j5']), []);
		const report = ledger.finish();
		expect(report.examples.late).toEqual([
			'j6 (new), due from poll 1 within 3, not read by poll 3 (6 jobs, 0 polls at Max Items, Jobs per Poll 2)',
		]);
		// Under Max Items 1 every poll is full: the same reads are in time.
		const full = world(
			{ a1: facts('s1'), a2: facts('s1', { job: 'j3' }), a3: facts('s1', { job: 'j5' }) },
			six,
		);
		const cut = ledgerOf(full, {}, 1);
		cut.poll(1, reads(), full.news('a1'));
		cut.poll(2, reads(['j3', 'j4']), full.news('a2'));
		cut.poll(3, reads(['j5']), full.news('a3'));
		cut.poll(4, reads(['j6', 'j1']), []);
		expect(kinds(cut.finish())).toEqual({});
		// "a job created within as many of being listed": listed by poll 3, 3 jobs at 1 a poll.
		const later = world({}, { j1: 'open', j2: 'open' });
		const one = ledgerOf(later, {}, 100, 1);
		one.poll(1, reads(['j1']), []);
		one.poll(2, reads(['j2']), []);
		later.createJob('j3');
		['j1', 'j2', 'j1'].forEach((job, i) => one.poll(3 + i, reads([job]), []));
		expect(one.finish().examples.late).toEqual([
			'j3 (new), due from poll 3 within 3, not read by poll 5 (3 jobs, 0 polls at Max Items, Jobs per Poll 1)',
		]);
	});

	test('reads out of scope, and past the pace, are unexpected', () => {
		const w = world({ a1: facts('s1') }, { ...six, j2: 'closed' });
		const ledger = ledgerOf(w, { watch: 'open' });
		ledger.poll(1, reads(), w.news('a1'));
		// A job changes before each poll: none is idle.
		w.setJob('j6', 'open');
		ledger.poll(2, reads(['j3', 'j4', 'j5']), []);
		w.setJob('j6', 'open');
		ledger.poll(3, reads(['j6', 'j2', 'j6', 'j9']), []);
		w.deleteJob('j3');
		ledger.poll(4, reads(['j3', 'j1'], ['j3']), []);
		w.setJob('j6', 'open');
		ledger.poll(5, reads(['j3', 'j4'], ['j3']), []);
		expect(ledger.finish().examples.unexpected).toEqual([
			'poll 2: 3 scheduled reads, Jobs per Poll 2',
			'j2, poll 3: a read of a job out of scope (closed, not shown changed)',
			'j6, poll 3: a read of a job out of scope (read twice)',
			'j9, poll 3: a read of a job out of scope (not watched)',
			'j3, poll 5: a read of a job out of scope (deleted, read before)',
		]);
	});

	test('an idle poll costs 1 + min(jobs, Jobs per Poll) requests, retries aside', () => {
		const w = world({}, six);
		const ledger = ledgerOf(w);
		ledger.poll(1, reads(), []);
		const [list, ...rest] = reads(['j3', 'j4']);
		ledger.poll(2, [{ ...list, fault: 'drop', status: 0 }, list, ...rest], []);
		ledger.poll(3, reads(['j5']), []);
		expect(ledger.finish().examples.unexpected).toEqual([
			'poll 3, idle: 2 requests, README: 1 + min(jobs, Jobs per Poll) = 3',
		]);
	});

	test('From Now takes every job in, Jobs per Poll a poll beside the rotation, silently; then watches it', () => {
		const w = world({ a1: facts('s1') }, six);
		const ledger = ledgerOf(w, { start: 'now' });
		ledger.poll(1, reads(), []);
		ledger.poll(2, reads(['j3', 'j4']), []);
		ledger.poll(3, reads(['j5']), []);
		w.move('a1', { stage: 's2' });
		ledger.poll(4, reads(['j6', 'j1', 'j2']), [w.item('stageChanged', 'a1', facts('s1'))]);
		const report = ledger.finish();
		expect(report.examples.late).toEqual([
			'j6 (takeIn), due from poll 1 within 3, not read by poll 3 (6 jobs to take in, Jobs per Poll 2)',
		]);
		expect(report.reads).toEqual({ scheduled: 2, takeIn: 6, silent: 6 });
		const fast = ledgerOf(world({}, six), { start: 'now' });
		fast.poll(1, reads(['j1', 'j2', 'j3']), []);
		expect(fast.finish().examples.unexpected).toEqual(['poll 1: 3 takeIn reads, Jobs per Poll 2']);
	});
});

describe('ApplicationLedger: Max Items per Poll, judged from the poll’s items', () => {
	const seeded = {
		a1: facts('s1'),
		a2: facts('s1'),
		b1: facts('s1', { job: 'j2' }),
	};

	test('the last job’s applications wait only when the next one did not fit', () => {
		const { w, ledger } = watching(seeded, {}, 4);
		w.move('a1', { stage: 's2' });
		w.move('a2', { stage: 's2', state: 'rejected' });
		// a1 emitted 1 item, a2 owes 2: 1 + 2 fits in 4, so a2 was not left by Max Items.
		ledger.poll(2, reads(['j2', 'j1']), [w.item('stageChanged', 'a1', facts('s1'))]);
		expect(kinds(ledger.finish())).toEqual({ missed: 2 });
	});

	test('deferred: an application whose events pass Max Items waits for the next read', () => {
		const { w, ledger } = watching(seeded, {}, 3);
		w.move('b1', { state: 'rejected' });
		w.move('a1', { stage: 's2', state: 'rejected' });
		w.move('a2', { stage: 's2', state: 'placed', placed: true });
		const was = facts('s1');
		// b1 (1) then a1 (2): a2's 3 do not fit in 3; they follow in the next poll.
		ledger.poll(2, reads(['j2', 'j1']), [
			w.item('stateChanged', 'b1', facts('s1', { job: 'j2' })),
			w.item('stageChanged', 'a1', was),
			w.item('stateChanged', 'a1', was),
		]);
		ledger.poll(
			3,
			reads(),
			['stageChanged', 'stateChanged', 'placed'].map((e) => w.item(e, 'a2', was)),
		);
		const report = ledger.finish();
		expect(report).toMatchObject({ deferred: 3, owed: 9 });
		expect(kinds(report)).toEqual({});
	});
});

describe('ApplicationLedger: what each setting owes, from README’s words', () => {
	test('Events not chosen and stages filtered out are unexpected; Removed counts its last stage', () => {
		const w = world({ a1: facts('s1'), a2: facts('s2'), a3: facts('s2') });
		const ledger = ledgerOf(w, {
			events: ['newApplication', 'removed'],
			stageTypes: ['interview'],
		});
		ledger.poll(1, reads(), w.news('a1', 'a2'));
		w.move('a2', { state: 'rejected' });
		w.remove('a3');
		ledger.poll(2, reads(), [w.item('stateChanged', 'a2', facts('s2'))]);
		// a1 (stage s1: not Interview), a2's State Changed (not chosen); a3's Removed (last stage
		// s2, an interview) and a3's New Application were owed and never emitted.
		expect(kinds(ledger.finish())).toEqual({ unexpected: 2, missed: 2 });
	});

	test('From Now: a job’s first read is silent, a job created later has all its applications new', () => {
		const w = world({ a1: facts('s1') });
		const ledger = ledgerOf(w, { start: 'now' });
		ledger.poll(1, reads(), []);
		w.move('a1', { stage: 's2' });
		w.createJob('j3', { c1: facts('s1', { job: 'j3' }) });
		ledger.poll(2, reads(['j1', 'j3']), [
			w.item('stageChanged', 'a1', facts('s1')),
			w.item('newApplication', 'c1'),
		]);
		expect(kinds(ledger.finish())).toEqual({});
		// The same first read emitting what it saw: unexpected; a created job read silently: missed.
		const w2 = world({ a1: facts('s1') });
		const silent = ledgerOf(w2, { start: 'now' });
		silent.poll(1, reads(), w2.news('a1'));
		w2.createJob('j3', { c1: facts('s1', { job: 'j3' }) });
		silent.poll(2, reads(['j3', 'j1']), []);
		expect(kinds(silent.finish())).toEqual({ unexpected: 1, missed: 1 });
	});

	test('a restart goes back to the state saved with the last emitting poll; before one, it starts over', () => {
		const w = world({ a1: facts('s1'), a2: facts('s1') });
		const ledger = ledgerOf(w, { stageTypes: ['presentation'] });
		ledger.poll(1, reads(), []);
		w.create('a3', facts('s3'));
		ledger.poll(2, reads(), w.news('a3'));
		// Seen in s2 (filtered out, nothing emitted, nothing saved), then n8n restarts.
		w.move('a1', { stage: 's2' });
		ledger.poll(3, reads(), []);
		ledger.restart();
		w.move('a1', { stage: 's3' });
		ledger.poll(4, reads(), [w.item('stageChanged', 'a1', facts('s1'))]);
		expect(kinds(ledger.finish())).toEqual({});
		const now = world({ a1: facts('s1') });
		const fromNow = ledgerOf(now, { start: 'now' });
		fromNow.poll(1, reads(), []);
		now.createJob('j3', { c1: facts('s1', { job: 'j3' }) });
		fromNow.restart();
		fromNow.poll(2, reads(['j1', 'j2', 'j3']), []);
		expect(kinds(fromNow.finish())).toMatchObject({ unexpected: 1 });
	});

	test('Open Jobs Only: a closing read gives its last changes; then nothing until a change shows it reopened, taken in silently', () => {
		const { w, ledger } = watching({ a1: facts('s1'), a2: facts('s1') }, { watch: 'open' });
		w.move('a1', { state: 'placed', placed: true });
		w.setJob('j1', 'closed');
		ledger.poll(2, reads(), [
			w.item('stateChanged', 'a1', facts('s1')),
			w.item('placed', 'a1', facts('s1')),
		]);
		w.move('a2', { stage: 's2' });
		ledger.poll(3, reads(['j2']), []);
		// Reopened (the job list shows it changed): taken in silently, then watched.
		w.setJob('j1', 'open');
		ledger.poll(4, reads(), [w.item('stageChanged', 'a2', facts('s1'))]);
		w.move('a2', { stage: 's3' });
		ledger.poll(5, reads(), [w.item('stageChanged', 'a2', facts('s2'))]);
		expect(kinds(ledger.finish())).toEqual({ unexpected: 1 });
		// Reopened and never read again: late, and its change lost.
		const { w: never, ledger: open } = watching({ a1: facts('s1') }, { watch: 'open' });
		never.setJob('j1', 'closed');
		open.poll(2, reads(), []);
		never.setJob('j1', 'open');
		never.move('a1', { stage: 's2' });
		for (const poll of [3, 4, 5]) open.poll(poll, reads(['j2']), []);
		expect(open.settled()).toBe(false);
		expect(kinds(open.finish())).toEqual({ late: 1 });
	});

	test('Picked Jobs: other jobs are not read; a picked job deleted owes its applications as Removed', () => {
		const w = world({ a1: facts('s1'), b1: facts('s1', { job: 'j2' }) });
		const ledger = ledgerOf(w, { watch: 'picked', picked: ['j1'] });
		ledger.poll(1, reads(['j1']), w.news('a1'));
		w.deleteJob('j1');
		ledger.poll(2, reads(['j1'], ['j1']), []);
		ledger.unpick('j1');
		const report = ledger.finish();
		expect(kinds(report)).toEqual({ missed: 1 });
		expect(report.examples.missed).toEqual(['a1 on j1, poll 2: removed owed, not emitted']);
	});

	test('All Jobs: a job deleted before its first read owes nothing; a watched one its Removed, once', () => {
		const w = world({ a1: facts('s1'), b1: facts('s1', { job: 'j2' }) });
		const ledger = ledgerOf(w, {}, 100, 1);
		ledger.poll(1, reads(['j1']), w.news('a1'));
		const removed = w.item('removed', 'a1', facts('s1'));
		w.deleteJob('j1');
		w.deleteJob('j2');
		ledger.poll(2, reads(['j1'], ['j1']), [removed]);
		ledger.poll(3, reads(['j2'], ['j2']), []);
		expect(ledger.settled()).toBe(true);
		expect(kinds(ledger.finish())).toEqual({});
	});
});

describe('the request log, read: jobs read and failures judged by the retry policy', () => {
	test('a job read is an answer without a fault: 200, or 404 (a cut body still says gone)', () => {
		expect(
			jobsRead([
				entry('/v1/applications/vacancy/j1', 404, 'truncate'),
				entry('/v1/applications/vacancy/j2', 200, 'truncate'),
				entry('/v1/applications/vacancy/j3', 500, 'error'),
				entry('/v1/applications/vacancy/j4', 200),
				entry('/v1/vacancies', 200),
			]),
		).toEqual([
			{ job: 'j1', status: 404 },
			{ job: 'j4', status: 200 },
		]);
	});

	test('a poll may fail only as the faults its retries cannot absorb explain', () => {
		const job = '/v1/applications/vacancy/j1';
		const http = (status: number, gaveUp = false) =>
			new Error(
				`The Recruiting API failed with HTTP ${status}: this is on the server side, try again later${gaveUp ? ' (gave up after 8 attempts and 31 s of waiting)' : ''}`,
			);
		// A 500 is not retried: it explains the failure; the same error without it does not.
		expect(judgeFailure('poll 1', http(500), [entry(job, 500, 'error')])).toBe('HTTP 500');
		expect(() => judgeFailure('poll 2', http(500), [])).toThrow(
			/poll 2 failed unexpectedly \(HTTP 500\)/,
		);
		// A 502 is retried: once explains nothing (the retries absorb it), 8 times in a row does.
		expect(() => judgeFailure('poll 3', http(502), [entry(job, 502, 'error')])).toThrow(
			/poll 3 failed unexpectedly \(HTTP 502\); faults injected into its requests: error 502; beyond what the retries absorb: none/,
		);
		// A 500 met by a retry (after a 429) is still not retried.
		const after429 = [entry(job, 429, 'rateLimit'), entry(job, 500, 'error')];
		expect(judgeFailure('poll 3', http(500, true), after429)).toBe('HTTP 500 after retries');
		const eight = Array.from({ length: 8 }, () => entry(job, 502, 'error'));
		expect(judgeFailure('poll 4', http(502, true), eight)).toBe('HTTP 502 after retries');
		expect(() => judgeFailure('poll 5', http(502, true), eight.slice(1))).toThrow(/unexpectedly/);
		// 429s waited out per Retry-After: with 30 s, the 3 minutes run out at the 7th attempt.
		const limited = Array.from({ length: 7 }, () => entry(job, 429, 'rateLimit'));
		const rate = new Error('The Recruiting API rate limit was reached (gave up after 7 attempts)');
		expect(judgeFailure('poll 6', rate, limited, { retryAfterSeconds: 30 })).toBe(
			'HTTP 429 after retries',
		);
		expect(() => judgeFailure('poll 7', rate, limited)).toThrow(/unexpectedly/);
		// A cut body, any exception no fault explains, a documented failure.
		expect(
			judgeFailure('poll 8', new Error('… not a job and its applications'), [
				entry(job, 200, 'truncate'),
			]),
		).toBe('not a page (truncated or HTML body)');
		const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
		expect(() => judgeFailure('poll 9', bug, [entry(job, 500, 'error')])).toThrow(
			/\nTypeError: Cannot read/,
		);
		expect(judgeFailure('poll 10', new Error('gone'), [], { documented: () => 'documented' })).toBe(
			'documented',
		);
	});
});
