/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: runs under jest, never ships (package.json files: dist only; the scanner reads nodes/ and credentials/) */
/*
 * Soak: the application trigger under every choice a user has, side by side in one world
 * whose jobs close, reopen and are deleted while their applications move. Part of
 * `npm run soak` (the name does not match *.test.ts):
 *
 *   SOAK_SETTING_POLLS=200 npx jest --testMatch '**\/test/tools/soak/settings.soak.ts'
 *
 * Six workflows, each its own ledger (applications.ts) owing what README's words for its
 * setting say: All Jobs with every event (as trigger.soak.ts, here with jobs closed, reopened
 * and deleted), Open Jobs Only, Picked Jobs (8 jobs, one of them deleted halfway: its
 * applications are owed as Removed, then the next poll must fail naming it, and the user takes
 * it out of the list), a Target Stage filter with some events not chosen, From Now, and From
 * Now with n8n's durable poll cursors (the state committed with every poll). Under
 * the same faults as trigger.soak.ts; every poll failure must be explained by an injected
 * fault or be the documented one; at the end, faults off, each trigger polls until every job
 * was read since the last change with nothing emitted, and nothing may be missed, duplicated,
 * unexpected, wrong or lost.
 *
 * Environment: SOAK_SETTING_POLLS (default 200), SOAK_SEED (default 1), SOAK_FAULTS (`off`: no
 * injected faults), SOAK_REPORT_SETTINGS (a path: the figures as JSON).
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

import nock from 'nock';
import type { INodeParameters } from 'n8n-workflow';

import { APPLICATION_EVENTS } from '../../../nodes/RecruitingTrigger/applications/events';
import { API_KEY } from '../../harness/secrets';
import { TriggerHarness } from '../../harness/trigger';
import { createSandbox } from '../sandbox';
import type { Sandbox } from '../sandbox';
import { ApplicationLedger, ApplicationRunner } from './applications';
import type { WatchSetting } from './applications';
import { brief, describeApplications, expectNoProblems, Guards } from './checks';
import { Ledger } from './ledger';
import { World, prng, soakFaults } from './world';

const POLLS = Number(process.env.SOAK_SETTING_POLLS ?? 200);
const SEED = Number(process.env.SOAK_SEED ?? 1);
const FAULTS_ON = process.env.SOAK_FAULTS !== 'off';
const POLL_INTERVAL_MS = 60_000;
const JOBS_PER_POLL = 4;
const MAX_ITEMS = 20;
const DRAIN_POLLS = 300;
const PICKED = 8;

const FAULTS = soakFaults(SEED);

/** The node's parameters for a setting (as the editor writes them). */
function parameters(setting: WatchSetting): INodeParameters {
	return {
		resource: 'application',
		events: setting.events,
		watch: setting.watch,
		...(setting.watch === 'picked' && {
			pickedJobs: {
				jobs: (setting.picked ?? []).map((id) => ({ job: { mode: 'id', value: id } })),
			},
		}),
		start: setting.start,
		options: {
			jobsPerPoll: JOBS_PER_POLL,
			maxItemsPerPoll: MAX_ITEMS,
			...(setting.stageTypes && { stageTypes: setting.stageTypes }),
			...(setting.stages && { stages: setting.stages.join(', ') }),
		},
	};
}

let sandbox: Sandbox;

beforeAll(() => {
	nock.disableNetConnect();
	nock.enableNetConnect('127.0.0.1');
});

afterAll(() => {
	nock.cleanAll();
	nock.enableNetConnect();
});

afterEach(async () => {
	jest.restoreAllMocks();
	await sandbox?.close();
});

