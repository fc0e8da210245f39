/*
 * One job's read, decided: README's event table row by row (what the job listed at its last
 * read, what it lists now, the settings → the items), then the rules around it (a new job, the
 * silent first read, a job the API no longer has, Max Items), and what the job list makes of a
 * job (new or taken in, due or not, Jobs to Watch). Written from README's tables and words,
 * "Application events", not from the code.
 *
 * Equivalent mutants of jobRead.ts (Stryker, `npm run stryker`), each with why no test can tell:
 * - onTargetStage, `stage.type !== null` made `true`: Target Stage Types holds only the spec's
 *   type names (settings.ts refuses others), so it never includes null.
 * - decideRead, `job.status === 'watched' ? job.applications` made `true ?`: only a watched job
 *   has applications (state.ts makes the others without).
 * - decideRead, `read?.applications ?? []` made `?? ["Stryker was here"]`: differences() skips a
 *   listed entry without an id, as it does an application it cannot follow.
 * - decideRead, `current?.stage` made `current.stage`: a Difference has `after` unless removed,
 *   and a removed one has `before` (events.ts), so `current` is never undefined.
 */
import type { IDataObject } from 'n8n-workflow';

import { decideRead, onTargetStage } from '../../nodes/RecruitingTrigger/applications/jobRead';
import type { JobRead, Room } from '../../nodes/RecruitingTrigger/applications/jobRead';
import type { ApplicationSettings } from '../../nodes/RecruitingTrigger/applications/settings';
import {
	listed as listedJob,
	readable,
	watches,
} from '../../nodes/RecruitingTrigger/applications/state';
import type {
	JobsToWatch,
	Listing,
	ListRead,
	WatchedJob,
} from '../../nodes/RecruitingTrigger/applications/state';
import {
	loadApplicationState,
	saveApplicationState,
} from '../../nodes/RecruitingTrigger/applications/stored';
import { APPLICATION_EVENTS } from '../../nodes/RecruitingTrigger/applications/events';
import type { ApplicationEvent } from '../../nodes/RecruitingTrigger/applications/events';
import type { Json } from '../../nodes/shared/values';

const DAY = 86_400_000;
const T0 = Date.parse('2026-03-01T00:00:00Z');
const NOW = T0 + 3 * DAY;

const STAGES: Record<string, { name: string; type: string; order: number }> = {
	applied: { name: 'Applied', type: 'application', order: 1 },
	interview: { name: 'Interview', type: 'interview', order: 3 },
	offer: { name: 'Offer', type: 'presentation', order: 4 },
};

/** An application list item as the API sends it (the spec's shape). */
function listed(id: string, stage: string, fields: Json = {}): Json {
	return {
		id,
		stage: { viewType: 'applicationStage', id: stage, ...STAGES[stage] },
		candidate: { viewType: 'applicationCandidate', id: `c-${id}`, firstName: 'Ada', lastName: id },
		applicationState: { state: 'for-review', viewType: 'applicationState' },
		isPlaced: false,
		nextInterview: null,
		...fields,
	};
}

function settings(fields: Partial<ApplicationSettings> = {}): ApplicationSettings {
	return {
		events: [...APPLICATION_EVENTS],
		watch: 'all',
		picked: [],
		stageTypes: [],
		stages: [],
		jobsPerPoll: 20,
		maxItems: 1000,
		start: 'now',
		output: (raw) => ({ id: (raw as Json).id as string }),
		...fields,
	};
}

const room = (left = 1000, first = true): Room => ({ left, first });
const read = (...applications: Json[]): JobRead => ({
	title: 'Backend Engineer',
	open: true,
	applications,
});

/** The job as remembered after a read of `applications` three days ago (its turn then: 4). */
function remembered(...applications: Json[]): WatchedJob {
	const outcome = decideRead({
		id: 'j1',
		job: { status: 'new', closed: false },
		read: read(...applications),
		settings: settings(),
		room: room(),
		turn: 4,
		now: T0,
	});
	return outcome.job as WatchedJob;
}

/** [event, applicationId] of each item, and the items. */
function decide(
	job: WatchedJob,
	now: JobRead | undefined,
	options: Partial<ApplicationSettings> = {},
	budget = room(),
) {
	const outcome = decideRead({
		id: 'j1',
		job,
		read: now,
		settings: settings(options),
		room: budget,
		turn: 8,
		now: NOW,
	});
	return {
		events: outcome.items.map((item) => [item.event as ApplicationEvent, item.applicationId]),
		items: outcome.items as IDataObject[],
		job: outcome.job,
		full: outcome.full,
	};
}

