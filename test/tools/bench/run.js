#!/usr/bin/env node
// @ts-check
'use strict';
/**
 * npm run bench: speed and memory of n8n-nodes-recruiting against the API's ceilings and
 * against n8n's HTTP Request + Code nodes. Prints Markdown tables (see BENCHMARKS.md).
 *
 *   node test/tools/bench/run.js [--quick] [--only 1,3,6] [--runs N] [--src DIR] [--no-n8n]
 *                          [--no-real-rate] [--runners on|off] [--json FILE]
 *
 *   --quick     one run each, smaller sizes (about 3 minutes, 1 with --no-n8n)
 *   --only      scenarios to run (1 sync, 2 real n8n, 3 rate limit, 4 idle poll, 5 backlog,
 *               6 package, 7 application events)
 *   --runs N    measurements per figure (default 3; medians are reported)
 *   --src DIR   build the node from another source tree (a scratch copy with a proposed fix)
 *   --no-n8n    skip scenario 2 (needs the cached n8n of test/tools/e2e, installed on first use)
 *   --no-real-rate  skip the 2-minute run at the API's real 1,000 requests/minute
 *   --runners   task runners in the real n8n (default on, n8n's recommended setting)
 *   --n8n 2,1   scenario 2 on these n8n majors (default both: 2.41.1 and 1.123.81), 5 rounds
 *               (or --runs), at 10,000 and once at 100,000 candidates (or --n8n-sizes 10000)
 *   --profile   scenario 2 with a CPU profile of n8n's main process: where the time goes
 *   --vs DIR    scenario 2 also runs the Get Many of the build of DIR in the same rounds
 *               (one lever against this build; --no-baseline leaves HTTP Request + Code out)
 *   --json FILE also write every raw measurement as JSON
 *
 * Every measurement runs in its own child process (worker.js) so its peak RSS is its own; the
 * sandbox API (test/tools/sandbox) runs in this process, on loopback. Comparisons are ratios taken
 * within the same round of runs, then the median of those ratios.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const { buildPackage, REPO_ROOT } = require('./lib/build');
const {
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
} = require('./lib/util');
const { commandLine, mkTemp, rmrf, sleep, onInterrupt } = require('../e2e/lib/util');
const { summarize, categoryNames, WAITING } = require('./lib/profile');

// ---------------------------------------------------------------------------- options

const { flag, option } = commandLine(__filename);

const QUICK = flag('quick');
const SIZES = QUICK
	? {
			runs: 1,
			candidates: 20_000,
			n8nSizes: [10_000],
			rate: [{ perWindow: 50, windowMs: 3_000, windows: 4, runs: 1, trigger: true }],
			backlog: { candidates: 20_000, maxItems: 1_000, bulk: 3_000 },
			idlePolls: 3,
			loadRuns: 3,
			applications: { jobs: 200, perJob: 50, jobsPerPoll: 20, moves: 60, maxItems: 1_000 },
		}
	: {
			runs: 3,
			candidates: 100_000,
			n8nSizes: [10_000, 100_000],
			rate: [
				{ perWindow: 100, windowMs: 6_000, windows: 5, runs: 3, trigger: true },
				// The API's real limit once: 2,001 requests, two full minutes.
				{ perWindow: 1_000, windowMs: 60_000, windows: 2, runs: 1, trigger: false },
			],
			backlog: { candidates: 100_000, maxItems: 1_000, bulk: 10_000 },
			idlePolls: 5,
			loadRuns: 7,
			applications: { jobs: 200, perJob: 50, jobsPerPoll: 20, moves: 200, maxItems: 1_000 },
		};
const RUNS = Number(option('runs') ?? SIZES.runs);
const ONLY = new Set((option('only') ?? '1,2,3,4,5,6,7').split(',').map((s) => Number(s.trim())));
if (flag('no-n8n')) ONLY.delete(2);
const SRC = path.resolve(option('src') ?? REPO_ROOT);
const RUNNERS = (option('runners') ?? 'on') !== 'off';
// Scenario 2: the n8n majors (e2e/lib/n8n.js's N8N_VERSIONS), its rounds, sizes, profiles and
// a second build whose Get Many runs in the same rounds.
const N8N_MAJORS = (option('n8n') ?? '2,1').split(',').map((s) => s.trim());
const N8N_ROUNDS = Number(option('runs') ?? (QUICK ? 1 : 5));
if (option('n8n-sizes')) SIZES.n8nSizes = String(option('n8n-sizes')).split(',').map(Number);
const PROFILE = flag('profile');
const VS = option('vs') && path.resolve(String(option('vs')));
const JSON_OUT = option('json');

/** @type {Record<string, any>} */
const results = {
	startedAt: new Date().toISOString(),
	options: { quick: QUICK, runs: RUNS, src: SRC, runners: RUNNERS, n8n: N8N_MAJORS, vs: VS },
	sizes: SIZES,
};
/** @type {{ goal: string, measured: string, ok: boolean | undefined }[]} */
const goals = [];
/** Records a goal and what was measured against it. @param {string} goal @param {string} measured @param {boolean} ok */
const goal = (goal, measured, ok) => goals.push({ goal, measured, ok });

const log = (/** @type {string} */ line) => process.stderr.write(`# ${line}\n`);
const print = (/** @type {string} */ text = '') => process.stdout.write(`${text}\n`);
/** One measurement's log line: why it failed, or `detail` of it. @param {string} what @param {any} r @param {(r: any) => string} detail */
const logRun = (what, r, detail) =>
	log(`${what}: ${r.failed ? `FAILED ${String(r.failed).slice(0, 300)}` : detail(r)}`);

// ---------------------------------------------------------------------------- machine

