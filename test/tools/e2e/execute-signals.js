#!/usr/bin/env node
// @ts-check
'use strict';
/**
 * Measures how `n8n execute` ends, many times over, to tell whose crash a signal after a printed
 * run is (the e2e's tolerance in lib/n8n.js rests on what this measured; README.md says what).
 *
 *   node test/tools/e2e/execute-signals.js --n8n 1.123.81 --case core --runs 40
 *
 * Cases (each in a fresh temp user folder, the sandbox API in-process, as in the e2e run):
 *   core          workflows/signals/core-only.json (Manual Trigger → HTTP Request to the
 *                 sandbox's portal → Set: n8n's own nodes only), this package NOT installed;
 *   core+package  the same workflow with the packed package installed (n8n loads it at start);
 *   core-fails    workflows/signals/core-fails.json, n8n's own nodes only, a run that fails (the
 *                 HTTP Request gets a 404), the package NOT installed;
 *   recruiting    workflows/job-portal.json (the e2e's own: Recruiting Get Many Postings, Apply,
 *                 Get Many candidates with a credential, ...), the package installed.
 *
 * One line per run (exit code, signal, whether the run data was printed before, the run's
 * result, ms, peak RSS), then a summary; `--out <file>` appends every run as a JSON line.
 * `--tarball <tgz>` uses a packed package (default: npm pack of the current dist/, no build).
 * `--cores <dir>` moves the core file of a run ended by a signal there (the shell must allow
 * them: `ulimit -c unlimited`, and /proc/sys/kernel/core_pattern a plain file name such as
 * `core`, which n8n writes in its user folder); read one with
 * `gdb <n8n's node> <core> -batch -ex bt`.
 */
const fs = require('node:fs');
const path = require('node:path');
const { commandLine, mkTemp, rmrf, fmtMs } = require('./lib/util');
const { ensureN8n, importEntities, executeWorkflow } = require('./lib/n8n');
const { buildAndPack, installTarball } = require('./lib/pkg');
const { loadWorkflows, WORKFLOWS_DIR } = require('./lib/workflows');
const { credentialsFor, workflowSandbox } = require('./lib/credentials');

const CASES = {
	core: { dir: 'signals', workflow: 'core-only', withPackage: false },
	'core+package': { dir: 'signals', workflow: 'core-only', withPackage: true },
	'core-fails': { dir: 'signals', workflow: 'core-fails', withPackage: false },
	recruiting: { dir: '', workflow: 'job-portal', withPackage: true },
};

