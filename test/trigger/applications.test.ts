/*
 * The application trigger end to end: the real node class run by n8n-core's PollContext over
 * consecutive polls, static data carried (and saved only with emitting polls) as n8n does, the
 * API served by nock (fakeApi.ts: the job list and each job's applications).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useFakeApi, job, t } from './fakeApi';
import type { Application } from './fakeApi';
import { byId } from '../harness/engine';
import { TriggerHarness, itemsOf } from '../harness/trigger';
import { SIMPLIFIED_A1 } from '../harness/fixtures';
import { APPLICATION_EVENTS } from '../../nodes/RecruitingTrigger/applications/events';
import { STATE_CAP_BYTES } from '../../nodes/RecruitingTrigger/applications/stored';

const api = useFakeApi();

/** An application `a<n>` of candidate `c<n>`. */
function app(
	n: number,
	stage: Application['stage'] = 'applied',
	fields: Partial<Application> = {},
): Application {
	return {
		id: `a${n}`,
		candidateId: `c${n}`,
		firstName: `First${n}`,
		lastName: `Last${n}`,
		stage,
		state: 'for-review',
		placed: false,
		...fields,
	};
}

function trigger(parameters: IDataObject = {}) {
	return new TriggerHarness({
		resource: 'application',
		events: [...APPLICATION_EVENTS],
		...parameters,
	});
}

/** "event applicationId" of each item. */
function events(items: IDataObject[]): string[] {
	return items.map((item) => `${item.event as string} ${item.applicationId as string}`);
}

/** Requests made since `from`, as "path?query". */
function requestsSince(from: number): string[] {
	return api.log.slice(from).map((entry) => {
		const query = new URLSearchParams(entry.query).toString();
		return `${entry.path.replace('/v1', '')}${query ? `?${query}` : ''}`;
	});
}

/** The jobs' applications read since `from`, as paths. */
function readsSince(from: number): string[] {
	return requestsSince(from).filter((path) => path.startsWith('/applications'));
}

/** The ids of the jobs whose applications one poll of `watch` read, and what it emitted. */
async function pollReads(watch: TriggerHarness): Promise<{ read: string[]; items: IDataObject[] }> {
	const before = api.log.length;
	const items = itemsOf(await watch.poll());
	return { read: readsSince(before).map((path) => path.split('/').pop() as string), items };
}

/** Jobs to Watch: Picked Jobs, these by ID. */
function picked(...ids: string[]): INodeParameters {
	return { watch: 'picked', pickedJobs: { jobs: ids.map((id) => ({ job: byId(id) })) } };
}

/** A job's stage as the job list shows it, open or closed. */
function listedStage(isOpen: boolean): IDataObject {
	return {
		stage: { viewType: 'vacancyStage', stage: { id: isOpen ? 'o' : 'c', name: 'S', isOpen } },
	};
}

/** Three jobs with two applications each. */
function seed() {
	api.addJobs(job(1, 10), job(2, 20), job(3, 30));
	api.addApplications('j00001', app(1), app(2, 'interview'));
	api.addApplications('j00002', app(3), app(4));
	api.addApplications('j00003', app(5, 'sourced'), app(6));
}

test("a slow API: a poll stops reading jobs once n8n's time budget for it is spent (getPollBudgetMs); the jobs left keep their place, nothing lost or repeated", async () => {
	seed();
	const watch = trigger({ start: 'everything' });
	// Each answer takes 10 s of the n8n clock; n8n gives a poll 25 s.
	jest.spyOn(Date, 'now').mockImplementation(() => api.now + api.log.length * 10_000);
	watch.budgetMs = 25_000;
	// The job list (2 requests), then one job: past the budget.
	expect(events(itemsOf(await watch.poll()))).toEqual(['newApplication a1', 'newApplication a2']);
	expect(requestsSince(0).slice(2)).toEqual(['/applications/vacancy/j00001']);
	const from = api.log.length;
	expect(events(itemsOf(await watch.poll()))).toEqual([
		'newApplication a3',
		'newApplication a4',
		'newApplication a5',
		'newApplication a6',
	]);
	expect(readsSince(from)).toEqual([
		'/applications/vacancy/j00002',
		'/applications/vacancy/j00003',
	]);
});

