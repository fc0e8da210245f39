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
 *  - runs `n8n start` on port 5678: n8n 2.41.1 by default, 1.123.81 with `--n8n 1` (or
 *    N8N_VERSION=1); an n8n of that version on PATH is reused, else the cached one,
 *    installed on first use with its progress shown; sets up the owner account and
 *    prints the login;
 *  - with --activity (default) it adds a candidate to the sandbox every 90 s, and every
 *    60-90 s (seeded) moves an application to another stage (often the interview stage, with
 *    an interview), changes one's state or removes one, so the trigger workflows have
 *    something to report;
 *  - stops everything on Ctrl-C / SIGTERM.
 *
 * Options: --n8n <2 | 1 | exact version, 2>  --port <n8n port, 5678>  --sandbox-port <5680>
 *          --user-folder <dir, one per n8n major>
 *          --fresh (wipe the demo user folder first)  --no-build  --no-activity
 *          --email <login, demo@example.com>  --password <login, Recruiting-Demo-1>
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const {
	CACHE_ROOT,
	REPO_ROOT,
	commandLine,
	portInUse,
	fmtMs,
	sleep,
	run,
	withProgress,
} = require('./lib/util');
const {
	n8nVersionFor,
	ensureN8n,
	importEntities,
	startN8n,
	activateWorkflow,
	ensureOwner,
} = require('./lib/n8n');
const { buildAndPack, installTarball, checkInstalledPackage } = require('./lib/pkg');
const { loadWorkflows, postingVars, WORKFLOWS_DIR } = require('./lib/workflows');
const { credential } = require('./lib/credentials');
const { createSandbox } = require('../sandbox');
const { Random, deriveSeed } = require('../sandbox/prng');
const { APPLICATION_STATES } = require('../sandbox/data');

const { flag, option } = commandLine(__filename);
const N8N_VERSION = n8nVersionFor(option('n8n') || process.env.N8N_VERSION || '2');
const N8N_MAJOR = Number(N8N_VERSION.split('.')[0]);
const N8N_PORT = Number(option('port') || 5678);
const SANDBOX_PORT = Number(option('sandbox-port') || 5680);
const USER_FOLDER = path.resolve(
	option('user-folder') ||
		// One per major: n8n 2.x migrates the database, 1.x cannot open it afterwards.
		path.join(CACHE_ROOT, N8N_MAJOR >= 2 ? 'demo-user' : `demo-user-n8n-${N8N_MAJOR}`),
);
const OWNER = {
	email: option('email') || 'demo@example.com',
	password: option('password') || 'Recruiting-Demo-1',
	firstName: 'Demo',
	lastName: 'Recruiter',
};
const BUILD = !flag('no-build');

/** @param {string} s */
const say = (s) => console.log(`[demo] ${s}`);

/** The last non-empty line of a log, short. @param {string} text */
const lastLine = (text) =>
	(
		text
			.split('\n')
			.filter((line) => line.trim())
			.pop() || ''
	).slice(0, 100);

