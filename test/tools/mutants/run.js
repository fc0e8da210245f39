#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * `npm run mutants`: each break of mutants.js against a short settings soak in a scratch copy of
 * the repository; test/tools/soak/README.md, "Mutants", says how a break is judged.
 *
 *   npm run mutants                     # every break, MUTANT_POLLS=60 polls a setting
 *   npm run mutants -- "Open Jobs"      # only the breaks whose name contains this text
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { performance } = require('node:perf_hooks');

const { MUTANTS } = require('./mutants');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const POLLS = process.env.MUTANT_POLLS ?? '60';
/** A soak that runs longer is errored. */
const TIMEOUT_MS = 5 * 60_000;
const only = process.argv[2];

/** @param {import('./mutants').Mutant} mutant its find text occurs once in the file, or it is stale */
function check({ name, file, find }) {
	const count = fs.readFileSync(path.join(ROOT, file), 'utf8').split(find).length - 1;
	if (count !== 1)
		throw new Error(
			`mutant "${name}" no longer applies: ${file} has its find text ${count} times (update test/tools/mutants/mutants.js): ${JSON.stringify(find)}`,
		);
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
	return dir;
}

/**
 * The short soak in `dir` on `settings` (all when undefined): whether it passed, its time, the
 * problems it named, and why it is errored (undefined: not).
 * @param {string} dir @param {{ settings?: string, faults?: boolean }} options
 */
function soak(dir, { settings, faults }) {
	const started = performance.now();
	const result = spawnSync(
		process.execPath,
		[
			path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'),
			...['--config', path.join(dir, 'test/tools/mutants/jest.config.js'), '--rootDir', dir],
			...['--testMatch', '**/test/tools/soak/settings.soak.ts', '--ci'],
		],
		{
			cwd: dir,
			env: {
				...process.env,
				SOAK_SETTING_POLLS: POLLS,
				SOAK_FAULTS: faults ? 'on' : 'off',
				...(settings && { SOAK_SETTINGS: settings }),
			},
			encoding: 'utf8',
			maxBuffer: 64 * 1024 * 1024,
			timeout: TIMEOUT_MS,
		},
	);
	const output = `${result.stdout}\n${result.stderr}`;
	const seconds = Math.round((performance.now() - started) / 1000);
	if (/Test suite failed to run/.test(output)) {
		process.stdout.write(output);
		throw new Error('a soak does not compile: fix the break\'s replacement');
	}
	const named = new Set(
		[...output.matchAll(/^SOAK PROBLEMS [^\n]*?: ([a-z, ]+)$/gm)].flatMap((m) => m[1].split(', ')),
	);
	if (/failed unexpectedly/.test(output)) named.add('unexpected failure');
	const passed = result.status === 0;
	const errored = result.error
		? `${result.error.message}`
		: result.signal
			? `killed by ${result.signal}`
			: !passed && named.size === 0
				? 'failed naming no problem'
				: undefined;
	const why = output
		.split('\n')
		.filter((line) => /^\s+\+\s+"|failed unexpectedly|^SOAK PROBLEMS|● /.test(line))
		.slice(0, 4)
		.map((line) => line.trim().slice(0, 200));
	return { passed, seconds, named: [...named], errored, why, output };
}

function main() {
	const started = performance.now();
	const mutants = MUTANTS.filter((mutant) => !only || mutant.name.includes(only));
	for (const mutant of mutants) check(mutant);
	const dir = scratchCopy();
	try {
		process.stdout.write(
			`mutants: ${mutants.length} breaks of the application trigger, each against a settings soak of ${POLLS} polls a setting, in ${dir}\n`,
		);
		const baseline = soak(dir, {});
		if (!baseline.passed) {
			process.stdout.write(baseline.output);
			throw new Error('the soak fails without any break: fix that first');
		}
		process.stdout.write(`  no break, every setting, no faults: passes (${baseline.seconds} s)\n`);
		/** @type {Record<string, string[]>} */
		const outcomes = { caught: [], survived: [], errored: [] };
		for (const mutant of mutants) {
			const file = path.join(dir, mutant.file);
			const original = fs.readFileSync(file, 'utf8');
			try {
				fs.writeFileSync(file, original.replace(mutant.find, () => mutant.replace));
				const result = soak(dir, mutant);
				const byName = result.named.some((kind) => mutant.caught.includes(kind));
				const outcome = result.passed
					? 'survived'
					: result.errored || !byName
						? 'errored'
						: 'caught';
				outcomes[outcome].push(mutant.name);
				const said = result.errored ?? `named ${result.named.join(', ')}`;
				process.stdout.write(
					`  ${outcome.padEnd(8)} ${mutant.name} [${mutant.kind}; ${mutant.settings}${mutant.faults ? ', faults' : ''}] (${result.seconds} s; ${result.passed ? 'passed' : said}${byName || result.passed ? '' : `, expected ${mutant.caught.join(' or ')}`})${result.why.length && outcome !== 'caught' ? `\n      ${result.why.join('\n      ')}` : ''}\n`,
				);
			} finally {
				fs.writeFileSync(file, original);
			}
		}
		const kinds = [...new Set(mutants.map((mutant) => mutant.kind))].join(', ');
		process.stdout.write(
			`mutants caught by name: ${outcomes.caught.length}/${mutants.length} (${kinds}); survived ${outcomes.survived.length}${outcomes.survived.length ? `: ${outcomes.survived.join('; ')}` : ''}; errored ${outcomes.errored.length}${outcomes.errored.length ? `: ${outcomes.errored.join('; ')}` : ''}; wall ${Math.round((performance.now() - started) / 1000)} s\n`,
		);
		process.exitCode = outcomes.caught.length === mutants.length ? 0 : 1;
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

main();