describe('From Now', () => {
	test('the first poll reads every job once and emits nothing; later changes are emitted once each', async () => {
		seed();
		const watch = trigger();
		expect(await watch.poll()).toBeNull();
		// The job list from the beginning (then the read from its end), and every job once.
		expect(requestsSince(0)).toEqual([
			'/vacancies?limit=50',
			`/vacancies?limit=50&modifiedSince=${encodeURIComponent(t(30))}`,
			'/applications/vacancy/j00001',
			'/applications/vacancy/j00002',
			'/applications/vacancy/j00003',
		]);

		api.addApplications('j00001', app(7));
		api.now += 60_000 * 60 * 24 * 3; // three days later
		api.changeApplication('j00001', 'a1', { stage: 'interview' });
		api.changeApplication('j00002', 'a3', { state: 'in-progress' });
		api.changeApplication('j00002', 'a4', {
			stage: 'hired',
			placed: true,
			interview: { id: 'i1', startTime: t(2000) },
		});
		api.removeApplication('j00003', 'a5');
		const items = itemsOf(await watch.poll());
		expect(events(items)).toEqual([
			'stageChanged a1',
			'newApplication a7',
			'stateChanged a3',
			'stageChanged a4',
			'placed a4',
			'interviewScheduled a4',
			'removed a5',
		]);
		const moved = items[0];
		expect(moved).toMatchObject({
			resource: 'application',
			seenAt: new Date(api.now).toISOString(),
			jobId: 'j00001',
			jobTitle: 'Job 1',
			candidateId: 'c1',
			candidateName: 'First1 Last1',
			fromStage: { id: 'applied', name: 'Applied', type: 'application', order: 1 },
			toStage: { id: 'interview', name: 'Interview', type: 'interview', order: 3 },
			stage: { id: 'interview', name: 'Interview', type: 'interview', order: 3 },
			inFromStageSince: t(1000),
			daysInFromStage: 3,
			state: 'for-review',
		});
		// The application itself, flattened (the default Output).
		expect(moved.application).toMatchObject({
			id: 'a1',
			stage: { id: 'interview', name: 'Interview' },
			applicationState: 'for-review',
			candidate: { id: 'c1', firstName: 'First1' },
		});
		expect(items[2]).toMatchObject({ fromState: 'for-review', toState: 'in-progress' });
		expect(items[5]).toMatchObject({ interview: { id: 'i1', startTime: t(2000) } });
		expect(items[6]).toMatchObject({
			event: 'removed',
			jobId: 'j00003',
			candidateId: 'c5',
			stage: { id: 'sourced', name: 'Sourced' },
			application: { id: 'a5', candidateId: 'c5', removed: true },
		});

		// Nothing changed: nothing emitted, and nothing repeated.
		expect(await watch.poll()).toBeNull();
	});

	test('the first polls take the jobs in, Jobs per Poll a poll; then an idle poll costs 1 + min(jobs, Jobs per Poll)', async () => {
		seed();
		const watch = trigger({ options: { jobsPerPoll: 2 } });
		const reads = async () => {
			const before = api.log.length;
			expect(await watch.poll()).toBeNull();
			return requestsSince(before);
		};
		// Taken in silently, two a poll: j00003 in the second poll, beside the rotation.
		expect(await reads()).toEqual([
			'/vacancies?limit=50',
			`/vacancies?limit=50&modifiedSince=${encodeURIComponent(t(30))}`,
			'/applications/vacancy/j00001',
			'/applications/vacancy/j00002',
		]);
		const list = `/vacancies?limit=50&modifiedSince=${encodeURIComponent(t(30))}`;
		// While jobs are taken in, the rotation reads only the jobs whose turn has come: none yet.
		expect(await reads()).toEqual([list, '/applications/vacancy/j00003']);
		// A change in a job taken in first is emitted; j00003 was watched from its own first read.
		api.changeApplication('j00003', 'a5', { stage: 'offer' });
		expect(await reads()).toHaveLength(3);
		expect(events(itemsOf(await watch.poll()))).toEqual(['stageChanged a5']);
		expect(await reads()).toHaveLength(3);
	});
});

describe('Everything', () => {
	test('every existing application is new, Jobs per Poll jobs at a time; then only changes', async () => {
		seed();
		const watch = trigger({ start: 'everything', options: { jobsPerPoll: 2 } });
		expect(events(itemsOf(await watch.poll()))).toEqual([
			'newApplication a1',
			'newApplication a2',
			'newApplication a3',
			'newApplication a4',
		]);
		expect(events(itemsOf(await watch.poll()))).toEqual(['newApplication a5', 'newApplication a6']);
		expect(await watch.poll()).toBeNull();
	});
});