function machine() {
	const cpus = os.cpus();
	const version = (/** @type {string} */ name) => {
		try {
			return JSON.parse(
				fs.readFileSync(require.resolve(`${name}/package.json`, { paths: [REPO_ROOT] }), 'utf8'),
			).version;
		} catch {
			return '?';
		}
	};
	return {
		cpu: `${cpus[0]?.model ?? '?'} × ${cpus.length}`,
		memory: `${Math.round(os.totalmem() / 2 ** 30)} GB`,
		os: `${os.type()} ${os.release()}`,
		node: process.version,
		n8nCore: version('n8n-core'),
		n8nWorkflow: version('n8n-workflow'),
		loadavg: os
			.loadavg()
			.map((l) => l.toFixed(2))
			.join(' '),
	};
}

// ---------------------------------------------------------------------------- helpers

/** A sandbox API on a free loopback port. @param {Record<string, unknown>} options @returns {Promise<any>} */
const sandbox = (options) => require('../sandbox').createSandbox(options);

/**
 * Runs `work` with a sandbox made with `options`, closed after.
 * @template T @param {Record<string, unknown>} options @param {(sb: any) => Promise<T>} work
 */
async function withSandbox(options, work) {
	const sb = await sandbox(options);
	try {
		return await work(sb);
	} finally {
		await sb.close();
	}
}

/** @param {any} sb */
const api = (sb) => ({ sandboxUrl: sb.url, apiKey: sb.apiKey });

/**
 * `list` in the order of round `round` (from 0): it rotates from round to round, so no variant
 * always runs right after the same one (the sandbox, the kernel's sockets and the CPU carry some
 * of the previous run's load).
 * @template T @param {T[]} list @param {number} round
 */
const rotated = (list, round) => [
	...list.slice(round % list.length),
	...list.slice(0, round % list.length),
];

/**
 * Runs each variant once per round, rounds interleaved in rotated order, and returns the runs
 * per variant; `detail` says what the log line shows of a run.
 * @param {number} rounds
 * @param {Record<string, Record<string, unknown>>} variants
 * @param {string} what
 * @param {(r: any) => string} [detail]
 */
async function rounds(rounds, variants, what, detail) {
	/** @type {Record<string, any[]>} */
	const out = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
	for (let round = 0; round < rounds; round++) {
		for (const [name, task] of rotated(Object.entries(variants), round)) {
			const result = await runWorker(task);
			out[name].push(result);
			logRun(
				`${what} ${name} ${round + 1}/${rounds}`,
				result,
				detail ??
					((r) => `${secs(r.wallMs ?? 0)}, ${r.items ?? ''} items, peak ${mib(r.peakRssMb)}`),
			);
		}
	}
	return out;
}

/**
 * Median over rounds of a per-round ratio a[i] / b[i].
 * @param {any[]} a @param {any[]} b @param {(r: any) => number} pick
 */
const ratio = (a, b, pick) => median(a.map((r, i) => pick(r) / pick(b[i])));

// ---------------------------------------------------------------------------- scenarios

/** 1. Full sync in n8n-core's engine. */
/** @param {string} pkgRoot */
async function scenarioSync(pkgRoot) {
	const n = SIZES.candidates;
	print(
		`\n## 1. Full sync of ${fmt(n, 0)} candidates in n8n's engine (in-process, sandbox on loopback, no rate limit)\n`,
	);
	await withSandbox({ candidates: n, rateLimit: false }, async (sb) => {
		const base = { ...api(sb), pkgRoot };
		const runs = await rounds(
			RUNS,
			{
				plain: { ...base, scenario: 'raw', retain: true },
				floor: { ...base, scenario: 'getAll', floor: true },
				getMany: { ...base, scenario: 'getAll' },
				trigger: { ...base, scenario: 'trigger', maxItemsPerPoll: n },
			},
			'sync',
		);
		results.sync = runs;
		const labels = {
			plain: 'Plain Node: http.get + JSON.parse, records kept',
			floor: 'n8n HTTP floor: a node paging with n8n’s HTTP helper, nothing else',
			getMany: 'Recruiting: Get Many, Return All, Flattened',
			trigger: 'Recruiting Trigger: Start = Everything, one poll (Max Items = all)',
		};
		const rows = Object.entries(runs).map(([name, list]) => {
			const ok = list.filter((r) => !r.failed && (r.items ?? 0) === n);
			const med = (/** @type {(r: any) => number} */ of) => median(ok.map(of));
			return {
				Path: labels[/** @type {keyof typeof labels} */ (name)],
				OK: `${ok.length}/${list.length}`,
				'Wall (median)': secs(med((r) => r.wallMs)),
				'Range (s)': spread(ok.map((r) => r.wallMs / 1000)),
				'CPU per item': `${fmt(
					med((r) => (r.cpuMs * 1000) / n),
					1,
				)} µs`,
				'Peak RSS': mib(med((r) => r.peakRssMb)),
				'Peak over start': mib(med((r) => r.peakOverMb)),
				'Time outside HTTP': secs(med((r) => r.wallMs - r.httpMs)),
				'vs n8n HTTP floor': pct(ratio(list, runs.floor, (r) => r.wallMs) - 1),
				'vs plain Node': times(ratio(list, runs.plain, (r) => r.wallMs)),
			};
		});
		print(tableOf(rows));
		print(
			`\n“Time outside HTTP”: wall time during which no request was in flight (requests timed from axios’ request to response interceptor, JSON parsing included). “vs” columns: median of the per-round ratios.`,
		);
		for (const name of /** @type {const} */ (['getMany', 'trigger'])) {
			const overhead = ratio(runs[name], runs.floor, (r) => r.wallMs) - 1;
			goal(
				`1. ${name === 'getMany' ? 'Get Many' : 'Trigger'}: node-side overhead over the HTTP time ≤ 5 % (vs n8n HTTP floor)`,
				`${pct(overhead)} (vs plain Node ${times(ratio(runs[name], runs.plain, (r) => r.wallMs))})`,
				Number.isFinite(overhead) ? overhead <= 0.05 : false,
			);
		}
	});
}

