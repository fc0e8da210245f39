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
 *    poll scheduler, each change once, across a restart (pollerChecks).
 *
 * Prints one line per check and ends with "N passed, M failed"; exits 1 on any failure.
 *
 * Environment: E2E_N8N_VERSIONS=2.41.1 runs one version; E2E_KEEP=1 keeps the temp n8n user
 * folders; E2E_SKIP_BUILD=1 packs the existing dist/; E2E_SKIP_TRIGGER=1 skips step 5;
 * E2E_SKIP_QUEUE=1 and E2E_SKIP_DURABLE=1 skip parts of step 6; N8N_BIN uses another n8n
 * executable of a fitting version; N8N_CACHE_DIR moves the n8n cache.
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const {
	REPO_ROOT,
	mkTemp,
	rmrf,
	fmtMs,
	freePort,
	httpJson,
	treeRssMb,
	sleep,
	keepTemp,
	onInterrupt,
	CACHE_ROOT,
	killGroup,
	portInUse,
	run: runCommand,
} = require('./lib/util');
const {
	N8N_VERSIONS,
	n8nVersionFor,
	ensureN8n,
	importEntities,
	executeWorkflow,
	startN8n,
	activateWorkflow,
	ensureOwner,
} = require('./lib/n8n');
const { createSandbox } = require('../sandbox');
const { PKG, buildAndPack, installTarball, checkInstalledPackage } = require('./lib/pkg');
const { loadWorkflows, WORKFLOWS_DIR } = require('./lib/workflows');
const { startSink } = require('./lib/sink');

const KEEP = process.env.E2E_KEEP === '1';
const SKIP_BUILD = process.env.E2E_SKIP_BUILD === '1';
const SKIP_TRIGGER = process.env.E2E_SKIP_TRIGGER === '1';
const SKIP_QUEUE = process.env.E2E_SKIP_QUEUE === '1';
const SKIP_DURABLE = process.env.E2E_SKIP_DURABLE === '1';
const NODE_TYPE = `${PKG.name}.recruiting`;
const TRIGGER_TYPE = `${PKG.name}.recruitingTrigger`;
const CREDENTIAL_TYPE = 'recruitingApi';

// ------------------------------------------------------------------ checks

let passed = 0;
let failed = 0;

/**
 * Runs one check and prints one line for it.
 * @param {string} name
 * @param {() => unknown} fn  returns an optional detail string; throws to fail
 */
async function check(name, fn) {
	const started = Date.now();
	// A check that waits on n8n (a poll a minute, a start, a restart) says every 10 s that it is
	// still waiting, so the run is never silent for long.
	const timer = setInterval(
		() => console.log(`#   ...${name}: ${fmtMs(Date.now() - started)}`),
		10_000,
	);
	try {
		const detail = await fn();
		passed++;
		console.log(`PASS  ${name}${typeof detail === 'string' && detail ? ` (${detail})` : ''}`);
		return true;
	} catch (error) {
		failed++;
		const msg = error instanceof Error ? error.message : String(error);
		console.log(`FAIL  ${name}: ${msg.replace(/\s+/g, ' ').slice(0, 900)}`);
		return false;
	} finally {
		clearInterval(timer);
	}
}

/**
 * @param {unknown} cond
 * @param {string} msg
 * @returns {asserts cond}
 */
function expect(cond, msg) {
	if (!cond) throw new Error(msg);
}

/** @param {unknown} v */
const show = (v) => JSON.stringify(v)?.slice(0, 300);

/**
 * @param {import('./lib/n8n').ExecResult} r
 * @param {string} node
 * @returns {any[]}
 */
function itemsOf(r, node) {
	const items = r.items(node);
	if (items === undefined) {
		throw new Error(`node "${node}" did not run: ${r.ok ? 'no data' : r.describe()}`);
	}
	return items;
}

/** The n8n the checks below run in ('' for the common setup), shown in every section line. */
let label = '';

/** Stops what a section started (n8n processes, Redis) when the run is interrupted. */
/** @type {Array<() => Promise<unknown>>} */
const stoppers = [];

/** @param {string} s */
const section = (s) => console.log(`# ${label ? `${label}: ` : ''}${s}`);

// ------------------------------------------------------------------ main

async function main() {
	const t0 = Date.now();
	/** @type {Record<string, string>} */
	const timings = {};
	/** @type {string[]} */
	const memory = [];
	const log = (/** @type {string} */ s) => console.log(`# ${s}`);
	onInterrupt(async () => {
		await Promise.all(stoppers.map((stop) => stop()));
	});

	// ---------------------------------------------------------------- n8n
	section('setup');
	const versions = (process.env.E2E_N8N_VERSIONS || `${N8N_VERSIONS[2]},${N8N_VERSIONS[1]}`)
		.split(',')
		.map((v) => n8nVersionFor(v.trim()))
		.filter(Boolean);
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
	await check('npm run build && npm pack produce a tarball', async () => {
		packed = await buildAndPack({ skipBuild: SKIP_BUILD, log });
		timings['build'] = fmtMs(packed.buildMs);
		return `${path.basename(packed.tarball)}, ${packed.files.length} files`;
	});
	if (!packed) return finish(t0, timings, memory);

	for (const n8n of installs) {
		const started = Date.now();
		label = `n8n ${n8n.version}`;
		await runVersion(n8n, packed.tarball, timings, memory);
		timings[label] = fmtMs(Date.now() - started);
	}
	const n8n2 = installs.find((i) => i.major >= 2);
	for (const mode of /** @type {const} */ (['queue', 'durable'])) {
		if (!n8n2 || (mode === 'queue' && SKIP_QUEUE) || (mode === 'durable' && SKIP_DURABLE)) continue;
		const started = Date.now();
		label = `n8n ${n8n2.version}, ${MODES[mode].name}`;
		await pollerChecks(n8n2, packed.tarball, memory, mode);
		timings[label] = fmtMs(Date.now() - started);
	}
	label = '';
	return finish(t0, timings, memory);
}

/**
 * The whole suite in one n8n: the tarball installed as n8n installs community packages, the
 * sandbox API, every operation's workflow run with `n8n execute`, then the triggers under
 * `n8n start`.
 * @param {Awaited<ReturnType<typeof ensureN8n>>} n8n
 * @param {string} tarball
 * @param {Record<string, string>} timings
 * @param {string[]} memory
 */
async function runVersion(n8n, tarball, timings, memory) {
	section('package');
	const userFolder = mkTemp('recruiting-e2e-n8n-');
	let installedDir = '';
	await check(
		'the tarball installs into <N8N_USER_FOLDER>/.n8n/nodes/node_modules/n8n-nodes-recruiting',
		async () => {
			installedDir = await installTarball(tarball, userFolder);
			expect(
				fs.existsSync(path.join(installedDir, 'package.json')),
				'no package.json after extraction',
			);
			return installedDir.replace(userFolder, '<user folder>');
		},
	);
	await check(
		'every file the package.json n8n block names is in the tarball, with its icons',
		() => {
			const problems = checkInstalledPackage(installedDir);
			expect(problems.length === 0, problems.join('; '));
			const pj = JSON.parse(fs.readFileSync(path.join(installedDir, 'package.json'), 'utf8'));
			return `${pj.n8n.nodes.length} nodes, ${pj.n8n.credentials.length} credential(s)`;
		},
	);
	await check('the package has no runtime dependencies to install (n8n-workflow is a peer)', () => {
		const pj = JSON.parse(fs.readFileSync(path.join(installedDir, 'package.json'), 'utf8'));
		const deps = Object.keys(pj.dependencies || {});
		expect(
			deps.length === 0,
			`dependencies would be missing in n8n's nodes folder: ${deps.join(', ')}`,
		);
	});

	const sandbox = await createSandbox({
		host: '127.0.0.1',
		port: 0,
		apiKey: 'sandbox-key',
		tenantSlug: 'acme',
		seed: 7,
		vacancies: 60, // more than one page (50) of jobs
		candidates: 200,
		clock: { mode: 'real' }, // n8n's trigger compares with the wall clock
	});
	const sink = await startSink();
	try {
		await runChecks(n8n, userFolder, sandbox, sink, timings, memory);
	} finally {
		await sink.close();
		await sandbox.close();
		if (KEEP) {
			keepTemp(userFolder);
			console.log(`# kept n8n user folder: ${userFolder}`);
		} else rmrf(userFolder);
	}
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
	console.log(`${passed} passed, ${failed} failed`);
	process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
}