describe('the schedule', () => {
	test('every job is read at least once every ceil(jobs / Jobs per Poll) polls; a changed job first', async () => {
		api.addJobs(...[1, 2, 3, 4, 5].map((n) => job(n, n)));
		const watch = trigger({ options: { jobsPerPoll: 2 } });
		// Taken in, two jobs a poll.
		for (let poll = 0; poll < 3; poll++) await watch.poll();
		const reads: string[][] = [];
		for (let poll = 0; poll < 6; poll++) {
			if (poll === 3) {
				// j00005 changes in the job list: it is read in this poll, before its turn.
				api.touchJob('j00005', t(50));
				api.addApplications('j00005', app(9));
			}
			const { read, items } = await pollReads(watch);
			reads.push(read);
			if (poll === 3) expect(events(items)).toEqual(['newApplication a9']);
		}
		expect(reads.every((read) => read.length <= 2)).toBe(true);
		expect(reads[3]).toContain('j00005');
		for (const id of ['j00001', 'j00002', 'j00003', 'j00004', 'j00005']) {
			const polls = reads.flatMap((read, index) => (read.includes(id) ? [index] : []));
			const gaps = polls.slice(1).map((poll, index) => poll - polls[index]);
			expect(Math.max(polls[0] + 1, ...gaps)).toBeLessThanOrEqual(3);
		}
	});
});

describe('the schedule under Max Items per Poll', () => {
	test('new jobs with more applications than a poll may emit do not hold back the jobs already watched', async () => {
		api.addJobs(job(1, 10), job(2, 20), job(3, 30));
		const watch = trigger({ options: { jobsPerPoll: 2, maxItemsPerPoll: 2 } });
		// Taken in, two a poll.
		await watch.poll();
		await watch.poll();
		const reads: string[][] = [];
		const emitted: string[] = [];
		const poll = async () => {
			const { read, items } = await pollReads(watch);
			emitted.push(...items.map((item) => item.applicationId as string));
			reads.push(read);
		};
		// A job created before every poll, with three applications: each could fill a poll alone.
		for (let n = 0; n < 12; n++) {
			api.addJobs(job(100 + n, 100 + n));
			api.addApplications(job(100 + n, 0).id, app(3 * n + 10), app(3 * n + 11), app(3 * n + 12));
			await poll();
		}
		// Polls stopped at Max Items, again and again.
		expect(emitted.length).toBeGreaterThan(12);
		// Every job watched before was read within ceil(jobs / Jobs per Poll) + jobs - 1 polls, as
		// nodes/RecruitingTrigger/README.md states for polls that stop at Max Items (jobs: 3, then
		// up to 15).
		for (const id of ['j00001', 'j00002', 'j00003']) {
			const polls = [-1, ...reads.flatMap((read, index) => (read.includes(id) ? [index] : []))];
			const gaps = [
				...polls.slice(1).map((at, i) => at - polls[i]),
				reads.length - 1 - (polls.at(-1) as number),
			];
			expect({ id, longestGap: Math.max(...gaps) <= Math.ceil(15 / 2) + 15 - 1 }).toEqual({
				id,
				longestGap: true,
			});
			expect({ id, read: polls.length > 1 }).toEqual({ id, read: true });
		}
		// Nothing lost or repeated: once the jobs stop coming, every application comes, once.
		for (let n = 0; n < 20; n++) await poll();
		expect(new Set(emitted).size).toBe(emitted.length);
		expect(emitted).toHaveLength(36);
	});
});