const N8N_WORKFLOWS = {
	empty: 'Empty workflow (Manual Trigger)',
	recruiting: 'Recruiting Get Many',
	vs: 'Recruiting Get Many, the --vs build',
	baseline: 'HTTP Request + Code',
};

/**
 * 2. Real n8n, each major: ours vs HTTP Request + Code, each above an empty workflow. Every
 * round runs each workflow once on each major, in an order that rotates from round to round,
 * so that the machine's load falls on all of them alike; each ratio is taken within a round,
 * then the median and the range over the rounds are given.
 * @param {string} pkgRoot @param {string | undefined} vsRoot
 */
async function scenarioRealN8n(pkgRoot, vsRoot) {
	print(
		`\n## 2. Real n8n (\`n8n execute\`): Recruiting vs HTTP Request (pagination) + Code (flatten)\n`,
	);
	const { prepare, execute } = require('./lib/real-n8n');
	const builds = { recruiting: pkgRoot, ...(vsRoot && { vs: vsRoot }) };
	const names = /** @type {(keyof typeof N8N_WORKFLOWS)[]} */ ([
		'empty',
		...Object.keys(builds),
		...(flag('no-baseline') ? [] : ['baseline']),
	]);
	const sb = await sandbox({ candidates: SIZES.n8nSizes[0], rateLimit: false });
	const profiles = mkTemp('recruiting-bench-profiles-');
	const env = { N8N_RUNNERS_ENABLED: RUNNERS ? 'true' : 'false' };
	/** @type {string[]} */
	const folders = [];
	/** @type {any[]} */
	const majors = [];
	try {
		for (const version of N8N_MAJORS) {
			/** @type {Record<string, any>} one n8n user folder per build */
			const sites = {};
			for (const [name, root] of Object.entries(builds)) {
				sites[name] = await prepare({ version, pkgRoot: root, ...api(sb), log });
				folders.push(sites[name].userFolder);
			}
			majors.push({ version: sites.recruiting.inst.version, sites, bySize: {} });
		}
		for (const size of SIZES.n8nSizes) {
			if (sb.state().counts.candidates !== size) sb.reset({ candidates: size });
			const rounds = size >= 100_000 ? 1 : N8N_ROUNDS;
			const timeoutMs = size >= 100_000 ? 8 * 60_000 : 4 * 60_000;
			for (const major of majors)
				major.bySize[size] = Object.fromEntries(names.map((n) => [n, []]));
			for (let round = 0; round < rounds; round++) {
				for (const major of majors) {
					for (const name of rotated(names, round)) {
						const site = major.sites[name === 'vs' ? 'vs' : 'recruiting'];
						const workflow = name === 'vs' ? 'recruiting' : name;
						const load = os.loadavg()[0];
						const profile =
							PROFILE && size === SIZES.n8nSizes[0]
								? path.join(profiles, `${major.version}-${name}-${round}.cpuprofile`)
								: undefined;
						const r = await execute(site.inst, site.userFolder, site.ids[workflow], {
							env,
							timeoutMs,
							profile,
						});
						const expected = name === 'empty' ? 0 : name === 'baseline' ? 2 * size : size;
						Object.assign(r, { load, complete: r.ok && r.ids === expected });
						if (profile && r.ok) r.profile = summarize(profile, r.clock, r);
						major.bySize[size][name].push(r);
						log(
							`n8n ${major.version} ${fmt(size, 0)} ${name} ${round + 1}/${rounds}: ${r.ok ? 'ok' : `FAILED (${r.error})`}, execution ${secs(r.executionMs)}, wall ${secs(r.wallMs)}, peak ${mib(r.peakRssMb)}, ids ${r.ids}/${expected}, load ${fmt(load, 1)}`,
						);
					}
				}
			}
		}
	} finally {
		await sb.close();
		for (const dir of [...folders, profiles]) rmrf(dir);
	}
	results.realN8n = majors.map(({ version, bySize }) => ({ version, bySize }));
	reportRealN8n(majors, names);
	if (PROFILE) reportProfiles(majors, names, categoryNames());
}

/**
 * Per round, `of(a) / of(b)` where each side is less the same round's empty workflow (the
 * median of the other rounds' when that one failed: n8n 1.x sometimes crashes on exit); NaN
 * when a or b failed.
 * @param {Record<string, any[]>} runs @param {string} a @param {string} b
 * @param {(r: any) => number} of
 */
function overEmpty(runs, a, b, of) {
	const emptyMedian = median(runs.empty.filter((r) => r.ok).map(of));
	return (runs[a] ?? []).map((r, i) => {
		const other = runs[b]?.[i];
		const empty = runs.empty[i]?.ok ? of(runs.empty[i]) : emptyMedian;
		if (!r?.complete || !other?.complete) return NaN;
		return (of(r) - empty) / (of(other) - empty);
	});
}

/** CPU of n8n's main process inside the execution, from its profile (--profile): all but waiting. */
const cpuMs = (/** @type {any} */ r) =>
	r?.profile ? sum(r.profile.in) - (r.profile.in[WAITING] ?? 0) : NaN;
const sum = (/** @type {Record<string, number>} */ parts) =>
	Object.values(parts).reduce((a, b) => a + b, 0);

/** @param {number[]} values */
const medianAndRange = (values, format = times) => {
	const finite = values.filter(Number.isFinite);
	if (!finite.length) return '–';
	return `${format(median(finite))} (${format(Math.min(...finite))}–${format(Math.max(...finite))})`;
};