/**
 * The credentials the e2e run imports: a right one, one with a wrong key, one whose Base URL
 * ends in /v1/.
 * @param {any} sandbox
 */
function credentialsFor(sandbox) {
	return {
		good: {
			id: 'rcE2eCredGood001',
			name: 'Recruiting sandbox (e2e)',
			type: CREDENTIAL_TYPE,
			data: { baseUrl: sandbox.url, apiKey: sandbox.apiKey },
		},
		bad: {
			id: 'rcE2eCredBadKey1',
			name: 'Recruiting sandbox, wrong key (e2e)',
			type: CREDENTIAL_TYPE,
			data: { baseUrl: sandbox.url, apiKey: 'not-the-sandbox-key' },
		},
		v1: {
			id: 'rcE2eCredV1Slsh1',
			name: 'Recruiting sandbox, base URL with /v1/ (e2e)',
			type: CREDENTIAL_TYPE,
			data: { baseUrl: `${sandbox.url}/v1/`, apiKey: sandbox.apiKey },
		},
	};
}

/**
 * @param {import('./lib/n8n').N8nInstall} n8n
 * @param {string} userFolder
 * @param {any} sandbox
 * @param {any} sink
 * @param {Record<string, string>} timings
 * @param {string[]} memory
 */
async function runChecks(n8n, userFolder, sandbox, sink, timings, memory) {
	const fx = sandbox.fixtures();
	const store = sandbox.store;
	const since = sandbox.clock.iso();
	const runTag = `e2e${Date.now().toString(36)}`;

	// Ids the workflows address, picked from the sandbox's fixtures.
	const jobId = fx.vacancyIds[0];
	const otherClient =
		fx.clients.find((/** @type {any} */ c) => c.id !== store.getVacancy(jobId).clientId) ||
		fx.clients[0];
	const clientContacts = fx.clientContacts
		.filter((/** @type {any} */ c) => c.companyId === otherClient.id)
		.map((/** @type {any} */ c) => c.id);
	const teamUsers = fx.users
		.filter((/** @type {any} */ u) => !u.deactivated)
		.slice(0, 2)
		.map((/** @type {any} */ u) => u.id);
	const interviewStage =
		fx.applicationStages.find((/** @type {any} */ s) => s.type === 'interview') ||
		fx.applicationStages[1];
	const speculativeStage =
		fx.applicationStages.find((/** @type {any} */ s) => s.type === 'speculative') ||
		fx.applicationStages[0];
	const appliedToJob = new Set(
		store.applicationsOfVacancy(jobId).map((/** @type {any} */ a) => a.candidateId),
	);
	const newApplicant = [fx.candidates.lastId, ...fx.candidates.firstIds].find(
		(id) => !appliedToJob.has(id),
	);
	const noteId = fx.noteIds[0];
	const noteApplicationId = store.getNote(noteId).applicationId;

	const creds = credentialsFor(sandbox);
	/** @type {Record<string, string>} */
	const vars = {
		CRED_ID: creds.good.id,
		CRED_NAME: creds.good.name,
		BAD_CRED_ID: creds.bad.id,
		BAD_CRED_NAME: creds.bad.name,
		V1_CRED_ID: creds.v1.id,
		V1_CRED_NAME: creds.v1.name,
		PORTAL_URL: sandbox.url,
		TENANT: sandbox.tenantSlug,
		SINCE: since,
		RUN_TAG: runTag,
		SINK_URL: sink.url,
		JOB_ID: jobId,
		CLIENT_ID: otherClient.id,
		CLIENT_CONTACT_IDS: clientContacts.join(', '),
		VACANCY_STAGE_ID: (
			fx.vacancyStages.find((/** @type {any} */ s) => s.id === 'vstage-interviewing') ||
			fx.vacancyStages[1]
		).id,
		TEAM_USER_IDS: teamUsers.join(', '),
		CANDIDATE_ID: fx.candidates.firstIds[3],
		NEW_APPLICANT_ID: String(newApplicant),
		APP_STAGE_ID: interviewStage.id,
		APP_STATUS_ID: interviewStage.statusIds[0],
		SPEC_STAGE_ID: speculativeStage.id,
		NOTE_ID: noteId,
		NOTE_APPLICATION_ID: noteApplicationId,
	};
	const workflows = loadWorkflows(vars);
	// The example workflows `npm run dev` imports run here too, so they cannot rot.
	const demoWorkflows = loadWorkflows(vars, { dir: path.join(WORKFLOWS_DIR, 'demo') });

	await check('n8n import:credentials takes three recruitingApi credentials', async () => {
		const r = await importEntities(n8n, userFolder, 'credentials', Object.values(creds));
		return fmtMs(r.ms);
	});
	const allWorkflows = [...Object.values(workflows), ...Object.values(demoWorkflows)];
	await check(
		`n8n import:workflow takes the ${allWorkflows.length} workflows of test/tools/e2e/workflows (and demo/)`,
		async () => {
			const r = await importEntities(n8n, userFolder, 'workflow', allWorkflows);
			return fmtMs(r.ms);
		},
	);

	/** Sandbox request-log entries after `seq`. @param {number} seq @returns {any[]} */
	const requestsSince = (seq) => sandbox.requestLog.since(seq);
	let execMs = 0;
	let execCount = 0;
	let execPeak = 0;
	/**
	 * @param {string} file  workflow file name without .json
	 * @param {Record<string, any>} [set]
	 * @returns {Promise<{ r: import('./lib/n8n').ExecResult, requests: any[] }>}
	 */
	const execute = async (file, set = workflows) => {
		const seq = sandbox.requestLog.seq;
		const r = await executeWorkflow(n8n, userFolder, set[file].id);
		execMs += r.ms;
		execCount++;
		execPeak = Math.max(execPeak, r.peakRssMb);
		return { r, requests: requestsSince(seq) };
	};
	/** @param {import('./lib/n8n').ExecResult} r @param {string} what */
	const expectOk = (r, what) => expect(r.ok, `${what} failed: ${r.describe()}`);

	// ------------------------------------------------------------ jobs
	section('job: Get Many');
	{
		const { r, requests } = await execute('jobs-get-many');
		const allJobs = store.world.vacancyIndex.items;
		await check(
			'the workflow using n8n-nodes-recruiting.recruiting runs in n8n (node type and credential type load)',
			() => {
				const loadErrors = r.output
					.split('\n')
					.filter(
						(l) =>
							/Cannot find module|Failed to load|Error loading/i.test(l) && l.includes(PKG.name),
					);
				expect(
					loadErrors.length === 0,
					`n8n could not load the package: ${loadErrors.slice(0, 2).join(' | ')}`,
				);
				expectOk(r, 'jobs-get-many');
				expect(
					!/Unrecognized node type|Unknown credential/i.test(r.output),
					'n8n reported a loading problem',
				);
				return `${fmtMs(r.ms)} for n8n execute`;
			},
		);
		await check('job Get Many, Return All: every job, across pages', () => {
			const items = itemsOf(r, 'Jobs Return All');
			expect(
				items.length === allJobs.length,
				`${items.length} items, the sandbox has ${allJobs.length} jobs`,
			);
			expect(new Set(items.map((i) => i.id)).size === items.length, 'duplicate job ids');
			return `${items.length} items`;
		});
		await check('job Get Many, simplified: name, stage and client are plain fields', () => {
			const items = itemsOf(r, 'Jobs Return All');
			const want = new Set(allJobs.map((/** @type {any} */ v) => v.name));
			for (const item of items) {
				expect(
					typeof item.name === 'string' && item.name.length > 0,
					`name is not a string: ${show(item.name)}`,
				);
				expect(want.has(item.name), `unexpected job name ${show(item.name)}`);
				expect(
					item.stage && typeof item.stage.name === 'string' && !('viewType' in item.stage),
					`stage not flattened: ${show(item.stage)}`,
				);
				expect(
					item.client && typeof item.client.name === 'string',
					`client not flattened: ${show(item.client)}`,
				);
				for (const [k, v] of Object.entries(item)) {
					expect(
						!(v && typeof v === 'object' && 'viewType' in v && k !== 'clientTeam'),
						`field ${k} still wrapped: ${show(v)}`,
					);
				}
			}
			return `e.g. "${items[0].name}" at ${items[0].client.name}`;
		});
		await check('job Get Many, Limit 3: 3 items', () => {
			const n = itemsOf(r, 'Jobs Limit 3').length;
			expect(n === 3, `${n} items`);
		});
		await check('job Get Many, Limit 55: 55 items (two pages of at most 50)', () => {
			const n = itemsOf(r, 'Jobs Limit 55').length;
			expect(n === 55, `${n} items`);
		});
		await check('job Get Many, Simplify off: the API’s { viewType, name } wrappers', () => {
			const items = itemsOf(r, 'Jobs Raw');
			expect(items.length === 2, `${items.length} items`);
			expect(
				items[0].name && items[0].name.viewType === 'vacancyName',
				`name: ${show(items[0].name)}`,
			);
		});
		await check('job Get Many, Modified Since in the future: no items', () => {
			const items = itemsOf(r, 'Jobs Modified Since Future');
			expect(items.length === 0, `${items.length} items`);
			const q = requests.find((x) => x.path === '/v1/vacancies' && x.query.modifiedSince);
			expect(
				q && String(q.query.modifiedSince).startsWith('2099-01-01'),
				`modifiedSince sent: ${show(q && q.query)}`,
			);
		});
		await check('API-key requests carry x-api-key and go to /v1', () => {
			expect(requests.length > 0, 'the sandbox received nothing');
			const bad = requests.filter((q) => !q.apiKeyPresent || !q.path.startsWith('/v1/'));
			expect(
				bad.length === 0,
				`${bad.length} requests without key or outside /v1: ${show(bad[0])}`,
			);
			return `${requests.length} requests`;
		});
	}

	section('candidate: Get Many, Get, Get Contact Identifiers');
	{
		const { r } = await execute('candidates');
		const total = store.world.candidates.size;
		await check('candidate Get Many, Return All: every candidate (several pages)', () => {
			const items = itemsOf(r, 'Candidates Return All');
			expect(items.length === total, `${items.length} items, the sandbox has ${total}`);
			expect(new Set(items.map((i) => i.id)).size === items.length, 'duplicate candidate ids');
			return `${items.length} items`;
		});
		await check('candidate Get Many, simplified: firstName, lastName, emails are plain', () => {
			const items = itemsOf(r, 'Candidates Return All');
			for (const c of items) {
				expect(
					typeof c.firstName === 'string' && typeof c.lastName === 'string',
					`names: ${show(c)}`,
				);
				expect(!('name' in c) || typeof c.name !== 'object', `name still wrapped: ${show(c.name)}`);
				expect(Array.isArray(c.emails), `emails not a list: ${show(c.emails)}`);
			}
			return `e.g. ${items[0].firstName} ${items[0].lastName}`;
		});
		await check('candidate Get Many, Limit 5: 5 items', () => {
			const n = itemsOf(r, 'Candidates Limit 5').length;
			expect(n === 5, `${n} items`);
		});
		await check('candidate Get Many, Modified Since the run start: none yet', () => {
			const n = itemsOf(r, 'Candidates Modified Since Run Start').length;
			expect(n === 0, `${n} items`);
		});
		await check('candidate Get by ID: the candidate, flattened', () => {
			const items = itemsOf(r, 'Get Candidate');
			expect(items.length === 1, `${items.length} items`);
			expect(items[0].id === vars.CANDIDATE_ID, `id ${items[0].id}`);
			expect(typeof items[0].firstName === 'string', `firstName: ${show(items[0].firstName)}`);
			return `${items[0].firstName} ${items[0].lastName}`;
		});
		await check('candidate Get with an expression in the ID: the last of Limit 5', () => {
			const want = itemsOf(r, 'Candidates Limit 5').slice(-1)[0].id;
			const got = itemsOf(r, 'Get Candidate By Expression');
			expect(
				got.length === 1 && got[0].id === want,
				`got ${show(got.map((i) => i.id))}, want ${want}`,
			);
		});
		await check('candidate Get, Simplify off: { viewType: candidateName, ... }', () => {
			const items = itemsOf(r, 'Get Candidate Raw');
			expect(
				items[0].name && items[0].name.viewType === 'candidateName',
				`name: ${show(items[0].name)}`,
			);
		});
		await check('candidate Get Contact Identifiers: emails, phoneNumbers, networkUrl', () => {
			const items = itemsOf(r, 'Candidate Contact Identifiers');
			expect(items.length === 1, `${items.length} items`);
			const c = items[0];
			expect(
				Array.isArray(c.emails) && Array.isArray(c.phoneNumbers) && 'networkUrl' in c,
				show(c),
			);
			return `${c.emails.length} email(s), ${c.phoneNumbers.length} phone number(s)`;
		});
	}

	section('job: Update, read back with Get Many');
	{
		const { r, requests } = await execute('job-update');
		const puts = requests.filter((q) => q.method === 'PUT' && q.path === `/v1/vacancies/${jobId}`);
		await check('job Update: { id, updated: true }', () => {
			const items = itemsOf(r, 'Update Job');
			expect(items.length === 1 && items[0].id === jobId && items[0].updated === true, show(items));
		});
		await check('job Update sends every update field in the API’s shape', () => {
			expect(puts.length >= 1, 'no PUT reached the sandbox');
			const b = puts[0].body;
			expect(b.name === `E2E Platform Engineer ${runTag}`, `name ${show(b.name)}`);
			expect(
				b.employmentType === 'partTime' && b.locationType === 'hybrid',
				`types ${b.employmentType} ${b.locationType}`,
			);
			expect(
				b.companyId === vars.CLIENT_ID && b.stageId === vars.VACANCY_STAGE_ID,
				`ids ${b.companyId} ${b.stageId}`,
			);
			expect(show(b.teamUserIds) === show(teamUsers), `teamUserIds ${show(b.teamUserIds)}`);
			expect(
				show(b.clientTeamUserIds) === show(clientContacts),
				`clientTeamUserIds ${show(b.clientTeamUserIds)}`,
			);
			expect(
				b.location &&
					b.location.city === 'Berlin' &&
					b.location.latitude === 52.531 &&
					b.location.type === 'headquarters',
				`location ${show(b.location)}`,
			);
			expect(
				show(b.salaryRange) === show({ currency: 'EUR', min: 65000, max: 85000 }),
				`salaryRange ${show(b.salaryRange)}`,
			);
			expect(
				b.dealValue && b.dealValue.currency === 'EUR' && b.dealValue.amount === 18000,
				`dealValue ${show(b.dealValue)}`,
			);
			expect(
				show(b.scorecard) ===
					show([
						{
							group_name: 'Engineering',
							attributes: [{ attribute: 'System design' }, { attribute: 'Code quality' }],
						},
						{ group_name: 'Culture', attributes: [{ attribute: 'Ownership' }] },
					]),
				`scorecard ${show(b.scorecard)}`,
			);
			expect(
				Date.parse(b.startAt) === Date.parse('2027-02-01T09:00:00.000Z'),
				`startAt ${b.startAt}`,
			);
		});
		await check('job Update shows up in a later Get Many', () => {
			const job = itemsOf(r, 'Jobs After Update').find((i) => i.id === jobId);
			expect(job, 'the job is missing from Get Many');
			expect(job.name === `E2E Platform Engineer ${runTag}`, `name ${show(job.name)}`);
			expect(String(job.description).includes(runTag), `description ${show(job.description)}`);
			expect(
				job.employmentType === 'partTime' && job.locationType === 'hybrid',
				`${job.employmentType} ${job.locationType}`,
			);
			expect(job.stage && job.stage.id === vars.VACANCY_STAGE_ID, `stage ${show(job.stage)}`);
			expect(job.client && job.client.id === vars.CLIENT_ID, `client ${show(job.client)}`);
			expect(
				job.salaryRange && job.salaryRange.min === 65000 && job.salaryRange.max === 85000,
				`salaryRange ${show(job.salaryRange)}`,
			);
			expect(job.location && job.location.city === 'Berlin', `location ${show(job.location)}`);
			return job.name;
		});
		await check('job Get Many, Modified Since the run start: just the updated job', () => {
			const items = itemsOf(r, 'Jobs Modified Since Run Start');
			expect(
				items.some((i) => i.id === jobId),
				`the updated job is missing (${items.length} items)`,
			);
			expect(
				items.length < store.world.vacancies.size,
				`${items.length} items: the filter was ignored`,
			);
			return `${items.length} item(s)`;
		});
		await check('job Update, Clear Fields: description and end date sent as null and gone', () => {
			expect(puts.length >= 2, `${puts.length} PUTs`);
			expect(
				show(puts[1].body) === show({ description: null, endAt: null }),
				`body ${show(puts[1].body)}`,
			);
			const job = itemsOf(r, 'Jobs After Clear').find((i) => i.id === jobId);
			expect(
				job && job.description == null && job.endAt == null,
				`after clear: ${show(job && { description: job.description, endAt: job.endAt })}`,
			);
			expect(job.name === `E2E Platform Engineer ${runTag}`, 'the name changed too');
		});
	}

	section('application: Create, Get, Get Many for a Job');
	{
		const { r, requests } = await execute('applications');
		/** @type {string} */
		let createdId = '';
		await check('application Create: the new application’s id', () => {
			const items = itemsOf(r, 'Create Application');
			expect(items.length === 1 && typeof items[0].id === 'string' && items[0].id, show(items));
			createdId = items[0].id;
			const rec = store.getApplication(createdId);
			expect(
				rec && rec.candidateId === newApplicant && rec.vacancyId === jobId,
				`sandbox has ${show(rec)}`,
			);
			expect(
				rec.stageId === interviewStage.id && rec.statusId === interviewStage.statusIds[0],
				`stage/status ${rec.stageId}/${rec.statusId}`,
			);
			const post = requests.find((q) => q.method === 'POST' && q.path === '/v1/applications');
			expect(
				post && show(post.body.teamUserIds) === show(teamUsers),
				`teamUserIds sent: ${show(post && post.body)}`,
			);
			return createdId;
		});
		await check(
			'application Get (ID from the previous node): flattened stage, candidate, job',
			() => {
				const items = itemsOf(r, 'Get Created Application');
				expect(items.length === 1 && items[0].id === createdId, show(items.map((i) => i.id)));
				const a = items[0];
				expect(
					a.stage && a.stage.id === interviewStage.id && !('viewType' in a.stage),
					`stage ${show(a.stage)}`,
				);
				expect(a.candidate && a.candidate.id === newApplicant, `candidate ${show(a.candidate)}`);
				expect(
					a.vacancy && a.vacancy.id === jobId && !('viewType' in a.vacancy),
					`vacancy ${show(a.vacancy)}`,
				);
				return `${a.candidate.firstName} ${a.candidate.lastName} in ${a.stage.name}`;
			},
		);
		await check('application Get, Simplify off: { viewType: applicationStage } kept', () => {
			const items = itemsOf(r, 'Get Created Application Raw');
			expect(
				items[0] && items[0].stage && items[0].stage.viewType === 'applicationStage',
				`stage ${show(items[0] && items[0].stage)}`,
			);
		});
		await check(
			'application Get Many for a Job: includes the new one, with the job attached',
			() => {
				const items = itemsOf(r, 'Applications For Job');
				const want = store.applicationsOfVacancy(jobId).length;
				expect(items.length === want, `${items.length} items, the sandbox has ${want}`);
				expect(
					items.some((i) => i.id === createdId),
					'the created application is missing',
				);
				const job = items[0].job;
				expect(
					job && job.name === `E2E Platform Engineer ${runTag}`,
					`job ${show(job && job.name)}`,
				);
				expect(
					job.dealValue && job.dealValue.amount === 18000 && job.dealValue.currency === 'EUR',
					`dealValue (set by job Update) ${show(job.dealValue)}`,
				);
				return `${items.length} applications`;
			},
		);
		await check(
			'application Create without a job: a speculative application (vacancyId null)',
			() => {
				const items = itemsOf(r, 'Speculative Application');
				expect(items.length === 1 && items[0].id, show(items));
				const rec = store.getApplication(items[0].id);
				expect(rec && rec.vacancyId === null && rec.statusId === null, `sandbox has ${show(rec)}`);
			},
		);
	}

	section('note: Update');
	{
		const { r } = await execute('note-update');
		await check('note Update: { id, updated: true } and the sandbox holds the new note', () => {
			const items = itemsOf(r, 'Update Note');
			expect(
				items.length === 1 && items[0].id === noteId && items[0].updated === true,
				show(items),
			);
			const note = store.getNote(noteId);
			expect(
				note.content === `<p>Phone screen went well (${runTag})</p>`,
				`content ${show(note.content)}`,
			);
			expect(
				note.pinned === true && note.source === 'phone',
				`pinned ${note.pinned}, source ${note.source}`,
			);
			expect(
				show(note.labelIds) === show(['label-important', 'label-e2e']),
				`labelIds ${show(note.labelIds)}`,
			);
		});
		await check('note Update shows up in a later application Get', () => {
			const a = itemsOf(r, 'Application With Note')[0];
			const notes = Array.isArray(a && a.notes) ? a.notes : [];
			const note = notes.find((/** @type {any} */ n) => n.noteId === noteId);
			expect(note && note.title === `E2E note ${runTag}`, `notes ${show(a && a.notes)}`);
		});
	}

	section('jobPortal: Get Many Postings, Apply');
	{
		const { r, requests } = await execute('job-portal');
		const portalRequests = requests.filter((q) => q.surface === 'public');
		await check('job portal Get Many Postings: every public posting', () => {
			const items = itemsOf(r, 'Get Postings');
			expect(
				items.length === fx.postings.length,
				`${items.length} items, the sandbox has ${fx.postings.length}`,
			);
			expect(
				items.every((i) => typeof i.id === 'string' && typeof i.externalJobTitle === 'string'),
				show(items[0]),
			);
			return `${items.length} postings, e.g. "${items[0].externalJobTitle}"`;
		});
		await check('job portal Apply succeeds: { postingId, email, applied: true }', () => {
			const items = itemsOf(r, 'Apply');
			const first = itemsOf(r, 'Get Postings')[0];
			expect(
				items.length === 1 && items[0].applied === true && items[0].postingId === first.id,
				show(items),
			);
			expect(items[0].email === `ada.${runTag}@example.com`, `email ${items[0].email}`);
		});
		await check('job portal requests go to /acme/vacancy-portal/jobs with no x-api-key', () => {
			expect(
				portalRequests.length === 2,
				`${portalRequests.length} portal requests: ${show(portalRequests.map((q) => q.method + ' ' + q.path))}`,
			);
			const withKey = portalRequests.filter((q) => q.apiKeyPresent || 'x-api-key' in q.headers);
			expect(withKey.length === 0, `x-api-key sent on ${withKey.map((q) => q.path).join(', ')}`);
			expect(
				portalRequests.every((q) => q.path.startsWith('/acme/vacancy-portal/jobs')),
				show(portalRequests.map((q) => q.path)),
			);
			expect(
				portalRequests.every((q) => q.status === 200),
				`statuses ${portalRequests.map((q) => q.status)}`,
			);
		});
		await check('job portal Apply sends channelId and the location fields', () => {
			const post = portalRequests.find((q) => q.method === 'POST');
			expect(post, 'no POST');
			expect(post.query.channelId === 'e2e-channel', `query ${show(post.query)}`);
			const b = post.body;
			expect(
				b.firstName === 'Ada' &&
					b.phoneNumber === '+44 20 7946 0000' &&
					b.cvAttachmentId === `cv-${runTag}`,
				show(b),
			);
			expect(
				b.networkUrl === 'https://network.example.com/in/ada-lovelace',
				`networkUrl ${b.networkUrl}`,
			);
			const l = b.location || {};
			expect(
				l.city === 'Paris' &&
					l.rawCityCountry === 'Paris, France' &&
					l.formattedAddress &&
					l.latitude === 48.8606 &&
					l.type === 'primary_home',
				`location ${show(l)}`,
			);
		});
		await check(
			'the portal application created a candidate the API then lists (Modified Since)',
			() => {
				const items = itemsOf(r, 'Candidates Modified Since Run Start');
				const ada = items.find((i) => i.lastName === `Lovelace ${runTag}`);
				expect(ada, `not among ${items.length} candidates modified since ${since}`);
				return `${ada.firstName} ${ada.lastName}`;
			},
		);
	}

	section('credentials and errors');
	{
		const { r, requests } = await execute('credential-base-url-v1');
		await check('a credential base URL ending in /v1/ works (no /v1/v1)', () => {
			expectOk(r, 'credential-base-url-v1');
			expect(itemsOf(r, 'Jobs Via v1 Base URL').length === 1, 'not 1 item');
			expect(
				requests.every((q) => q.path === '/v1/vacancies'),
				show(requests.map((q) => q.path)),
			);
		});
	}
	{
		const { r, requests } = await execute('error-wrong-api-key');
		await check('a wrong API key fails the workflow with a clear message', () => {
			expect(!r.ok, 'the workflow succeeded');
			expect(
				/API key/i.test(r.failureText) && /credential/i.test(r.failureText),
				`message: ${r.failureText || r.describe()}`,
			);
			expect(
				requests.some((q) => q.status === 401 && q.apiKeyPresent),
				'the sandbox saw no 401',
			);
			return r.failureText.split(' | ')[0];
		});
	}
	{
		const { r } = await execute('error-not-found');
		await check('an unknown candidate ID fails with a message naming the ID', () => {
			expect(!r.ok, 'the workflow succeeded');
			expect(
				r.failureText.includes('no-such-candidate-e2e'),
				`message: ${r.failureText || r.describe()}`,
			);
			return r.failureText.split(' | ')[0];
		});
	}
	{
		const { r, requests } = await execute('error-no-credential');
		await check('an API-key operation without a credential fails clearly and sends nothing', () => {
			expect(!r.ok, 'the workflow succeeded');
			expect(/credential/i.test(r.failureText), `message: ${r.failureText || r.describe()}`);
			expect(requests.length === 0, `${requests.length} requests reached the sandbox`);
			return r.failureText.split(' | ')[0];
		});
	}
	{
		const { r } = await execute('error-unknown-node-type');
		await check(
			'negative control: a node type the package lacks is reported by n8n (so the passes above mean the types loaded)',
			() => {
				expect(!r.ok, 'the workflow succeeded');
				expect(
					/Unrecognized node type: n8n-nodes-recruiting\.notARealNode/.test(r.output),
					`output: ${r.failureText || r.output.slice(-300)}`,
				);
			},
		);
	}
	section('demo workflows (npm run dev)');
	{
		const { r, requests } = await execute('form-to-job-portal-apply', demoWorkflows);
		await check(
			'demo "application form → Job Portal Apply" runs and applies without an API key',
			() => {
				expectOk(r, 'form-to-job-portal-apply');
				const items = itemsOf(r, 'Apply to First Posting');
				expect(items.length === 1 && items[0].applied === true, show(items));
				const post = requests.find((q) => q.method === 'POST' && q.surface === 'public');
				expect(
					post && !post.apiKeyPresent && post.body.firstName === 'Ada',
					`request ${show(post)}`,
				);
			},
		);
	}
	{
		const { r } = await execute('candidates-to-spreadsheet-rows', demoWorkflows);
		await check(
			'demo "Get Many candidates → spreadsheet rows" gives 25 rows with plain columns',
			() => {
				expectOk(r, 'candidates-to-spreadsheet-rows');
				const rows = itemsOf(r, 'Spreadsheet Row');
				expect(rows.length === 25, `${rows.length} rows`);
				for (const row of rows) {
					expect(
						typeof row['First Name'] === 'string' && row['First Name'] && /@/.test(row.Email),
						show(row),
					);
				}
				return `${Object.keys(rows[0]).join(', ')}`;
			},
		);
	}
	timings['n8n execute'] =
		`${execCount} runs, ${fmtMs(execMs)} (${fmtMs(execMs / Math.max(1, execCount))} each)`;
	memory.push(`n8n execute peak RSS ${execPeak} MB`);

	if (SKIP_TRIGGER) {
		console.log('# E2E_SKIP_TRIGGER=1: trigger checks skipped');
		return;
	}
	await triggerChecks(
		n8n,
		userFolder,
		sandbox,
		sink,
		[workflows['trigger-to-sink'], demoWorkflows['candidate-trigger-to-slack-message']],
		timings,
		memory,
		runTag,
	);
}