describe('exactly once', () => {
	test('an empty application state is the same state after the stored state is read back', async () => {
		api.addJobs(job(1, 10));
		api.addApplications('j00001', app(1, 'applied', { state: '' }));
		const watch = trigger({ start: 'everything' });
		expect(events(itemsOf(await watch.poll()))).toEqual(['newApplication a1']);
		for (let poll = 0; poll < 3; poll++) expect(await watch.poll()).toBeNull();
		api.changeApplication('j00001', 'a1', { state: 'rejected' });
		expect(itemsOf(await watch.poll())).toMatchObject([
			{ event: 'stateChanged', fromState: null, toState: 'rejected' },
		]);
	});

	test('Max Items per Poll cuts inside a job: the rest comes with the next poll, nothing lost or repeated', async () => {
		api.addJobs(job(1, 10));
		api.addApplications('j00001', app(1), app(2), app(3));
		const watch = trigger({ options: { maxItemsPerPoll: 2 } });
		await watch.poll();
		api.addApplications('j00001', app(4), app(5), app(6));
		api.changeApplication('j00001', 'a1', { stage: 'offer' });
		const first = events(itemsOf(await watch.poll()));
		const second = events(itemsOf(await watch.poll()));
		const third = events(itemsOf(await watch.poll()));
		expect(first).toEqual(['stageChanged a1', 'newApplication a4']);
		expect([...second, ...third]).toEqual(['newApplication a5', 'newApplication a6']);
		expect(await watch.poll()).toBeNull();
	});

	test('a poll that fails emits nothing and changes nothing; the next one emits everything once', async () => {
		seed();
		const watch = trigger();
		await watch.poll();
		api.changeApplication('j00001', 'a2', { stage: 'offer' });
		api.changeApplication('j00003', 'a6', { state: 'rejected' });
		api.fail = ({ path }) => (path.endsWith('/j00003') ? 500 : undefined);
		const state = watch.state();
		await expect(watch.poll()).rejects.toThrow(/HTTP 500/);
		expect(watch.state()).toEqual(state);
		api.fail = undefined;
		expect(events(itemsOf(await watch.poll()))).toEqual(['stageChanged a2', 'stateChanged a6']);
		expect(await watch.poll()).toBeNull();
	});

	test('an n8n restart resumes from the state saved with the last emitting poll: nothing repeated', async () => {
		seed();
		const watch = trigger({ start: 'everything' });
		expect(itemsOf(await watch.poll())).toHaveLength(6);
		api.changeApplication('j00002', 'a3', { stage: 'interview' });
		expect(events(itemsOf(await watch.poll()))).toEqual(['stageChanged a3']);
		// A poll that emits nothing is not saved by n8n; the restart goes back to the last save.
		expect(await watch.poll()).toBeNull();
		watch.restart();
		api.changeApplication('j00002', 'a4', { state: 'rejected' });
		expect(events(itemsOf(await watch.poll()))).toEqual(['stateChanged a4']);
	});

	test('two overlapping polls: the one that finishes first emits, the other emits nothing', async () => {
		seed();
		const watch = trigger();
		await watch.poll();
		api.changeApplication('j00001', 'a1', { stage: 'offer' });
		const [a, b] = await Promise.all([watch.poll(), watch.poll()]);
		expect([...itemsOf(a), ...itemsOf(b)].map((item) => item.event)).toEqual(['stageChanged']);
		expect(await watch.poll()).toBeNull();
	});

	test('a job the API no longer has: its applications are removed once, then it is not read again', async () => {
		seed();
		const watch = trigger();
		await watch.poll();
		api.jobs.delete('j00002');
		expect(events(itemsOf(await watch.poll()))).toEqual(['removed a3', 'removed a4']);
		const before = api.log.length;
		expect(await watch.poll()).toBeNull();
		expect(requestsSince(before)).not.toContain('/applications/vacancy/j00002');
	});
});

describe('the job list’s limit', () => {
	test('more than 50 jobs on one modification time: the next item says that the jobs past them are not watched, once', async () => {
		api.addJobs(...Array.from({ length: 60 }, (_, i) => job(i + 1, 10)));
		const watch = trigger({ options: { jobsPerPoll: 25 } });
		for (let poll = 0; poll < 3; poll++) expect(await watch.poll()).toBeNull();
		const state = watch.state() as { watch: Record<string, unknown> };
		expect(Object.keys(state.watch)).toHaveLength(50);
		const until = async (n: number) => {
			const emitted: IDataObject[] = [];
			for (let poll = 0; poll < 3 && emitted.length < n; poll++)
				emitted.push(...itemsOf(await watch.poll()));
			return emitted;
		};
		api.addApplications('j00001', app(1));
		const [first] = await until(1);
		expect(first).toMatchObject({ event: 'newApplication', applicationId: 'a1' });
		expect(first.notice).toMatch(
			/^More than 50 jobs share the modification time .* not watched until the job is changed again\.$/s,
		);
		api.addApplications('j00001', app(2));
		const [second] = await until(1);
		expect(second).toMatchObject({ event: 'newApplication', applicationId: 'a2' });
		expect(second.notice).toBeUndefined();
	});
});

