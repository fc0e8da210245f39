#!/usr/bin/env node
// @ts-check
'use strict';
/**
 * What the application trigger's stored state costs, and how many applications fit under its
 * cap (BENCHMARKS.md, "The application trigger's stored state in real n8n"). Not part of
 * `npm test` or CI; prints Markdown tables and checks nothing.
 *
 *   node test/tools/bench/stored-state.js [--sizes 2,8,16] [--db sqlite,postgres] [--saves 3]
 *                                         [--no-n8n | --n8n-only] [--no-baseline] [--src DIR]
 *                                         [--copies 2] [--shape string]
 *
 * 1. In process: the state as the build's stored.ts writes it (saveApplicationState) for
 *    applications shaped as the sandbox's (`app-001852`, `cand-0001234`, jobs of 50, the
 *    sandbox's stages) and with 36-character ids (UUIDs): bytes an application, the
 *    applications under STATE_CAP_BYTES, and the trigger's own load (JSON.parse +
 *    loadApplicationState) and save (saveApplicationState + JSON.stringify) of a poll.
 * 2. In real n8n 2.41.1 (the e2e harness's install), on SQLite and on PostgreSQL 15, with a
 *    workflow static data of about 0 (baseline), 2, 8 and 16 MB (such a state, grown to size):
 *    a published workflow whose poll node (lib/state-probe/StateProbe.node.js) emits an item
 *    and reassigns its static data every poll, as the trigger does; n8n's own save of it after
 *    each emitting poll (WorkflowStaticDataService.saveStaticDataById, timed by
 *    lib/state-probe/save-timer.js); opening the workflow in the editor (GET
 *    /rest/workflows/:id: answer time and size); the workflow list (GET /rest/workflows); the
 *    main process's RSS. One fresh n8n (user folder, and database on PostgreSQL) per size.
 *    PostgreSQL: the running cluster, a role and database per size from the e2e's
 *    createDatabase (e2e/lib/postgres.js), dropped after.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const crypto = require('node:crypto');
const { spawnSync } = require('node:child_process');

const { buildPackage } = require('./lib/build');
const { median, tableOf } = require('./lib/util');
const { APPLICATION_STAGES } = require('../sandbox/data');
const { ensureN8n, n8nCli, startN8n, ensureOwner, activateWorkflow } = require('../e2e/lib/n8n');
const { createDatabase } = require('../e2e/lib/postgres');
const { commandLine, mkTemp, rmrf, httpJson, rssOf, waitUntil } = require('../e2e/lib/util');

const { flag, option } = commandLine(__filename);
const SIZES_MB = (option('sizes') ?? '2,8,16').split(',').map(Number);
const DATABASES = (option('db') ?? 'sqlite,postgres').split(',');
const SAVES = Number(option('saves') ?? 4);
const SRC = option('src');
const WITH_N8N = !flag('no-n8n');
const IN_PROCESS = !flag('n8n-only');
// `string`: the same state as one JSON string (what n8n's costs are with one value, not many).
const SHAPE = option('shape') ?? 'arrays';
// `2`: the state also in the workflow's global static data, as slot.ts keeps a second copy.
const COPIES = Number(option('copies') ?? 1);

/** @param {string} line */
const say = (line) => process.stderr.write(`[stored-state] ${line}\n`);

// ------------------------------------------------------------------------ the state

/** The sandbox's stages of its standard pipeline, as events show them. */
const STAGES = APPLICATION_STAGES.filter((s) => s.templateType === 'DEFAULT_STANDARD').map(
	({ id, type, name, order }) => ({ id, type, name, order }),
);

/** A deterministic generator (xorshift32), so that every run stores the same state. */
function random(seed = 1) {
	let x = seed;
	return () => {
		x ^= x << 13;
		x ^= x >>> 17;
		x ^= x << 5;
		return (x >>> 0) / 2 ** 32;
	};
}

