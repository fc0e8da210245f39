// @ts-check
'use strict';
/**
 * Locating / installing a real n8n (2.41.1 by default, or 1.123.81) and driving its CLI
 * headless: import:credentials, import:workflow, publish:workflow / update:workflow, execute,
 * start, worker.
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { CACHE_ROOT, run, killGroup, waitUntil, httpJson, freePort, treeRssMb } = require('./util');
const { classifyRun } = require('./outcome');

/** The n8n versions this project is tested with; the first is the default. */
const N8N_VERSIONS = { 2: '2.41.1', 1: '1.123.81' };
const N8N_VERSION = process.env.N8N_VERSION || N8N_VERSIONS[2];
const ENCRYPTION_KEY = 'n8n-nodes-recruiting-e2e-fixed-key';
/** The owner account the e2e legs set up in their n8n (ensureOwner). */
const E2E_OWNER = { email: 'e2e@example.com', password: 'E2e-password-1' };

/**
 * The exact version for a wish: '2' or '1' (a major), or a version such as '1.123.81'.
 * @param {string} [wish]
 */
function n8nVersionFor(wish = N8N_VERSION) {
	return /** @type {Record<string, string>} */ (N8N_VERSIONS)[wish] || wish;
}

/** @param {string} version */
const majorOf = (version) => Number(version.split('.')[0]);

/**
 * @typedef {{ cmd: string, baseArgs: string[], version: string, major: number, source: string }} N8nInstall
 */

/**
 * Asks an n8n binary for its version; returns '' when it does not answer.
 * @param {string} cmd
 * @param {string[]} baseArgs
 */
async function n8nVersion(cmd, baseArgs) {
	try {
		const r = await run(cmd, [...baseArgs, '--version'], {
			timeoutMs: 120_000,
			env: { ...process.env, N8N_DIAGNOSTICS_ENABLED: 'false' },
		});
		const m = /(\d+\.\d+\.\d+)/.exec(r.stdout);
		return r.code === 0 && m ? m[1] : '';
	} catch {
		return '';
	}
}

/**
 * The cache layout written by install-n8n.sh.
 * @param {string} version
 */
function cacheDir(version) {
	return process.env.N8N_CACHE_DIR || path.join(CACHE_ROOT, `n8n-${version}`);
}

/** @param {string} dir */
function cachedInstall(dir) {
	const node = path.join(dir, 'node', 'bin', 'node');
	const bin = path.join(dir, 'app', 'node_modules', 'n8n', 'bin', 'n8n');
	if (fs.existsSync(node) && fs.existsSync(bin) && fs.existsSync(path.join(dir, '.complete'))) {
		return { node, bin };
	}
	return undefined;
}

/**
 * Finds n8n `version` (same major.minor): N8N_BIN (an n8n executable) when set and its version
 * fits, else the cache (install-n8n.sh, with its progress lines passed through), installed on
 * first use.
 * @param {{ version?: string, log?: (s: string) => void }} [opts]
 * @returns {Promise<N8nInstall & { installMs: number }>}
 */