describe('filters', () => {
	test('only the events chosen; the others are taken in silently and not emitted later', async () => {
		seed();
		const watch = trigger({ events: ['placed'] });
		await watch.poll();
		api.changeApplication('j00001', 'a1', { stage: 'hired', placed: true });
		api.addApplications('j00002', app(8));
		expect(events(itemsOf(await watch.poll()))).toEqual(['placed a1']);
		expect(await watch.poll()).toBeNull();
	});

	test('Target Stage: by type or by name; a removed application by its last stage', async () => {
		seed();
		const watch = trigger({ options: { stageTypes: ['interview'], stages: 'offer' } });
		await watch.poll();
		api.changeApplication('j00001', 'a1', { stage: 'interview' });
		api.changeApplication('j00002', 'a3', { stage: 'offer' });
		api.changeApplication('j00002', 'a4', { stage: 'hired' });
		api.removeApplication('j00001', 'a2');
		expect(events(itemsOf(await watch.poll()))).toEqual([
			'stageChanged a1',
			'removed a2',
			'stageChanged a3',
		]);
	});

	test('Open Jobs Only: a closed job is not read, nor kept; reopened, it is watched from its first read', async () => {
		seed();
		api.closedJobs.add('j00002');
		const watch = trigger({ watch: 'open' });
		await watch.poll();
		expect((await pollReads(watch)).read).not.toContain('j00002');
		// Its fingerprints are not kept while it is closed: Open Jobs Only narrows the state.
		const state = watch.state() as { watch: Record<string, { a?: unknown }> };
		expect(state.watch.j00002.a).toBeUndefined();
		// What happens to it while closed is not watched; reopened, it is read silently first.
		api.addApplications('j00002', app(8));
		api.closedJobs.delete('j00002');
		api.touchJob('j00002', t(40));
		const before = api.log.length;
		expect(await watch.poll()).toBeNull();
		expect(requestsSince(before)).toContain('/applications/vacancy/j00002');
		api.addApplications('j00002', app(9));
		api.touchJob('j00002', t(41));
		expect(events(itemsOf(await watch.poll()))).toEqual(['newApplication a9']);
	});

	test('Open Jobs Only: nothing of a closed job is emitted, new or changed; a job that closes gives its last changes once', async () => {
		api.addJobs(job(1, 10), job(2, 20), job(3, 30));
		api.addApplications('j00001', app(1));
		api.addApplications('j00002', app(2));
		api.addApplications('j00003', app(3, 'offer'));
		api.closedJobs.add('j00002');
		// Everything: the open jobs' applications are new; the closed job's are not watched.
		const watch = trigger({ watch: 'open', start: 'everything' });
		expect(events(itemsOf(await watch.poll()))).toEqual(['newApplication a1', 'newApplication a3']);
		// Changed while closed, twice: read when the list shows it changed, never emitted.
		for (const n of [4, 5]) {
			api.addApplications('j00002', app(n));
			api.touchJob('j00002', t(36 + n));
			expect(await watch.poll()).toBeNull();
		}
		// A job created closed is not watched either.
		api.addJobs(job(4, 50));
		api.closedJobs.add('j00004');
		api.addApplications('j00004', app(6));
		expect(await watch.poll()).toBeNull();
		// A watched job that closes with a hire: that change, once; then nothing of it.
		api.changeApplication('j00003', 'a3', { stage: 'hired', placed: true });
		api.closedJobs.add('j00003');
		api.touchJob('j00003', t(60));
		expect(events(itemsOf(await watch.poll()))).toEqual(['stageChanged a3', 'placed a3']);
		api.addApplications('j00003', app(7));
		api.touchJob('j00003', t(61));
		for (let poll = 0; poll < 3; poll++) expect(await watch.poll()).toBeNull();
	});

	test('Open Jobs Only with the stage in the job list: a job closed at activation (Everything) and reopened is taken in silently', async () => {
		api.addJobs({ ...job(1, 10), ...listedStage(true) }, { ...job(2, 20), ...listedStage(false) });
		api.closedJobs.add('j00002');
		api.addApplications('j00002', app(2));
		const watch = trigger({ watch: 'open', start: 'everything' });
		expect(await watch.poll()).toBeNull();
		api.closedJobs.delete('j00002');
		api.touchJob('j00002', t(40), listedStage(true));
		expect(await watch.poll()).toBeNull();
		api.addApplications('j00002', app(3));
		api.touchJob('j00002', t(41), listedStage(true));
		expect(events(itemsOf(await watch.poll()))).toEqual(['newApplication a3']);
	});

	test('Open Jobs Only with the stage in the job list: a job reopened there is watched again for good', async () => {
		api.addJobs({ ...job(1, 10), ...listedStage(true) }, { ...job(2, 20), ...listedStage(false) });
		api.closedJobs.add('j00002');
		const watch = trigger({ watch: 'open', options: { jobsPerPoll: 1 } });
		await watch.poll();
		const reads = async () => (await pollReads(watch)).read;
		expect(await reads()).toEqual(['j00001']);
		expect(await reads()).toEqual(['j00001']);
		api.closedJobs.delete('j00002');
		api.touchJob('j00002', t(40), listedStage(true));
		// Taken in again: read once, silently, beside j00001 (alone, its turn is every poll).
		expect(await reads()).toEqual(['j00002', 'j00001']);
		// Open now: in the rotation with j00001, one job a poll.
		expect([...(await reads()), ...(await reads())].sort()).toEqual(['j00001', 'j00002']);
	});

	test('Picked Jobs: only those are read; a picked job the API does not have is named', async () => {
		seed();
		const watch = trigger(picked('j00003'));
		await watch.poll();
		expect(readsSince(0)).toEqual(['/applications/vacancy/j00003']);
		const missing = trigger(picked('j9'));
		await expect(missing.poll()).rejects.toThrow('Job "j9" of Jobs to Watch was not found');
	});
	test('Picked Jobs: a picked job the API deleted: its applications are removed once, the others go on; then it is named', async () => {
		api.addJobs(job(1, 10), job(2, 20));
		api.addApplications('j00001', app(1));
		api.addApplications('j00002', app(2));
		const watch = trigger(picked('j00001', 'j00002'));
		await watch.poll();
		api.jobs.delete('j00002');
		api.changeApplication('j00001', 'a1', { stage: 'interview' });
		expect(events(itemsOf(await watch.poll()))).toEqual(['stageChanged a1', 'removed a2']);
		await expect(watch.poll()).rejects.toThrow('Job "j00002" of Jobs to Watch was not found');
	});
});