/**
 * A trigger's state in memory (state.ts's ApplicationState) watching `count` applications in
 * jobs of 50, as a trigger has it after some weeks: each job read at its own minute of the
 * rotation, 30 % of the applications moved since (at one of 500 later reads), 10 % with a next
 * interview. Ids as the sandbox makes them (`app-` + 6 digits, consecutive in a job; `cand-` +
 * 7 digits, any candidate) or 36-character UUIDs (`uuid`).
 * @param {any} build @param {number} count @param {{ uuid?: boolean }} [shape]
 */
function stateOf(build, count, { uuid = false } = {}) {
	const next = random(count);
	const uuidOf = () =>
		[...crypto.randomBytes(16)]
			.map((byte, i) => ([4, 6, 8, 10].includes(i) ? '-' : '') + byte.toString(16).padStart(2, '0'))
			.join('');
	const minute = Math.floor(Date.parse('2026-11-26T00:00:00Z') / 60_000);
	const jobs = new Map();
	let n = 0;
	for (let j = 0; n < count; j++) {
		const jobId = uuid ? uuidOf() : `vac-${String(j + 1).padStart(4, '0')}`;
		const read = minute - 20_000 + (j % 500);
		const applications = new Map();
		for (let k = 0; k < 50 && n < count; k++) {
			n++;
			const id = uuid ? uuidOf() : `app-${String(n).padStart(6, '0')}`;
			const stage = STAGES[Math.floor(next() * STAGES.length)];
			const result = stage.type === 'result';
			applications.set(id, {
				id,
				stage: { ...stage },
				state: result
					? next() < 0.5
						? 'placed'
						: 'rejected'
					: next() < 0.1
						? 'rejected'
						: next() < 0.5
							? 'for-review'
							: 'in-progress',
				placed: result && next() < 0.5,
				interview: next() < 0.1 ? crypto.randomBytes(6).toString('base64url') : '',
				since: next() < 0.3 ? read + 1 + Math.floor(next() * 500) * 10 : read,
				candidateId: uuid
					? uuidOf()
					: `cand-${String(1 + Math.floor(next() * 9_999_999)).padStart(7, '0')}`,
			});
		}
		jobs.set(jobId, {
			turn: j % 500,
			closed: false,
			status: 'watched',
			title: `Job ${j + 1}`,
			applications,
		});
	}
	return {
		scope: 'all',
		poll: 500,
		jobList: build.lists.emptyState('job', '2026-11-25T23:59:00.000Z'),
		jobs,
	};
}

/** The build's stored form of `count` applications: its JSON text and the time of a poll's load and save. */
function measureInProcess(/** @type {any} */ build, /** @type {number} */ count, uuid = false) {
	const state = stateOf(build, count, { uuid });
	const text = JSON.stringify(build.stored.saveApplicationState(state));
	/** Wall and CPU milliseconds of `work`. @param {() => unknown} work */
	const timed = (work) => {
		const cpu = process.cpuUsage();
		const t = performance.now();
		const value = work();
		const used = process.cpuUsage(cpu);
		return { value, ms: performance.now() - t, cpuMs: (used.user + used.system) / 1000 };
	};
	const loads = [];
	const saves = [];
	for (let i = 0; i < 5; i++) {
		const load = timed(() => build.stored.loadApplicationState(JSON.parse(text)));
		const save = timed(() => JSON.stringify(build.stored.saveApplicationState(load.value)));
		if (save.value.length !== text.length)
			throw new Error('the state does not read back as written');
		loads.push(load);
		saves.push(save);
	}
	const medians = (/** @type {{ ms: number, cpuMs: number }[]} */ runs) => ({
		ms: median(runs.map((r) => r.ms)),
		cpuMs: median(runs.map((r) => r.cpuMs)),
	});
	return { text, bytes: text.length, load: medians(loads), save: medians(saves) };
}

/**
 * The most applications of the shape whose stored state stays under the cap, within 1 %: from
 * the bytes an application at 100,000, then checked, 1 % fewer at a time until it fits.
 */
