/*
 * The application trigger's state as n8n stores it (stored.ts): what is written reads back as
 * it was; 100,000 applications with the sandbox's ids fit under the cap, however their
 * fingerprints differ; anything malformed is a first run.
 */
import type { Seen } from '../../nodes/RecruitingTrigger/applications/events';
import type {
	ApplicationState,
	WatchedJob,
} from '../../nodes/RecruitingTrigger/applications/state';
import {
	loadApplicationState,
	saveApplicationState,
	sizeOf,
	STATE_CAP_BYTES,
} from '../../nodes/RecruitingTrigger/applications/stored';
import { emptyState } from '../../nodes/RecruitingTrigger/lists/state';
import type { StageView } from '../../nodes/shared/records/application';
import { prng } from '../tools/soak/world';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the sandbox is CommonJS
const { APPLICATION_STAGES } = require('../tools/sandbox/data') as {
	APPLICATION_STAGES: Array<StageView & { templateType: string }>;
};

/** The sandbox's application stages, as the trigger stores them. */
const STAGES: StageView[] = APPLICATION_STAGES.map(({ id, name, type, order }) => ({
	id,
	name,
	type,
	order,
}));

/**
 * `count` applications in jobs of 50 with ids as the sandbox makes them (`app-` and 6 digits,
 * consecutive in a job; `cand-` and 7 digits, any candidate), each in a stage, state and minute
 * of its own draw: no two need share anything but their job.
 */
function watching(count: number, seed = 1): ApplicationState {
	const random = prng(seed);
	const pick = <T>(values: T[]): T => values[Math.floor(random() * values.length)];
	const jobs = new Map<string, WatchedJob>();
	const start = Math.floor(Date.parse('2026-11-26T00:00:00Z') / 60_000);
	for (let n = 0; n < count; ) {
		const applications = new Map<string, Seen>();
		for (let k = 0; k < 50 && n < count; k++) {
			n++;
			const id = `app-${String(n).padStart(6, '0')}`;
			applications.set(id, {
				id,
				stage: { ...pick(STAGES) },
				state: pick([null, 'for-review', 'in-progress', 'rejected', 'placed']),
				placed: random() < 0.1,
				interview: random() < 0.1 ? `i${Math.floor(random() * 1e7)}`.padEnd(8, 'x') : '',
				since: start - Math.floor(random() * 500_000),
				candidateId: `cand-${String(1 + Math.floor(random() * 9_999_999)).padStart(7, '0')}`,
			});
		}
		const id = `vac-${String(jobs.size + 1).padStart(4, '0')}`;
		jobs.set(id, {
			turn: jobs.size,
			closed: false,
			status: 'watched',
			title: id,
			applications,
		});
	}
	return { scope: 'all', poll: 2001, jobList: emptyState('job'), jobs };
}

/** As n8n keeps it: JSON. */
const throughJson = (state: ApplicationState) =>
	loadApplicationState(JSON.parse(JSON.stringify(saveApplicationState(state))));

test('100,000 applications with the sandbox’s ids fit under the cap, and read back as they were', () => {
	const state = watching(100_000);
	const size = sizeOf(saveApplicationState(state));
	expect(size.applications).toBe(100_000);
	expect(size.bytes).toBeLessThanOrEqual(STATE_CAP_BYTES);
	expect(throughJson(state)).toEqual(state);
});

test('every kind of job reads back as it was: never placed, due, closed, new, without a title, with no application', () => {
	const seen: Seen = {
		id: 'only',
		stage: { id: null, name: 'Sourced', type: null, order: null },
		state: null,
		placed: true,
		interview: 'Ab-_0123',
		since: 29_000_000,
		candidateId: '',
	};
	const state: ApplicationState = {
		scope: 'picked:a\u0000b',
		poll: 7,
		jobList: emptyState('job', '2026-11-26T00:00:00.000Z'),
		jobs: new Map<string, WatchedJob>([
			['never', { closed: false, status: 'toTakeIn' }],
			['new', { due: true, closed: false, status: 'new' }],
			['closed', { turn: 2, closed: true, status: 'watched', applications: new Map() }],
			[
				'one',
				{
					turn: 6,
					due: true,
					closed: false,
					status: 'watched',
					title: 'One',
					applications: new Map([['only', seen]]),
				},
			],
		]),
	};
	expect(throughJson(state)).toEqual(state);
});

test('ids with the separators in them read back as they were', () => {
	const state = watching(4);
	const odd = ['a b', 'a|b,c', '100%', '%7C', ' ', '', 'é ü'];
	const job = state.jobs.get('vac-0001') as WatchedJob & { status: 'watched' };
	const applications = new Map<string, Seen>();
	for (const [i, id] of odd.entries()) {
		const seen = [...job.applications.values()][0];
		applications.set(id, { ...seen, id, candidateId: odd[odd.length - 1 - i], interview: id });
	}
	state.jobs.set('vac-0001', { ...job, applications });
	expect(throughJson(state)).toEqual(state);
});

test('a malformed stored state is a first run', () => {
	const good = saveApplicationState(watching(3));
	const job = good.watch['vac-0001'];
	const withJob = (a: unknown) => ({
		...good,
		watch: { ...good.watch, 'vac-0001': { ...job, a } },
	});
	expect(loadApplicationState(JSON.parse(JSON.stringify(good)))).toBeDefined();
	for (const bad of [
		{ ...good, v: 2 },
		{ ...good, resource: 'job' },
		withJob(['app-', 'cand-']),
		withJob('app- cand- extra|0,0,0,hl4zs, 1 2'),
		withJob('app- cand-|0,0,0,hl4zs, one-id-without-its-candidate'),
		withJob('app- cand-|0,0,2,hl4zs, 1 2'),
		withJob('app- cand-|0,0,0,HL4ZS, 1 2'),
		withJob('app- cand-|x,0,0,hl4zs, 1 2'),
		withJob('app- cand-|0,0,0,hl4zs 1 2'),
	]) {
		expect(loadApplicationState(bad)).toBeUndefined();
	}
});