it(
	`the application trigger under each Jobs to Watch, a Target Stage filter and From Now, ${POLLS} polls each`,
	async () => {
		const started = performance.now();
		sandbox = await createSandbox({
			seed: SEED,
			apiKey: API_KEY,
			candidates: 300,
			vacancies: 120,
			rateLimit: false,
			clock: { mode: 'fixed', start: '2026-03-02T08:00:00.000Z', stepMs: 1 },
			requestLogLimit: 5_000_000,
		});
		const random = prng(SEED + 1000);
		const world = new World(
			sandbox,
			new Ledger('candidate', 1000),
			new Ledger('job', 1000),
			random,
		);
		await world.inventory();
		jest.spyOn(Date, 'now').mockImplementation(() => sandbox.clock.peek());

		// Picked Jobs: 8 jobs, from the list's ids; the first is deleted halfway.
		const picked = [...world.jobList]
			.sort()
			.filter((_, i) => i % 15 === 3)
			.slice(0, PICKED);
		const doomed = picked[0];
		const all = [...APPLICATION_EVENTS];
		const settings: WatchSetting[] = [
			{
				label: 'All Jobs, every event, Everything',
				watch: 'all',
				start: 'everything',
				events: all,
			},
			{
				label: 'Open Jobs Only, every event, Everything',
				watch: 'open',
				start: 'everything',
				events: all,
			},
			{
				label: `Picked Jobs (${PICKED}, ${doomed} deleted), every event, Everything`,
				watch: 'picked',
				picked: [...picked],
				start: 'everything',
				events: all,
			},
			{
				label:
					'Target Stage Types Interview and Result, Target Stages "presented to client", 4 of 6 events, Everything',
				watch: 'all',
				start: 'everything',
				events: ['newApplication', 'stageChanged', 'placed', 'removed'],
				stageTypes: ['interview', 'result'],
				stages: ['presented to client'],
			},
			{ label: 'All Jobs, every event, From Now', watch: 'all', start: 'now', events: all },
			{
				label: "All Jobs, every event, From Now, n8n's durable poll cursors",
				watch: 'all',
				start: 'now',
				events: all,
				durable: true,
			},
		];
		/** The documented failure: a picked job the API deleted, named by the poll after. */
		let unpicked = false;
		const pickedGone = (error: unknown) =>
			error instanceof Error &&
			error.message === `Job "${doomed}" of Jobs to Watch was not found` &&
			!sandbox.store.getVacancy(doomed)
				? 'a deleted picked job named (documented)'
				: undefined;
		const runners = settings.map((setting) => {
			const ledger = new ApplicationLedger(sandbox, MAX_ITEMS, setting);
			return new ApplicationRunner(
				new TriggerHarness(
					parameters(setting),
					{ baseUrl: sandbox.url, apiKey: API_KEY },
					undefined,
					setting.durable,
				),
				ledger,
				sandbox,
				{
					random,
					restartRate: 0.02,
					restartAfterFailure: 0.5,
					documented: setting.watch === 'picked' ? pickedGone : undefined,
				},
			);
		});
		const pickedRunner = runners[2];
		/** README: "the next poll fails naming it until it is removed from the list". */
		const afterPoll = (runner: ApplicationRunner) => {
			if (runner !== pickedRunner || unpicked) return;
			if ((runner.failures.get('a deleted picked job named (documented)') ?? 0) === 0) return;
			unpicked = true;
			runner.ledger.unpick(doomed);
			runner.harness.setParameters(parameters(runner.ledger.setting));
		};

		const requestsBefore = sandbox.requestLog.seq;
		if (FAULTS_ON) sandbox.setFaults(FAULTS);
		let saidAt = performance.now();
		for (let i = 0; i < POLLS; i++) {
			if (performance.now() - saidAt >= 10_000) {
				saidAt = performance.now();
				process.stdout.write(`SOAK settings, seed ${SEED}: ${i} of ${POLLS} polls...\n`);
			}
			if (i > 0) {
				world.jobActivity();
				world.jobLifecycle(new Set(picked));
				if (i === Math.floor(POLLS / 2)) world.deleteJob(doomed);
				world.applicationActivity();
				if (random() < 0.3) world.interviewCancelled();
				world.sync();
			}
			sandbox.clock.advance(POLL_INTERVAL_MS);
			for (const runner of runners) {
				await runner.poll();
				afterPoll(runner);
			}
		}
		const faults = sandbox.requestLog.since(requestsBefore).filter((entry) => entry.fault).length;
		const failedInSoak = runners.map((runner) => runner.failed);

		// Drain: faults off, nothing changes; until every job was read since the last change with
		// nothing emitted.
		sandbox.setFaults({});
		const cycle = Math.ceil(world.jobCount / JOBS_PER_POLL);
		// One after the other: each poll's requests are its own in the request log.
		const drain: { polls: number; drained: boolean }[] = [];
		for (const runner of runners) {
			let quiet = 0;
			let polls = 0;
			for (; polls < DRAIN_POLLS && quiet <= cycle; polls++) {
				sandbox.clock.advance(POLL_INTERVAL_MS);
				const emitted = await runner.poll();
				afterPoll(runner);
				quiet = emitted === 0 ? quiet + 1 : 0;
			}
			drain.push({ polls, drained: quiet > cycle });
		}
		const reports = runners.map((runner) => runner.ledger.finish());
		const wallSeconds = Math.round((performance.now() - started) / 1000);
		const figures = {
			seed: SEED,
			polls: POLLS,
			faults,
			jobLifecycle: world.counts.jobLifecycle,
			applicationChanges: world.counts.applications,
			settings: reports.map((report, i) => ({
				...report,
				failedPolls: runners[i].failed,
				failures: Object.fromEntries(runners[i].failures),
				restarts: runners[i].restarts,
				drainPolls: drain[i].polls,
				drained: drain[i].drained,
			})),
			wallSeconds,
		};
		if (process.env.SOAK_REPORT_SETTINGS)
			writeFileSync(process.env.SOAK_REPORT_SETTINGS, `${JSON.stringify(figures, null, 2)}\n`);
		process.stdout.write(
			[
				`SOAK settings, seed ${SEED}${FAULTS_ON ? '' : ', no faults'}: ${POLLS} polls per setting, ${faults} faults injected; ` +
					`jobs ${brief(world.counts.jobLifecycle)}, ${world.counts.jobsCreated} created; applications ${brief(world.counts.applications)}; wall ${wallSeconds} s`,
				...reports.map(
					(report, i) =>
						`  ${report.setting}: ${describeApplications(report, runners[i])}; drain ${drain[i].polls} polls`,
				),
				'',
			].join('\n'),
		);

		expect(drain.map(({ drained }) => drained)).toEqual(runners.map(() => true));
		for (const report of reports) expectNoProblems(report);
		// The world did what it claims: jobs closed, reopened, deleted, interviews cancelled; the
		// picked one deleted was named by a failing poll and taken out of the list.
		expect(world.counts.jobLifecycle.closed).toBeGreaterThan(0);
		expect(world.counts.jobLifecycle.reopened).toBeGreaterThan(0);
		expect(world.counts.jobLifecycle.deleted).toBeGreaterThan(1);
		expect(world.counts.applications['interview cancelled']).toBeGreaterThan(0);
		expect(unpicked).toBe(true);
		// Every setting emitted: Picked Jobs its jobs' applications and the deleted one's Removed;
		// the others, given polls enough, every event they chose.
		expect(reports[2].byEvent).toMatchObject({
			newApplication: expect.any(Number),
			removed: expect.any(Number),
		});
		const guards = new Guards();
		guards.check(POLLS >= 100, 'every chosen event emitted (SOAK_SETTING_POLLS < 100)', () => {
			for (const [i, report] of reports.entries()) {
				if (settings[i].watch === 'picked') continue;
				expect({ setting: report.setting, events: Object.keys(report.byEvent).sort() }).toEqual({
					setting: report.setting,
					events: [...settings[i].events].sort(),
				});
			}
		});
		guards.check(FAULTS_ON, 'faults were injected and polls failed (SOAK_FAULTS=off)', () => {
			expect(faults).toBeGreaterThan(0);
			expect(failedInSoak.every((n) => n > 0)).toBe(true);
		});
		guards.check(
			!FAULTS_ON,
			'no poll failed without faults but the documented one (faults on)',
			() =>
				expect(
					runners.map(
						(r) => r.failed - (r.failures.get('a deleted picked job named (documented)') ?? 0),
					),
				).toEqual(runners.map(() => 0)),
		);
		guards.say(`SOAK settings, seed ${SEED}`);
	},
	Math.max(300_000, POLLS * 6 * 2_000),
);
