/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: runs under jest, never ships (package.json files: dist only; the scanner reads nodes/ and credentials/) */
/*
 * Soak: the application trigger under every choice a user has, side by side in one world
 * (part of `npm run soak`). test/tools/soak/README.md, "Every choice a user has", says what each
 * setting owes and the variables.
 */
import { performance } from 'node:perf_hooks';

import { ALL_JOBS, ApplicationLedger, ApplicationRunner } from './applications';
import type { WatchSetting } from './applications';
import {
	brief,
	describeApplications,
	expectNoProblems,
	FAULTS_ON,
	Guards,
	progress,
	SEED,
	soakSandbox,
} from './checks';
import { World, prng, soakFaults } from './world';

const POLLS = Number(process.env.SOAK_SETTING_POLLS ?? 200);
const POLL_INTERVAL_MS = 60_000;
const JOBS = 48;
const JOBS_PER_POLL = 4;
const MAX_ITEMS = 20;
const DRAIN_POLLS = 200;
const PICKED = 8;
const DOCUMENTED = 'a deleted picked job named (documented)';

const SETTINGS: Record<string, (picked: string[]) => WatchSetting> = {
	all: () => ({ ...ALL_JOBS }),
	open: () => ({ ...ALL_JOBS, label: 'Open Jobs Only, every event, Everything', watch: 'open' }),
	picked: (picked) => ({
		...ALL_JOBS,
		label: `Picked Jobs (${PICKED}, ${picked[0]} deleted), every event, Everything`,
		watch: 'picked',
		picked: [...picked],
	}),
	target: () => ({
		...ALL_JOBS,
		label:
			'Target Stage Types Interview and Result, Target Stages "presented to client", 4 of 6 events, Everything',
		events: ['newApplication', 'stageChanged', 'placed', 'removed'],
		stageTypes: ['interview', 'result'],
		stages: ['presented to client'],
	}),
	now: () => ({ ...ALL_JOBS, label: 'All Jobs, every event, From Now', start: 'now' }),
	durable: () => ({
		...ALL_JOBS,
		label: "All Jobs, every event, From Now, n8n's durable poll cursors",
		start: 'now',
		durable: true,
	}),
};
const CHOSEN = process.env.SOAK_SETTINGS?.split(',') ?? Object.keys(SETTINGS);

const openSandbox = soakSandbox();

