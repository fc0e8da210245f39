// @ts-check
'use strict';
/**
 * Scenario 2 in a real n8n (the e2e harness's cached installs, 2.41.1 and 1.123.81): the packed
 * package installed as a community package, and the three workflows of ../workflows/ run with
 * `n8n execute --id`:
 *   - empty:    Manual Trigger alone (what starting the CLI costs);
 *   - recruiting: Manual Trigger → Recruiting (Candidate, Get Many, Return All, the default Output);
 *   - baseline: Manual Trigger → HTTP Request (cursor pagination) → Code (the code a user writes
 *               to unwrap the viewType wrappers), what a user would build without this package.
 * Wall time and peak RSS of the whole n8n process tree (the task runner included), sampled
 * from /proc; the CLI's output (the run data, hundreds of MB at 100k items) is streamed and
 * only counted, never kept.
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');

const { ensureN8n, n8nEnv, importEntities } = require('../../e2e/lib/n8n');
const { installTarball } = require('../../e2e/lib/pkg');
const { loadWorkflows } = require('../../e2e/lib/workflows');
const { TOLERATED_SIGNALS } = require('../../e2e/lib/outcome');
const { mkTemp, killGroup, treeRssMb, freePort } = require('../../e2e/lib/util');

const CREDENTIAL = { id: 'rcBenchCred00001', name: 'Recruiting sandbox (bench)' };

/**
 * Counts occurrences of `needle` in a stream without keeping it; keeps head and tail.
 */
class OutputScanner {
	/** @param {string} needle */
	constructor(needle) {
		this.needle = Buffer.from(needle);
		this.count = 0;
		this.bytes = 0;
		this.head = '';
		this.tail = Buffer.alloc(0);
	}

	/** @param {Buffer} chunk */
	push(chunk) {
		if (this.head.length < 16_000)
			this.head += chunk.toString('utf8', 0, Math.min(chunk.length, 16_000));
		this.bytes += chunk.length;
		// Search the previous tail's end + this chunk, so a needle across chunks counts once.
		const carry = this.tail.subarray(Math.max(0, this.tail.length - (this.needle.length - 1)));
		const buffer = Buffer.concat([carry, chunk]);
		for (
			let at = buffer.indexOf(this.needle);
			at !== -1;
			at = buffer.indexOf(this.needle, at + this.needle.length)
		) {
			this.count++;
		}
		this.tail = Buffer.concat([this.tail, chunk]);
		if (this.tail.length > 64_000) this.tail = this.tail.subarray(this.tail.length - 64_000);
	}

	get tailText() {
		return this.tail.toString('utf8');
	}
}

/**
 * Streams a file through an OutputScanner.
 * @param {string} file
 * @param {string} needle
 * @returns {Promise<OutputScanner>}
 */
function scanFile(file, needle) {
	return new Promise((resolve, reject) => {
		const scanner = new OutputScanner(needle);
		fs.createReadStream(file, { highWaterMark: 1 << 20 })
			.on('data', (chunk) => scanner.push(/** @type {Buffer} */ (chunk)))
			.on('end', () => resolve(scanner))
			.on('error', reject);
	});
}

/**
 * One `n8n execute --id`, measured. The CLI's output goes to a file: through a pipe, n8n
 * exits before a large output is flushed and the run data arrives cut short. With `profile`
 * (a file name), n8n's main process writes a V8 CPU profile there (lib/profile.js reads it
 * with the `clock` read at spawn and the execution's `startMs`/`stopMs`).
 * @param {any} inst from ensureN8n
 * @param {string} userFolder
 * @param {string} workflowId
 * @param {{ env?: Record<string, string>, timeoutMs?: number, sampleMs?: number, profile?: string }} options
 */
