// @ts-check
'use strict';
/**
 * Small process / filesystem helpers shared by the e2e harness and the demo.
 * Plain Node, no dependencies.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const CACHE_ROOT =
	process.env.N8N_NODES_RECRUITING_CACHE ||
	path.join(
		process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'),
		'n8n-nodes-recruiting',
	);

/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs a command, capturing stdout/stderr. Never rejects on a non-zero exit:
 * the caller looks at `code`.
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, timeoutMs?: number, onStderr?: (line: string) => void }} [opts]
 * @returns {Promise<{ code: number | null, signal: NodeJS.Signals | null, stdout: string, stderr: string, ms: number, timedOut: boolean, peakRssMb: number }>}
 */
function run(cmd, args, opts = {}) {
	const started = Date.now();
	return new Promise((resolve, reject) => {
		const child = spawn(cmd, args, {
			cwd: opts.cwd,
			env: opts.env || process.env,
			stdio: ['ignore', 'pipe', 'pipe'],
			detached: true, // own process group, so a timeout can kill grandchildren too
		});
		let stdout = '';
		let stderr = '';
		let timedOut = false;
		let peakRssMb = 0;
		// Peak resident memory of the child (VmHWM), sampled while it runs.
		const sampler = setInterval(() => {
			peakRssMb = Math.max(peakRssMb, rssOf(child.pid).hwmMb);
		}, 200);
		child.stdout.setEncoding('utf8');
		child.stderr.setEncoding('utf8');
		child.stdout.on('data', (d) => (stdout += d));
		let partial = '';
		child.stderr.on('data', (d) => {
			stderr += d;
			if (opts.onStderr) {
				const lines = (partial + d).split('\n');
				partial = lines.pop() || '';
				for (const line of lines) if (line.trim()) opts.onStderr(line);
			}
		});
		/** @type {NodeJS.Timeout | undefined} */
		let timer;
		if (opts.timeoutMs) {
			timer = setTimeout(() => {
				timedOut = true;
				killGroup(child.pid, 'SIGKILL');
			}, opts.timeoutMs);
		}
		child.on('error', reject);
		child.on('close', (code, signal) => {
			if (timer) clearTimeout(timer);
			clearInterval(sampler);
			resolve({ code, signal, stdout, stderr, ms: Date.now() - started, timedOut, peakRssMb });
		});
	});
}

/**
 * Current and peak resident memory of a process, from /proc (0 when unavailable).
 * @param {number | undefined} pid
 */
function rssOf(pid) {
	try {
		const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
		const kb = (/** @type {string} */ key) =>
			Number((new RegExp(`${key}:\\s+(\\d+)`).exec(status) || [])[1] || 0);
		return { rssMb: Math.round(kb('VmRSS') / 1024), hwmMb: Math.round(kb('VmHWM') / 1024) };
	} catch {
		return { rssMb: 0, hwmMb: 0 };
	}
}

/**
 * Total resident memory of a process and all its descendants (MB), from /proc.
 * @param {number | undefined} rootPid
 */
function treeRssMb(rootPid) {
	if (!rootPid) return 0;
	/** @type {Map<number, number[]>} */
	const children = new Map();
	try {
		for (const entry of fs.readdirSync('/proc')) {
			if (!/^\d+$/.test(entry)) continue;
			try {
				const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
				const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
				const list = children.get(ppid) || [];
				list.push(Number(entry));
				children.set(ppid, list);
			} catch {
				/* gone */
			}
		}
	} catch {
		return 0;
	}
	let total = 0;
	const stack = [rootPid];
	while (stack.length) {
		const pid = /** @type {number} */ (stack.pop());
		total += rssOf(pid).rssMb;
		stack.push(...(children.get(pid) || []));
	}
	return total;
}

/**
 * Signals a process group started with `detached: true` (falls back to the pid).
 * @param {number | undefined} pid
 * @param {NodeJS.Signals} signal
 */
function killGroup(pid, signal) {
	if (!pid) return;
	try {
		process.kill(-pid, signal);
	} catch {
		try {
			process.kill(pid, signal);
		} catch {
			/* already gone */
		}
	}
}

/** @returns {Promise<number>} a free TCP port on 127.0.0.1 */
function freePort() {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const addr = srv.address();
			const port = typeof addr === 'object' && addr ? addr.port : 0;
			srv.close(() => resolve(port));
		});
	});
}

/**
 * @param {number} port
 * @param {string} [host]
 * @returns {Promise<boolean>} whether something accepts connections there
 */
function portInUse(port, host = '127.0.0.1') {
	return new Promise((resolve) => {
		const sock = net.connect({ port, host });
		sock.once('connect', () => {
			sock.destroy();
			resolve(true);
		});
		sock.once('error', () => resolve(false));
	});
}

/**
 * A JSON request (cookies passed in `headers`): the status, the cookies it sets, text and JSON.
 * @param {string} method
 * @param {string} url
 * @param {{ body?: unknown, headers?: Record<string,string>, timeoutMs?: number }} [opts]
 * @returns {Promise<{ status: number, cookies: string[], text: string, json: any }>}
 */