function countUnderCap(/** @type {any} */ build, uuid = false) {
	const cap = build.stored.STATE_CAP_BYTES;
	const bytes = (/** @type {number} */ count) =>
		JSON.stringify(build.stored.saveApplicationState(stateOf(build, count, { uuid }))).length;
	let count = Math.floor((cap / bytes(100_000)) * 100_000);
	while (bytes(count) > cap) count = Math.floor(count * 0.99);
	return count;
}

// ------------------------------------------------------------------------ real n8n

const PROBE_DIR = path.join(__dirname, 'lib', 'state-probe');

/**
 * What n8n stored of the last execution (the run an emitting poll starts): the sizes of its
 * execution_data row's workflowData and data, and the executions kept.
 * @param {any} inst @param {string} userFolder @param {any} pg the PostgreSQL database, if any
 */
async function executionRow(inst, userFolder, pg) {
	const sql =
		'SELECT (SELECT COUNT(*) FROM execution_entity), length(CAST("workflowData" AS TEXT)), length(CAST("data" AS TEXT)) FROM execution_data ORDER BY "executionId" DESC LIMIT 1';
	let row;
	if (pg) {
		row = (await pg.query(sql)).split('|');
	} else {
		// n8n's own Node (24) reads its SQLite file.
		const script = `const { DatabaseSync } = require('node:sqlite'); const d = new DatabaseSync(process.argv[1], { readOnly: true }); console.log(Object.values(d.prepare(process.argv[2]).get() ?? {}).join('|'));`;
		const r = spawnSync(
			inst.cmd,
			['-e', script, path.join(userFolder, '.n8n', 'database.sqlite'), sql],
			{
				encoding: 'utf8',
			},
		);
		row = r.stdout.trim().split('|');
	}
	const [executions, workflowData, data] = row.map(Number);
	return { executions, workflowData, data };
}

/**
 * One n8n with one published workflow whose static data is `staticData`: the saves of its
 * emitting polls, the editor's and the list's answers, the main's RSS.
 * @param {any} inst @param {'sqlite' | 'postgres'} db @param {string} label @param {string} staticText
 */
