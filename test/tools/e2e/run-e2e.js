#!/usr/bin/env node
// @ts-check
'use strict';
/**
 * End-to-end test of the packed n8n-nodes-recruiting package inside real n8n: 2.41.1 (Node 24)
 * and 1.123.81 (Node 22), then 2.41.1 in queue mode and with the durable poll scheduler.
 *
 *   npm run test:e2e            (= node test/tools/e2e/run-e2e.js)
 *
 * 1. finds or installs each n8n with the Node it needs (cache outside the repo, install-n8n.sh);
 * 2. npm run build, npm pack, and installs the tarball where n8n loads community
 *    packages from: <tmp user folder>/.n8n/nodes/node_modules/n8n-nodes-recruiting;
 * 3. starts the sandbox API in-process (test/tools/sandbox) and imports credentials and
 *    the workflows of test/tools/e2e/workflows/ (placeholders filled from the sandbox's fixtures);
 * 4. runs every workflow with `n8n execute --id` and checks the node outputs, the
 *    requests the sandbox received and the sandbox's state;
 * 5. publishes the trigger workflows under `n8n start` and checks what the polling
 *    triggers emit (first poll, then a created candidate and an updated job);
 * 6. on 2.x: the trigger in queue mode (Redis, a main and a worker) and with the durable
 *    poll scheduler, each change once, across a restart (pollerChecks);
 * 7. per version: the editor in a real browser (Debian's chromium driven by
 *    playwright-core): node panel, credential modal, pickers, Output modes, errors in the
 *    panel, the trigger's Fetch Test Event (editorChecks).
 *
 * Prints one line per check (and a SKIP line for each leg an E2E_SKIP_* flag or
 * E2E_N8N_VERSIONS leaves out) and ends with a "N tolerated: ..." line per outcome it tolerates
 * and counts (a signal after a printed run, on the major it was measured on; lib/outcome.js),
 * a "N skipped: ..." line naming each skip, then "N passed, M failed"; exits 1 on any failure.
 * Under CI (CI=true; .ci/run sets it) any skip is a failure.
 *
 * Where each step lives: this file reads the environment, does 1 and the build and pack of 2,
 * runs the legs in order and prints the end line; legs/workflows.js is the regular run per
 * version (the tarball install of 2, then 3 and 4: runVersion, runChecks); legs/trigger.js is
 * 5 (triggerChecks, called at the end of runChecks); legs/poller.js is 6 (pollerChecks,
 * startRedis); legs/editor.js is 7 (editorChecks, after each version's regular run).
 * lib/checks.js holds check(), expect() and the pass/fail counters, lib/context.js what the
 * legs share (section lines, stoppers, flags), lib/credentials.js the credentials they import.
 *
 * Environment: E2E_N8N_VERSIONS=2.41.1 runs one version; E2E_KEEP=1 keeps the temp n8n user
 * folders; E2E_SKIP_BUILD=1 packs the existing dist/; E2E_SKIP_TRIGGER=1 skips step 5;
 * E2E_SKIP_QUEUE=1 and E2E_SKIP_DURABLE=1 skip parts of step 6; E2E_SKIP_EDITOR=1 skips step 7
 * (E2E_CHROMIUM=<path> uses another chromium binary); N8N_BIN uses another n8n
 * executable of a fitting version; N8N_CACHE_DIR moves the n8n cache.
 */
const path = require('node:path');
const { fmtMs, onInterrupt } = require('./lib/util');
const { N8N_VERSIONS, n8nVersionFor, ensureN8n } = require('./lib/n8n');
const { buildAndPack } = require('./lib/pkg');
const { check, recordFailure, closingLines, skip } = require('./lib/checks');
const { createRun } = require('./lib/context');
const { runVersion } = require('./legs/workflows');
const { MODES, pollerChecks } = require('./legs/poller');
const { editorChecks } = require('./legs/editor');

const KEEP = process.env.E2E_KEEP === '1';
const SKIP_BUILD = process.env.E2E_SKIP_BUILD === '1';
const SKIP_TRIGGER = process.env.E2E_SKIP_TRIGGER === '1';
const SKIP_QUEUE = process.env.E2E_SKIP_QUEUE === '1';
const SKIP_DURABLE = process.env.E2E_SKIP_DURABLE === '1';
const SKIP_EDITOR = process.env.E2E_SKIP_EDITOR === '1';
/** Under CI (CI=true, as .ci/run sets it) a skipped leg or check fails the run. */
const CI = /^(1|true)$/i.test(process.env.CI || '');