async function ensureN8n(opts = {}) {
	const log = opts.log || (() => {});
	const version = n8nVersionFor(opts.version);
	const fits = (/** @type {string} */ v) =>
		v.split('.').slice(0, 2).join('.') === version.split('.').slice(0, 2).join('.');
	const bin = process.env.N8N_BIN;
	if (bin) {
		const v = await n8nVersion(bin, []);
		if (fits(v)) {
			log(`using n8n ${v} from N8N_BIN`);
			return {
				cmd: bin,
				baseArgs: [],
				version: v,
				major: majorOf(v),
				source: 'N8N_BIN',
				installMs: 0,
			};
		}
		log(`n8n from N8N_BIN has version '${v || 'unknown'}', not ${version}: not used`);
	}

	const dir = cacheDir(version);
	// The script returns at once when the cache holds a complete install made its current way;
	// otherwise it installs, printing its progress on stderr every 10 s (passed through).
	const started = Date.now();
	let installing = false;
	const r = await run('bash', [path.join(__dirname, '..', 'install-n8n.sh')], {
		env: { ...process.env, N8N_VERSION: version, N8N_CACHE_DIR: dir },
		timeoutMs: 45 * 60_000,
		onStderr: (line) => {
			installing = true;
			log(line.replace(/^\[install-n8n\] /, ''));
		},
	});
	if (r.code !== 0)
		throw new Error(`install-n8n.sh failed (exit ${r.code}):\n${r.stderr.slice(-4000)}`);
	const installMs = installing ? Date.now() - started : 0;
	const found = cachedInstall(dir);
	if (!found) throw new Error(`install-n8n.sh finished but ${dir} is incomplete`);
	const v = await n8nVersion(found.node, [found.bin]);
	if (!v) throw new Error(`n8n in ${dir} does not start (try removing ${dir} and re-running)`);
	// N8N_CACHE_DIR names one folder for every version: one install must not pass for both.
	if (!fits(v))
		throw new Error(
			`the cache ${dir} holds n8n ${v}, not ${version}: N8N_CACHE_DIR serves one version (E2E_N8N_VERSIONS=${version}), or unset it`,
		);
	log(`using n8n ${v} from the cache ${dir}`);
	return {
		cmd: found.node,
		baseArgs: [found.bin],
		version: v,
		major: majorOf(v),
		source: 'cache',
		installMs,
	};
}

/**
 * The environment for one n8n instance living in `userFolder`. For n8n 2.x also: the modules
 * that only fetch from the internet (the MCP server registry) off, since this machine has no
 * internet and their failures flood the log.
 * @param {string} userFolder
 * @param {Record<string, string>} [extra]
 * @param {number} [major]
 */
function n8nEnv(userFolder, extra = {}, major = 1) {
	/** @type {NodeJS.ProcessEnv} */
	const env = { ...process.env };
	// Don't let the caller's own n8n settings leak into a test instance.
	for (const k of Object.keys(env)) {
		if (/^(N8N_|DB_|EXECUTIONS_|QUEUE_|WEBHOOK_URL|GENERIC_TIMEZONE)/.test(k) && k !== 'N8N_BIN')
			delete env[k];
	}
	Object.assign(env, {
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: ENCRYPTION_KEY,
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_REINSTALL_MISSING_PACKAGES: 'false',
		N8N_RUNNERS_ENABLED: 'false',
		N8N_GIT_NODE_DISABLE_BARE_REPOS: 'true',
		N8N_BLOCK_ENV_ACCESS_IN_NODE: 'true',
		N8N_LOG_LEVEL: 'info',
		N8N_LOG_OUTPUT: 'console',
		DB_TYPE: 'sqlite',
		DB_SQLITE_POOL_SIZE: '2',
		GENERIC_TIMEZONE: 'UTC',
		TZ: 'UTC',
		NO_COLOR: '1',
		FORCE_COLOR: '0',
		...(major >= 2 && { N8N_DISABLED_MODULES: 'mcp-registry' }),
	});
	Object.assign(env, extra);
	// n8n writes to the OS temp directory (its data-table upload folder; Node 22+ keeps its
	// module compile cache there): give it one inside its user folder, which the run removes.
	env.TMPDIR = path.join(userFolder, 'tmp');
	fs.mkdirSync(env.TMPDIR, { recursive: true });
	return env;
}

/**
 * @param {N8nInstall} inst
 * @param {string} userFolder
 * @param {string[]} args
 * @param {{ env?: Record<string,string>, timeoutMs?: number }} [opts]
 */
async function n8nCli(inst, userFolder, args, opts = {}) {
	// n8n 2.x starts its task runner's broker with every command; each process needs its own
	// port, or a CLI call beside a running n8n (the demo, the queue-mode run) fails to start.
	const broker = { N8N_RUNNERS_BROKER_PORT: String(await freePort()) };
	return await run(inst.cmd, [...inst.baseArgs, ...args], {
		env: n8nEnv(userFolder, { ...broker, ...opts.env }, inst.major),
		cwd: userFolder,
		timeoutMs: opts.timeoutMs || 5 * 60_000,
	});
}

/**
 * Activates imported workflows: `publish:workflow` on n8n 2.x (importing leaves a workflow
 * unpublished, and only a published one polls), `update:workflow --active=true` on 1.x.
 * @param {N8nInstall} inst
 * @param {string} userFolder
 * @param {string} id
 * @param {Record<string, string>} [env]  more settings (the database of a Postgres leg)
 */
