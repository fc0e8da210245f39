/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code: runs under jest, never ships (package.json files: dist only; the scanner reads nodes/ and credentials/) */
/*
 * What the soak files share in their checks: the application ledger's figures in one line,
 * the assertion that it found nothing by any kind, and guards (checks a setting switches off
 * say so, and are counted).
 */
import { PROBLEMS } from './applications';
import type { ApplicationReport, ApplicationRunner } from './applications';

export const brief = (map: Map<string, number> | Record<string, number>) =>
	Object.entries(map instanceof Map ? Object.fromEntries(map) : map)
		.map(([k, n]) => `${k}: ${n}`)
		.join(', ') || 'none';

export function describeApplications(report: ApplicationReport, runner: ApplicationRunner): string {
	return (
		`${report.polls} polls checked (${runner.failed} failed: ${brief(runner.failures)}; ${runner.restarts} restarts), ` +
		`${report.jobReads} job reads (${report.silentReads} owing nothing); ${report.logged} application changes in the sandbox's log; ` +
		`events owed ${report.owed}, emitted ${report.emitted} (${brief(report.byEvent)}), deferred by Max Items ${report.deferred}; ` +
		PROBLEMS.map((kind) => `${kind} ${report[kind]}`).join(', ')
	);
}

/** Every kind of problem the ledger reports is 0, with its examples in the failure. */
export function expectNoProblems(report: ApplicationReport): void {
	expect({ setting: report.setting, examples: report.examples }).toEqual({
		setting: report.setting,
		examples: Object.fromEntries(PROBLEMS.map((kind) => [kind, []])),
	});
	expect(PROBLEMS.map((kind) => report[kind])).toEqual(PROBLEMS.map(() => 0));
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
