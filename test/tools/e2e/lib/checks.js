// @ts-check
'use strict';
/**
 * The checks of the e2e run (run-e2e.js and its legs/): check() runs one and prints one line
 * for it, expect() fails it, show() and itemsOf() help to say why. The pass/fail counters live
 * here, shared by every leg; run-e2e.js reads them for the final "N passed, M failed".
 */
const { fmtMs } = require('./util');

let passed = 0;
let failed = 0;

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
 * @param {import('./n8n').ExecResult} r
 * @param {string} node
 * @returns {any[]}
 */
function itemsOf(r, node) {
	const items = r.items(node);
	if (items === undefined) {
		throw new Error(`node "${node}" did not run: ${r.ok ? 'no data' : r.describe()}`);
	}
	return items;
}

/** The counts so far, for the final "N passed, M failed". */
const counts = () => ({ passed, failed });

/** Counts a failure reported outside check() (the harness crashed). */
function recordFailure() {
	failed++;
}

module.exports = { check, expect, show, itemsOf, counts, recordFailure };