/** Megabytes a folder takes on disk (0 when missing). @param {string} dir */
const dirMb = (dir) =>
	Number(spawnSync('du', ['-sm', dir], { encoding: 'utf8' }).stdout.split('\t')[0]) || 0;

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

	const n8n = await ensureN8n({ version: N8N_VERSION, log: say });

	if (flag('fresh')) {
		say(`--fresh: removing ${USER_FOLDER}`);
		fs.rmSync(USER_FOLDER, { recursive: true, force: true });
	}
	fs.mkdirSync(USER_FOLDER, { recursive: true });

	// A fresh clone has no dev toolchain yet (tsc, gulp): install it as `npm ci` would in CI.
	if (BUILD && !fs.existsSync(path.join(REPO_ROOT, 'node_modules', '.bin', 'tsc'))) {
		const ci = await withProgress(
			'installing the dev toolchain first (npm ci, about a minute)',
			() => run('npm', ['ci'], { cwd: REPO_ROOT, timeoutMs: 15 * 60_000 }),
			{ say, detail: () => `${dirMb(path.join(REPO_ROOT, 'node_modules'))} MB in node_modules` },
		);
		if (ci.code !== 0)
			throw new Error(`npm ci failed (exit ${ci.code}):\n${(ci.stdout + ci.stderr).slice(-4000)}`);
	}
	const packed = await withProgress(
		BUILD ? 'building and packing the package' : 'packing the existing dist/ (--no-build)',
		() => buildAndPack({ skipBuild: !BUILD }),
		{ say },
	);
	const installed = await installTarball(packed.tarball, USER_FOLDER);
	const problems = checkInstalledPackage(installed);
	if (problems.length) throw new Error(`the packed package is incomplete: ${problems.join('; ')}`);
	say(`installed ${path.basename(packed.tarball)} into ${installed}`);

	// Timestamps follow the wall clock, as the trigger expects.
	const sandbox = await createSandbox({ port: SANDBOX_PORT, clock: { mode: 'real' } });
	const demoCredential = credential(sandbox, 'rcDemoSandboxCrd', 'Recruiting sandbox (demo)');
	const state = sandbox.state();
	say(
		`sandbox API on ${sandbox.url}: ${state.counts.candidates} candidates, ${state.counts.vacancies} jobs, ${state.counts.postings} public postings`,
	);

	/** @type {Awaited<ReturnType<typeof startN8n>> | undefined} */
	let server;
	/** @type {NodeJS.Timeout | undefined} */
	let activity;
	/** @type {NodeJS.Timeout | undefined} */
	let moves;
	let stopping = false;
	const stop = async (/** @type {string} */ why, code = 0) => {
		if (stopping) return;
		stopping = true;
		say(`${why}: stopping n8n and the sandbox...`);
		if (activity) clearInterval(activity);
		if (moves) clearTimeout(moves);
		if (server) await server.stop();
		await sandbox.close();
		say('stopped.');
		process.exit(code);
	};
	process.on('SIGINT', () => void stop('Ctrl-C'));
	process.on('SIGTERM', () => void stop('SIGTERM'));
	process.on('SIGHUP', () => void stop('SIGHUP'));

	try {
		await importEntities(n8n, USER_FOLDER, 'credentials', [demoCredential]);
		const workflows = loadWorkflows(
			{
				CRED_ID: demoCredential.id,
				CRED_NAME: demoCredential.name,
				PORTAL_URL: sandbox.url,
				TENANT: sandbox.tenantSlug,
				...(await postingVars(sandbox)),
			},
			{ dir: path.join(WORKFLOWS_DIR, 'demo') },
		);
		await importEntities(n8n, USER_FOLDER, 'workflow', Object.values(workflows));
		for (const wf of Object.values(workflows).filter((w) => w.active)) {
			await activateWorkflow(n8n, USER_FOLDER, wf.id);
		}

		say(
			`starting n8n ${n8n.version} on port ${N8N_PORT} (log: ${path.join(USER_FOLDER, 'n8n.log')})`,
		);
		const s = await startN8n(n8n, USER_FOLDER, {
			port: N8N_PORT,
			logFile: path.join(USER_FOLDER, 'n8n.log'),
			env: { N8N_RUNNERS_ENABLED: 'true' },
		});
		server = s;
		s.child.on('exit', (code) => {
			if (!stopping)
				void stop(
					`n8n exited on its own (code ${code}); see ${path.join(USER_FOLDER, 'n8n.log')}`,
					1,
				);
		});
		const ready = await withProgress('waiting for n8n to come up', () => s.waitReady(180_000), {
			say,
			detail: () => lastLine(s.output),
		});
		if (!ready) {
			throw new Error(
				`n8n did not come up within 3 minutes. Last lines of its log (${path.join(USER_FOLDER, 'n8n.log')}):\n${s.output
					.split('\n')
					.slice(-30)
					.join('\n')}`,
			);
		}
		const owner = await ensureOwner(`http://127.0.0.1:${N8N_PORT}`, OWNER);

		const editor = `http://localhost:${N8N_PORT}`;
		const someApplication = sandbox.store.applicationsOfVacancy(
			sandbox.fixtures().vacancyIds[0],
		)[0];
		const json = `-H 'content-type: application/json' -d`;
		const lines = [
			'',
			`  n8n editor        ${editor}`,
			`  login             ${OWNER.email} / ${OWNER.password}${owner.created ? '  (owner account created now)' : ''}`,
			`  credential        "${demoCredential.name}" -> ${sandbox.url} (x-api-key: ${sandbox.apiKey})`,
			...Object.values(workflows).map(
				(wf) =>
					`  workflow          ${editor}/workflow/${wf.id}  ${wf.name}${wf.active ? '  [active, polls every minute]' : ''}`,
			),
			`  sandbox API       ${sandbox.apiBaseUrl}  (public portal: ${sandbox.publicBaseUrl}/jobs)`,
			`  add a candidate   curl -s -X POST ${sandbox.url}/_control/candidates ${json} '{"firstName":"Grace","lastName":"Hopper"}'`,
			...(someApplication
				? [
						`  move application  curl -s -X POST ${sandbox.url}/_control/applications/${someApplication.id}/move ${json} '{"stageId":"astage-interview","interview":true}'`,
					]
				: []),
			`  ready in ${fmtMs(Date.now() - t0)}; press Ctrl-C to stop n8n and the sandbox.`,
			'',
		];
		console.log(lines.join('\n'));

		if (!flag('no-activity')) {
			const people = [
				'Grace Hopper',
				'Alan Turing',
				'Katherine Johnson',
				'Edsger Dijkstra',
				'Barbara Liskov',
				'Linus Torvalds',
			];
			let n = 0;
			activity = setInterval(() => {
				const [firstName, lastName] = people[n++ % people.length].split(' ');
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
			// Applications move on by themselves, every 60-90 s, seeded (the same moves each run).
			const next = () => {
				moves = setTimeout(
					() => {
						try {
							say(`activity: ${moveSomeApplication(sandbox, random)}`);
						} catch (error) {
							say(`activity: ${error instanceof Error ? error.message : error}`);
						}
						next();
					},
					random.int(60, 90) * 1000,
				);
			};
			const random = new Random(deriveSeed(1, 'demo-application-activity'));
			next();
		}
		// Keep running until a signal arrives.
		for (;;) await sleep(3_600_000);
	} catch (error) {
		console.error(`[demo] ${error instanceof Error ? error.message : error}`);
		await stop('error', 1);
	}
}

/**
 * One change a recruiter makes to an application, picked with `random` among the sandbox's
 * applications to jobs: mostly a move to another stage (to the interview stage, with an
 * interview, half of the time), now and then another state or a removal. Returns what it did.
 * @param {any} sandbox
 * @param {import('../sandbox/prng').Random} random
 */
function moveSomeApplication(sandbox, random) {
	const { store } = sandbox;
	const jobs = /** @type {string[]} */ (sandbox.fixtures().vacancyIds).filter(
		(id) => store.applicationsOfVacancy(id).length > 0,
	);
	if (!jobs.length) return 'no application left to move';
	const job = store.getVacancy(random.pick(jobs));
	const application = random.pick(store.applicationsOfVacancy(job.id));
	const candidate = sandbox
		.applicationsOf(job.id)
		.find((/** @type {any} */ a) => a.id === application.id)?.candidate;
	const who = `${application.id} (${[candidate?.firstName, candidate?.lastName].filter(Boolean).join(' ') || application.candidateId}, "${job.name}")`;
	const stages = /** @type {any[]} */ (sandbox.fixtures().applicationStages).filter(
		(stage) => stage.type !== 'speculative' && stage.id !== application.stageId,
	);
	const stageName = (/** @type {string} */ id) =>
		sandbox.fixtures().applicationStages.find((/** @type {any} */ s) => s.id === id)?.name ?? id;
	const roll = random.next();
	if (roll < 0.4 && application.stageId !== 'astage-interview') {
		const from = stageName(application.stageId);
		sandbox.moveApplication(application.id, { stageId: 'astage-interview', interview: true });
		return `moved application ${who} from ${from} to Interview and scheduled an interview (the application workflow reports it within a minute)`;
	}
	if (roll < 0.8) {
		const to = random.pick(stages.filter((stage) => stage.id !== 'astage-interview'));
		const from = stageName(application.stageId);
		sandbox.moveApplication(application.id, { stageId: to.id });
		return `moved application ${who} from ${from} to ${to.name}`;
	}
	if (roll < 0.93) {
		const states = APPLICATION_STATES.filter((state) => state !== application.state);
		const state = random.pick(states);
		const from = application.state;
		sandbox.moveApplication(application.id, { state });
		return `application ${who}: state ${from} → ${state}`;
	}
	sandbox.removeApplication(application.id);
	return `removed application ${who}`;
}

main().catch((error) => {
	console.error(`[demo] ${error instanceof Error ? error.message : error}`);
	process.exit(1);
});