async function activateWorkflow(inst, userFolder, id, env) {
	const args =
		inst.major >= 2
			? ['publish:workflow', `--id=${id}`]
			: ['update:workflow', `--id=${id}`, '--active=true'];
	const r = await n8nCli(inst, userFolder, args, { env });
	if (r.code !== 0) {
		throw new Error(`n8n ${args[0]} ${id}: exit ${r.code}: ${(r.stdout + r.stderr).slice(-800)}`);
	}
	return r;
}

/** @param {string} s */
const stripAnsi = (s) => s.replace(/\u001b\[[0-9;]*m/g, '');

/**
 * @param {N8nInstall} inst
 * @param {string} userFolder
 * @param {'credentials' | 'workflow'} kind
 * @param {unknown[]} entities
 * @param {Record<string, string>} [env]  more settings (the database of a Postgres leg)
 */
async function importEntities(inst, userFolder, kind, entities, env) {
	const file = path.join(userFolder, `import-${kind}-${Date.now()}.json`);
	fs.writeFileSync(file, JSON.stringify(entities, null, 2));
	const r = await n8nCli(inst, userFolder, [`import:${kind}`, `--input=${file}`], { env });
	fs.rmSync(file, { force: true }); // credentials are plain text in it
	const out = stripAnsi(r.stdout + r.stderr);
	const errors = out.split('\n').some((l) => /error/i.test(l) && !/deprecat/i.test(l));
	if (r.code !== 0 || (errors && !/Successfully imported/i.test(out)))
		throw new Error(`n8n import:${kind} failed (exit ${r.code}):\n${out.slice(-3000)}`);
	return { ms: r.ms, out };
}

/**
 * Extracts the IRun JSON that `n8n execute` prints (pretty JSON, on success via
 * console.log, on failure through the logger) from the captured output.
 * @param {string} text
 * @returns {any | undefined}
 */
function extractRun(text) {
	const s = stripAnsi(text);
	let searchFrom = 0;
	for (;;) {
		const start = s.indexOf('{\n', searchFrom);
		if (start < 0) return undefined;
		if (start === 0 || s[start - 1] === '\n' || s[start - 1] === ' ') {
			// Try ends at each "\n}" from the nearest to the furthest.
			let end = s.indexOf('\n}', start);
			while (end >= 0) {
				try {
					const obj = JSON.parse(s.slice(start, end + 2));
					if (obj && obj.data && obj.data.resultData) return obj;
					break;
				} catch {
					end = s.indexOf('\n}', end + 2);
				}
			}
		}
		searchFrom = start + 2;
	}
}

/**
 * Runs `n8n execute --id` and returns the parsed run data.
 * @param {N8nInstall} inst @param {string} userFolder @param {string} id
 */
async function executeWorkflow(inst, userFolder, id) {
	const r = await n8nCli(inst, userFolder, ['execute', `--id=${id}`]);
	const out = stripAnsi(r.stdout + '\n' + r.stderr);
	const runData = extractRun(r.stdout) || extractRun(out);
	const res = new ExecResult(id, r.code, out, runData, r.ms, r.timedOut);
	const { version, major } = inst;
	return Object.assign(res, { peakRssMb: r.peakRssMb, signal: r.signal, version, major });
}

class ExecResult {
	/**
	 * @param {string} id
	 * @param {number | null} code
	 * @param {string} output
	 * @param {any} run
	 * @param {number} ms
	 * @param {boolean} timedOut
	 */
	constructor(id, code, output, run, ms, timedOut) {
		this.id = id;
		this.code = code;
		this.output = output;
		this.run = run;
		this.ms = ms;
		this.timedOut = timedOut;
		this.peakRssMb = 0;
		/** @type {NodeJS.Signals | null} the signal that ended n8n, if one did */
		this.signal = null;
		/** the n8n version and major that ran it */
		this.version = '';
		this.major = 0;
	}

	/** What the harness saw of this run, for classifyRun (lib/outcome.js). @returns {import('./outcome').RunFacts} */
	get facts() {
		const runData = (this.run && this.run.data.resultData.runData) || {};
		return {
			code: this.code,
			signal: this.signal,
			timedOut: this.timedOut,
			printed: !!this.run,
			runError: this.error ? this.failureText || 'an error without a message' : undefined,
			nodeErrors: Object.keys(runData).filter((name) =>
				(runData[name] || []).some((/** @type {any} */ task) => task && task.error),
			),
			major: this.major,
			version: this.version,
		};
	}

	/** How the e2e judges this run (lib/outcome.js classifyRun). */
	get outcome() {
		return classifyRun(this.facts);
	}

	/** n8n printed a run with no workflow or node error and exited 0 (or a tolerated signal ended it). */
	get ok() {
		return this.outcome.verdict === 'succeeded';
	}

	/** n8n reported the run as failed itself (an error in the run and a non-zero exit, or no run and a non-zero exit). */
	get failed() {
		return this.outcome.verdict === 'failed';
	}

	/** The workflow-level error (undefined on success). */
	get error() {
		return this.run ? this.run.data.resultData.error : undefined;
	}

	/** The node that ran last (where a failure happened). */
	get lastNode() {
		return this.run ? this.run.data.resultData.lastNodeExecuted : undefined;
	}

	/**
	 * Items (json only) of a node's first main output in its first run.
	 * @param {string} nodeName
	 * @returns {any[] | undefined} undefined when the node did not run
	 */
	items(nodeName) {
		const tasks = this.run && this.run.data.resultData.runData[nodeName];
		if (!tasks || !tasks[0]) return undefined;
		const main = tasks[0].data && tasks[0].data.main;
		if (!main || !main[0]) return [];
		return main[0].map((/** @type {any} */ i) => i.json);
	}

	/** @param {string} nodeName */
	nodeError(nodeName) {
		const tasks = this.run && this.run.data.resultData.runData[nodeName];
		return tasks && tasks[0] ? tasks[0].error : undefined;
	}

	/**
	 * The error text a user would see: the run's error message (+ description), or,
	 * when n8n failed before running (e.g. an unknown node type), the line that
	 * follows "Execution error:" in its output.
	 */
	get failureText() {
		const e = this.error;
		if (e) return `${e.message || ''}${e.description ? ` | ${e.description}` : ''}`;
		const m = /Execution error:\s*\n=+\s*\n(.+)/.exec(this.output);
		return m ? m[1].trim() : '';
	}

	/** A one-line summary of how it ended, for check messages. */
	describe() {
		const { verdict, why } = this.outcome;
		const e = this.error;
		const where = e && this.lastNode ? ` on node "${this.lastNode}"` : '';
		if (verdict === 'failed' && !this.run)
			return `${why}: ${this.failureText || this.output.slice(-600)}`;
		if (!this.run) return `${why}: ${this.output.slice(-600)}`;
		return `${why}${where}`;
	}
}

/**
 * Starts `n8n start` (or `n8n worker`) as a child in its own process group, on `port` or a free
 * one, with a task-runner broker port of its own (n8n 2.x starts the broker in every process).
 * `peakMb`: the highest resident memory of its process tree, sampled every second.
 * @param {N8nInstall} inst
 * @param {string} userFolder
 * @param {{ port?: number, env?: Record<string,string>, logFile?: string, command?: 'start' | 'worker' }} opts
 */
async function startN8n(inst, userFolder, opts) {
	const port = opts.port ?? (await freePort());
	const env = n8nEnv(
		userFolder,
		{
			N8N_PORT: String(port),
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_HOST: 'localhost',
			N8N_PROTOCOL: 'http',
			N8N_SECURE_COOKIE: 'false',
			N8N_RUNNERS_BROKER_PORT: String(await freePort()),
			...(opts.env || {}),
		},
		inst.major,
	);
	const child = spawn(inst.cmd, [...inst.baseArgs, opts.command || 'start'], {
		env,
		cwd: userFolder,
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true,
	});
	const logStream = opts.logFile ? fs.createWriteStream(opts.logFile, { flags: 'a' }) : undefined;
	let output = '';
	let exited = false;
	for (const stream of [child.stdout, child.stderr]) {
		stream.setEncoding('utf8');
		stream.on('data', (d) => {
			output = (output + d).slice(-4_000_000);
			if (logStream) logStream.write(d);
		});
	}
	let peakMb = 0;
	const sampler = setInterval(() => {
		peakMb = Math.max(peakMb, treeRssMb(child.pid));
	}, 1000);
	const exitPromise = new Promise((resolve) => {
		child.on('exit', (code) => {
			exited = true;
			clearInterval(sampler);
			if (logStream) logStream.end();
			resolve(code);
		});
	});
	return {
		child,
		port,
		url: `http://localhost:${port}`,
		get peakMb() {
			return peakMb;
		},
		get output() {
			return stripAnsi(output);
		},
		get exited() {
			return exited;
		},
		/** @param {number} timeoutMs */
		async waitReady(timeoutMs) {
			// /healthz answers before the app is wired up ("n8n is starting up"), so wait
			// for the settings endpoint to answer with JSON.
			const settings = () =>
				httpJson('GET', `http://127.0.0.1:${port}/rest/settings`, { timeoutMs: 5000 }).then(
					(r) => r.status === 200 && !!r.json?.data,
					() => false,
				);
			return (await waitUntil(async () => exited || (await settings()), timeoutMs)) && !exited;
		},
		/** SIGTERM, then SIGKILL after `graceMs`. */
		async stop(graceMs = 20_000) {
			if (exited) return;
			killGroup(child.pid, 'SIGTERM');
			/** @type {NodeJS.Timeout | undefined} */
			let timer;
			const t = new Promise((r) => {
				timer = setTimeout(() => r('timeout'), graceMs);
			});
			const first = await Promise.race([exitPromise, t]);
			clearTimeout(timer);
			if (first === 'timeout') {
				killGroup(child.pid, 'SIGKILL');
				await exitPromise;
			}
			// The task runner and other children share the group: make sure none is left.
			killGroup(child.pid, 'SIGKILL');
		},
	};
}

/**
 * Makes sure the instance has an owner account and returns a session cookie for it.
 * n8n 1.x has no "user management off" switch any more: on a new database the editor
 * opens on the owner-setup page. POST /rest/owner/setup (allowed without auth until an
 * owner exists) creates it headlessly; later runs log in with the same credentials.
 * @param {string} baseUrl  e.g. http://127.0.0.1:5678
 * @param {{ email: string, password: string, firstName?: string, lastName?: string }} owner
 * @returns {Promise<{ cookie: string, created: boolean }>}
 */
async function ensureOwner(baseUrl, owner) {
	const settings = await httpJson('GET', `${baseUrl}/rest/settings`);
	const um = settings.json && settings.json.data && settings.json.data.userManagement;
	/** @param {string[]} cookies */
	const cookieOf = (cookies) => {
		const auth = cookies.find((c) => c.startsWith('n8n-auth='));
		return auth ? auth.split(';')[0] : '';
	};
	if (um && um.showSetupOnFirstLoad) {
		const r = await httpJson('POST', `${baseUrl}/rest/owner/setup`, {
			body: {
				email: owner.email,
				password: owner.password,
				firstName: owner.firstName || 'Demo',
				lastName: owner.lastName || 'Owner',
			},
		});
		if (r.status !== 200)
			throw new Error(`owner setup failed: HTTP ${r.status} ${r.text.slice(0, 300)}`);
		return { cookie: cookieOf(r.cookies), created: true };
	}
	const r = await httpJson('POST', `${baseUrl}/rest/login`, {
		body: { emailOrLdapLoginId: owner.email, password: owner.password },
	});
	if (r.status !== 200) {
		throw new Error(
			`an owner already exists and ${owner.email} could not log in (HTTP ${r.status}); reset it with "n8n user-management:reset"`,
		);
	}
	return { cookie: cookieOf(r.cookies), created: false };
}

module.exports = {
	ensureOwner,
	E2E_OWNER,
	N8N_VERSIONS,
	n8nVersionFor,
	ensureN8n,
	n8nEnv,
	n8nCli,
	activateWorkflow,
	importEntities,
	executeWorkflow,
	ExecResult,
	startN8n,
	stripAnsi,
};