/** @param {any[]} majors @param {string[]} names */
function reportRealN8n(majors, names) {
	const rows = [];
	const ratios = [];
	const vs = names.includes('vs');
	for (const { version, bySize } of majors) {
		for (const [size, runs] of Object.entries(bySize)) {
			const n = fmt(Number(size), 0);
			for (const name of names) {
				/** @type {any[]} */
				const list = runs[name];
				const ok = list.filter((r) => (name === 'empty' ? r.ok : r.complete));
				const failed = list.find((r) => !r.ok);
				rows.push({
					n8n: version,
					Candidates: n,
					Workflow: N8N_WORKFLOWS[/** @type {keyof typeof N8N_WORKFLOWS} */ (name)],
					OK: `${ok.length}/${list.length}${failed ? ` — ${failed.error}` : ''}`,
					'Execution time (median, range)': medianAndRange(
						ok.map((r) => r.executionMs / 1000),
						(v) => `${fmt(v, 2)} s`,
					),
					'Wall (median, range)': medianAndRange(
						ok.map((r) => r.wallMs / 1000),
						(v) => `${fmt(v, 1)} s`,
					),
					'Peak RSS (tree, median)':
						mib(median((ok.length ? ok : list).map((r) => r.peakRssMb))) +
						(ok.length ? '' : ' (at failure)'),
				});
			}
			const loads = Object.values(runs)
				.flat()
				.map((r) => r.load);
			const speed = overEmpty(runs, 'baseline', 'recruiting', (r) => r.executionMs);
			const speedWall = overEmpty(runs, 'baseline', 'recruiting', (r) => r.wallMs);
			const memory = overEmpty(runs, 'recruiting', 'baseline', (r) => r.peakRssMb);
			const change = (/** @type {number[]} */ values) => medianAndRange(values, (v) => pct(v - 1));
			ratios.push([
				version,
				n,
				medianAndRange(speed),
				medianAndRange(speedWall),
				medianAndRange(memory),
				...(vs
					? [
							change(overEmpty(runs, 'vs', 'recruiting', (r) => r.executionMs)),
							change(overEmpty(runs, 'vs', 'recruiting', (r) => r.wallMs)),
							change(
								runs.vs.map(
									(/** @type {any} */ r, /** @type {number} */ i) =>
										cpuMs(r) / cpuMs(runs.recruiting[i]),
								),
							),
						]
					: []),
				`${fmt(Math.min(...loads), 1)}–${fmt(Math.max(...loads), 1)}`,
			]);
			if (runs.baseline?.some((/** @type {any} */ r) => r.complete)) {
				goal(
					`2. ${n} in real n8n ${version}: ours ≥ 3.3× faster than HTTP Request + Code (execution time above an empty workflow)`,
					`${medianAndRange(speed)}; by wall time above it ${medianAndRange(speedWall)}`,
					median(speed) >= 3.3,
				);
				goal(
					`2. ${n} in real n8n ${version}: ours ≤ 0.5× the memory (peak RSS above an empty workflow)`,
					medianAndRange(memory),
					median(memory) <= 0.5,
				);
			} else if (runs.baseline) {
				const ours = runs.recruiting.filter((/** @type {any} */ r) => r.complete).length;
				goal(
					`2. ${n} in real n8n ${version}: ours succeeds where HTTP Request + Code fails`,
					`ours ${ours}/${runs.recruiting.length} complete; HTTP Request + Code: ${runs.baseline.find((/** @type {any} */ r) => !r.ok)?.error ?? 'incomplete'}`,
					ours === runs.recruiting.length && ours > 0,
				);
			}
		}
	}
	print(tableOf(rows));
	print(
		`\nn8n under its own Node (2.x: 24, 1.x: 22; the e2e harness's cache), SQLite, task runners ${RUNNERS ? 'on (internal mode)' : 'off'}. “Execution time”: the execution's own startedAt → stoppedAt; “Wall”: the whole \`n8n execute\` process (start-up, execution, saving, printing the run data). Peak RSS: n8n and its child processes, sampled every 100 ms.\n`,
	);
	print(
		table(
			[
				'n8n',
				'Candidates',
				'HTTP Request + Code ÷ Recruiting, execution time above empty',
				'the same by wall time',
				'Memory: Recruiting ÷ HTTP Request + Code, peak RSS above empty',
				...(vs
					? [
							'--vs build vs this one, execution time above empty',
							'the same by wall time',
							"the same by n8n's CPU in the execution (--profile)",
						]
					: []),
				'Load average (1 min) over the runs',
			],
			ratios,
		),
	);
	print(
		`\nEach ratio is taken within a round (the empty workflow's figure of that round subtracted from both sides), then the median and the range over the rounds.`,
	);
}

/**
 * Where n8n's main process spends each workflow's time (--profile), at the first size: the
 * median over the rounds of each row, in the execution and after it.
 * @param {any[]} majors @param {string[]} names @param {string[]} categories
 */
function reportProfiles(majors, names, categories) {
	const shown = /** @type {(keyof typeof N8N_WORKFLOWS)[]} */ (names.filter((n) => n !== 'empty'));
	for (const { version, bySize } of majors) {
		const runs = Object.values(bySize)[0];
		/** @param {string} name @param {'in' | 'after'} part @param {string} [category] */
		const ms = (name, part, category) =>
			median(
				runs[name]
					.filter((r) => r.profile)
					.map((r) => (category ? (r.profile[part][category] ?? 0) : sum(r.profile[part]))),
			);
		print(
			`\n### Where n8n ${version}'s main process spends it (CPU profile, ms, median of ${runs.recruiting.length} rounds)\n`,
		);
		print(
			table(
				['Where', ...shown.flatMap((n) => [`${N8N_WORKFLOWS[n]}: in the execution`, 'after it'])],
				[...categories, undefined].map((category) => [
					category ?? '**Total** (samples; the execution time is the wall-clock span)',
					...shown.flatMap((n) => [
						fmt(ms(n, 'in', category), 0),
						fmt(ms(n, 'after', category), 0),
					]),
				]),
			),
		);
	}
	print(
		`\nFrom \`node --cpu-prof\` of n8n's main process (the Code node runs in the task runner, another process: its work shows here as waiting). Each sample counts once, for the first row (top to bottom) that a frame of its stack matches (lib/profile.js); “after it”: saving the execution, printing the run data, exit.`,
	);
}