describe('changing Jobs to Watch', () => {
	test('jobs taken in are read once, silently, in the poll that takes them in; then their changes come', async () => {
		seed();
		const watch = trigger(picked('j00003'));
		await watch.poll();
		watch.setParameters({ watch: 'all' });
		// All jobs now: j00001 and j00002 are read at once, their applications taken as they are.
		const before = api.log.length;
		expect(await watch.poll()).toBeNull();
		const reads = readsSince(before);
		expect(reads).toEqual(
			expect.arrayContaining(['/applications/vacancy/j00001', '/applications/vacancy/j00002']),
		);
		// From then on, their changes are emitted, each once.
		api.addApplications('j00001', app(7));
		api.changeApplication('j00002', 'a3', { stage: 'offer' });
		expect(events(itemsOf(await watch.poll())).sort()).toEqual([
			'newApplication a7',
			'stageChanged a3',
		]);
		expect(await watch.poll()).toBeNull();
		// Picking again narrows the state: the jobs no longer picked are not kept.
		watch.setParameters(picked('j00001'));
		expect(await watch.poll()).toBeNull();
		const state = watch.state() as { watch: Record<string, unknown> };
		expect(Object.keys(state.watch)).toEqual(['j00001']);
	});

	test('a job picked later: its existing applications are not news', async () => {
		seed();
		const watch = trigger(picked('j00003'));
		await watch.poll();
		watch.setParameters(picked('j00003', 'j00001'));
		expect(await watch.poll()).toBeNull();
		api.changeApplication('j00001', 'a2', { state: 'rejected' });
		expect(events(itemsOf(await watch.poll()))).toEqual(['stateChanged a2']);
	});

	test('above the cap, narrowing Jobs to Watch lets the trigger go on', async () => {
		api.addJobs(job(1, 10), job(2, 20));
		const huge = 'x'.repeat(200);
		// About 420 bytes of state each (the long part after the number: a prefix that all of a
		// job's ids share is stored once): `count` of them take `share` of the cap.
		const many = (prefix: string, share: number, from = 0) =>
			Array.from({ length: Math.ceil((STATE_CAP_BYTES * share) / 420) }, (_, i) =>
				app(from + i, 'applied', {
					id: `${from + i}${prefix}${huge}`,
					candidateId: `${from + i}c${huge}`,
				}),
			);
		api.addApplications('j00001', ...many('one', 0.45));
		api.addApplications('j00002', ...many('two', 0.45));
		const watch = trigger({ options: { maxItemsPerPoll: 100_000 } });
		expect(await watch.poll()).toBeNull();
		api.addApplications('j00002', ...many('two', 0.2, 100_000));
		await expect(watch.poll()).rejects.toThrow(/more than it keeps track of/);
		// Again at the next poll, naming the options that narrow it.
		await expect(watch.poll()).rejects.toMatchObject({
			message: expect.stringMatching(/more than it keeps track of/),
			description: expect.stringContaining('Open Jobs Only or Picked Jobs'),
		});
		// Both jobs picked: still too many, and the error says to pick fewer.
		watch.setParameters(picked('j00001', 'j00002'));
		await expect(watch.poll()).rejects.toThrow(
			expect.objectContaining({ description: expect.stringMatching(/Pick fewer jobs/) }),
		);
		// As the error says: watch fewer jobs. The jobs no longer watched are not kept.
		watch.setParameters(picked('j00002'));
		const emitted = itemsOf(await watch.poll());
		expect(new Set(emitted.map((item) => item.event))).toEqual(new Set(['newApplication']));
		api.changeApplication('j00002', `0two${huge}`, { stage: 'offer' });
		expect(events(itemsOf(await watch.poll()))).toEqual([`stageChanged 0two${huge}`]);
	});
});