async function httpJson(method, url, opts = {}) {
	const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
	const res = await fetch(url, {
		method,
		headers: {
			accept: 'application/json',
			...(body && { 'content-type': 'application/json' }),
			...opts.headers,
		},
		body,
		signal: AbortSignal.timeout(opts.timeoutMs || 10000),
	});
	const text = await res.text();
	let json;
	try {
		json = text ? JSON.parse(text) : undefined;
	} catch {
		json = undefined;
	}
	return { status: res.status, cookies: res.headers.getSetCookie(), text, json };
}

/**
 * Asks `ready` every `everyMs` until it answers something truthy or `ms` have passed, and
 * resolves to its last answer (it is asked at least once).
 * @template T
 * @param {() => T | Promise<T>} ready
 * @param {number} ms
 * @param {number} [everyMs]
 * @returns {Promise<T>}
 */
async function waitUntil(ready, ms, everyMs = 500) {
	const until = Date.now() + ms;
	for (;;) {
		const answer = await ready();
		if (answer || Date.now() >= until) return answer;
		await sleep(everyMs);
	}
}

/** @param {string} dir */
function rmrf(dir) {
	fs.rmSync(dir, { recursive: true, force: true });
	createdTemps.delete(dir);
}

/**
 * Temp folders this process made: removed when it exits, however it exits (an error, a
 * failed check, Ctrl-C through the scripts' signal handlers), unless kept with keepTemp.
 * @type {Set<string>}
 */
const createdTemps = new Set();
process.on('exit', () => {
	for (const dir of createdTemps) fs.rmSync(dir, { recursive: true, force: true });
});

/** @param {string} prefix */
function mkTemp(prefix) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
	createdTemps.add(dir);
	return dir;
}

/** Keeps a temp folder after the process exits (E2E_KEEP). @param {string} dir */
function keepTemp(dir) {
	createdTemps.delete(dir);
}

/**
 * Runs `work`, printing `label`, the elapsed time and, when given, what moves (`detail()`)
 * every 10 s until it settles, so no long step is silent.
 * @template T
 * @param {string} label
 * @param {() => Promise<T>} work
 * @param {{ say?: (line: string) => void, detail?: () => string, everyMs?: number }} [opts]
 * @returns {Promise<T>}
 */
async function withProgress(label, work, opts = {}) {
	const say = opts.say || ((/** @type {string} */ line) => console.log(line));
	const started = Date.now();
	say(`${label}...`);
	const timer = setInterval(() => {
		const detail = opts.detail ? opts.detail() : '';
		say(`${label}: ${fmtMs(Date.now() - started)}${detail ? `, ${detail}` : ''}`);
	}, opts.everyMs || 10_000);
	try {
		return await work();
	} finally {
		clearInterval(timer);
	}
}

/**
 * Runs `cleanup` on Ctrl-C, SIGTERM or SIGHUP, then exits with the signal's code, so temp
 * folders (removed on exit) and child processes do not outlive an interrupted run.
 * @param {() => Promise<void>} cleanup
 */
function onInterrupt(cleanup) {
	let stopping = false;
	for (const [signal, code] of /** @type {const} */ ([
		['SIGINT', 130],
		['SIGTERM', 143],
		['SIGHUP', 129],
	])) {
		process.on(signal, () => {
			if (stopping) return;
			stopping = true;
			console.log(`# ${signal}: stopping...`);
			cleanup()
				.catch(() => {})
				.finally(() => process.exit(code));
		});
	}
}

/** @param {number} ms */
function fmtMs(ms) {
	return ms >= 60000 ? `${(ms / 60000).toFixed(1)} min` : `${(ms / 1000).toFixed(1)} s`;
}

/**
 * The script's command line: `flag('x')` for `--x`, `option('x')` for `--x value` or `--x=value`;
 * `--help` prints the script's first comment and exits.
 * @param {string} script the script's __filename
 */
function commandLine(script) {
	const argv = process.argv.slice(2);
	const source = fs.readFileSync(script, 'utf8');
	const doc = source.slice(source.indexOf('/**') + 4, source.indexOf(' */'));
	if (argv.includes('--help') || argv.includes('-h')) {
		console.log(doc.replace(/^ \*\s?/gm, ''));
		process.exit(0);
	}
	// A flag the script's header does not list is a typo (`--run 5` would run the default).
	const unknown = argv.filter(
		(a) => /^--/.test(a) && !new RegExp(`${a.split('=')[0]}(?![\\w-])`).test(doc),
	);
	if (unknown.length > 0) {
		console.error(
			`${path.basename(script)}: unknown ${unknown.join(', ')} (--help lists the flags)`,
		);
		process.exit(2);
	}
	return {
		flag: (/** @type {string} */ name) => argv.includes(`--${name}`),
		/** @returns {string | undefined} */
		option: (/** @type {string} */ name) => {
			const eq = argv.find((a) => a.startsWith(`--${name}=`));
			if (eq) return eq.slice(name.length + 3);
			const i = argv.indexOf(`--${name}`);
			return i >= 0 ? argv[i + 1] : undefined;
		},
	};
}

module.exports = {
	commandLine,
	REPO_ROOT,
	CACHE_ROOT,
	sleep,
	run,
	killGroup,
	freePort,
	portInUse,
	httpJson,
	waitUntil,
	rmrf,
	mkTemp,
	rssOf,
	treeRssMb,
	fmtMs,
	keepTemp,
	onInterrupt,
	withProgress,
};