async function main() {
	const { option } = commandLine(__filename);
	const args = {
		n8n: option('n8n') ?? '1.123.81',
		out: option('out'),
		tarball: option('tarball'),
		cores: option('cores'),
	};
	const names = /** @type {Array<keyof typeof CASES>} */ ((option('case') ?? 'core').split(','));
	for (const c of names)
		if (!(c in CASES))
			throw new Error(`--case takes ${Object.keys(CASES).join(', ')} (comma-separated)`);
	const runs = Number(option('runs') ?? 40);
	const n8n = await ensureN8n({ version: args.n8n, log: (s) => console.log(`# ${s}`) });
	const tarball = names.some((c) => CASES[c].withPackage)
		? args.tarball || (await buildAndPack({ skipBuild: true })).tarball
		: '';
	const started = new Date();
	/** @type {Array<{ name: string, userFolder: string, sandbox: any, workflow: any }>} */
	const setups = [];
	/** @type {any[]} */
	const results = [];
	try {
		for (const name of names) {
			const spec = CASES[name];
			const userFolder = mkTemp('recruiting-signals-');
			const sandbox = await workflowSandbox();
			setups.push({ name, userFolder, sandbox, workflow: undefined });
			if (spec.withPackage) await installTarball(tarball, userFolder);
			const { good } = credentialsFor(sandbox);
			const vars = {
				CRED_ID: good.id,
				CRED_NAME: good.name,
				PORTAL_URL: sandbox.url,
				TENANT: sandbox.tenantSlug,
				SINCE: sandbox.clock.iso(),
				RUN_TAG: `signals${Date.now().toString(36)}`,
			};
			const workflow = loadWorkflows(vars, {
				dir: path.join(WORKFLOWS_DIR, spec.dir),
				only: [spec.workflow],
			})[spec.workflow];
			if (!workflow) throw new Error(`no workflow ${spec.workflow}`);
			if (spec.withPackage) await importEntities(n8n, userFolder, 'credentials', [good]);
			await importEntities(n8n, userFolder, 'workflow', [workflow]);
			setups[setups.length - 1].workflow = workflow;
			console.log(
				`# n8n ${n8n.version}, case ${name}: "${workflow.name}", package ${spec.withPackage ? 'installed' : 'NOT installed'}`,
			);
		}
		console.log(
			`# ${runs} runs of each case, taking turns (${names.join(', ')}; the order reversed every other round), from ${started.toISOString()}`,
		);
		for (let i = 1; i <= runs; i++) {
			// The order reversed every other round: no case always follows the same one.
			for (const setup of i % 2 ? setups : [...setups].reverse()) {
				const r = await executeWorkflow(n8n, setup.userFolder, setup.workflow.id);
				const row = {
					n8n: n8n.version,
					case: setup.name,
					run: i,
					at: new Date().toISOString(),
					code: r.code,
					signal: r.signal,
					timedOut: r.timedOut,
					printed: !!r.run,
					result: !r.run ? 'no run data' : r.error ? `failed: ${r.failureText}` : 'success',
					ms: r.ms,
					peakRssMb: r.peakRssMb,
				};
				results.push(row);
				console.log(
					`${setup.name.padEnd(12)} ${String(i).padStart(3)} exit ${row.code} signal ${row.signal || '-'} printed ${row.printed ? 'yes' : 'no'} ${row.result} ${fmtMs(row.ms)} peak ${row.peakRssMb} MB${row.signal || row.code !== 0 ? `\n      ${r.output.slice(-400).replace(/\n/g, '\n      ')}` : ''}`,
				);
				if (args.out) fs.appendFileSync(args.out, JSON.stringify(row) + '\n');
				if (args.cores && row.signal) {
					for (const f of fs
						.readdirSync(setup.userFolder)
						.filter((f) => /^core(\.\d+)?$/.test(f))) {
						const to = path.join(args.cores, `${setup.name}-${i}-${row.signal}-${f}`);
						fs.mkdirSync(args.cores, { recursive: true });
						fs.renameSync(path.join(setup.userFolder, f), to);
						console.log(`      core file: ${to}`);
					}
				}
			}
		}
	} finally {
		for (const setup of setups) {
			await setup.sandbox.close();
			rmrf(setup.userFolder);
		}
	}
	for (const name of names) {
		const mine = results.filter((r) => r.case === name);
		/** @type {Record<string, number>} */
		const ends = {};
		for (const r of mine) {
			const k = r.signal
				? `${r.signal} after ${r.printed ? 'a printed run' : 'no run data'}`
				: `exit ${r.code}`;
			ends[k] = (ends[k] || 0) + 1;
		}
		const peaks = mine.map((r) => r.peakRssMb).sort((a, b) => a - b);
		console.log(
			`# summary: n8n ${n8n.version}, case ${name}, ${mine.length} runs ${started.toISOString()} to ${new Date().toISOString()}: ${Object.entries(
				ends,
			)
				.map(([k, v]) => `${v} × ${k}`)
				.join(
					', ',
				)}; successful runs ${mine.filter((r) => r.result === 'success').length}; peak RSS min ${peaks[0]} / median ${peaks[Math.floor(peaks.length / 2)]} / max ${peaks[peaks.length - 1]} MB`,
		);
	}
}

main().catch((error) => {
	console.error(error && error.stack ? error.stack : error);
	process.exitCode = 1;
});