describe('Output and the editor', () => {
	test('Output Simplified gives the application in short, as the Recruiting node does; Raw as the API sent it', async () => {
		api.addJobs(job(1, 10));
		api.addApplications('j00001', app(1));
		const simplified = trigger({ start: 'everything', options: { output: 'simplified' } });
		const [item] = itemsOf(await simplified.poll());
		// The Recruiting node's Simplified fields; the stage as the item's own.
		expect(Object.keys(item.application as IDataObject)).toEqual(Object.keys(SIMPLIFIED_A1));
		expect(item.application).toEqual({
			id: 'a1',
			candidateId: 'c1',
			candidateName: 'First1 Last1',
			email: 'first1@example.com',
			jobId: 'j00001',
			jobTitle: 'Job 1',
			stage: item.stage,
			state: 'for-review',
			owner: 'Recruiter',
			isPlaced: false,
			lastActivity: 'applicationCreated',
			lastActivityAt: t(1),
		});
		const raw = trigger({ start: 'everything', options: { output: 'raw' } });
		expect(itemsOf(await raw.poll())[0].application).toMatchObject({
			stage: { viewType: 'applicationStage' },
			applicationState: { state: 'for-review', viewType: 'applicationState' },
		});
	});

	describe('Fetch Test Event: the most recently active application, as the chosen event, in every Output mode', () => {
		const interview = { id: 'i7', startTime: t(3000) };
		const fixture = () => {
			api.addJobs(job(1, 10), job(2, 20));
			api.addApplications(
				'j00001',
				app(1, 'applied', { activityAt: t(50) }),
				app(2, 'interview', { activityAt: t(90), interview, state: 'in-progress' }),
			);
			api.addApplications('j00002', app(3, 'offer', { activityAt: t(70) }));
		};
		const stage = { id: 'interview', name: 'Interview', type: 'interview', order: 3 };
		const modes = [
			['flattened', { id: 'a2', stage: { id: 'interview' } }],
			['simplified', { id: 'a2', stage, state: 'in-progress' }],
			['raw', { id: 'a2', stage: { viewType: 'applicationStage', id: 'interview' } }],
			['selected', { id: 'a2' }],
		] as const;
		const shapes: Record<string, IDataObject> = {
			newApplication: { stage },
			stageChanged: { fromStage: null, toStage: stage, inFromStageSince: null },
			stateChanged: { fromState: null, toState: 'in-progress' },
			placed: { stage },
			interviewScheduled: { interview: expect.objectContaining(interview) },
			// As a removal shows it: the application is no longer listed, only its ids are known.
			removed: {
				stage,
				candidateName: null,
				application: { id: 'a2', candidateId: 'c2', removed: true },
			},
		};
		const cases = modes.flatMap(([mode, shown]) =>
			APPLICATION_EVENTS.map((chosen): [string, string, IDataObject] => [chosen, mode, shown]),
		);
		test.each(cases)('%s, Output %s', async (chosen, mode, shown) => {
			fixture();
			const watch = trigger({ events: [chosen], options: { output: mode } });
			const items = itemsOf(await watch.poll('manual'));
			expect(items).toHaveLength(1);
			expect(items[0]).toMatchObject({
				event: chosen,
				resource: 'application',
				applicationId: 'a2',
				jobId: 'j00001',
				jobTitle: 'Job 1',
				candidateId: 'c2',
				candidateName: 'First2 Last2',
				state: 'in-progress',
				...(chosen === 'removed' ? {} : { application: shown }),
				...shapes[chosen],
			});
			if (chosen === 'stageChanged') expect(items[0].toStage).toEqual(items[0].stage);
			expect(watch.state()).toBeUndefined();
		});
	});

	test('Fetch Test Event looks at the most recently changed jobs, not the first ones', async () => {
		api.addJobs(...Array.from({ length: 300 }, (_, i) => job(i + 1, i + 1)));
		api.addApplications('j00300', app(1));
		const watch = trigger();
		const items = itemsOf(await watch.poll('manual'));
		expect(items.map((item) => [item.jobId, item.applicationId])).toEqual([['j00300', 'a1']]);
		const reads = readsSince(0);
		expect(reads.sort()).toEqual(
			[296, 297, 298, 299, 300].map((n) => `/applications/vacancy/j00${n}`),
		);
	});

	test('Fetch Test Event reads the 5 most recently changed jobs, looking further back than the last hour when it must', async () => {
		// Job 7 changed 10 minutes ago, without applications; the others a day or more ago.
		api.addJobs(...[1, 2, 3, 4, 5, 6].map((n) => job(n, n * 10)), job(7, 990));
		api.addApplications('j00001', app(1, 'applied', { activityAt: t(900) }));
		api.addApplications('j00003', app(3, 'applied', { activityAt: t(100) }));
		const items = itemsOf(await trigger().poll('manual'));
		// j00001 is the sixth most recent: not read.
		expect(items.map((item) => [item.jobId, item.applicationId])).toEqual([['j00003', 'a3']]);
		const reads = readsSince(0);
		expect(reads.sort()).toEqual([3, 4, 5, 6, 7].map((n) => `/applications/vacancy/j0000${n}`));
	});

	test('Fetch Test Event under Open Jobs Only: the most recently changed open jobs, past the closed ones', async () => {
		api.addJobs(...[1, 2, 3, 4, 5, 6, 7].map((n) => job(n, n * 10)));
		api.addApplications('j00001', app(1, 'applied', { activityAt: t(900) }));
		api.addApplications('j00002', app(2, 'applied', { activityAt: t(100) }));
		api.addApplications('j00003', app(3, 'applied', { activityAt: t(200) }));
		for (const n of [4, 5, 6, 7]) {
			api.addApplications(`j0000${n}`, app(n, 'applied', { activityAt: t(950) }));
			api.closedJobs.add(`j0000${n}`);
		}
		const items = itemsOf(await trigger({ watch: 'open' }).poll('manual'));
		// The four closed jobs changed last; the open ones come after them, all three read.
		expect(items.map((item) => [item.jobId, item.applicationId])).toEqual([['j00001', 'a1']]);
		const reads = readsSince(0);
		expect(reads).toHaveLength(7);
	});

	test('settings that cannot work are named: no event, no picked job', async () => {
		api.addJobs(job(1, 10));
		await expect(trigger({ events: [] }).poll()).rejects.toThrow('Events: choose at least one');
		await expect(trigger({ watch: 'picked' }).poll()).rejects.toThrow('Jobs: no job is picked');
	});
});

describe('state that stays small', () => {
	test('a few bytes per application', async () => {
		api.addJobs(job(1, 10));
		const many = Array.from({ length: 100 }, (_, i) => app(i + 1));
		api.addApplications('j00001', ...many);
		const watch = trigger({ options: { maxItemsPerPoll: 100_000 } });
		await watch.poll();
		const bytes = JSON.stringify(watch.state()).length;
		// About 10 bytes per application here (ids a1, c1: their prefixes stored once; one stage,
		// state and time for all), plus the job list's own state.
		expect(bytes / 100).toBeLessThan(15);
	});
});
