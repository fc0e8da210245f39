// @ts-check
'use strict';
/**
 * How the e2e judges the end of one `n8n execute`: a pure function of what the harness saw
 * (exit code, signal, timeout, whether the run data was printed and what it holds), and the cap
 * on the tolerated ends. No I/O, no state: test/unit/e2eOutcome.test.ts feeds it case by case.
 * lib/n8n.js (ExecResult) gathers the facts, lib/checks.js (itemsOf, the closing lines) and
 * legs/workflows.js (expectOk, expectFailed) act on the verdict.
 */

/**
 * Signals that may end `n8n execute` after it printed its run data, by n8n major: only what was
 * measured to happen without this package as well (test/tools/e2e/README.md, "Signals after a
 * printed run"; execute-signals.js measures it). Any other signal, a tolerated one before the
 * run data is printed, or more than MAX_TOLERATED_PER_VERSION of them in one run, fails.
 * @type {Readonly<Record<number, readonly NodeJS.Signals[]>>}
 */
const TOLERATED_SIGNALS = Object.freeze({
	1: Object.freeze(/** @type {const} */ (['SIGSEGV'])),
	// Seen once on 2.41.1 too, after the printed run of an empty workflow (n8n's Manual Trigger
	// alone) in `npm run bench` (scenario 2, 2026-11-26, 1 of 6 runs, the machine loaded).
	2: Object.freeze(/** @type {const} */ (['SIGSEGV'])),
});
const MAX_TOLERATED_PER_VERSION = 2;

/**
 * What a tolerated end of `n8n execute` is called in the e2e's "N tolerated: ..." line.
 * @param {NodeJS.Signals} signal @param {string} version
 */
const toleratedKind = (signal, version) => `${signal} after a printed run on ${version}`;

/**
 * @typedef {object} RunFacts  what the harness saw of one `n8n execute`
 * @property {number | null} code  its exit code (null when a signal ended it)
 * @property {NodeJS.Signals | null} signal  the signal that ended it, if one did
 * @property {boolean} timedOut  the harness killed it at its time limit
 * @property {boolean} printed  it printed its run data (parsed)
 * @property {string} [runError]  the printed run's workflow-level error message, if any
 * @property {string[]} nodeErrors  the nodes of the printed run that hold an error
 * @property {number} major  the n8n major that ran it
 * @property {string} version  the n8n version that ran it
 */

/**
 * @typedef {object} Outcome
 * @property {'succeeded' | 'failed' | 'unjudged'} verdict
 *   succeeded: n8n printed a run with no workflow or node error and exited 0 (or was ended by a
 *   tolerated signal after printing it): its items may be read.
 *   failed: n8n reported a failure itself: a run with an error printed and a non-zero exit (or
 *   a tolerated signal after it), or no run at all and a non-zero exit (it failed before
 *   running, e.g. an unknown node type). The check then asks whether it is the failure it
 *   expects.
 *   unjudged: anything else (a timeout; a signal that is not tolerated, or came before the run
 *   was printed; an exit code that contradicts the printed run): neither a success nor the
 *   failure a check expects.
 * @property {string} tolerated  the "N tolerated: ..." kind when a tolerated signal ended it ('' otherwise)
 * @property {string} why  one line saying how it ended
 */

/**
 * @param {RunFacts} f
 * @param {Readonly<Record<number, readonly NodeJS.Signals[]>>} [tolerable]  TOLERATED_SIGNALS
 * @returns {Outcome}
 */
function classifyRun(f, tolerable = TOLERATED_SIGNALS) {
	const errored = f.runError !== undefined || f.nodeErrors.length > 0;
	const printedWhat = errored
		? `a run that failed (${f.runError ?? `error on ${f.nodeErrors.join(', ')}`})`
		: 'a good run';
	/** @param {Outcome['verdict']} verdict @param {string} why @param {string} [tolerated] */
	const out = (verdict, why, tolerated = '') => ({ verdict, why, tolerated });
	if (f.timedOut) return out('unjudged', 'n8n execute timed out (killed by the harness)');
	if (f.signal !== null) {
		const allowed = tolerable[f.major] || [];
		if (!f.printed)
			return out('unjudged', `n8n execute was ended by ${f.signal} before printing its run`);
		if (!allowed.includes(f.signal))
			return out(
				'unjudged',
				`n8n execute was ended by ${f.signal} after printing ${printedWhat} (not tolerated: ${
					allowed.length ? `only ${allowed.join(', ')}` : 'no signal is'
				} on ${f.major}.x)`,
			);
		return out(
			errored ? 'failed' : 'succeeded',
			`n8n execute was ended by ${f.signal} after printing ${printedWhat} (tolerated on ${f.major}.x)`,
			toleratedKind(f.signal, f.version),
		);
	}
	if (!f.printed)
		return f.code === 0
			? out('unjudged', 'n8n execute exited 0 without printing a run')
			: out('failed', `n8n execute exited ${f.code} without printing a run`);
	if (f.code === 0)
		return errored
			? out('unjudged', `n8n execute exited 0 after printing ${printedWhat}`)
			: out('succeeded', 'exit 0, a good run');
	return errored
		? out('failed', `exit ${f.code}, ${printedWhat}`)
		: out('unjudged', `n8n execute exited ${f.code} after printing a good run`);
}

/**
 * The tolerated kinds seen more often than allowed in one e2e run: one line each, for a FAIL.
 * @param {ReadonlyMap<string, { count: number, max: number, runs: readonly string[] }>} tolerances
 * @returns {string[]}
 */
function overTolerance(tolerances) {
	return [...tolerances]
		.filter(([, t]) => t.count > t.max)
		.map(
			([kind, t]) =>
				`${t.count} × ${kind}, more than the ${t.max} tolerated in one run: ${t.runs.join('; ')}`,
		);
}

module.exports = {
	TOLERATED_SIGNALS,
	MAX_TOLERATED_PER_VERSION,
	toleratedKind,
	classifyRun,
	overTolerance,
};
