#!/usr/bin/env node
// @ts-check
'use strict';
/**
 * One-command live demo:  npm run dev   (= node test/tools/e2e/demo.js)
 *
 *  - builds and packs the package, installs the tarball into a demo n8n user folder
 *    (~/.cache/n8n-nodes-recruiting/demo-user) the way n8n installs community nodes;
 *  - starts the sandbox Recruiting API with seeded data on 127.0.0.1:5680;
 *  - creates the "Recruiting sandbox" credential and imports the example workflows of
 *    test/tools/e2e/workflows/demo/ (the trigger one activated);
 *  - runs `n8n start` on port 5678 (reusing an n8n 1.123.x on PATH, else the cached one,
 *    installed on first use), sets up the owner account and prints the login;
 *  - with --activity (default) it adds a candidate to the sandbox every 90 s so the
 *    trigger has something to report;
 *  - stops everything on Ctrl-C / SIGTERM.
 *
 * Options: --port <n8n port, 5678>  --sandbox-port <5680>  --user-folder <dir>
 *          --fresh (wipe the demo user folder first)  --no-build  --no-activity
 *          --email <login, demo@example.com>  --password <login, Recruiting-Demo-1>
 */
const fs = require('node:fs');
const path = require('node:path');
const { CACHE_ROOT, REPO_ROOT, portInUse, freePort, fmtMs, sleep, run } = require('./lib/util');
const { ensureN8n, importEntities, startN8n, n8nCli, ensureOwner } = require('./lib/n8n');
const { buildAndPack, installTarball, checkInstalledPackage } = require('./lib/pkg');
const { loadWorkflows, WORKFLOWS_DIR } = require('./lib/workflows');

/** @param {string[]} argv */
function parseArgs(argv) {
	/** @type {Record<string, string | boolean>} */
	const out = {};
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		if (!a.startsWith('--')) continue;
		const [k, inline] = a.slice(2).split('=', 2);
		if (k.startsWith('no-')) out[k.slice(3)] = false;
		else if (inline !== undefined) out[k] = inline;
		else if (argv[i + 1] && !argv[i + 1].startsWith('--')) out[k] = argv[++i];
		else out[k] = true;
	}
	return out;
}

const args = parseArgs(process.argv.slice(2));
if (args.help) {
	console.log(
		fs
			.readFileSync(__filename, 'utf8')
			.split('\n')
			.filter((l) => l.startsWith(' *'))
			.map((l) => l.slice(2))
			.join('\n'),
	);
	process.exit(0);
}
const N8N_PORT = Number(args.port || process.env.N8N_PORT || 5678);
const SANDBOX_PORT = Number(args['sandbox-port'] || process.env.SANDBOX_PORT || 5680);
const USER_FOLDER = path.resolve(
	String(args['user-folder'] || process.env.DEMO_USER_FOLDER || path.join(CACHE_ROOT, 'demo-user')),
);
const OWNER = {
	email: String(args.email || process.env.DEMO_EMAIL || 'demo@example.com'),
	password: String(args.password || process.env.DEMO_PASSWORD || 'Recruiting-Demo-1'),
	firstName: 'Demo',
	lastName: 'Recruiter',
};
const CREDENTIAL = { id: 'rcDemoSandboxCrd', name: 'Recruiting sandbox (demo)' };

/** @param {string} s */
const say = (s) => console.log(`[demo] ${s}`);

