/*
 * The application trigger's state as n8n stores it (stored.ts): what is written reads back as
 * it was; 100,000 applications with the sandbox's ids fit under the cap, however their
 * fingerprints differ; version 1 is still read; anything malformed is a first run.
 */
import type { Seen, StageView } from '../../nodes/RecruitingTrigger/applications/events';
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
import { prng } from '../tools/soak/world';

/** The sandbox's application stages (test/tools/sandbox/data.js). */
const STAGES: StageView[] = [
	['astage-applied', 'application', 'Applied', 2],
	['astage-sourced', 'sourcing', 'Sourced', 3],
	['astage-contacted', 'outreach', 'Contacted', 4],
	['astage-interview', 'interview', 'Interview', 5],
	['astage-presented', 'presentation', 'Presented to client', 6],
	['astage-result', 'result', 'Result', 7],
].map(([id, type, name, order]) => ({
	id: id as string,
	type: type as string,
	name: name as string,
	order: order as number,
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
			lastRead: jobs.size,
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

test('every kind of job reads back as it was: never read, due, closed, new, without a title, with no application', () => {
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
			['new', { dueSince: 3, closed: false, status: 'new' }],
			['closed', { lastRead: 2, closed: true, status: 'watched', applications: new Map() }],
			[
				'one',
				{
					lastRead: 6,
					dueSince: 6,
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

test('a state of version 1 (one fingerprint an application) reads as it was written', () => {
	const stored = {
		v: 1,
		resource: 'application',
		scope: 'all',
		poll: 4,
		jobs: emptyState('job', '2026-11-26T00:00:00.000Z'),
		watch: {
			j1: {
				r: 3,
				t: 'Job 1',
				a: [
					['a1', 0, 0, 0, 'Ab-_0123', 'hl4zs', 'c1'],
					['a2', 1, 1, 1, '', 'hl500', 'c2'],
				],
			},
			j2: { r: -1, d: 1, n: 1 },
		},
		stages: [
			{ id: 'applied', name: 'Applied', type: 'application', order: 1 },
			{ id: 'hired', name: 'Hired', type: 'result', order: 5 },
		],
		states: ['for-review', ''],
	};
	const loaded = loadApplicationState(stored);
	expect(loaded).toEqual({
		scope: 'all',
		poll: 4,
		jobList: emptyState('job', '2026-11-26T00:00:00.000Z'),
		jobs: new Map([
			[
				'j1',
				{
					lastRead: 3,
					closed: false,
					status: 'watched',
					title: 'Job 1',
					applications: new Map([
						[
							'a1',
							{
								id: 'a1',
								stage: stored.stages[0],
								state: 'for-review',
								placed: false,
								interview: 'Ab-_0123',
								since: parseInt('hl4zs', 36),
								candidateId: 'c1',
							},
						],
						[
							'a2',
							{
								id: 'a2',
								stage: stored.stages[1],
								state: null,
								placed: true,
								interview: '',
								since: parseInt('hl500', 36),
								candidateId: 'c2',
							},
						],
					]),
				},
			],
			['j2', { dueSince: 1, closed: false, status: 'new' }],
		]),
	});
	// Written again, it is version 2, and reads back the same.
	const again = saveApplicationState(loaded as ApplicationState);
	expect(again.v).toBe(2);
	expect(loadApplicationState(JSON.parse(JSON.stringify(again)))).toEqual(loaded);
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
		{ ...good, v: 3 },
		{ ...good, resource: 'job' },
		withJob(['app-', 'cand-']),
		withJob('app- cand- extra|0,0,0,hl4zs, 1 2'),
		withJob('app- cand-|0,0,0,hl4zs, one-id-without-its-candidate'),
		withJob('app- cand-|0,0,2,hl4zs, 1 2'),
		withJob('app- cand-|0,0,0,HL4ZS, 1 2'),
		withJob('app- cand-|x,0,0,hl4zs, 1 2'),
		withJob('app- cand-|0,0,0,hl4zs 1 2'),
		// Version 1's fingerprints in a version 2 state.
		withJob([['a1', 0, 0, 0, '', 'hl4zs', 'c1']]),
	]) {
		expect(loadApplicationState(bad)).toBeUndefined();
	}
});
