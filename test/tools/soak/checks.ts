/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: runs under jest, never ships (package.json files: dist only; the scanner reads nodes/ and credentials/) */
/* What the soak files share. */
import { performance } from 'node:perf_hooks';

import nock from 'nock';

import * as wait from '../../../nodes/shared/wait';
import { API_KEY } from '../../harness/secrets';
import { createSandbox } from '../sandbox';
import type { Sandbox, SandboxOptions } from '../sandbox';
import { PROBLEMS } from './applications';
import type { ApplicationReport, ApplicationRunner } from './applications';

export const SEED = Number(process.env.SOAK_SEED ?? 1);
/** `off`: no injected faults, so a run is the trigger's logic alone (the changes stay the same). */
export const FAULTS_ON = process.env.SOAK_FAULTS !== 'off';

/**
 * Registers the soak's hooks and returns how to open its sandbox: loopback only, a fixed clock
 * that moves when told, n8n's clock (`Date.now`) the sandbox's less `skewMs`, and the node's
 * waits (a 429's Retry-After, the retries' backoff, the pace after a 429) skipped: they would
 * cost minutes of wall time and change nothing a poll does on this clock. Closed after each test.
 */
export function soakSandbox(): (options: SandboxOptions, skewMs?: number) => Promise<Sandbox> {
	let sandbox: Sandbox | undefined;
	const { now } = Date;
	const { pause } = wait;
	beforeAll(() => {
		nock.disableNetConnect();
		nock.enableNetConnect('127.0.0.1');
	});
	afterAll(() => {
		nock.cleanAll();
		nock.enableNetConnect();
	});
	afterEach(async () => {
		Date.now = now;
		Object.assign(wait, { pause });
		await sandbox?.close();
	});
	return async (options, skewMs = 0) => {
		const opened = await createSandbox({
			seed: SEED,
			apiKey: API_KEY,
			rateLimit: false,
			clock: { mode: 'fixed', start: '2026-03-02T08:00:00.000Z', stepMs: 1 },
			requestLogLimit: 5_000_000,
			...options,
		});
		sandbox = opened;
		// Replaced, not spied on: a spy would keep every one of millions of calls.
		Date.now = () => opened.clock.peek() - skewMs;
		Object.assign(wait, { pause: async () => {} });
		return opened;
	};
}

/** Says how far a run is every 10 s (jest prints a test's output only at its end). */
export function progress(label: string): (done: number, of: number) => void {
	let saidAt = performance.now();
	return (done, of) => {
		if (performance.now() - saidAt < 10_000) return;
		saidAt = performance.now();
		process.stdout.write(`${label}: ${done} of ${of} polls...\n`);
	};
}

export const brief = (map: Map<string, number> | Record<string, number>) =>
	Object.entries(map instanceof Map ? Object.fromEntries(map) : map)
		.map(([k, n]) => `${k}: ${n}`)
		.join(', ') || 'none';

export function describeApplications(report: ApplicationReport, runner: ApplicationRunner): string {
	return (
		`${report.polls} polls checked (${runner.failed} failed: ${brief(runner.failures)}; ${runner.restarts} restarts; ${report.idle} idle), ` +
		`job reads ${brief(report.reads)}; ${report.logged} application changes in the sandbox's log; ` +
		`events owed ${report.owed}, emitted ${report.emitted} (${brief(report.byEvent)}), deferred by Max Items ${report.deferred}; ` +
		brief(report.problems)
	);
}

/**
 * Every kind of problem the ledger reports is 0, with its examples in the failure; the kinds
 * found are first printed on a line of their own, `SOAK PROBLEMS <setting>: <kinds>`, which
 * `npm run mutants` reads.
 */
export function expectNoProblems(report: ApplicationReport): void {
	const found = PROBLEMS.filter((kind) => report.problems[kind] > 0);
	if (found.length > 0)
		process.stdout.write(`SOAK PROBLEMS ${report.setting}: ${found.join(', ')}\n`);
	// A problem is counted only with its example (ledger `note`): no examples, no problems.
	expect({ setting: report.setting, examples: report.examples }).toEqual({
		setting: report.setting,
		examples: Object.fromEntries(PROBLEMS.map((kind) => [kind, []])),
	});
}

/** Checks that run only under a condition; those switched off are named in the output. */
export class Guards {
	readonly off: string[] = [];

	check(condition: boolean, name: string, check: () => void): void {
		if (condition) check();
		else this.off.push(name);
	}

	say(prefix: string): void {
		process.stdout.write(
			`${prefix}: ${this.off.length} check(s) switched off by the settings${this.off.length ? `: ${this.off.join('; ')}` : ''}\n`,
		);
	}
}