it(
	`the application trigger under each Jobs to Watch, a Target Stage filter and From Now, ${POLLS} polls each`,
	async () => {
		const started = performance.now();
		const sandbox = await openSandbox({ candidates: 300, vacancies: JOBS });
		const random = prng(SEED + 1000);
		const world = new World(sandbox, random);
		await world.inventory();

		// Picked Jobs: 8 jobs, from the list's ids; the first is deleted halfway.
		const picked = [...world.jobList]
			.sort()
			.filter((_, i) => i % 6 === 3)
			.slice(0, PICKED);
		const doomed = picked[0];
		/** The documented failure: a picked job the API deleted, named by the poll after. */
		const pickedGone = (error: unknown) =>
			error instanceof Error &&
			error.message === `Job "${doomed}" of Jobs to Watch was not found` &&
			!sandbox.store.getVacancy(doomed)
				? DOCUMENTED
				: undefined;
		const runners = CHOSEN.map((key) => {
			const setting = SETTINGS[key](picked);
			const limits = { maxItems: MAX_ITEMS, jobsPerPoll: JOBS_PER_POLL };
			return new ApplicationRunner(sandbox.url, new ApplicationLedger(sandbox, limits, setting), {
				requestLog: sandbox.requestLog,
				random,
				restartRate: 0.02,
				restartAfterFailure: 0.5,
				documented: setting.watch === 'picked' ? pickedGone : undefined,
			});
		});
		/** README: "the next poll fails naming it until it is removed from the list". */
		const poll = async (runner: ApplicationRunner) => {
			const emitted = await runner.poll();
			if (runner.failures.has(DOCUMENTED) && runner.ledger.setting.picked?.includes(doomed))
				runner.unpick(doomed);
			return emitted;
		};

		const requestsBefore = sandbox.requestLog.seq;
		if (FAULTS_ON) sandbox.setFaults(soakFaults(SEED));
		const say = progress(`SOAK settings, seed ${SEED}`);
		for (let i = 0; i < POLLS; i++) {
			say(i, POLLS);
			if (i > 0) {
				world.jobActivity();
				world.jobLifecycle(new Set(picked));
				if (i === Math.floor(POLLS / 2)) world.deleteJob(doomed);
				world.rows(i, POLLS, new Set(picked));
				world.applicationActivity();
				if (random() < 0.3) world.interviewCancelled();
				world.sync();
			}
			sandbox.clock.advance(POLL_INTERVAL_MS);
			for (const runner of runners) if (!runner.ledger.failing) await poll(runner);
		}
		const faults = sandbox.requestLog.since(requestsBefore).filter((entry) => entry.fault).length;
		const failedInSoak = runners.map((runner) => runner.failed);

		// Drain: faults off, nothing changes; until every job in scope was read after its last
		// change. One after the other: each poll's requests are its own in the request log.
		sandbox.setFaults({});
		const drain: number[] = [];
		for (const runner of runners) {
			let polls = 0;
			for (; polls < DRAIN_POLLS && !runner.ledger.settled() && !runner.ledger.failing; polls++) {
				sandbox.clock.advance(POLL_INTERVAL_MS);
				await poll(runner);
			}
			drain.push(polls);
		}
		const reports = runners.map((runner) => runner.ledger.finish());
		process.stdout.write(
			[
				`SOAK settings, seed ${SEED}${FAULTS_ON ? '' : ', no faults'}: ${POLLS} polls per setting, ${faults} faults injected; ` +
					`jobs ${brief(world.counts.jobLifecycle)}, ${world.counts.jobsCreated} created; rows ${brief(world.counts.rows)}; applications ${brief(world.counts.applications)}; wall ${Math.round((performance.now() - started) / 1000)} s`,
				...reports.map(
					(report, i) =>
						`  ${report.setting}: ${describeApplications(report, runners[i])}; drain ${drain[i]} polls`,
				),
				'',
			].join('\n'),
		);

		for (const report of reports) expectNoProblems(report);
		// The world did what it claims: every row README promises, jobs closed, reopened,
		// deleted, interviews cancelled; the picked one deleted was named by a failing poll and
		// taken out of the list.
		expect(Object.keys(world.counts.rows).sort()).toEqual(World.ROWS);
		expect(world.counts.jobLifecycle.closed).toBeGreaterThan(0);
		expect(world.counts.jobLifecycle.reopened).toBeGreaterThan(0);
		expect(world.counts.applications['interview cancelled']).toBeGreaterThan(0);
		const guards = new Guards();
		guards.check(CHOSEN.includes('picked'), 'the deleted picked job named (SOAK_SETTINGS)', () => {
			const report = reports[CHOSEN.indexOf('picked')];
			expect(runners[CHOSEN.indexOf('picked')].failures.get(DOCUMENTED)).toBeGreaterThan(0);
			expect(report.byEvent).toMatchObject({
				newApplication: expect.any(Number),
				removed: expect.any(Number),
			});
		});
		guards.check(POLLS >= 100, 'every chosen event emitted (SOAK_SETTING_POLLS < 100)', () => {
			for (const [i, report] of reports.entries()) {
				if (CHOSEN[i] === 'picked') continue;
				expect({ setting: report.setting, events: Object.keys(report.byEvent).sort() }).toEqual({
					setting: report.setting,
					events: [...SETTINGS[CHOSEN[i]](picked).events].sort(),
				});
			}
		});
		guards.check(FAULTS_ON, 'faults were injected and polls failed (SOAK_FAULTS=off)', () => {
			expect(faults).toBeGreaterThan(0);
			expect(failedInSoak.every((n) => n > 0)).toBe(true);
		});
		const undocumented = runners.map((r) => r.failed - (r.failures.get(DOCUMENTED) ?? 0));
		guards.check(
			!FAULTS_ON,
			'no poll failed without faults but the documented one (faults on)',
			() => expect(undocumented).toEqual(runners.map(() => 0)),
		);
		guards.say(`SOAK settings, seed ${SEED}`);
	},
	Math.max(300_000, POLLS * 6 * 2_000),
);