/** 3. Rate-limited sync. */
/** @param {string} pkgRoot */
async function scenarioRateLimit(pkgRoot) {
	print(`\n## 3. Rate-limited sync\n`);
	const rows = [];
	results.rateLimit = [];
	for (const setting of SIZES.rate) {
		if (setting.windowMs >= 60_000 && flag('no-real-rate')) continue;
		const { perWindow, windowMs, windows } = setting;
		const runsWanted = setting.runs === 1 ? 1 : RUNS;
		// windows × perWindow requests fill `windows` windows exactly; one more candidate needs one
		// more request, at the start of the next window: the ideal client ends just after windows × W.
		const n = windows * perWindow * 50 + 1;
		const requests = windows * perWindow + 1;
		const ceilingPerMin = ((perWindow * 50) / windowMs) * 60_000;
		const limit = `${fmt(perWindow, 0)} per ${windowMs / 1000} s${windowMs === 60_000 ? ' (the API’s own)' : ' (scaled)'}`;
		/** @type {Record<string, any[]>} */
		const runs = { getMany: [], trigger: [] };
		await withSandbox(
			{
				candidates: n,
				rateLimit: { apiPerWindow: perWindow, windowMs, publicPerWindow: 100 },
			},
			async (sb) => {
				for (let round = 1; round <= runsWanted; round++) {
					for (const name of /** @type {const} */ (['getMany', 'trigger'])) {
						if (name === 'trigger' && (round > 1 || !setting.trigger)) continue;
						await sleep(Math.min(windowMs, 6_000)); // the previous run's window ends
						sb.rateLimiter.reset();
						const seq = sb.requestLog.seq;
						const task =
							name === 'getMany'
								? { scenario: 'getAll' }
								: { scenario: 'trigger', maxItemsPerPoll: n };
						const r = await runWorker({ ...api(sb), pkgRoot, ...task });
						const entries = sb.requestLog.since(seq);
						r.status429 = entries.filter((/** @type {any} */ e) => e.status === 429).length;
						r.sent = entries.length;
						runs[name].push(r);
						logRun(
							`rate ${limit} ${name} ${round}`,
							r,
							(r) => `${secs(r.wallMs)}, ${r.items} items, ${r.status429} × 429`,
						);
					}
				}
			},
		);
		results.rateLimit.push({ setting, runs });
		const idealMs = windows * windowMs;
		for (const [name, list] of Object.entries(runs)) {
			if (list.length === 0) continue;
			const ok = list.filter((r) => !r.failed && !r.error && r.items === n);
			const fraction = median(ok.map((r) => ((r.items / r.wallMs) * 60_000) / ceilingPerMin));
			const status429 = fmt(median(list.map((r) => r.status429)), 0);
			rows.push({
				Limit: limit,
				Path: name === 'getMany' ? 'Get Many, Return All' : 'Trigger, Start = Everything, one poll',
				Candidates: fmt(n, 0),
				Failed: `${list.length - ok.length}/${list.length}`,
				'Wall (median)': secs(median(ok.map((r) => r.wallMs))),
				'Ideal wall': secs(idealMs),
				'Items/min': `${fmt(median(ok.map((r) => (r.items / r.wallMs) * 60_000)), 0)} of ${fmt(ceilingPerMin, 0)}`,
				'Of the ceiling': Number.isFinite(fraction) ? `${fmt(fraction * 100, 1)} %` : '–',
				'429s received': status429,
				'Requests sent': `${fmt(median(list.map((r) => r.sent)), 0)} (${requests} needed)`,
			});
			if (name === 'getMany') {
				goal(
					`3. Rate-limited, ${limit}: ≥ 95 % of the ceiling`,
					`${fmt(fraction * 100, 1)} %`,
					fraction >= 0.95,
				);
				goal(
					`3. Rate-limited, ${limit}: 0 failed executions`,
					`${list.length - ok.length} of ${list.length} failed; ${status429} × 429 per run`,
					ok.length === list.length,
				);
			}
		}
	}
	print(tableOf(rows));
	print(
		`\nThe ceiling is 50 items × the limit, per window, scaled to a minute. “Ideal wall”: the full windows; the one extra request opens the next window. The sandbox counts fixed windows that start at the first request after the previous window ended, and answers 429 with Retry-After in whole seconds (at least 1).`,
	);
}

/** 4. Idle poll. */
/** @param {string} pkgRoot */
async function scenarioIdle(pkgRoot) {
	print(`\n## 4. Idle poll: requests per poll when nothing changed\n`);
	await withSandbox({ candidates: 1_000, vacancies: 120, rateLimit: false }, async (sb) => {
		const r = await runWorker({ ...api(sb), pkgRoot, scenario: 'idle', polls: SIZES.idlePolls });
		results.idle = r;
		if (r.failed) throw new Error(r.failed);
		const rows = Object.entries(r.perPoll).map(([key, /** @type {number[]} */ list]) => {
			const [resource, start] = key.split(':');
			return {
				Resource: resource,
				Start: start === 'now' ? 'From Now' : 'Everything',
				[`Requests in each of ${SIZES.idlePolls} idle polls`]: list.join(', '),
				Most: fmt(Math.max(...list), 0),
			};
		});
		print(tableOf(rows));
		const worst = Math.max(...Object.values(r.perPoll).flat());
		goal('4. Idle poll: 1 request per watched resource', `${worst} at most`, worst <= 1);
	});
}