async function main() {
	const t0 = Date.now();
	for (const [what, port] of /** @type {[string, number][]} */ ([
		['n8n', N8N_PORT],
		['sandbox', SANDBOX_PORT],
	])) {
		if (await portInUse(port)) {
			throw new Error(
				`port ${port} (${what}) is in use: stop what runs there or pass --${what === 'n8n' ? 'port' : 'sandbox-port'} <other>`,
			);
		}
	}

	const n8n = await ensureN8n({ reuseSystem: true, log: say });

	if (args.fresh) {
		say(`--fresh: removing ${USER_FOLDER}`);
		fs.rmSync(USER_FOLDER, { recursive: true, force: true });
	}
	fs.mkdirSync(USER_FOLDER, { recursive: true });

	// A fresh clone has no dev toolchain yet (tsc, gulp): install it as `npm ci` would in CI.
	if (args.build !== false && !fs.existsSync(path.join(REPO_ROOT, 'node_modules', '.bin', 'tsc'))) {
		say('installing the dev toolchain first (npm ci, about a minute)');
		const ci = await run('npm', ['ci'], { cwd: REPO_ROOT, timeoutMs: 15 * 60_000 });
		if (ci.code !== 0)
			throw new Error(`npm ci failed (exit ${ci.code}):\n${(ci.stdout + ci.stderr).slice(-4000)}`);
	}
	say(
		args.build === false
			? 'packing the existing dist/ (--no-build)'
			: 'building and packing the package',
	);
	const packed = await buildAndPack({ skipBuild: args.build === false });
	const installed = await installTarball(packed.tarball, USER_FOLDER);
	const problems = checkInstalledPackage(installed);
	if (problems.length) throw new Error(`the packed package is incomplete: ${problems.join('; ')}`);
	say(`installed ${path.basename(packed.tarball)} into ${installed}`);

	const { createSandbox } = require('../sandbox');
	const sandbox = await createSandbox({
		host: '127.0.0.1',
		port: SANDBOX_PORT,
		apiKey: 'sandbox-key',
		tenantSlug: 'acme',
		seed: 1,
		clock: { mode: 'real' }, // timestamps follow the wall clock, as the trigger expects
	});
	const state = sandbox.state();
	say(
		`sandbox API on ${sandbox.url}: ${state.counts.candidates} candidates, ${state.counts.vacancies} jobs, ${state.counts.postings} public postings`,
	);

	/** @type {ReturnType<typeof startN8n> | undefined} */
	let server;
	/** @type {NodeJS.Timeout | undefined} */
	let activity;
	let stopping = false;
	const stop = async (/** @type {string} */ why, code = 0) => {
		if (stopping) return;
		stopping = true;
		say(`${why}: stopping n8n and the sandbox...`);
		if (activity) clearInterval(activity);
		if (server) await server.stop();
		await sandbox.close();
		say('stopped.');
		process.exit(code);
	};
	process.on('SIGINT', () => void stop('Ctrl-C'));
	process.on('SIGTERM', () => void stop('SIGTERM'));
	process.on('SIGHUP', () => void stop('SIGHUP'));

	try {
		await importEntities(n8n, USER_FOLDER, 'credentials', [
			{
				...CREDENTIAL,
				type: 'recruitingApi',
				data: { baseUrl: sandbox.url, apiKey: sandbox.apiKey },
			},
		]);
		const workflows = loadWorkflows(
			{
				CRED_ID: CREDENTIAL.id,
				CRED_NAME: CREDENTIAL.name,
				PORTAL_URL: sandbox.url,
				TENANT: sandbox.tenantSlug,
			},
			{ dir: path.join(WORKFLOWS_DIR, 'demo') },
		);
		await importEntities(n8n, USER_FOLDER, 'workflow', Object.values(workflows));
		for (const wf of Object.values(workflows).filter((w) => w.active)) {
			const r = await n8nCli(n8n, USER_FOLDER, [
				'update:workflow',
				`--id=${wf.id}`,
				'--active=true',
			]);
			if (r.code !== 0) throw new Error(`could not activate "${wf.name}": ${r.stderr.slice(-500)}`);
		}

		const brokerPort = await freePort();
		say(
			`starting n8n ${n8n.version} on port ${N8N_PORT} (log: ${path.join(USER_FOLDER, 'n8n.log')})`,
		);
		server = startN8n(n8n, USER_FOLDER, {
			port: N8N_PORT,
			logFile: path.join(USER_FOLDER, 'n8n.log'),
			env: {
				N8N_RUNNERS_ENABLED: 'true',
				N8N_RUNNERS_BROKER_PORT: String(brokerPort),
				N8N_LOG_LEVEL: 'info',
			},
		});
		const s = server;
		s.child.on('exit', (code) => {
			if (!stopping)
				void stop(
					`n8n exited on its own (code ${code}); see ${path.join(USER_FOLDER, 'n8n.log')}`,
					1,
				);
		});
		if (!(await s.waitReady(180_000))) {
			throw new Error(`n8n did not come up within 3 minutes:\n${s.output.slice(-2000)}`);
		}
		const owner = await ensureOwner(`http://127.0.0.1:${N8N_PORT}`, OWNER);

		const editor = `http://localhost:${N8N_PORT}`;
		console.log('');
		console.log(`  n8n editor        ${editor}`);
		console.log(
			`  login             ${OWNER.email} / ${OWNER.password}${owner.created ? '  (owner account created now)' : ''}`,
		);
		console.log(
			`  credential        "${CREDENTIAL.name}" -> ${sandbox.url} (x-api-key: ${sandbox.apiKey})`,
		);
		for (const wf of Object.values(workflows)) {
			console.log(
				`  workflow          ${editor}/workflow/${wf.id}  ${wf.name}${wf.active ? '  [active, polls every minute]' : ''}`,
			);
		}
		console.log(
			`  sandbox API       ${sandbox.apiBaseUrl}  (public portal: ${sandbox.publicBaseUrl}/jobs)`,
		);
		console.log(
			`  add a candidate   curl -s -X POST ${sandbox.url}/_control/candidates -H 'content-type: application/json' -d '{"firstName":"Grace","lastName":"Hopper"}'`,
		);
		console.log(`  ready in ${fmtMs(Date.now() - t0)}; press Ctrl-C to stop n8n and the sandbox.`);
		console.log('');

		if (args.activity !== false) {
			const people = [
				['Grace', 'Hopper'],
				['Alan', 'Turing'],
				['Katherine', 'Johnson'],
				['Edsger', 'Dijkstra'],
				['Barbara', 'Liskov'],
				['Linus', 'Torvalds'],
			];
			let n = 0;
			activity = setInterval(() => {
				const [firstName, lastName] = people[n++ % people.length];
				try {
					const c = sandbox.createCandidate({
						firstName,
						lastName,
						email: `${firstName}.${lastName}.${n}@example.com`.toLowerCase(),
					});
					say(
						`activity: added candidate ${c.id} ${firstName} ${lastName} (the trigger reports it within a minute; --no-activity turns this off)`,
					);
				} catch (error) {
					say(`activity: ${error instanceof Error ? error.message : error}`);
				}
			}, 90_000);
		}
		// Keep running until a signal arrives.
		for (;;) await sleep(3_600_000);
	} catch (error) {
		console.error(`[demo] ${error instanceof Error ? error.message : error}`);
		await stop('error', 1);
	}
}

main().catch((error) => {
	console.error(`[demo] ${error instanceof Error ? error.message : error}`);
	process.exit(1);
});