async function measureN8n(inst, db, label, staticText) {
	const userFolder = mkTemp('wtstate-bench-n8n-');
	const saves = path.join(userFolder, 'saves.jsonl');
	const pg = db === 'postgres' ? await createDatabase(`state_${label}`) : undefined;
	const env = {
		N8N_CUSTOM_EXTENSIONS: PROBE_DIR,
		STATE_PROBE_SAVES: saves,
		NODE_OPTIONS: `--require ${path.join(PROBE_DIR, 'save-timer.js')}`,
		N8N_LOG_LEVEL: 'warn',
		...pg?.env,
	};
	const id = 'wtStateBench0001';
	// lib/state-probe/workflow.json: four probes, polling at seconds 0, 15, 30 and 45 of each
	// minute (n8n's shortest interval is a minute), each save writing the whole static data (a
	// save every 15 s); n8n's default settings, every execution saved. The static data is
	// spliced in as text: the 16 MB state is not parsed again here.
	const workflowText = fs
		.readFileSync(path.join(PROBE_DIR, 'workflow.json'), 'utf8')
		.replace('__LABEL__', label)
		.replace(
			'"__STATIC__"',
			`{"node:State Probe":{"state":${staticText}}${COPIES === 2 ? `,"global":{"recruitingTrigger:wtStateProbe0":${staticText}}` : ''}}`,
		);
	const importFile = path.join(userFolder, 'workflow.json');
	fs.writeFileSync(importFile, workflowText);
	const imported = await n8nCli(inst, userFolder, ['import:workflow', `--input=${importFile}`], {
		env,
	});
	if (imported.code !== 0)
		throw new Error(`n8n import:workflow: exit ${imported.code}: ${imported.stderr.slice(-2000)}`);
	await activateWorkflow(inst, userFolder, id, env);
	const server = await startN8n(inst, userFolder, { env });
	try {
		if (!(await server.waitReady(180_000))) {
			throw new Error(`n8n did not start: ${server.output.slice(-2000)}`);
		}
		const lines = () =>
			fs.existsSync(saves)
				? fs
						.readFileSync(saves, 'utf8')
						.trim()
						.split('\n')
						.filter(Boolean)
						.map((l) => JSON.parse(l))
				: [];
		await waitUntil(() => lines().length >= SAVES, 30_000 + SAVES * 20_000);
		const saved = lines();
		if (saved.length === 0)
			throw new Error(`no save within the wait: ${server.output.slice(-2000)}`);
		const base = `http://127.0.0.1:${server.port}`;
		// The owner is set up once n8n answers (a main busy with a large state answers 503 a while).
		/** @type {unknown} */
		let refused;
		const owner = { email: 'bench@example.com', password: 'Bench-Password-1' };
		const cookie = await waitUntil(
			() =>
				ensureOwner(base, owner).then(
					(o) => o.cookie,
					(error) => void (refused = error),
				),
			180_000,
			2000,
		);
		if (!cookie) throw refused;
		const timed = async (/** @type {string} */ url) => {
			const times = [];
			let bytes = 0;
			for (let i = 0; i < 3; i++) {
				const t = performance.now();
				const r = await httpJson('GET', `${base}${url}`, {
					headers: { cookie },
					timeoutMs: 120_000,
				});
				times.push(performance.now() - t);
				if (r.status !== 200)
					throw new Error(`GET ${url}: HTTP ${r.status} ${r.text.slice(0, 300)}`);
				bytes = Buffer.byteLength(r.text);
			}
			return { ms: median(times), bytes };
		};
		const editor = await timed(`/rest/workflows/${id}`);
		const list = await timed('/rest/workflows');
		const memory = rssOf(server.child.pid);
		const execution = await executionRow(inst, userFolder, pg);
		return {
			saveMs: median(saved.map((s) => s.ms)),
			saveCpuMs: median(saved.map((s) => s.cpuMs)),
			saveRange: [Math.min(...saved.map((s) => s.ms)), Math.max(...saved.map((s) => s.ms))],
			saves: saved.length,
			savedBytes: saved[saved.length - 1].bytes,
			editor,
			list,
			rssMb: memory.rssMb,
			peakMb: memory.hwmMb,
			execution,
		};
	} finally {
		await server.stop();
		await pg?.drop();
		rmrf(userFolder);
	}
}

// ------------------------------------------------------------------------ main

const fmt = (/** @type {number} */ n) => Math.round(n).toLocaleString('en-US');
const kb = (/** @type {number} */ bytes) => `${fmt(bytes / 1000)} KB`;
const ms = (/** @type {number} */ t) => (t < 10 ? `${t.toFixed(1)} ms` : `${fmt(t)} ms`);

/**
 * The in-process table: bytes, count under the cap, the trigger's own load and save.
 * @param {any} build @param {number} cap
 */
async function inProcess(build, cap) {
	say('in process: the stored form, and the trigger’s own load and save');
	const underCap = { sandbox: countUnderCap(build), uuid: countUnderCap(build, true) };
	const rows = [];
	for (const [count, uuid] of /** @type {[number, boolean][]} */ ([
		[10_000, false],
		[100_000, false],
		[underCap.sandbox, false],
		[10_000, true],
		[underCap.uuid, true],
	])) {
		const m = measureInProcess(build, count, uuid);
		rows.push({
			Applications: `${fmt(count)} (${uuid ? 'UUIDs' : 'sandbox ids'})`,
			'Stored state': kb(m.bytes),
			'Bytes an application': (m.bytes / count).toFixed(1),
			'Under the cap': m.bytes <= cap ? 'yes' : 'no',
			'Load (parse + read)': `${ms(m.load.ms)} (CPU ${ms(m.load.cpuMs)})`,
			'Save (write + stringify)': `${ms(m.save.ms)} (CPU ${ms(m.save.cpuMs)})`,
		});
	}
	console.log(tableOf(rows));
	console.log(
		`\nUnder the cap of ${kb(cap)}: ${fmt(underCap.sandbox)} applications with the sandbox's ids, ${fmt(underCap.uuid)} with 36-character ids (within 1 %).\n`,
	);
}