/** 5. Backlog. */
/** @param {string} pkgRoot */
async function scenarioBacklog(pkgRoot) {
	const { candidates, maxItems, bulk } = SIZES.backlog;
	print(`\n## 5. Backlog with Max Items per Poll = ${fmt(maxItems, 0)}\n`);
	/** @type {Record<string, any[]>} */
	const runs = { seeded: [], floor: [], seededGc: [], bulk: [] };
	await withSandbox({ candidates, rateLimit: false }, async (sb) => {
		const backlog = { ...api(sb), pkgRoot, scenario: 'backlog', maxItemsPerPoll: maxItems };
		const seeded = { ...backlog, mode: 'seeded' };
		// Each round drains the backlog with the trigger and with the HTTP floor trigger (the
		// same polls through n8n's helper alone: what any polling node costs in this engine),
		// which one first alternating from round to round.
		Object.assign(
			runs,
			await rounds(
				RUNS,
				{ seeded, floor: { ...seeded, floor: true } },
				'backlog',
				(r) => `${r.polls} polls, ${r.emitted} emitted, over ${mib(r.peakOverMb)}`,
			),
		);
		// Diagnostic: the same with a full GC after every poll, to tell what the trigger keeps
		// (its live set) from garbage V8 has not collected yet.
		const g = await runWorker({ ...seeded, gcEachPoll: true }, { nodeArgs: ['--expose-gc'] });
		runs.seededGc.push(g);
		logRun(
			'backlog seeded, GC after each poll',
			g,
			(g) => `over ${mib(g.peakOverMb)}, live heap ≤ ${mib(g.liveHeapMb)}`,
		);
		sb.reset({ candidates: bulk });
		const r = await runWorker(
			{ ...backlog, mode: 'bulk', touch: bulk, timeoutMs: 5 * 60_000 },
			{ timeoutMs: 8 * 60_000 },
		);
		runs.bulk.push(r);
		logRun(
			'backlog bulk',
			r,
			(r) => `${r.polls} polls, ${r.emitted} emitted, ${r.requests} requests`,
		);
	});
	results.backlog = runs;
	// Per round: the trigger's peak over start minus the floor's, then the median.
	const overFloor = median(
		runs.seeded.map((r, i) =>
			r.failed || runs.floor[i]?.failed ? NaN : r.peakOverMb - runs.floor[i].peakOverMb,
		),
	);
	const rows = [];
	for (const [name, list] of Object.entries(runs)) {
		const size = name === 'bulk' ? bulk : candidates;
		const ok = list.filter((r) => !r.failed);
		const med = (/** @type {(r: any) => number} */ of) => median(ok.map(of));
		const drained = ok.filter((r) => !r.timedOut && r.distinct === size);
		const ideal = Math.ceil(size / 50) + Math.ceil(size / maxItems);
		const requests = fmt(median(ok.map((r) => r.requests)), 0);
		const idle = med((r) => Math.max(...(r.idleRequests ?? [NaN])));
		const over = med((r) => r.peakOverMb);
		rows.push({
			Backlog: {
				seeded: `${fmt(size, 0)} candidates changed at different times (Start = Everything)`,
				floor: `the same drained by the n8n HTTP floor trigger (reference: n8n's HTTP helper, raw records, nothing else)`,
				seededGc: `the same, with a full GC after each poll (diagnostic)`,
				bulk: `${fmt(size, 0)} candidates changed by one bulk update (one modifiedAt), polled every minute`,
			}[name],
			Drained: `${drained.length}/${list.length}`,
			Polls: fmt(
				med((r) => r.polls),
				0,
			),
			'Emitted / distinct': `${fmt(
				med((r) => r.emitted),
				0,
			)} / ${fmt(
				med((r) => r.distinct),
				0,
			)}`,
			'Requests (minimum)': `${requests} (≈ ${fmt(ideal, 0)})`,
			Wall: secs(med((r) => r.wallMs)),
			'Longest poll': secs(med((r) => r.maxPollMs)),
			'Peak RSS over start':
				mib(over) + (name === 'seededGc' ? `; live heap ≤ ${mib(med((r) => r.liveHeapMb))}` : ''),
			'vs the floor': name === 'seeded' ? signedMib(overFloor) : '',
			'Stored state': `${fmt(med((r) => r.stateBytes) / 1024, 1)} KB`,
			'Requests per idle poll after': idle,
		});
		if (name === 'seededGc' || name === 'floor') continue;
		const what = name === 'seeded' ? 'different times' : 'one bulk modifiedAt';
		goal(
			`5. Backlog (${what}): peak RSS over the process's start ≤ 64 MB`,
			mib(over),
			ok.length > 0 ? over <= 64 : false,
		);
		if (name === 'seeded') {
			goal(
				`5. Backlog (${what}): peak RSS over the n8n HTTP floor's ≤ 64 MB`,
				`${signedMib(overFloor)} (floor: ${mib(median(runs.floor.filter((r) => !r.failed).map((r) => r.peakOverMb)))} over start)`,
				Number.isFinite(overFloor) && overFloor <= 64,
			);
		}
		goal(
			`5. Backlog (${what}): drains completely`,
			`${drained.length}/${list.length} drained; ${requests} requests (≈ ${fmt(ideal, 0)} needed)`,
			drained.length === list.length,
		);
		if (name === 'bulk')
			goal(
				'4. Idle poll after a bulk update: 1 request',
				`${fmt(idle, 0)} requests per idle poll`,
				idle <= 1,
			);
	}
	print(tableOf(rows));
	print(
		`\nEach poll runs through PollContext (as n8n's poller); emitted items are dropped after the poll (in n8n they start an execution). “Peak RSS over start”: the worker's VmHWM, reset once the engine is loaded, minus the RSS then. “Live heap”: V8 heap in use right after a full GC, at the end of each poll (engine included). “vs the floor”: median over rounds of the trigger's peak over start minus the floor trigger's in the same round.`,
	);
}

