// @ts-check
'use strict';
/**
 * What the legs of one e2e run share besides the pass/fail counters (lib/checks.js): the
 * label of the n8n the checks run in, the section lines that show it, what to stop when the
 * run is interrupted, the environment flags the legs read, and the timings the run
 * prints at the end. run-e2e.js's main() makes one and hands it to each leg.
 *
 * @typedef {object} Run
 * @property {string} label  the n8n the checks below run in ('' for the common setup), shown in every section line
 * @property {Array<() => Promise<unknown>>} stoppers  stops what a section started (n8n processes, Redis) when the run is interrupted
 * @property {(s: string) => void} section  prints a section line: "# <label>: <s>"
 * @property {(dir: string, what: string) => void} dropFolder  removes a temp n8n user folder, or with E2E_KEEP=1 keeps it and prints where
 * @property {boolean} skipTrigger  E2E_SKIP_TRIGGER=1: no trigger checks in the regular runs
 * @property {Record<string, string>} timings  how long each part took, for the "# timings:" line
 */

const { rmrf, keepTemp } = require('./util');

/**
 * @param {{ keep: boolean, skipTrigger: boolean }} flags
 * @returns {Run}
 */
function createRun(flags) {
	/** @type {Run} */
	const run = {
		label: '',
		stoppers: [],
		section: (s) => console.log(`# ${run.label ? `${run.label}: ` : ''}${s}`),
		timings: {},
		dropFolder: (dir, what) => {
			if (!flags.keep) return rmrf(dir);
			keepTemp(dir);
			console.log(`# kept ${what}: ${dir}`);
		},
		skipTrigger: flags.skipTrigger,
	};
	return run;
}

module.exports = { createRun };
