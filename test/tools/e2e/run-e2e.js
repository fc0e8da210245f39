#!/usr/bin/env node
// @ts-check
'use strict';
/**
 * End-to-end test of the packed package in real n8n: `npm run test:e2e`. What it checks, its
 * environment variables and its closing lines: README.md beside it. This file reads the
 * environment, installs each n8n, builds and packs the package, runs the legs in order and
 * prints the end line; exit 1 on any failure, and under CI (CI=true) on any skip.
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
	const log = (/** @type {string} */ s) => console.log(`# ${s}`);
	const ctx = createRun({ keep: KEEP, skipTrigger: SKIP_TRIGGER });
	const { timings } = ctx;
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
	if (installs.length !== versions.length) return finish(t0, ctx);

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
	if (!packed) return finish(t0, ctx);

	for (const n8n of installs) {
		const started = Date.now();
		ctx.label = `n8n ${n8n.version}`;
		await runVersion(ctx, n8n, packed.tarball);
		timings[ctx.label] = fmtMs(Date.now() - started);
		if (SKIP_EDITOR) skip(`the editor checks on n8n ${n8n.version}`, 'E2E_SKIP_EDITOR=1');
		else await editorChecks(ctx, n8n, packed.tarball);
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
		await pollerChecks(ctx, n8n2, packed.tarball, mode);
		timings[ctx.label] = fmtMs(Date.now() - started);
	}
	ctx.label = '';
	return finish(t0, ctx);
}

/** The closing lines. @param {number} t0 @param {import('./lib/context').Run} ctx */
function finish(t0, { timings }) {
	timings['total'] = fmtMs(Date.now() - t0);
	console.log(
		`# timings: ${Object.entries(timings)
			.map(([k, v]) => `${k} ${v}`)
			.join(', ')}`,
	);
	const { passed, failed } = closingLines({ ci: CI });
	process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
}

main().catch((error) => {
	console.log(`FAIL  e2e harness crashed: ${error && error.stack ? error.stack : error}`);
	recordFailure();
	closingLines({ ci: CI });
	process.exitCode = 1;
});