/** The applications a job remembers (none unless it is watched). */
function applicationsOf(job: WatchedJob | undefined): ReadonlyMap<string, unknown> {
	return job?.status === 'watched' ? job.applications : new Map();
}

const interview = { id: 'i1', title: 'Interview', startTime: '2026-03-10T10:00:00.000Z' };

describe('README’s event table', () => {
	test.each<[string, Json[], Json[], [string, string][], IDataObject]>([
		[
			'New Application: an application the job did not list at its last read',
			[listed('a1', 'applied')],
			[listed('a1', 'applied'), listed('a2', 'applied')],
			[['newApplication', 'a2']],
			{ stage: { id: 'applied', name: 'Applied', type: 'application', order: 1 } },
		],
		[
			'Stage Changed: another stage; from and to, and since when it was in the stage before',
			[listed('a1', 'applied')],
			[listed('a1', 'interview')],
			[['stageChanged', 'a1']],
			{
				fromStage: { id: 'applied', name: 'Applied', type: 'application', order: 1 },
				toStage: { id: 'interview', name: 'Interview', type: 'interview', order: 3 },
				inFromStageSince: '2026-03-01T00:00:00.000Z',
				daysInFromStage: 3,
			},
		],
		[
			'State Changed: another applicationState',
			[listed('a1', 'applied')],
			[listed('a1', 'applied', { applicationState: { state: 'rejected', viewType: 'x' } })],
			[['stateChanged', 'a1']],
			{ fromState: 'for-review', toState: 'rejected', state: 'rejected' },
		],
		[
			'Placed: isPlaced turned true (the state changed with it)',
			[listed('a1', 'offer')],
			[
				listed('a1', 'offer', {
					isPlaced: true,
					applicationState: { state: 'placed', viewType: 'x' },
				}),
			],
			[
				['stateChanged', 'a1'],
				['placed', 'a1'],
			],
			{},
		],
		[
			'Interview Scheduled: a new next interview',
			[listed('a1', 'interview')],
			[listed('a1', 'interview', { nextInterview: interview })],
			[['interviewScheduled', 'a1']],
			{ interview },
		],
		[
			'Interview Scheduled: the interview moved to another start',
			[listed('a1', 'interview', { nextInterview: interview })],
			[
				listed('a1', 'interview', {
					nextInterview: { ...interview, startTime: '2026-03-11T10:00:00.000Z' },
				}),
			],
			[['interviewScheduled', 'a1']],
			{},
		],
		[
			'no event: the interview cancelled',
			[listed('a1', 'interview', { nextInterview: interview })],
			[listed('a1', 'interview')],
			[],
			{},
		],
		[
			'Removed: an application the job no longer lists, with the last stage and state it had',
			[listed('a1', 'applied'), listed('a2', 'offer')],
			[listed('a1', 'applied')],
			[['removed', 'a2']],
			{
				stage: { id: 'offer', name: 'Offer', type: 'presentation', order: 4 },
				state: 'for-review',
				candidateId: 'c-a2',
				application: { id: 'a2', candidateId: 'c-a2', removed: true },
			},
		],
		[
			'no event: A → B → A between two reads is no change',
			[listed('a1', 'applied')],
			[listed('a1', 'applied')],
			[],
			{},
		],
	])('%s', (_, before, after, events, shown) => {
		const outcome = decide(remembered(...before), read(...after));
		expect(outcome.events).toEqual(events);
		if (events.length) {
			expect(outcome.items[outcome.items.length - 1]).toMatchObject({
				resource: 'application',
				seenAt: new Date(NOW).toISOString(),
				jobId: 'j1',
				jobTitle: 'Backend Engineer',
				...shown,
			});
		}
		// Read again with nothing changed: nothing more.
		expect(decide(outcome.job as WatchedJob, read(...after)).events).toEqual([]);
	});

	test('every item says who and for which job, and carries the application as Output shows it', () => {
		const { items } = decide(remembered(), read(listed('a1', 'applied')));
		expect(items).toEqual([
			{
				event: 'newApplication',
				resource: 'application',
				seenAt: new Date(NOW).toISOString(),
				applicationId: 'a1',
				jobId: 'j1',
				jobTitle: 'Backend Engineer',
				candidateId: 'c-a1',
				candidateName: 'Ada a1',
				stage: { id: 'applied', name: 'Applied', type: 'application', order: 1 },
				state: 'for-review',
				application: { id: 'a1' },
			},
		]);
	});
});