/** 7. Application events: cost per poll, staleness, state size, a backlog drained. */
/** @param {string} pkgRoot */
async function scenarioApplications(pkgRoot) {
	const { jobs, perJob, jobsPerPoll, moves, maxItems } = SIZES.applications;
	const total = jobs * perJob;
	const cycle = Math.ceil(jobs / jobsPerPoll);
	print(
		`\n## 7. Application events: ${fmt(jobs, 0)} jobs × ${perJob} applications, Jobs per Poll = ${jobsPerPoll}\n`,
	);
	await withSandbox(
		{
			candidates: 2_000,
			vacancies: jobs,
			applicationsPerVacancy: perJob,
			rateLimit: false,
		},
		async (sb) => {
			const r = await runWorker(
				{ ...api(sb), pkgRoot, scenario: 'applications', jobsPerPoll, moves, maxItems },
				{ timeoutMs: 20 * 60_000 },
			);
			results.applications = r;
			if (r.failed) throw new Error(r.failed);
			print(
				table(
					['What', 'Measured', 'Expected'],
					[
						[
							'From Now, taking the jobs in (each read once, silently; nothing emitted)',
							`${r.takeIn.polls} polls, ${fmt(r.takeIn.requests, 0)} requests, at most ${r.takeIn.most} in a poll, ${secs(r.takeIn.ms)}`,
							`ceil(${jobs} / ${jobsPerPoll}) = ${cycle} polls, at most 1 + 2 × ${jobsPerPoll} = ${1 + 2 * jobsPerPoll} requests a poll plus the job list's pages (${Math.ceil(jobs / 50)} + 2 in the first)`,
						],
						[
							'Idle poll',
							`${r.idle.join(', ')} requests`,
							`1 + min(jobs, Jobs per Poll) = ${1 + Math.min(jobs, jobsPerPoll)}`,
						],
						[
							`Staleness: ${fmt(r.staleness.moves, 0)} applications moved one per poll, in jobs spread over the rotation`,
							`emitted after ${r.staleness.worst} poll(s) at worst (median ${r.staleness.median}); ${r.staleness.emitted}/${r.staleness.moves} emitted once`,
							`≤ ceil(${jobs} / ${jobsPerPoll}) = ${cycle} polls`,
						],
						[
							`Static data at ${fmt(total, 0)} applications (the state and its copy, slot.ts)`,
							`${fmt(r.state.bytes / 1024, 0)} KB, ${fmt(r.state.bytes / total, 1)} bytes per application`,
							`each copy under the cap of 3,000 KB (STATE_CAP_BYTES)`,
						],
						[
							`Backlog: Start = Everything, ${fmt(total, 0)} applications, Max Items per Poll = ${fmt(maxItems, 0)}`,
							`${fmt(r.backlog.emitted, 0)} emitted (${fmt(r.backlog.distinct, 0)} distinct) in ${r.backlog.polls} polls, ${fmt(r.backlog.requests, 0)} requests, ${secs(r.backlog.ms)}; peak RSS ${mib(r.peakOverMb)} over start`,
							`${fmt(total, 0)} once each, in ≥ ${Math.max(cycle, Math.ceil(total / maxItems))} polls`,
						],
					],
				),
			);
			const idle = Math.max(...r.idle);
			goal(
				'7. Application events: From Now takes every job in within ceil(jobs / Jobs per Poll) polls, at most 1 + 2 × Jobs per Poll requests a poll beside the job list',
				`${r.takeIn.polls} polls, at most ${r.takeIn.most} requests in a poll`,
				r.takeIn.polls <= cycle && r.takeIn.most <= 1 + 2 * jobsPerPoll + Math.ceil(jobs / 50) + 2,
			);
			goal(
				'7. Application events: idle poll costs 1 + min(jobs, Jobs per Poll) requests',
				`${idle} (jobs ${jobs}, Jobs per Poll ${jobsPerPoll})`,
				idle === 1 + Math.min(jobs, jobsPerPoll),
			);
			goal(
				'7. Application events: a move is emitted within ceil(jobs / Jobs per Poll) polls, once',
				`${r.staleness.worst} polls at worst; ${r.staleness.emitted}/${r.staleness.moves} emitted, ${r.staleness.duplicates} repeated`,
				r.staleness.worst <= cycle &&
					r.staleness.emitted === r.staleness.moves &&
					r.staleness.duplicates === 0,
			);
			goal(
				'7. Application events: a backlog of every application drains, each once',
				`${fmt(r.backlog.distinct, 0)}/${fmt(total, 0)} in ${r.backlog.polls} polls`,
				r.backlog.distinct === total && r.backlog.emitted === total,
			);
		},
	);
}

