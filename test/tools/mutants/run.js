#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * `npm run mutants`: the soak's checkers, checked. Each break of the application trigger
 * (mutants.js) is applied, one at a time, to a scratch copy of the repository (nodes/ here is
 * never touched: the copy is in the temp directory, its node_modules a link to this one's), and
 * a short settings soak (test/tools/soak/settings.soak.ts, every Jobs to Watch, a Target Stage
 * filter, From Now) runs against it; a break is caught when the soak fails. A run without any
 * break must pass first. Prints each break's outcome and the score, caught/total; exits 1 when
 * a break survives.
 *
 *   npm run mutants                     # every break, MUTANT_POLLS=80 polls a setting, no faults
 *   MUTANT_FAULTS=on npm run mutants    # under the soak's faults (slower: the retries' backoff)
 *   npm run mutants -- "Open Jobs"      # only the breaks whose name contains this text
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { performance } = require('node:perf_hooks');

const { MUTANTS } = require('./mutants');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const POLLS = process.env.MUTANT_POLLS ?? '80';
const FAULTS = process.env.MUTANT_FAULTS === 'on' ? 'on' : 'off';
const only = process.argv[2];

/** Each edit's find text occurs exactly once in the repository's file, or the mutant is stale. */
function check(mutant) {
	for (const edit of mutant.edits) {
		const text = fs.readFileSync(path.join(ROOT, edit.file), 'utf8');
		const count = text.split(edit.find).length - 1;
		if (count !== 1) {
			throw new Error(
				`mutant "${mutant.name}" no longer applies: ${edit.file} has its find text ${count} times (update test/tools/mutants/mutants.js): ${JSON.stringify(edit.find)}`,
			);
		}
	}
}

function scratchCopy() {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'recruiting-mutants-'));
	for (const name of ['nodes', 'credentials', 'test']) {
		fs.cpSync(path.join(ROOT, name), path.join(dir, name), {
			recursive: true,
			filter: (source) => !source.startsWith(path.join(ROOT, 'test', 'tools', 'e2e')),
		});
	}
	for (const name of [
		'package.json',
		'tsconfig.json',
		'tsconfig.test.json',
		'jest.config.js',
		'index.js',
	]) {
		if (fs.existsSync(path.join(ROOT, name)))
			fs.copyFileSync(path.join(ROOT, name), path.join(dir, name));
	}
	fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
	// The same jest configuration, compiling without type-checking (every break is valid
	// TypeScript; `npm test` type-checks the code without breaks): each run then takes seconds
	// to start instead of a minute.
	fs.writeFileSync(
		path.join(dir, 'jest.mutants.config.js'),
		[
			"const base = require('./jest.config.js');",
			'module.exports = {',
			'\t...base,',
			'\ttransform: Object.fromEntries(',
			'\t\tObject.entries(base.transform).map(([pattern, [name, options]]) => [',
			'\t\t\tpattern,',
			'\t\t\t[name, { ...options, isolatedModules: true }],',
			'\t\t]),',
			'\t),',
			'};',
			'',
		].join('\n'),
	);
	return dir;
}

/** The short soak in `dir`: whether it passed, its time, and the first lines that say why not. */
function soak(dir) {
	const started = performance.now();
	const result = spawnSync(
		process.execPath,
		[
			path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'),
			'--config',
			path.join(dir, 'jest.mutants.config.js'),
			'--rootDir',
			dir,
			'--testMatch',
			'**/test/tools/soak/settings.soak.ts',
			'--ci',
		],
		{
			cwd: dir,
			env: { ...process.env, SOAK_SETTING_POLLS: POLLS, SOAK_FAULTS: FAULTS },
			encoding: 'utf8',
			maxBuffer: 64 * 1024 * 1024,
			timeout: 30 * 60_000,
		},
	);
	const output = `${result.stdout}\n${result.stderr}`;
	const seconds = Math.round((performance.now() - started) / 1000);
	const broken = /Test suite failed to run/.test(output);
	const why = output
		.split('\n')
		.filter((line) => /^\s+[+-]\s+"|failed unexpectedly|● /.test(line))
		.slice(0, 4)
		.map((line) => line.trim().slice(0, 160));
	return { passed: result.status === 0, broken, seconds, why, output };
}

function main() {
	const mutants = MUTANTS.filter((mutant) => !only || mutant.name.includes(only));
	for (const mutant of mutants) check(mutant);
	const dir = scratchCopy();
	try {
		process.stdout.write(
			`mutants: ${mutants.length} breaks of the application trigger, each against a settings soak of ${POLLS} polls a setting (faults ${FAULTS}), in ${dir}\n`,
		);
		const baseline = soak(dir);
		if (!baseline.passed) {
			process.stdout.write(baseline.output);
			throw new Error('the soak fails without any break: fix that first');
		}
		process.stdout.write(`  no break: passes (${baseline.seconds} s)\n`);
		let caught = 0;
		const survived = [];
		for (const mutant of mutants) {
			const originals = mutant.edits.map((edit) => [
				edit.file,
				fs.readFileSync(path.join(dir, edit.file), 'utf8'),
			]);
			try {
				for (const edit of mutant.edits) {
					const file = path.join(dir, edit.file);
					fs.writeFileSync(
						file,
						fs.readFileSync(file, 'utf8').replace(edit.find, () => edit.replace),
					);
				}
				const result = soak(dir);
				if (result.broken) {
					process.stdout.write(result.output);
					throw new Error(`mutant "${mutant.name}" does not compile: fix its replacement`);
				}
				if (result.passed) survived.push(mutant.name);
				else caught++;
				process.stdout.write(
					`  ${result.passed ? 'SURVIVED' : 'caught  '} ${mutant.name} (${result.seconds} s)${result.why.length ? `\n      ${result.why.join('\n      ')}` : ''}\n`,
				);
			} finally {
				for (const [file, text] of originals) fs.writeFileSync(path.join(dir, file), text);
			}
		}
		process.stdout.write(
			`mutants caught: ${caught}/${mutants.length}${survived.length ? `; survived: ${survived.join('; ')}` : ''}\n`,
		);
		process.exitCode = survived.length === 0 ? 0 : 1;
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

main();