/**
 * Activates the trigger workflow, runs `n8n start` and checks what the polls emit.
 * @param {import('./lib/n8n').N8nInstall} n8n
 * @param {string} userFolder
 * @param {any} sandbox
 * @param {any} sink
 * @param {any[]} workflowsToActivate  the e2e trigger workflow, then the demo's
 * @param {Record<string, string>} timings
 * @param {string[]} memory
 * @param {string} runTag
 */
/**
 * Waits until the API has answered a list request on each of `paths` since `seq` (a trigger's
 * poll), up to `ms`. @param {any} sandbox @param {number} seq @param {string[]} paths
 */
async function waitForPolls(sandbox, seq, paths, ms = 120_000) {
	const until = Date.now() + ms;
	const done = () => {
		const seen = sandbox.requestLog.since(seq).filter((/** @type {any} */ e) => e.status === 200);
		return paths.every((p) =>
			seen.some((/** @type {any} */ e) => e.method === 'GET' && e.path === p),
		);
	};
	while (!done() && Date.now() < until) await sleep(500);
	return done();
}

async function triggerChecks(
	n8n,
	userFolder,
	sandbox,
	sink,
	workflowsToActivate,
	timings,
	memory,
	runTag,
) {
	section('Recruiting Trigger under n8n start (polls every minute)');
	const demoTrigger = workflowsToActivate[1];
	const activated = await check(
		n8n.major >= 2
			? 'n8n publish:workflow publishes the trigger workflows'
			: 'n8n update:workflow --active=true activates the trigger workflows',
		async () => {
			for (const w of workflowsToActivate) await activateWorkflow(n8n, userFolder, w.id);
		},
	);
	if (!activated) return;
	const port = await freePort();
	const brokerPort = await freePort();
	const t = Date.now();
	const startSeq = sandbox.requestLog.seq;
	const server = startN8n(n8n, userFolder, {
		port,
		env: {
			N8N_RUNNERS_ENABLED: 'true',
			N8N_RUNNERS_BROKER_PORT: String(brokerPort),
			EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
		},
		logFile: path.join(userFolder, 'n8n-start.log'),
	});
	let peak = 0;
	const sampler = setInterval(() => {
		peak = Math.max(peak, treeRssMb(server.child.pid));
	}, 1000);
	try {
		const ready = await check('n8n start comes up with the package installed', async () => {
			const ok = await server.waitReady(180_000);
			expect(ok, `not ready: ${server.output.slice(-1500)}`);
			timings['n8n start'] = fmtMs(Date.now() - t);
			return `${fmtMs(Date.now() - t)}`;
		});
		if (!ready) return;
		// "Ready" comes before n8n activates the workflows; activation runs each trigger's first
		// poll. A change made before the From Now workflow's first poll is (rightly) not emitted,
		// so wait for both first polls before changing anything. n8n 2.x does not log each
		// activation as 1.x does; the sandbox's request log shows the polls on both majors.
		await check('n8n activates both trigger workflows (their first polls ran)', async () => {
			const polled = await waitForPolls(sandbox, startSeq, ['/v1/candidates', '/v1/vacancies']);
			expect(polled, `no first poll within 120 s: ${server.output.slice(-1500)}`);
		});
		const base = server.url.replace('localhost', '127.0.0.1');
		let cookie = '';
		await check('an owner account can be set up headlessly (POST /rest/owner/setup)', async () => {
			const owner = await ensureOwner(base, {
				email: 'e2e@example.com',
				password: 'E2e-password-1',
			});
			expect(owner.cookie, 'no session cookie');
			cookie = owner.cookie;
		});
		/** @param {string} p */
		const get = (p) =>
			httpJson('GET', `${base}/${p.replace(/^\//, '')}`, {
				timeoutMs: 30_000,
				headers: cookie ? { cookie } : {},
			});
		await check('the editor serves both node types and the credential type', async () => {
			const nodes = await get('types/nodes.json');
			const creds = await get('types/credentials.json');
			expect(
				nodes.status === 200 && Array.isArray(nodes.json),
				`types/nodes.json: HTTP ${nodes.status}`,
			);
			const names = nodes.json.map((/** @type {any} */ n) => n.name);
			for (const want of [NODE_TYPE, TRIGGER_TYPE])
				expect(names.includes(want), `${want} missing from types/nodes.json`);
			expect(
				Array.isArray(creds.json) &&
					creds.json.some((/** @type {any} */ c) => c.name === CREDENTIAL_TYPE),
				`${CREDENTIAL_TYPE} missing from types/credentials.json`,
			);
			const node = nodes.json.find((/** @type {any} */ n) => n.name === NODE_TYPE);
			return `icon ${node.iconUrl ? JSON.stringify(node.iconUrl) : node.icon}`;
		});
		await check('the node and credential icons are served', async () => {
			const nodes = (await get('types/nodes.json')).json;
			const creds = (await get('types/credentials.json')).json;
			expect(Array.isArray(nodes) && Array.isArray(creds), 'types/*.json not readable');
			/** @type {string[]} */
			const urls = [];
			for (const d of [
				...nodes.filter((/** @type {any} */ n) => n.name.startsWith(`${PKG.name}.`)),
				...creds.filter((/** @type {any} */ c) => c.name === CREDENTIAL_TYPE),
			]) {
				const icon = d.iconUrl;
				expect(icon, `${d.name} has no iconUrl (icon ${show(d.icon)})`);
				for (const u of typeof icon === 'string' ? [icon] : Object.values(icon))
					urls.push(String(u));
			}
			for (const u of new Set(urls)) {
				const res = await get(u);
				expect(res.status === 200 && /<svg/i.test(res.text), `${u}: HTTP ${res.status}`);
			}
			return `${new Set(urls).size} icon URL(s)`;
		});
		await check(
			"the credential's Test button, as n8n runs it (POST /rest/credentials/test)",
			async () => {
				/** @param {Record<string, string>} data */
				const test = async (data) => {
					const { good } = credentialsFor(sandbox);
					const res = await httpJson('POST', `${base}/rest/credentials/test`, {
						timeoutMs: 60_000,
						headers: { cookie },
						body: { credentials: { ...good, data: { ...good.data, ...data } } },
					});
					expect(res.status === 200, `HTTP ${res.status}: ${show(res.json ?? res.text)}`);
					return /** @type {{ status: string, message: string }} */ (res.json.data);
				};
				const outcomes = {
					good: await test({}),
					'with /v1/': await test({ baseUrl: `${sandbox.url}/v1/` }),
					'wrong key': await test({ apiKey: 'not-the-sandbox-key' }),
					'wrong path': await test({ baseUrl: `${sandbox.url}/not-the-api` }),
					'nothing listening': await test({ baseUrl: 'http://127.0.0.1:9' }),
				};
				expect(
					outcomes.good.status === 'OK' && outcomes['with /v1/'].status === 'OK',
					`a right credential failed: ${show(outcomes)}`,
				);
				for (const what of ['wrong key', 'wrong path', 'nothing listening']) {
					expect(
						outcomes[what].status === 'Error',
						`${what} passed the test: ${show(outcomes[what])}`,
					);
				}
				// n8n 2.x keeps the HTTP status, so its tester shows the credential's own sentences;
				// n8n 1.x lost it and shows n8n's generic ones (README quotes both).
				const expected =
					n8n.major >= 2
						? {
								'wrong key': 'The API key was not accepted: copy it again from Settings, API Keys',
								'wrong path': 'No Recruiting API at this Base URL: check the address',
								'nothing listening': 'ECONNREFUSED',
							}
						: {
								'wrong key': 'Authorization failed - please check your credentials',
								'wrong path': 'The resource you are requesting could not be found',
								'nothing listening': 'The service refused the connection - perhaps it is offline',
							};
				for (const [what, message] of Object.entries(expected)) {
					expect(
						outcomes[/** @type {keyof typeof outcomes} */ (what)].message === message,
						`${what}: expected "${message}": ${show(outcomes)}`,
					);
				}
				return Object.entries(outcomes)
					.map(([what, o]) => `${what}: ${o.status} "${o.message}"`)
					.join('; ');
			},
		);

		const total = sandbox.store.world.candidates.size;
		const firstPoll = await check(
			'candidate trigger (start: everything): the first poll emits every candidate',
			async () => {
				const ok = await sink.waitFor(
					'candidate-events',
					(/** @type {any[]} */ l) => l.length > 0,
					150_000,
				);
				expect(ok, `nothing emitted within 150 s: ${server.output.slice(-1200)}`);
				await sleep(3000);
				const ids = new Set(
					sink
						.get('candidate-events')
						.flatMap((/** @type {any} */ b) => b.items.map((/** @type {any} */ i) => i.id)),
				);
				expect(
					ids.size === total,
					`${ids.size} distinct candidates emitted, the sandbox has ${total}`,
				);
				const first = sink.get('candidate-events')[0].items[0];
				expect(
					typeof first.firstName === 'string' && !(first.name && first.name.viewType),
					`not simplified: ${show(first)}`,
				);
				return `${sink.get('candidate-events').length} execution(s), ${ids.size} candidates`;
			},
		);
		await check(
			'job trigger (start: now, event: updated): the first poll emits nothing',
			async () => {
				const n = sink.get('job-events').length;
				expect(n === 0, `${n} executions: ${show(sink.get('job-events')[0])}`);
			},
		);
		if (!firstPoll) return;

		// Changes after the first poll: the next poll (within a minute) must report them.
		const eventsBefore = sink.get('candidate-events').length;
		const created = sandbox.createCandidate({
			firstName: 'Grace',
			lastName: `Hopper ${runTag}`,
			email: `grace.${runTag}@example.com`,
		});
		const jobId = sandbox.fixtures().vacancyIds[5];
		sandbox.touchVacancy(jobId, { name: `Trigger test job ${runTag}` });
		await check(
			'candidate trigger: a candidate created after the first poll is emitted by the next poll',
			async () => {
				const ok = await sink.waitFor(
					'candidate-events',
					(/** @type {any[]} */ l) =>
						l
							.slice(eventsBefore)
							.some((b) => b.items.some((/** @type {any} */ i) => i.id === created.id)),
					130_000,
				);
				expect(
					ok,
					`not emitted within 130 s; events since: ${show(sink.get('candidate-events').slice(eventsBefore))}`,
				);
				const later = sink
					.get('candidate-events')
					.slice(eventsBefore)
					.flatMap((/** @type {any} */ b) => b.items);
				expect(
					later.length === 1,
					`the poll emitted ${later.length} items, want just the new candidate: ${show(later.map((/** @type {any} */ i) => i.id))}`,
				);
				return `${later[0].firstName} ${later[0].lastName}`;
			},
		);
		await check('job trigger: a job updated after activation is emitted, flattened', async () => {
			const ok = await sink.waitFor(
				'job-events',
				(/** @type {any[]} */ l) =>
					l.some((b) => b.items.some((/** @type {any} */ i) => i.id === jobId)),
				130_000,
			);
			expect(ok, `not emitted within 130 s; job events: ${show(sink.get('job-events'))}`);
			const items = sink.get('job-events').flatMap((/** @type {any} */ b) => b.items);
			expect(
				items.length === 1,
				`${items.length} items: ${show(items.map((/** @type {any} */ i) => i.id))}`,
			);
			expect(items[0].name === `Trigger test job ${runTag}`, `name ${show(items[0].name)}`);
			return items[0].name;
		});
		await check(
			'demo trigger workflow (Recruiting Trigger → Code) ran successfully for the new candidate',
			async () => {
				/** @type {any[]} */
				let runs = [];
				// Up to one more poll interval: both triggers poll at the same minute tick, but one
				// after the other, so the new candidate can reach the sandbox between their two
				// requests; the demo trigger then emits it at the next tick, a minute later.
				const until = Date.now() + 90_000;
				while (Date.now() < until) {
					const filter = encodeURIComponent(JSON.stringify({ workflowId: demoTrigger.id }));
					const res = await get(`rest/executions?filter=${filter}&limit=20`);
					runs = (res.json && res.json.data && res.json.data.results) || [];
					if (runs.some((x) => x.status !== 'running' && x.status !== 'new')) break;
					await sleep(1000);
				}
				expect(runs.length > 0, 'no execution of the demo trigger workflow');
				const bad = runs.filter((x) => x.status !== 'success');
				expect(bad.length === 0, `statuses: ${runs.map((x) => x.status).join(', ')}`);
				return `${runs.length} execution(s)`;
			},
		);
		await check('n8n start logged no error about the package', () => {
			// The n8n cache folder is called n8n-nodes-recruiting too: its paths are not the package.
			const lines = server.output
				.split(CACHE_ROOT)
				.join('<cache>')
				.split('\n')
				.filter((l) => /n8n-nodes-recruiting|recruiting/i.test(l) && /error|fail/i.test(l));
			expect(lines.length === 0, lines.slice(0, 3).join(' | '));
		});
	} finally {
		clearInterval(sampler);
		memory.push(`n8n start (main + task runner) peak RSS ${peak} MB`);
		await server.stop();
	}
}