/** 6. Package. */
/** @param {string} pkgRoot */
async function scenarioPackage(pkgRoot) {
	print(`\n## 6. Package\n`);
	const pack = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
		cwd: pkgRoot,
		encoding: 'utf8',
	});
	if (pack.status !== 0) throw new Error(`npm pack failed: ${pack.stderr}`);
	const info = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('[')))[0];
	const pkg = JSON.parse(fs.readFileSync(path.join(pkgRoot, 'package.json'), 'utf8'));
	const deps = Object.keys(pkg.dependencies ?? {});
	const bundled = pkg.bundleDependencies ?? pkg.bundledDependencies ?? [];
	/** @type {any[]} */
	const loads = [];
	for (let i = 0; i < SIZES.loadRuns; i++)
		loads.push(await runWorker({ scenario: 'load', pkgRoot }));
	const loadMs = median(loads.map((r) => r.loadMs));
	const constructMs = median(loads.map((r) => r.constructMs));
	/** @param {RegExp} re */
	const bytes = (re) =>
		info.files
			.filter((/** @type {any} */ f) => re.test(f.path))
			.reduce((/** @type {number} */ s, /** @type {any} */ f) => s + f.size, 0);
	const maps = bytes(/\.map$/);
	const decls = bytes(/\.d\.ts$/);
	const buildInfo = bytes(/\.tsbuildinfo$/);
	// What would ship without build by-products n8n never reads (files: "!dist/**/*.map", …).
	const lean = info.unpackedSize - maps - decls - buildInfo;
	results.package = {
		size: info.size,
		unpackedSize: info.unpackedSize,
		entryCount: info.entryCount,
		deps,
		bundled,
		loads,
		maps,
		decls,
		buildInfo,
		lean,
	};
	print(
		table(
			['Measure', 'Value', 'Goal'],
			[
				['`npm pack` tarball', `${fmt(info.size / 1024, 1)} KB`, '≤ 250 KB'],
				[
					'Unpacked',
					`${fmt(info.unpackedSize / 1024, 1)} KB (${info.entryCount} files${
						lean < info.unpackedSize
							? `, of which build by-products n8n never reads: tsconfig.tsbuildinfo ${fmt(buildInfo / 1024, 0)} KB, source maps ${fmt(maps / 1024, 0)} KB, .d.ts ${fmt(decls / 1024, 0)} KB`
							: ''
					})`,
					'≤ 250 KB',
				],
				...(lean < info.unpackedSize
					? [['Unpacked without those', `${fmt(lean / 1024, 1)} KB`, '≤ 250 KB']]
					: []),
				[
					'Runtime dependencies',
					`${deps.length}${deps.length ? ` (${deps.join(', ')})` : ''}${bundled.length ? `, bundled ${bundled.length}` : ''}`,
					'0',
				],
				[
					'Loading the node and credential classes',
					`${fmt(loadMs, 1)} ms (median of ${loads.length}, n8n-workflow already loaded)`,
					'–',
				],
				['Constructing them (descriptions)', `${fmt(constructMs, 1)} ms`, '–'],
			],
		),
	);
	goal(
		'6. Package size ≤ 250 KB (tarball and unpacked)',
		`${fmt(info.size / 1024, 1)} KB / ${fmt(info.unpackedSize / 1024, 1)} KB`,
		info.size <= 250 * 1024 && info.unpackedSize <= 250 * 1024,
	);
	goal(
		'6. Runtime dependencies: 0',
		String(deps.length + bundled.length),
		deps.length + bundled.length === 0,
	);
}

// ---------------------------------------------------------------------------- main

async function main() {
	const started = Date.now();
	const m = machine();
	results.machine = m;
	print(`# n8n-nodes-recruiting benchmarks${QUICK ? ' (--quick)' : ''}\n`);
	print(
		`${new Date().toISOString()} — ${m.cpu}, ${m.memory} RAM, ${m.os}, Node ${m.node}, n8n-core ${m.n8nCore}, n8n-workflow ${m.n8nWorkflow}; load average at start ${m.loadavg}; ${RUNS} run(s) per figure, medians (scenario 2: ${N8N_ROUNDS} rounds)${SRC !== REPO_ROOT ? `; sources: ${SRC}` : ''}${VS ? `; --vs ${VS}` : ''}.`,
	);

	// Removed when the bench exits, interrupted or not.
	const work = mkTemp('recruiting-bench-');
	onInterrupt(async () => {});
	const pkgRoot = path.join(work, 'pkg');
	// The workers' n8n user folder (they inherit the environment), removed with the rest.
	process.env.N8N_USER_FOLDER = path.join(work, 'n8n');
	fs.mkdirSync(process.env.N8N_USER_FOLDER);
	log(`building ${SRC} into ${pkgRoot}`);
	buildPackage({ srcRoot: SRC, outRoot: pkgRoot, log });
	const vsRoot = VS && ONLY.has(2) ? path.join(work, 'vs') : undefined;
	if (vsRoot) buildPackage({ srcRoot: /** @type {string} */ (VS), outRoot: vsRoot, log });
	/** @type {[number, (root: string, vsRoot?: string) => Promise<void>][]} */
	const scenarios = [
		[6, scenarioPackage],
		[4, scenarioIdle],
		[1, scenarioSync],
		[5, scenarioBacklog],
		[3, scenarioRateLimit],
		[2, scenarioRealN8n],
		[7, scenarioApplications],
	];
	for (const [number, run] of scenarios) {
		if (!ONLY.has(number)) continue;
		try {
			await run(pkgRoot, vsRoot);
		} catch (error) {
			print(
				`\nScenario ${number} could not run: ${error instanceof Error ? error.stack : String(error)}`,
			);
			goal(`${number}. (scenario did not run)`, String(error).slice(0, 200), false);
		}
	}

	print(`\n## Goals\n`);
	goals.sort((a, b) => a.goal.localeCompare(b.goal, 'en', { numeric: true }));
	print(
		table(
			['Goal', 'Measured', 'Verdict'],
			goals.map((g) => [g.goal, g.measured, verdict(g.ok)]),
		),
	);
	const end = machine();
	print(`\nTotal ${secs(Date.now() - started)}; load average at the end ${end.loadavg}.`);
	results.goals = goals;
	results.finishedAt = new Date().toISOString();
	if (JSON_OUT) {
		fs.writeFileSync(JSON_OUT, JSON.stringify(results, null, 2));
		log(`raw results: ${JSON_OUT}`);
	}
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