async function execute(
	inst,
	userFolder,
	workflowId,
	{ env = {}, timeoutMs = 10 * 60_000, sampleMs = 100, profile } = {},
) {
	const profiling = profile
		? [
				'--cpu-prof',
				`--cpu-prof-dir=${path.dirname(profile)}`,
				`--cpu-prof-name=${path.basename(profile)}`,
			]
		: [];
	// 2.x starts a task broker in every CLI process: its own port, beside other n8n instances.
	const broker = { N8N_RUNNERS_BROKER_PORT: String(await freePort()) };
	return await new Promise((resolve) => {
		const outFile = path.join(userFolder, `execute-${workflowId}-${Date.now()}.out`);
		const out = fs.openSync(outFile, 'w');
		const started = Date.now();
		const clock = { wallMs: started, monoUs: Number(process.hrtime.bigint() / 1000n) };
		const child = spawn(
			inst.cmd,
			[...profiling, ...inst.baseArgs, 'execute', `--id=${workflowId}`],
			{
				env: n8nEnv(userFolder, { ...broker, ...env }, inst.major),
				cwd: userFolder,
				stdio: ['ignore', out, out],
				detached: true,
			},
		);
		fs.closeSync(out);
		let peakMb = 0;
		const sample = () => {
			if (child.pid) peakMb = Math.max(peakMb, treeRssMb(child.pid));
		};
		const sampler = setInterval(sample, sampleMs);
		let timedOut = false;
		const timer = setTimeout(() => {
			timedOut = true;
			killGroup(child.pid, 'SIGKILL');
		}, timeoutMs);
		child.on('close', async (code, signal) => {
			clearInterval(sampler);
			clearTimeout(timer);
			killGroup(child.pid, 'SIGKILL'); // a task runner left behind
			const wallMs = Date.now() - started;
			const scanner = await scanFile(outFile, '"id": "cand-');
			fs.rmSync(outFile, { force: true });
			const tail = scanner.tailText;
			const text = scanner.head + '\n' + tail;
			// A signal the e2e tolerates after a printed run (n8n 1.x's SIGSEGV on exit) ends it
			// when its work is done: judged as printed, as in the e2e.
			const ended = code === 0 || TOLERATED_SIGNALS[inst.major]?.includes(signal);
			const ok = ended && /Execution was successful/.test(scanner.head) && !timedOut;
			const startedAt = /"startedAt": "([^"]+)"/.exec(tail)?.[1];
			const stoppedAt = /"stoppedAt": "([^"]+)"/.exec(tail)?.[1];
			const startMs = startedAt ? Date.parse(startedAt) : NaN;
			const stopMs = stoppedAt ? Date.parse(stoppedAt) : NaN;
			const executionMs = stopMs - startMs;
			const error = ok
				? undefined
				: timedOut
					? `timed out after ${Math.round(timeoutMs / 1000)} s`
					: (/(Task execution aborted[^\n"]*|JavaScript heap out of memory|Execution was NOT successful)/.exec(
							text,
						)?.[1] ??
						/"message": "([^"]+)"/.exec(tail)?.[1] ??
						`exit ${code ?? signal}`);
			resolve({
				ok,
				wallMs,
				executionMs,
				peakRssMb: Math.round(peakMb),
				ids: scanner.count,
				outputMb: scanner.bytes / 1e6,
				error,
				signal,
				clock,
				startMs,
				stopMs,
			});
		});
	});
}

/**
 * Prepares a user folder with the built package packed and installed (the same files as `npm
 * pack`), the credential and the workflows. The Recruiting node is at the version the editor
 * gives a new node (its default).
 * @param {{ version: string, pkgRoot: string, sandboxUrl: string, apiKey: string, log: (line: string) => void }} options
 */
async function prepare({ version, pkgRoot, sandboxUrl, apiKey, log }) {
	const inst = await ensureN8n({ version, log });
	const userFolder = mkTemp('recruiting-bench-n8n-');
	const packed = spawnSync('npm', ['pack', '--ignore-scripts', '--pack-destination', userFolder], {
		cwd: pkgRoot,
		encoding: 'utf8',
	});
	if (packed.status !== 0) throw new Error(`npm pack failed: ${packed.stderr}`);
	await installTarball(
		path.join(userFolder, packed.stdout.trim().split('\n').pop() ?? ''),
		userFolder,
	);
	await importEntities(inst, userFolder, 'credentials', [
		{ ...CREDENTIAL, type: 'recruitingApi', data: { baseUrl: sandboxUrl, apiKey } },
	]);
	const { description } = new (require(
		path.join(pkgRoot, 'dist', 'nodes', 'Recruiting', 'Recruiting.node.js'),
	).Recruiting)();
	const flows = loadWorkflows(
		{
			CRED_ID: CREDENTIAL.id,
			CRED_NAME: CREDENTIAL.name,
			SANDBOX_URL: sandboxUrl,
			API_KEY: apiKey,
		},
		{ dir: path.join(__dirname, '..', 'workflows') },
	);
	flows.recruiting.nodes[1].typeVersion =
		description.defaultVersion ?? Math.max(...[description.version].flat());
	await importEntities(inst, userFolder, 'workflow', Object.values(flows));
	return {
		inst,
		userFolder,
		ids: Object.fromEntries(Object.entries(flows).map(([k, w]) => [k, w.id])),
	};
}

module.exports = { prepare, execute };