describe('the settings', () => {
	const before = [listed('a1', 'applied'), listed('a2', 'applied'), listed('a3', 'offer')];
	const after = [listed('a1', 'interview'), listed('a2', 'offer'), listed('a4', 'applied')];

	test.each<[string, Partial<ApplicationSettings>, [string, string][]]>([
		[
			'every event',
			{},
			[
				['stageChanged', 'a1'],
				['stageChanged', 'a2'],
				['newApplication', 'a4'],
				['removed', 'a3'],
			],
		],
		['only the events chosen', { events: ['removed'] }, [['removed', 'a3']]],
		[
			'Target Stage Types: the stage an application is in now',
			{ stageTypes: ['interview'] },
			[['stageChanged', 'a1']],
		],
		[
			'Target Stages: "a removed one: its last stage"',
			{ stages: ['offer'] },
			[
				['stageChanged', 'a2'],
				['removed', 'a3'],
			],
		],
	])('%s', (_, options, events) => {
		const outcome = decide(remembered(...before), read(...after), options);
		expect(outcome.events).toEqual(events);
		// What is not emitted is taken in all the same: never emitted later.
		expect(decide(outcome.job as WatchedJob, read(...after)).events).toEqual([]);
	});
});

describe('Target Stage Types / Target Stages (names or IDs): "only events of applications now in those stages"', () => {
	type Text = string | null;
	const stage = (id: Text, name: Text, type: Text) => ({ id, name, type, order: null });
	const offer = stage('astage-7', 'Offer', 'presentation');
	type At = Parameters<typeof onTargetStage>[1];
	test.each<[string, Partial<ApplicationSettings>, At, boolean]>([
		['neither set: every event', {}, undefined, true],
		['a Target Stage Type', { stageTypes: ['presentation'] }, offer, true],
		['another type', { stageTypes: ['interview'] }, offer, false],
		['by name, spaces and case aside', { stages: ['offer'] }, stage('x', ' OFFER ', null), true],
		['by ID', { stages: ['astage-7'] }, offer, true],
		['another stage', { stages: ['offered'] }, offer, false],
		['either', { stageTypes: ['interview'], stages: ['offer'] }, stage(null, 'Offer', null), true],
		['an application with no stage', { stages: ['offer'] }, stage(null, null, null), false],
		['no stage known', { stageTypes: ['presentation'] }, undefined, false],
	])('%s', (_, options, at, wanted) => {
		expect(onTargetStage(settings(options), at)).toBe(wanted);
	});
});

describe('around the events', () => {
	test('a new job: every application it lists is new', () => {
		const job: WatchedJob = { status: 'new', closed: false, due: true };
		expect(decide(job, read(listed('a1', 'applied'), listed('a2', 'offer'))).events).toEqual([
			['newApplication', 'a1'],
			['newApplication', 'a2'],
		]);
	});

	test('a job taken in: its first read is silent, what it lists is where watching starts', () => {
		const outcome = decide({ status: 'toTakeIn', closed: false }, read(listed('a1', 'applied')));
		expect(outcome.events).toEqual([]);
		expect(outcome.job).toMatchObject({
			turn: 8,
			status: 'watched',
			title: 'Backend Engineer',
		});
		expect([...applicationsOf(outcome.job).keys()]).toEqual(['a1']);
	});

	test('"a job the API no longer has": its applications Removed, past Max Items "the rest follows", then it is forgotten', () => {
		const gone = remembered(listed('a1', 'applied'), listed('a2', 'applied'));
		const first = decide(gone, undefined, {}, room(1, false));
		expect(first.events).toEqual([['removed', 'a1']]);
		expect(first.job).toMatchObject({ due: true, turn: 8 });
		const second = decide(first.job as WatchedJob, undefined);
		expect(second.events).toEqual([['removed', 'a2']]);
		expect(second.items[0]).toMatchObject({ jobTitle: 'Backend Engineer' });
		expect(second.job).toBeUndefined();
	});

	test('a job the read gives no name: what it keeps of the job is stored and read back ("across restarts")', () => {
		const { job } = decide({ status: 'toTakeIn', closed: false }, { ...read(), title: null });
		const jobs = new Map([['j1', job as WatchedJob]]);
		const stored = saveApplicationState({ scope: 'all', poll: 3, jobs });
		expect(loadApplicationState(JSON.parse(JSON.stringify(stored)))?.jobs).toEqual(jobs);
	});

	test('its stage: closed or open as the read says, as last seen where it says nothing; the read clears what made it due', () => {
		const job: WatchedJob = { ...remembered(), due: true };
		const closed = decide(job, { ...read(), open: false }).job;
		expect(closed).toMatchObject({ closed: true, turn: 8 });
		expect(closed?.due).toBeUndefined();
		expect(decide(closed as WatchedJob, { ...read(), open: null }).job).toMatchObject({
			closed: true,
		});
		expect(decide(remembered(), { ...read(), open: null }).job).toMatchObject({ closed: false });
	});
});

