/* eslint-disable @typescript-eslint/no-require-imports -- the e2e harness is plain JavaScript run by node (test/tools/e2e); its modules are required as the harness requires them */
/*
 * How the real-n8n e2e run (test/tools/e2e) judges the end of an `n8n execute`, case by case:
 * classifyRun (lib/outcome.js) from the exit code, the signal and when it came (before or after
 * the printed run), a timeout and what the printed run holds; the cap on tolerated ends
 * (overTolerance); and that a check reads no items from a run that did not succeed
 * (itemsOf, lib/checks.js, on the ExecResult of lib/n8n.js).
 */

interface RunFacts {
	code: number | null;
	signal: NodeJS.Signals | null;
	timedOut: boolean;
	printed: boolean;
	runError?: string;
	nodeErrors: string[];
	major: number;
	version: string;
}
interface Outcome {
	verdict: 'succeeded' | 'failed' | 'unjudged';
	tolerated: string;
	why: string;
}
interface Tolerance {
	count: number;
	max: number;
	runs: string[];
}
interface ExecResult {
	readonly ok: boolean;
	readonly failed: boolean;
	readonly outcome: Outcome;
}
type Json = Record<string, unknown>;

const { classifyRun, overTolerance, MAX_TOLERATED_PER_VERSION } =
	require('../tools/e2e/lib/outcome') as {
		classifyRun: (facts: RunFacts) => Outcome;
		overTolerance: (tolerances: ReadonlyMap<string, Tolerance>) => string[];
		MAX_TOLERATED_PER_VERSION: number;
	};
const { ExecResult } = require('../tools/e2e/lib/n8n') as {
	ExecResult: new (
		id: string,
		code: number | null,
		output: string,
		run: unknown,
		ms: number,
		timedOut: boolean,
	) => ExecResult;
};
const { itemsOf } = require('../tools/e2e/lib/checks') as {
	itemsOf: (r: ExecResult, node: string) => Json[];
};

const on1 = { major: 1, version: '1.123.81' };
const on2 = { major: 2, version: '2.41.1' };
const good: RunFacts = {
	code: 0,
	signal: null,
	timedOut: false,
	printed: true,
	nodeErrors: [],
	...on2,
};
const failedRun = { runError: 'Bad request', nodeErrors: ['Get Candidate'] };