async function main() {
	const outRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'wtstate-bench-build-'));
	buildPackage({ srcRoot: SRC ? path.resolve(SRC) : undefined, outRoot, log: say });
	const dir = path.join(outRoot, 'dist', 'nodes', 'RecruitingTrigger');
	const build = {
		stored: require(path.join(dir, 'applications', 'stored.js')),
		lists: require(path.join(dir, 'lists', 'state.js')),
	};
	const cap = build.stored.STATE_CAP_BYTES;
	console.log(
		`${new Date().toISOString()}; ${os.cpus()[0]?.model.trim()} × ${os.cpus().length}, Node ${process.version}; load average ${os
			.loadavg()
			.map((l) => l.toFixed(2))
			.join(' ')}; STATE_CAP_BYTES ${fmt(cap)}\n`,
	);

	// 1. In process.
	if (IN_PROCESS) await inProcess(build, cap);
	if (!WITH_N8N) return;

	// 2. Real n8n.
	const inst = await ensureN8n({ log: say });
	const bytesPerApplication = measureInProcess(build, 100_000).bytes / 100_000;
	const results = [];
	for (const db of /** @type {('sqlite' | 'postgres')[]} */ (DATABASES)) {
		for (const mb of flag('no-baseline') ? SIZES_MB : [0, ...SIZES_MB]) {
			const count = Math.round((mb * 1e6) / bytesPerApplication);
			const state = JSON.stringify(build.stored.saveApplicationState(stateOf(build, count)));
			const text = mb === 0 ? '{}' : SHAPE === 'string' ? JSON.stringify(state) : state;
			say(`${db}: ${mb} MB (${fmt(count)} applications, ${kb(text.length)})`);
			const label = `${db === 'postgres' ? 'pg' : 'sqlite'}_${String(mb).replace('.', '_')}mb_${COPIES}`;
			const r = await measureN8n(inst, db, label, text).catch((/** @type {Error} */ error) => ({
				error: error.message.split('\n')[0],
			}));
			results.push({ db, mb, count, bytes: text.length, ...r });
			say(JSON.stringify(results[results.length - 1]));
		}
	}
	/** @type {any[]} */
	const measured = results;
	const baseline = (/** @type {string} */ db) => measured.find((r) => r.db === db && r.mb === 0);
	console.log(
		tableOf(
			measured.map((r) => ({
				Database: r.db === 'postgres' ? 'PostgreSQL 15' : 'SQLite',
				'Static data': r.mb === 0 && !r.error ? 'none' : kb(r.bytes),
				Applications: r.mb === 0 && !r.error ? '–' : fmt(r.count),
				'Save after an emitting poll': r.error
					? `failed: ${r.error}`
					: `${ms(r.saveMs)} (${ms(r.saveRange[0])}–${ms(r.saveRange[1])}, ${r.saves} saves; CPU ${ms(r.saveCpuMs)})`,
				...(!r.error && {
					'Open in the editor (GET /rest/workflows/:id)': `${ms(r.editor.ms)}, ${kb(r.editor.bytes)}`,
					'Workflow list (GET /rest/workflows)': `${ms(r.list.ms)}, ${kb(r.list.bytes)}`,
					'Main RSS (peak), over no state': `${fmt(r.rssMb)} MB (${fmt(r.peakMb)}), ${r.mb === 0 ? '–' : `+${fmt(r.rssMb - (baseline(r.db)?.rssMb ?? 0))} MB`}`,
					'Kept with each execution (workflowData, data)': `${kb(r.execution.workflowData)}, ${kb(r.execution.data)} (${r.execution.executions} kept)`,
				}),
			})),
		),
	);
	console.log(
		`\nn8n ${inst.version}; static data shaped as the trigger stores it (${bytesPerApplication.toFixed(1)} bytes an application).`,
	);
	fs.rmSync(outRoot, { recursive: true, force: true });
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