describe('Open Jobs Only: a read that shows the job closed', () => {
	const open = { watch: 'open' as const };
	const closedRead = (...applications: Json[]): JobRead => ({
		...read(...applications),
		open: false,
	});

	test('a watched job that closes: its last changes once, then nothing of it is kept', () => {
		const outcome = decide(
			remembered(listed('a1', 'offer')),
			closedRead(listed('a1', 'offer', { isPlaced: true }), listed('a2', 'applied')),
			open,
		);
		expect(outcome.events).toEqual([
			['placed', 'a1'],
			['newApplication', 'a2'],
		]);
		expect(outcome.job).toMatchObject({ closed: true, status: 'toTakeIn' });
		expect(outcome.job).not.toHaveProperty('applications');
	});

	test('a new job (Everything, or created later), or one not watched: nothing, nothing kept', () => {
		for (const job of [
			{ status: 'new', closed: false, due: true },
			{ status: 'toTakeIn', closed: true, due: true },
		] as WatchedJob[]) {
			const outcome = decide(job, closedRead(listed('a1', 'applied')), open);
			expect(outcome.events).toEqual([]);
			expect(outcome.job).toMatchObject({ closed: true, status: 'toTakeIn', turn: 8 });
			expect(outcome.job).not.toHaveProperty('applications');
		}
	});

	test.each<[string, Json[], Json[], number, [string, string][], [string, string][]]>([
		[
			'after its first application',
			[listed('a1', 'applied'), listed('a2', 'applied')],
			[listed('a1', 'offer'), listed('a2', 'offer')],
			1,
			[['stageChanged', 'a1']],
			[['stageChanged', 'a2']],
		],
		[
			'before its first application, of a job that had none',
			[],
			[listed('a1', 'applied'), listed('a2', 'applied')],
			0,
			[],
			[
				['newApplication', 'a1'],
				['newApplication', 'a2'],
			],
		],
	])(
		'Max Items cuts its last changes %s: kept until the next read gives the rest',
		(_, before, after, left, first, second) => {
			const cut = decide(remembered(...before), closedRead(...after), open, room(left, false));
			expect(cut.events).toEqual(first);
			expect(cut.job).toMatchObject({ due: true });
			const rest = decide(cut.job as WatchedJob, closedRead(...after), open);
			expect(rest.events).toEqual(second);
			expect(rest.job).toMatchObject({ status: 'toTakeIn' });
			expect(rest.job).not.toHaveProperty('applications');
		},
	);

	test('All Jobs watches a closed job as any other', () => {
		const outcome = decide({ status: 'new', closed: false }, closedRead(listed('a1', 'applied')));
		expect(outcome.events).toEqual([['newApplication', 'a1']]);
	});
});

