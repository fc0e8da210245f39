// @ts-check
'use strict';
/**
 * What the benchmarks share: a measurement in a child process, statistics and tables. Plain
 * Node; the command line, temp folders, sleeping and process trees come from the e2e harness
 * (test/tools/e2e/lib/util.js).
 */
const path = require('node:path');
const { run } = require('../../e2e/lib/util');

const WORKER = path.join(__dirname, '..', 'worker.js');

/**
 * Runs one measurement in a fresh `node worker.js` and returns its RESULT object
 * (`{ failed }` when it crashed or timed out).
 * @param {Record<string, unknown>} task
 * @param {{ timeoutMs?: number, nodeArgs?: string[] }} [options]
 * @returns {Promise<any>}
 */
async function runWorker(task, { timeoutMs = 15 * 60_000, nodeArgs = [] } = {}) {
	const r = await run(process.execPath, [...nodeArgs, WORKER, JSON.stringify(task)], { timeoutMs });
	const match = /^RESULT (.*)$/m.exec(r.stdout);
	if (match) return JSON.parse(match[1]);
	return { failed: `worker exited ${r.code ?? r.signal}: ${(r.stderr || r.stdout).slice(-2000)}` };
}

/** @param {number[]} values */
function median(values) {
	const sorted = values
		.filter((v) => typeof v === 'number' && Number.isFinite(v))
		.sort((a, b) => a - b);
	if (sorted.length === 0) return NaN;
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** @param {number[]} values */
function spread(values) {
	const finite = values.filter((v) => Number.isFinite(v));
	return finite.length > 1 ? `${fmt(Math.min(...finite))}–${fmt(Math.max(...finite))}` : '';
}

/**
 * @param {number} value
 * @param {number} [digits]
 */
function fmt(value, digits) {
	if (typeof value !== 'number' || !Number.isFinite(value)) return '–';
	const d = digits ?? (Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2);
	return value.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
}

const secs = (/** @type {number} */ ms) => `${fmt(ms / 1000, 1)} s`;
const mib = (/** @type {number} */ mb) => (Number.isFinite(mb) ? `${fmt(mb, 0)} MB` : '–');
const pct = (/** @type {number} */ ratio) =>
	Number.isFinite(ratio) ? `${ratio >= 0 ? '+' : ''}${fmt(ratio * 100, 1)} %` : '–';
const times = (/** @type {number} */ ratio) => (Number.isFinite(ratio) ? `${fmt(ratio, 2)}×` : '–');
/** A difference in MB with its sign. */
const signedMib = (/** @type {number} */ mb) =>
	Number.isFinite(mb) ? `${mb > 0 ? '+' : mb < 0 ? '−' : '±'}${mib(Math.abs(mb))}` : '–';

/**
 * A Markdown pipe table, columns padded so it reads in a terminal too.
 * @param {string[]} header
 * @param {(string | number | undefined)[][]} rows
 */
function table(header, rows) {
	const cells = [header, ...rows.map((row) => row.map((c) => String(c)))];
	const widths = header.map((_, i) => Math.max(3, ...cells.map((row) => (row[i] ?? '').length)));
	const line = (/** @type {string[]} */ row) =>
		`| ${row.map((c, i) => (c ?? '').padEnd(widths[i])).join(' | ')} |`;
	return [
		line(cells[0]),
		`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
		...cells.slice(1).map(line),
	].join('\n');
}

/**
 * table() of rows given as { column: cell }: the columns in the order they first appear, a cell
 * a row lacks left empty.
 * @param {Record<string, string | number | undefined>[]} rows
 */
function tableOf(rows) {
	const header = [...new Set(rows.flatMap((row) => Object.keys(row)))];
	return table(
		header,
		rows.map((row) => header.map((h) => row[h] ?? '')),
	);
}

/** Goal verdict for a table cell. @param {boolean | undefined} ok */
const verdict = (ok) => (ok === undefined ? '–' : ok ? 'met' : '**missed**');

module.exports = {
	runWorker,
	median,
	spread,
	fmt,
	secs,
	mib,
	pct,
	times,
	signedMib,
	table,
	tableOf,
	verdict,
};