describe('classifyRun: how an `n8n execute` ended', () => {
	/** A run that ended by `signal`, without an exit code. */
	const killed = (signal: NodeJS.Signals, more: Partial<RunFacts> = {}): RunFacts => ({
		...good,
		code: null,
		signal,
		...more,
	});
	const segv1 = 'SIGSEGV after a printed run on 1.123.81';
	const cases: Array<[string, RunFacts, Outcome['verdict'], string?]> = [
		['exit 0, a good run printed', good, 'succeeded'],
		['exit 1, a failed run printed', { ...good, code: 1, ...failedRun }, 'failed'],
		['exit 1, no run printed (n8n failed first)', { ...good, code: 1, printed: false }, 'failed'],
		['exit 0 but the printed run failed', { ...good, ...failedRun }, 'unjudged'],
		[
			'exit 0, no workflow error but a node error (a node that continued on fail)',
			{ ...good, nodeErrors: ['Candidates Modified Since Run Start'] },
			'unjudged',
		],
		['exit 1 after a good run', { ...good, code: 1 }, 'unjudged'],
		['exit 0 and no run printed', { ...good, printed: false }, 'unjudged'],
		['timed out, after printing a good run', killed('SIGKILL', { timedOut: true }), 'unjudged'],
		['timed out, by the tolerated signal', killed('SIGSEGV', { timedOut: true }), 'unjudged'],
		['SIGSEGV after a printed good run on 1.x', killed('SIGSEGV', on1), 'succeeded', segv1],
		[
			'SIGSEGV after a printed good run on 2.x',
			killed('SIGSEGV'),
			'succeeded',
			'SIGSEGV after a printed run on 2.41.1',
		],
		[
			'SIGSEGV after a printed failed run on 1.x',
			killed('SIGSEGV', { ...on1, ...failedRun }),
			'failed',
			segv1,
		],
		[
			'SIGSEGV before the run was printed',
			killed('SIGSEGV', { printed: false, ...on1 }),
			'unjudged',
		],
		['SIGKILL (an out-of-memory kill) after a good run', killed('SIGKILL'), 'unjudged'],
		['SIGABRT after a printed good run', killed('SIGABRT', on1), 'unjudged'],
		[
			'SIGSEGV on a major nothing was measured on',
			killed('SIGSEGV', { major: 3, version: '3.0.0' }),
			'unjudged',
		],
	];
	it.each(cases)('%s', (_name, facts, verdict, tolerated = '') => {
		const outcome = classifyRun(facts);
		expect({ verdict: outcome.verdict, tolerated: outcome.tolerated }).toEqual({
			verdict,
			tolerated,
		});
		expect(outcome.why).not.toBe('');
	});

	it('says which signal ended the run and whether it came before the printed run', () => {
		const before = classifyRun(killed('SIGSEGV', { printed: false }));
		const after = classifyRun(killed('SIGKILL'));
		expect(before.why).toMatch(/SIGSEGV before printing/);
		expect(after.why).toMatch(/SIGKILL after printing a good run \(not tolerated/);
	});
});

describe('overTolerance: at most 2 tolerated ends per version in one run', () => {
	const kind = 'SIGSEGV after a printed run on 1.123.81';
	const tally = (count: number) =>
		new Map([
			[
				kind,
				{
					count,
					max: MAX_TOLERATED_PER_VERSION,
					runs: Array.from({ length: count }, (_, i) => `run ${i}`),
				},
			],
			[
				'SIGSEGV after a printed run on 2.41.1',
				{ count: 1, max: MAX_TOLERATED_PER_VERSION, runs: ['x'] },
			],
		]);

	it('accepts 0, 1 and 2', () => {
		expect(MAX_TOLERATED_PER_VERSION).toBe(2);
		for (const count of [0, 1, 2]) expect(overTolerance(tally(count))).toEqual([]);
	});

	it('reports a 3rd by kind, with the runs it was', () => {
		expect(overTolerance(tally(3))).toEqual([
			`3 × ${kind}, more than the 2 tolerated in one run: run 0; run 1; run 2`,
		]);
	});
});

describe('itemsOf: no items are read from a run that did not succeed', () => {
	/** A run as `n8n execute` prints it: the given nodes' items (or error), and the workflow's error. */
	const printed = (nodes: Record<string, Json[] | { error: Json }>, error?: Json) => ({
		data: {
			resultData: {
				runData: Object.fromEntries(
					Object.entries(nodes).map(([name, out]) => [
						name,
						[Array.isArray(out) ? { data: { main: [out.map((json) => ({ json }))] } } : out],
					]),
				),
				...(error && { error, lastNodeExecuted: Object.keys(nodes).slice(-1)[0] }),
			},
		},
	});
	const result = (code: number | null, run: unknown, signal: NodeJS.Signals | null = null) => {
		const r = new ExecResult('wf', code, '', run, 1000, false);
		Object.assign(r, { signal, ...on2 });
		return r;
	};
	const node = 'Candidates Modified Since Run Start';
	const http400 = { message: 'Bad request - please check your parameters', httpCode: '400' };

	it('reads the items of a good run', () => {
		expect(itemsOf(result(0, printed({ [node]: [{ id: 'c1' }] })), node)).toEqual([{ id: 'c1' }]);
		expect(itemsOf(result(0, printed({ [node]: [] })), node)).toEqual([]);
	});

	it('refuses the run of a node that failed with a 400 ("none yet" must not pass on it)', () => {
		const r = result(1, printed({ [node]: { error: http400 } }, http400));
		expect(r.ok).toBe(false);
		expect(r.failed).toBe(true);
		expect(() => itemsOf(r, node)).toThrow(/did not succeed.*Bad request/);
	});

	it('refuses a run that exited 0 with a node error (On Error: continue)', () => {
		const r = result(0, printed({ Start: [{}], [node]: { error: http400 } }));
		expect(() => itemsOf(r, node)).toThrow(/did not succeed/);
	});

	it('refuses a good run that exited 1, and one ended by a signal it does not tolerate', () => {
		expect(() => itemsOf(result(1, printed({ [node]: [] })), node)).toThrow(/exited 1/);
		expect(() => itemsOf(result(null, printed({ [node]: [] }), 'SIGKILL'), node)).toThrow(
			/SIGKILL/,
		);
	});

	it('reads a good run ended by SIGSEGV after the print, and says so', () => {
		const r = result(null, printed({ [node]: [{ id: 'c1' }] }), 'SIGSEGV');
		expect(r.outcome.tolerated).toBe('SIGSEGV after a printed run on 2.41.1');
		expect(itemsOf(r, node)).toEqual([{ id: 'c1' }]);
	});

	it('names a node that did not run', () => {
		expect(() => itemsOf(result(0, printed({ Start: [{}] })), node)).toThrow(
			`node "${node}" did not run`,
		);
	});
});

describe('closingLines: every skip named and counted; under CI a skip fails the run', () => {
	interface Checks {
		skip: (what: string, why: string) => void;
		check: (name: string, fn: () => unknown) => Promise<boolean>;
		closingLines: (opts?: { ci?: boolean }) => { passed: number; failed: number; skipped: number };
	}
	/** A fresh copy of lib/checks.js (its counters are the run's), and what it printed. */
	const fresh = () => {
		let checks: Checks | undefined;
		jest.isolateModules(() => {
			checks = require('../tools/e2e/lib/checks') as Checks;
		});
		const lines: string[] = [];
		jest.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
		return { checks: checks as Checks, lines };
	};
	afterEach(() => jest.restoreAllMocks());

	it('names each skip when it happens and in the closing lines', async () => {
		const { checks, lines } = fresh();
		await checks.check('one check', () => 'fine');
		checks.skip('the editor checks on n8n 2.41.1', 'E2E_SKIP_EDITOR=1');
		checks.skip('the queue mode leg', 'E2E_SKIP_QUEUE=1');
		expect(checks.closingLines()).toEqual({ passed: 1, failed: 0, skipped: 2 });
		expect(lines).toContain('SKIP  the editor checks on n8n 2.41.1: E2E_SKIP_EDITOR=1');
		expect(lines.slice(-2)).toEqual([
			'2 skipped: the editor checks on n8n 2.41.1 (E2E_SKIP_EDITOR=1); the queue mode leg (E2E_SKIP_QUEUE=1)',
			'1 passed, 0 failed',
		]);
	});

	it('fails the run under CI when anything was skipped', () => {
		const { checks, lines } = fresh();
		checks.skip('every leg on n8n 1.123.81', 'E2E_N8N_VERSIONS=2.41.1');
		expect(checks.closingLines({ ci: true })).toEqual({ passed: 0, failed: 1, skipped: 1 });
		expect(lines).toContain(
			'FAIL  CI=true allows no skipped leg or check; skipped: every leg on n8n 1.123.81 (E2E_N8N_VERSIONS=2.41.1)',
		);
		expect(lines.slice(-1)).toEqual(['0 passed, 1 failed']);
	});

	it('says "0 skipped" when nothing was, and CI then passes', async () => {
		const { checks, lines } = fresh();
		await checks.check('one check', () => undefined);
		expect(checks.closingLines({ ci: true })).toEqual({ passed: 1, failed: 0, skipped: 0 });
		expect(lines.slice(-2)).toEqual(['0 skipped', '1 passed, 0 failed']);
	});
});