describe('Max Items per Poll', () => {
	const before = [listed('a1', 'applied'), listed('a2', 'applied'), listed('a3', 'applied')];
	const after = [
		listed('a1', 'interview', { nextInterview: interview }),
		listed('a2', 'offer'),
		listed('a3', 'offer'),
		listed('a4', 'applied'),
	];

	test('cuts between applications: what it cut keeps its old fingerprint and comes next time, once', () => {
		const first = decide(remembered(...before), read(...after), {}, room(3, false));
		expect(first.events).toEqual([
			['stageChanged', 'a1'],
			['interviewScheduled', 'a1'],
			['stageChanged', 'a2'],
		]);
		expect(first.job).toMatchObject({ due: true, turn: 8 });
		// The poll reads no further job.
		expect(first.full).toBe(true);
		const second = decide(first.job as WatchedJob, read(...after));
		expect(second.events).toEqual([
			['stageChanged', 'a3'],
			['newApplication', 'a4'],
		]);
		expect(second.full).toBe(false);
		expect(decide(second.job as WatchedJob, read(...after)).events).toEqual([]);
	});

	test('the first application of a poll is emitted whatever its events; no room: nothing', () => {
		expect(decide(remembered(...before), read(...after), {}, room(1, true)).events).toEqual([
			['stageChanged', 'a1'],
			['interviewScheduled', 'a1'],
		]);
		expect(decide(remembered(...before), read(...after), {}, room(0, false)).events).toEqual([]);
	});

	test.each([
		['before its first application: still new', 0, [], 'new', ['a1', 'a2']],
		['after its first application: watched, the rest new next time', 1, ['a1'], 'watched', ['a2']],
	])(
		'"A job created later has all its applications new", cut %s, each once',
		(_, left, first, status, rest) => {
			const job: WatchedJob = { status: 'new', closed: false, due: true };
			const apps = [listed('a1', 'applied'), listed('a2', 'applied')];
			const news = (ids: string[]) => ids.map((id) => ['newApplication', id]);
			const cut = decide(job, read(...apps), {}, room(left, false));
			expect(cut.events).toEqual(news(first));
			expect(cut.job).toMatchObject({ status, due: true });
			const next = decide(cut.job as WatchedJob, read(...apps));
			expect(next.events).toEqual(news(rest));
			expect(decide(next.job as WatchedJob, read(...apps)).events).toEqual([]);
		},
	);
});

describe('the job list: a new job, a job to take in, Jobs to Watch', () => {
	const watched: WatchedJob = { status: 'watched', closed: false, applications: new Map() };
	const later = (watch: JobsToWatch = 'all'): ListRead => ({
		watch,
		first: false,
		start: 'now',
	});
	const shown = (fields: Partial<Listing> = {}): Listing => ({
		open: null,
		created: false,
		...fields,
	});
	test.each<[string, WatchedJob | undefined, Listing, ListRead, Partial<WatchedJob>]>([
		[
			'"Everything emits every existing application as New Application": at the first poll every job is new',
			undefined,
			shown(),
			{ ...later(), first: true, start: 'everything' },
			{ status: 'new', due: true },
		],
		[
			'"From Now takes every watched job in with one silent read"',
			undefined,
			shown(),
			{ ...later(), first: true },
			{ status: 'toTakeIn', due: true },
		],
		[
			'"A job created later has all its applications new"',
			undefined,
			shown({ created: true }),
			later(),
			{ status: 'new', due: true },
		],
		[
			'a job the trigger did not know, changed but not created since: taken in, silently',
			undefined,
			shown(),
			later(),
			{ status: 'toTakeIn', due: true },
		],
		[
			'"a job the job list shows changed is read as soon as the rotation leaves room": a watched job is due',
			watched,
			shown(),
			later(),
			{ status: 'watched', due: true },
		],
		[
			'Open Jobs Only: "one the job list shows closed is not read at all"',
			undefined,
			shown({ open: false }),
			later('open'),
			{ status: 'toTakeIn', closed: true, due: undefined },
		],
		[
			'Open Jobs Only: "a watched job whose read shows it closed gives that read\'s changes, its last": a watched job the list shows closed is still read',
			watched,
			shown({ open: false }),
			later('open'),
			{ status: 'watched', closed: true, due: true },
		],
		[
			'Open Jobs Only: "a closed job is read again only when the job list shows it changed"',
			{ status: 'toTakeIn', closed: true },
			shown(),
			later('open'),
			{ status: 'toTakeIn', closed: true, due: true },
		],
		[
			'All Jobs: a job the list shows closed is watched as any other',
			undefined,
			shown({ open: false }),
			later('all'),
			{ status: 'toTakeIn', closed: true, due: true },
		],
	])('%s', (_, known, listing, read, expected) => {
		const { due, ...rest } = listedJob(known, listing, read);
		const { due: owed, ...want } = expected;
		expect(rest).toMatchObject(want);
		expect(due).toBe(owed);
	});

	test('Open Jobs Only: "nothing of a closed job is emitted"; All Jobs and Picked Jobs watch every job they keep', () => {
		expect([watches('open', true), watches('open', false)]).toEqual([false, true]);
		expect([watches('all', true), watches('picked', true)]).toEqual([true, true]);
		const closed: WatchedJob = { status: 'toTakeIn', closed: true };
		expect(readable('open', closed)).toBe(false);
		expect(readable('open', { ...closed, due: true })).toBe(true);
		expect(readable('all', closed)).toBe(true);
	});
});