// ------------------------------------------------------------------ main

async function main() {
	const t0 = Date.now();
	/** @type {Record<string, string>} */
	const timings = {};
	/** @type {string[]} */
	const memory = [];
	const log = (/** @type {string} */ s) => console.log(`# ${s}`);
	const ctx = createRun({ keep: KEEP, skipTrigger: SKIP_TRIGGER });
	onInterrupt(async () => {
		await Promise.all(ctx.stoppers.map((stop) => stop()));
	});

	// ---------------------------------------------------------------- n8n
	ctx.section('setup');
	const versions = (process.env.E2E_N8N_VERSIONS || `${N8N_VERSIONS[2]},${N8N_VERSIONS[1]}`)
		.split(',')
		.map((v) => n8nVersionFor(v.trim()))
		.filter(Boolean);
	for (const version of Object.values(N8N_VERSIONS))
		if (!versions.includes(version))
			skip(`every leg on n8n ${version}`, `E2E_N8N_VERSIONS=${process.env.E2E_N8N_VERSIONS}`);
	/** @type {Array<Awaited<ReturnType<typeof ensureN8n>>>} */
	const installs = [];
	await check(
		`n8n ${versions.join(' and ')} are available (cache outside the repo, installed on first use)`,
		async () => {
			const started = Date.now();
			// Both at once: the first installs take minutes each, mostly waiting on the network.
			installs.push(
				...(await Promise.all(
					versions.map((version) =>
						ensureN8n({ version, log: (line) => log(`[n8n ${version}] ${line}`) }),
					),
				)),
			);
			if (installs.some((i) => i.installMs)) timings['n8n installs'] = fmtMs(Date.now() - started);
			return installs.map((i) => `n8n ${i.version} from ${i.source}`).join(', ');
		},
	);
	if (installs.length !== versions.length) return finish(t0, timings, memory);

	// ---------------------------------------------------------------- package
	/** @type {Awaited<ReturnType<typeof buildAndPack>> | undefined} */
	let packed;
	if (SKIP_BUILD)
		skip('the build of the package', 'E2E_SKIP_BUILD=1: the existing dist/ is packed');
	await check('npm run build && npm pack produce a tarball', async () => {
		packed = await buildAndPack({ skipBuild: SKIP_BUILD, log });
		timings['build'] = fmtMs(packed.buildMs);
		return `${path.basename(packed.tarball)}, ${packed.files.length} files`;
	});
	if (!packed) return finish(t0, timings, memory);

	for (const n8n of installs) {
		const started = Date.now();
		ctx.label = `n8n ${n8n.version}`;
		await runVersion(ctx, n8n, packed.tarball, timings, memory);
		timings[ctx.label] = fmtMs(Date.now() - started);
		if (SKIP_EDITOR) skip(`the editor checks on n8n ${n8n.version}`, 'E2E_SKIP_EDITOR=1');
		else await editorChecks(ctx, n8n, packed.tarball, timings, memory);
	}
	const n8n2 = installs.find((i) => i.major >= 2);
	for (const mode of /** @type {const} */ (['queue', 'durable'])) {
		const flag = {
			queue: SKIP_QUEUE && 'E2E_SKIP_QUEUE=1',
			durable: SKIP_DURABLE && 'E2E_SKIP_DURABLE=1',
		}[mode];
		if (!n8n2 || flag) {
			skip(`the ${MODES[mode].name} leg`, flag || 'no n8n 2.x among the versions run');
			continue;
		}
		const started = Date.now();
		ctx.label = `n8n ${n8n2.version}, ${MODES[mode].name}`;
		await pollerChecks(ctx, n8n2, packed.tarball, memory, mode);
		timings[ctx.label] = fmtMs(Date.now() - started);
	}
	ctx.label = '';
	return finish(t0, timings, memory);
}

/**
 * @param {number} t0
 * @param {Record<string, string>} timings
 * @param {string[]} memory
 */
function finish(t0, timings, memory) {
	timings['total'] = fmtMs(Date.now() - t0);
	console.log(
		`# timings: ${Object.entries(timings)
			.map(([k, v]) => `${k} ${v}`)
			.join(', ')}`,
	);
	if (memory.length) console.log(`# memory: ${memory.join(', ')}`);
	const { passed, failed } = closingLines({ ci: CI });
	process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
}

main().catch((error) => {
	console.log(`FAIL  e2e harness crashed: ${error && error.stack ? error.stack : error}`);
	recordFailure();
	closingLines({ ci: CI });
	process.exitCode = 1;
});
