// @ts-check
'use strict';
/**
 * Ceilings on the peak resident memory of the n8n processes whose peak the e2e run records, by
 * n8n major: the highest peak measured plus 50 %, rounded up to a multiple of 50 MB, so that a
 * leak or a runaway loop shows and the spread between runs does not (README.md beside it).
 */
const { check, expect } = require('./checks');

/**
 * @typedef {'execute' | 'start' | 'editor' | 'queue' | 'durable'} PeakKind
 * execute: `n8n execute`, the highest VmHWM of the regular run's runs (one process);
 * start: `n8n start` with its task runner under the triggers of the regular run (the tree's
 * RSS, sampled every second); editor: the same for the editor leg's `n8n start`; queue: the
 * main and the worker with their runners, together; durable: the main with its runners.
 * @type {Record<PeakKind, Partial<Record<number, number>>>}
 */
const CEILINGS_MB = {
	// highest measured: 434 MB on 2.x, 383 MB on 1.x (execute-signals.js, 300 and 1,800 runs)
	execute: { 2: 700, 1: 600 },
	// 930 MB on 2.x, 874 MB on 1.x
	start: { 2: 1400, 1: 1350 },
	// 900 MB on 2.x, 800 MB on 1.x
	editor: { 2: 1350, 1: 1200 },
	// 757 MB
	queue: { 2: 1150 },
	// 879 MB
	durable: { 2: 1350 },
};

/**
 * One check: the recorded peak is measured (above 0) and within its ceiling.
 * @param {string} what  the processes, as the check line names them
 * @param {PeakKind} kind
 * @param {number} major
 * @param {number} peakMb
 */
async function checkPeak(what, kind, major, peakMb) {
	const ceiling = CEILINGS_MB[kind][major];
	return await check(`${what}: peak memory within its ceiling`, () => {
		expect(ceiling, `no ceiling for ${kind} on n8n ${major}.x`);
		expect(peakMb > 0, 'the peak was not measured (0 MB)');
		expect(
			peakMb <= ceiling,
			`peak RSS ${peakMb} MB, over the ceiling of ${ceiling} MB (lib/memory.js)`,
		);
		return `${peakMb} MB of at most ${ceiling} MB`;
	});
}

module.exports = { checkPeak };