/**
 * Redis for queue mode: Debian's redis-server, on a free loopback port, no persistence, in its
 * own process group (stopped with the run).
 */
async function startRedis() {
	const which = await runCommand('sh', ['-c', 'command -v redis-server || true']);
	const bin = which.stdout.trim();
	if (!bin) {
		throw new Error(
			'redis-server is not installed: apt-get install -y redis-server (.ci/run installs it)',
		);
	}
	const port = await freePort();
	const child = spawn(
		bin,
		['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
		{ stdio: 'ignore', detached: true },
	);
	const until = Date.now() + 20_000;
	while (!(await portInUse(port))) {
		if (Date.now() > until) throw new Error(`redis-server did not listen on ${port}`);
		await sleep(100);
	}
	return {
		port,
		stop: async () => {
			killGroup(child.pid, 'SIGKILL');
		},
	};
}

/**
 * The two ways n8n 2.x runs a poll other than the default: queue mode (Redis, one main that
 * polls the trigger and enqueues executions, one worker that runs them, sharing the user
 * folder and its database), and the durable scheduler with poll cursors (n8n 2.x's opt-in
 * scheduler runs each poll as a task and stages a node's static data per node id; this
 * trigger keeps its position in the workflow's static data, which n8n saves as in the default
 * mode).
 */
const MODES = {
	queue: {
		name: 'queue mode',
		section: 'Redis, a main and a worker',
		env: {
			EXECUTIONS_MODE: 'queue',
			// n8n v3's default: manual executions run on workers too.
			OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
		},
	},
	durable: {
		name: 'durable poll scheduler',
		section: 'the durable scheduler with poll cursors (N8N_POLLER_DURABLE_CURSORS_ENABLED)',
		env: {
			// All four are needed: without the others n8n warns and keeps cursors off.
			N8N_SCHEDULER_ENABLED: 'true',
			N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
			N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
			N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
			// The scheduler logs each poll's result ("Poll returned no new data") at debug level.
			N8N_LOG_LEVEL: 'debug',
		},
	},
};

/**
 * One of MODES on n8n 2.x: the trigger workflow (Recruiting Trigger → Recruiting Get → a report
 * to the sink) published; checks that each change is emitted once, where the executions run,
 * and that the trigger's position survives a restart of the main.
 * @param {Awaited<ReturnType<typeof ensureN8n>>} n8n
 * @param {string} tarball
 * @param {string[]} memory
 * @param {keyof typeof MODES} mode
 */
async function pollerChecks(n8n, tarball, memory, mode) {
	const queue = mode === 'queue';
	section(MODES[mode].section);
	/** @type {Awaited<ReturnType<typeof startRedis>> | undefined} */
	let redis;
	if (queue) {
		await check('Redis (Debian redis-server) starts on loopback', async () => {
			redis = await startRedis();
			stoppers.push(redis.stop);
			return `port ${redis.port}`;
		});
		if (!redis) return;
	}
	const userFolder = mkTemp(`recruiting-e2e-${mode}-`);
	const sandbox = await createSandbox({
		host: '127.0.0.1',
		port: 0,
		apiKey: 'sandbox-key',
		tenantSlug: 'acme',
		seed: 11,
		vacancies: 10,
		candidates: 30,
		clock: { mode: 'real' },
	});
	const sink = await startSink();
	/** @type {Record<string, string>} */
	const modeEnv = {
		...MODES[mode].env,
		...(redis && { QUEUE_BULL_REDIS_HOST: '127.0.0.1', QUEUE_BULL_REDIS_PORT: String(redis.port) }),
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
	};
	/** @type {Array<ReturnType<typeof startN8n>>} */
	const processes = [];
	/** @param {'start' | 'worker'} command @param {string} logName */
	const launch = async (command, logName) => {
		const server = startN8n(n8n, userFolder, {
			port: await freePort(),
			command,
			env: { ...modeEnv, N8N_RUNNERS_BROKER_PORT: String(await freePort()) },
			logFile: path.join(userFolder, logName),
		});
		processes.push(server);
		stoppers.push(() => server.stop(5000));
		return server;
	};
	let peak = 0;
	const sampler = setInterval(() => {
		peak = Math.max(peak, ...processes.map((p) => treeRssMb(p.child.pid)));
	}, 1000);
	try {
		const imported = await check(
			'the package, a credential and the trigger workflow are installed, imported and published',
			async () => {
				await installTarball(tarball, userFolder);
				const creds = credentialsFor(sandbox);
				const vars = { CRED_ID: creds.good.id, CRED_NAME: creds.good.name, SINK_URL: sink.url };
				const workflow = loadWorkflows(vars, { dir: path.join(WORKFLOWS_DIR, 'queue') })[
					'trigger-get-report'
				];
				await importEntities(n8n, userFolder, 'credentials', [creds.good]);
				await importEntities(n8n, userFolder, 'workflow', [workflow]);
				await activateWorkflow(n8n, userFolder, workflow.id);
			},
		);
		if (!imported) return;

		const worker = queue ? await launch('worker', 'n8n-worker.log') : undefined;
		const mainSeq = sandbox.requestLog.seq;
		let main = await launch('start', 'n8n-main.log');
		const up = await check(
			queue
				? 'a main and a worker start in queue mode on the same database'
				: 'n8n starts with the durable scheduler and poll cursors on',
			async () => {
				expect(await main.waitReady(180_000), `main not ready: ${main.output.slice(-1500)}`);
				if (worker) {
					const until = Date.now() + 120_000;
					while (!/n8n worker is now ready/.test(worker.output) && Date.now() < until)
						await sleep(500);
					expect(
						/n8n worker is now ready/.test(worker.output),
						`worker: ${worker.output.slice(-1500)}`,
					);
				} else {
					expect(/Scheduler started/.test(main.output), 'n8n did not log "Scheduler started"');
					expect(
						!/durable poll cursors stay disabled/.test(main.output),
						'n8n kept durable poll cursors off',
					);
				}
			},
		);
		if (!up) return;
		await check('the main publishes the trigger workflow (its first poll ran)', async () => {
			const polled = await waitForPolls(sandbox, mainSeq, ['/v1/candidates']);
			expect(polled, `no first poll within 120 s: ${main.output.slice(-1500)}`);
		});

		/** Sink reports naming `id`. @param {string} id */
		const reportsOf = (id) =>
			sink
				.get('queue-events')
				.filter((/** @type {any} */ b) => b.items.some((/** @type {any} */ i) => i.id === id));
		const first = sandbox.createCandidate({ firstName: 'Queue', lastName: 'First' });
		await check(
			queue
				? 'a new candidate: the main polls, a worker runs the execution (Recruiting Get included)'
				: 'a new candidate created after a poll that emitted nothing: the next poll emits it (Recruiting Get included)',
			async () => {
				const ok = await sink.waitFor(
					'queue-events',
					() => reportsOf(first.id).length > 0,
					150_000,
				);
				expect(
					ok,
					`no report within 150 s: ${main.output.slice(-800)} | ${worker?.output.slice(-800)}`,
				);
				const [report] = reportsOf(first.id);
				const item = report.items.find((/** @type {any} */ i) => i.id === first.id);
				expect(item.firstName === 'Queue' && item.lastName === 'First', `item: ${show(item)}`);
				const execution = String(report.execution);
				if (!worker) {
					expect(
						/Poll returned new data; handed off to a new execution/.test(main.output),
						'the durable scheduler did not log that a poll handed off an execution',
					);
					return `execution ${execution}, handed off by the scheduler's poll task`;
				}
				// The report is sent by the execution's last node, just before the worker logs
				// that it finished.
				const finished = new RegExp(`Worker finished execution ${execution} `);
				for (let n = 0; n < 40 && !finished.test(worker.output); n++) await sleep(250);
				expect(
					new RegExp(`Enqueued execution ${execution} `).test(main.output),
					`the main did not enqueue execution ${execution}`,
				);
				expect(
					new RegExp(`Worker started execution ${execution} `).test(worker.output) &&
						new RegExp(`Worker finished execution ${execution} `).test(worker.output),
					`the worker did not run execution ${execution}`,
				);
				expect(!/Worker started execution/.test(main.output), 'the main ran an execution itself');
				return `execution ${execution}: enqueued by the main, run by the worker`;
			},
		);
		/** Occurrences of `re` in the main's log so far. @param {RegExp} re */
		const logCount = (re) => (main.output.match(new RegExp(re.source, 'g')) || []).length;
		/**
		 * The next poll starts no execution, shown by n8n itself rather than by a report that
		 * might still be on its way: in queue mode the main enqueues nothing after the poll; the
		 * durable scheduler logs the poll's result (debug level), "Poll returned no new data".
		 */
		const nextPollEmitsNothing = async () => {
			const seq = sandbox.requestLog.seq;
			const enqueued = logCount(/Enqueued execution/);
			const nothing = logCount(/Poll returned no new data/);
			const handedOff = logCount(/Poll returned new data/);
			expect(
				await waitForPolls(sandbox, seq, ['/v1/candidates'], 75_000),
				'no later poll within 75 s',
			);
			if (queue) {
				// The main enqueues within milliseconds of the poll's answer.
				await sleep(5000);
				expect(logCount(/Enqueued execution/) === enqueued, 'the later poll enqueued an execution');
			} else {
				const until = Date.now() + 30_000;
				while (logCount(/Poll returned (no )?new data/) === nothing + handedOff) {
					if (Date.now() > until) throw new Error('n8n logged no result of the later poll');
					await sleep(250);
				}
				// One more result line, and it is not "new data": the poll emitted nothing.
				expect(logCount(/Poll returned new data/) === handedOff, 'the later poll emitted');
			}
		};
		await check('the change is emitted once: a later poll does not repeat it', async () => {
			await nextPollEmitsNothing();
			expect(
				reportsOf(first.id).length === 1,
				`${reportsOf(first.id).length} reports of ${first.id}`,
			);
		});

		// The main restarts; a candidate created while it is down is emitted by the first poll
		// after the restart, once, and the one before is not emitted again.
		/** @type {{ id: string } | undefined} */
		let second;
		const restarted = await check(
			queue
				? 'the main stops, a candidate is created, the main starts again; the worker keeps running'
				: 'n8n stops, a candidate is created, n8n starts again',
			async () => {
				await main.stop();
				processes.splice(processes.indexOf(main), 1);
				// While nothing polls: a trigger that lost its position would start from "now"
				// after the restart and never emit it.
				second = sandbox.createCandidate({ firstName: 'Queue', lastName: 'Second' });
				main = await launch('start', 'n8n-main-2.log');
				expect(await main.waitReady(180_000), `main not ready: ${main.output.slice(-1500)}`);
				if (worker) expect(worker.child.exitCode === null, 'the worker exited');
			},
		);
		if (restarted && second) {
			const { id } = second;
			await check(
				'after the restart the trigger goes on from its stored position: the new candidate once, nothing repeated',
				async () => {
					const ok = await sink.waitFor('queue-events', () => reportsOf(id).length > 0, 150_000);
					expect(ok, `no report of ${id} within 150 s: ${main.output.slice(-800)}`);
					await nextPollEmitsNothing();
					expect(reportsOf(id).length === 1, `${reportsOf(id).length} reports of ${id}`);
					expect(reportsOf(first.id).length === 1, `${first.id} emitted again after the restart`);
				},
			);
		}
	} finally {
		clearInterval(sampler);
		memory.push(
			`${MODES[mode].name} (${queue ? 'main + worker' : 'main'} + runners) peak RSS ${peak} MB`,
		);
		await Promise.all(processes.map((p) => p.stop()));
		await redis?.stop();
		await sink.close();
		await sandbox.close();
		if (KEEP) {
			keepTemp(userFolder);
			console.log(`# kept ${MODES[mode].name} user folder: ${userFolder}`);
		} else rmrf(userFolder);
	}
}

main().catch((error) => {
	console.log(`FAIL  e2e harness crashed: ${error && error.stack ? error.stack : error}`);
	failed++;
	console.log(`${passed} passed, ${failed} failed`);
	process.exitCode = 1;
});
