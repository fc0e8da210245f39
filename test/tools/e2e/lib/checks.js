// @ts-check
'use strict';
/**
 * The checks every leg shares: check() runs one and prints one line for it, expect() fails it,
 * show() and itemsOf() help to say why; the pass/fail counters, the tolerated outcomes and the
 * skips, which closingLines() prints at the end (README.md beside it).
 */
const { fmtMs } = require('./util');
const { overTolerance } = require('./outcome');

let passed = 0;
let failed = 0;
/**
 * Outcomes the run accepts but counts, by kind ("SIGSEGV after a printed run on 1.123.81"):
 * how many were seen, how many are allowed, and which runs they were.
 * @type {Map<string, { count: number, max: number, runs: string[] }>}
 */
const tolerances = new Map();
/**
 * What the run did not check, one line each ("<what> (<why>)"): a leg skipped by an E2E_SKIP_*
 * flag or a version left out, a guard that turned a check off.
 * @type {string[]}
 */
const skipped = [];

/**
 * Runs one check and prints one line for it.
 * @param {string} name
 * @param {() => unknown} fn  returns an optional detail string; throws to fail
 */
async function check(name, fn) {
	const started = Date.now();
	// A check that waits on n8n (a poll a minute, a start, a restart) says every 10 s that it is
	// still waiting, so the run is never silent for long.
	const timer = setInterval(
		() => console.log(`#   ...${name}: ${fmtMs(Date.now() - started)}`),
		10_000,
	);
	try {
		const detail = await fn();
		passed++;
		console.log(`PASS  ${name}${typeof detail === 'string' && detail ? ` (${detail})` : ''}`);
		return true;
	} catch (error) {
		failed++;
		const msg = error instanceof Error ? error.message : String(error);
		console.log(`FAIL  ${name}: ${msg.replace(/\s+/g, ' ').slice(0, 900)}`);
		return false;
	} finally {
		clearInterval(timer);
	}
}

/**
 * @param {unknown} cond
 * @param {string} msg
 * @returns {asserts cond}
 */
function expect(cond, msg) {
	if (!cond) throw new Error(msg);
}

/** @param {unknown} v */
const show = (v) => JSON.stringify(v)?.slice(0, 300);

/**
 * Fails unless `actual` has each field of `want`: a key is a path into it (`'stage.id'`,
 * `'0.name'`, `'length'`), a value what that field must be (compared as JSON, so objects and
 * arrays whole, in order) or a test it must pass.
 * @param {any} actual
 * @param {Record<string, unknown>} want
 * @param {string} [what]  what `actual` is, for the message
 */
function expectFields(actual, want, what = '') {
	for (const [key, value] of Object.entries(want)) {
		const got = key.split('.').reduce((o, k) => (o == null ? undefined : o[k]), actual);
		const test = typeof value === 'function';
		expect(
			test ? value(got) : JSON.stringify(got) === JSON.stringify(value),
			`${what ? `${what}: ` : ''}${key} is ${show(got)}${test ? '' : `, want ${show(value)}`}`,
		);
	}
}

/**
 * The items of a node of a run that should have succeeded. They are read only when n8n reported
 * the run as a success (exit 0, or a tolerated signal after the printed run; no workflow error,
 * no node error: lib/outcome.js): an errored node has no items, and "no items" is what some
 * checks expect.
 * @param {import('./n8n').ExecResult} r
 * @param {string} node
 * @returns {any[]}
 */
function itemsOf(r, node) {
	if (!r.ok) throw new Error(`the run did not succeed, its items are not read: ${r.describe()}`);
	const items = r.items(node);
	if (items === undefined) throw new Error(`node "${node}" did not run`);
	return items;
}

/** Counts a failure reported outside check() (the harness crashed). */
function recordFailure() {
	failed++;
}

/**
 * Declares an outcome the run tolerates, at most `max` times: its "N tolerated" line is printed
 * at the end even when it never happened.
 * @param {string} kind
 * @param {number} max
 */
function allowTolerance(kind, max) {
	if (!tolerances.has(kind)) tolerances.set(kind, { count: 0, max, runs: [] });
}

/**
 * Counts one tolerated outcome (declared with allowTolerance) and says which run it was.
 * @param {string} kind
 * @param {string} run  what ran, and how it ended
 */
function tolerate(kind, run) {
	const t = tolerances.get(kind);
	if (!t) throw new Error(`tolerate("${kind}") without allowTolerance`);
	t.count++;
	t.runs.push(run);
	console.log(`# tolerated (${t.count} of at most ${t.max}): ${run}`);
}

/**
 * Records a leg or check that is not run, and says so at once: a "SKIP" line. It is named again
 * in the closing lines, and under CI it fails the run.
 * @param {string} what  what is not checked
 * @param {string} why  the flag or guard that turned it off
 */
function skip(what, why) {
	skipped.push(`${what} (${why})`);
	console.log(`SKIP  ${what}: ${why}`);
}

/**
 * The end of the output: a FAIL line for each tolerated kind seen more often than allowed (and
 * counted as a failure), under CI a FAIL line when anything was skipped, a "N tolerated: <kind>"
 * line for each kind, a "N skipped" line naming each skip, then "N passed, M failed".
 * @param {{ ci?: boolean }} [opts]  ci: skips fail the run (CI=true, as .ci/run sets it)
 * @returns {{ passed: number, failed: number, skipped: number }}
 */
function closingLines(opts = {}) {
	for (const line of overTolerance(tolerances)) {
		failed++;
		console.log(`FAIL  ${line.slice(0, 900)}`);
	}
	if (opts.ci && skipped.length) {
		failed++;
		console.log(
			`FAIL  CI=true allows no skipped leg or check; skipped: ${skipped.join('; ').slice(0, 900)}`,
		);
	}
	for (const [kind, t] of tolerances)
		console.log(`${t.count} tolerated: ${kind} (at most ${t.max})`);
	console.log(`${skipped.length} skipped${skipped.length ? `: ${skipped.join('; ')}` : ''}`);
	console.log(`${passed} passed, ${failed} failed`);
	return { passed, failed, skipped: skipped.length };
}

module.exports = {
	check,
	expect,
	expectFields,
	show,
	itemsOf,
	recordFailure,
	allowTolerance,
	tolerate,
	skip,
	closingLines,
};
