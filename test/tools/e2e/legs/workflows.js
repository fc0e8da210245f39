// @ts-check
'use strict';
/**
 * The regular leg of the e2e run (run-e2e.js), once per n8n version: the tarball installed as
 * n8n installs community packages (runVersion), then every operation's workflow run with
 * `n8n execute` against the sandbox (runChecks), then the triggers under `n8n start`
 * (legs/trigger.js).
 */
const fs = require('node:fs');
const path = require('node:path');
const { mkTemp, rmrf, fmtMs, keepTemp, REPO_ROOT } = require('../lib/util');
const { importEntities, executeWorkflow } = require('../lib/n8n');
const { TOLERATED_SIGNALS, MAX_TOLERATED_PER_VERSION, toleratedKind } = require('../lib/outcome');
const { PKG, installTarball, checkInstalledPackage } = require('../lib/pkg');
const { loadWorkflows, postingVars, WORKFLOWS_DIR } = require('../lib/workflows');
const { startSink } = require('../lib/sink');
const { check, expect, show, itemsOf, allowTolerance, tolerate, skip } = require('../lib/checks');
const { credentialsFor, workflowSandbox } = require('../lib/credentials');
const { triggerChecks } = require('./trigger');
const { exampleChecks } = require('./examples');
const { checkPeak } = require('../lib/memory');

/**
 * The whole suite in one n8n: the tarball installed as n8n installs community packages, the
 * sandbox API, every operation's workflow run with `n8n execute`, then the triggers under
 * `n8n start`.
 * @param {import('../lib/context').Run} ctx
 * @param {Awaited<ReturnType<typeof import('../lib/n8n').ensureN8n>>} n8n
 * @param {string} tarball
 * @param {Record<string, string>} timings
 * @param {string[]} memory
 */
async function runVersion(ctx, n8n, tarball, timings, memory) {
	const { section } = ctx;
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

	const sandbox = await workflowSandbox();
	const sink = await startSink();
	try {
		await runChecks(ctx, n8n, userFolder, sandbox, sink, timings, memory);
	} finally {
		await sink.close();
		await sandbox.close();
		if (ctx.keep) {
			keepTemp(userFolder);
			console.log(`# kept n8n user folder: ${userFolder}`);
		} else rmrf(userFolder);
	}
}

/**
 * Every operation's workflow run with `n8n execute`, then (unless E2E_SKIP_TRIGGER) the triggers.
 * @param {import('../lib/context').Run} ctx
 * @param {import('../lib/n8n').N8nInstall} n8n
 * @param {string} userFolder
 * @param {any} sandbox
 * @param {any} sink
 * @param {Record<string, string>} timings
 * @param {string[]} memory
 */
async function runChecks(ctx, n8n, userFolder, sandbox, sink, timings, memory) {
	const { section } = ctx;
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
		APPS_CRED_ID: creds.applications.id,
		APPS_CRED_NAME: creds.applications.name,
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
		...(await postingVars(sandbox)),
	};
	const workflows = loadWorkflows(vars);
	// The example workflows `npm run dev` imports run here too, so they cannot rot.
	// With a credential of their own, as `npm run dev` has: their polls are told apart.
	const demoWorkflows = loadWorkflows(
		{ ...vars, CRED_ID: creds.demo.id, CRED_NAME: creds.demo.name },
		{ dir: path.join(WORKFLOWS_DIR, 'demo') },
	);

	await check('n8n import:credentials takes five recruitingApi credentials', async () => {
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

	// The signals this major's `n8n execute` may end with after printing its run (lib/n8n.js):
	// each such run is counted in a "N tolerated" line at the end, and more than the limit fail.
	for (const signal of TOLERATED_SIGNALS[n8n.major] || [])
		allowTolerance(toleratedKind(signal, n8n.version), MAX_TOLERATED_PER_VERSION);
	/** Sandbox request-log entries after `seq`. @param {number} seq @returns {any[]} */
	const requestsSince = (seq) => sandbox.requestLog.since(seq);
	let execMs = 0;
	let execCount = 0;
	let execPeak = 0;
	/**
	 * @param {string} file  workflow file name without .json
	 * @param {Record<string, any>} [set]
	 * @returns {Promise<{ r: import('../lib/n8n').ExecResult, requests: any[] }>}
	 */
	const execute = async (file, set = workflows) => {
		const seq = sandbox.requestLog.seq;
		const r = await executeWorkflow(n8n, userFolder, set[file].id);
		execMs += r.ms;
		execCount++;
		execPeak = Math.max(execPeak, r.peakRssMb);
		// A signal this major's `execute` was measured to end with after printing its run, with or
		// without the package (lib/n8n.js TOLERATED_SIGNALS): the run is judged as printed, and
		// counted. Any other end is judged by itemsOf(), expectOk() and expectFailed().
		if (r.tolerated) tolerate(r.toleratedKind, `${file}: ${r.describe()}`);
		return { r, requests: requestsSince(seq) };
	};
	/**
	 * A workflow that should succeed: n8n printed its run with no workflow or node error and
	 * exited 0 (or a tolerated signal ended it after the print; lib/outcome.js). itemsOf() asks
	 * the same before it reads a node's items; a check that reads only the sandbox asks it here.
	 * @param {import('../lib/n8n').ExecResult} r @param {string} what
	 */
	const expectOk = (r, what) => expect(r.ok, `${what} did not succeed: ${r.describe()}`);
	/**
	 * The first check of a workflow that should succeed: it did, as expectOk() judges it.
	 * @param {import('../lib/n8n').ExecResult} r @param {string} file
	 */
	const ranOk = (r, file) =>
		check(`${file}: n8n runs it to the end (exit 0, no workflow or node error)`, () => {
			expectOk(r, file);
			return fmtMs(r.ms);
		});
	/**
	 * A workflow that should fail: n8n ran it and reported the failure itself (a failed run and a
	 * non-zero exit, or no run and a non-zero exit; a kill, a timeout, or an exit code at odds
	 * with the run is not the failure it should have), and, with `node`, the error is that node's.
	 * @param {import('../lib/n8n').ExecResult} r @param {string} [node]
	 */
	const expectFailed = (r, node) => {
		expect(r.outcome.verdict !== 'succeeded', `the workflow succeeded: ${r.describe()}`);
		expect(r.failed, `not a failure n8n reported: ${r.describe()}`);
		if (node)
			expect(
				r.lastNode === node && r.nodeError(node),
				`the error is not on node "${node}": ${r.describe()}`,
			);
	};

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
		await check('job Get Many, Output Raw: the API’s { viewType, name } wrappers', () => {
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
			expectOk(r, 'jobs-get-many');
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
		await ranOk(r, 'candidates');
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
		await check('candidate Get, Output Raw: { viewType: candidateName, ... }', () => {
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
		await ranOk(r, 'job-update');
		const puts = requests.filter((q) => q.method === 'PUT' && q.path === `/v1/vacancies/${jobId}`);
		await check('job Update: { id, updated: true }', () => {
			const items = itemsOf(r, 'Update Job');
			expect(items.length === 1 && items[0].id === jobId && items[0].updated === true, show(items));
		});
		await check('job Update sends every update field in the API’s shape', () => {
			expectOk(r, 'job-update');
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
		await ranOk(r, 'applications');
		/** @type {string} */
		let createdId = '';
		await check(
			'application Create: the new application’s id, after reading that the candidate had none',
			() => {
				const items = itemsOf(r, 'Create Application');
				expect(items.length === 1 && typeof items[0].id === 'string' && items[0].id, show(items));
				expect(
					items[0].alreadyApplied === false,
					`alreadyApplied ${show(items[0].alreadyApplied)}`,
				);
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
			},
		);
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
		await check('application Get, Output Raw: { viewType: applicationStage } kept', () => {
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
		await ranOk(r, 'note-update');
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
		await ranOk(r, 'job-portal');
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
			expectOk(r, 'job-portal');
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
			expectOk(r, 'job-portal');
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
			expectFailed(r, 'Jobs With Wrong Key');
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
			expectFailed(r, 'Get Missing Candidate');
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
			expectFailed(r, 'Jobs Without Credential');
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
				expectFailed(r);
				expect(
					/Unrecognized node type: n8n-nodes-recruiting\.notARealNode/.test(r.output),
					`output: ${r.failureText || r.output.slice(-300)}`,
				);
			},
		);
	}
	section('demo workflows (npm run dev)');
	// The node types as n8n loads them, from the built package: the version a node has, and the
	// parameters it has.
	const builtTypes = builtNodeTypes();
	/** The nodes of this package in `set`'s workflows. */
	const nodesOf = (/** @type {Record<string, any>} */ set) =>
		Object.values(set).flatMap((w) =>
			w.nodes
				.filter((/** @type {any} */ n) => builtTypes[n.type])
				.map((/** @type {any} */ n) => ({ ...n, workflow: w.name })),
		);
	const demoNodes = nodesOf(demoWorkflows);
	await check(
		'the e2e and demo workflows put their Recruiting nodes and triggers on the version each node has',
		() => {
			/** @type {Record<string, number>} */
			const counts = {};
			/** @type {string[]} */
			const other = [];
			for (const n of [...nodesOf(workflows), ...demoNodes]) {
				const { version, name } = builtTypes[n.type];
				expect(typeof version === 'number', `${n.type}: not one version: ${show(version)}`);
				counts[`${name} v${version}`] = (counts[`${name} v${version}`] ?? 0) + 1;
				if (n.typeVersion !== version) other.push(`${n.name} v${n.typeVersion}, not v${version}`);
			}
			expect(
				demoNodes.some((n) => n.type === `${PKG.name}.recruiting`),
				'no Recruiting node in the demo workflows',
			);
			expect(
				demoNodes.some((n) => n.type === `${PKG.name}.recruitingTrigger`),
				'no Recruiting Trigger in the demo workflows',
			);
			expect(other.length === 0, `on another version: ${show(other)}`);
			return Object.entries(counts)
				.map(([k, v]) => `${v} × ${k}`)
				.join(', ');
		},
	);
	await check(
		"demo workflows' Recruiting parameters are the node's own (names, options, option values)",
		() => {
			/** @type {string[]} */
			const problems = [];
			for (const n of demoNodes)
				for (const p of parameterProblems(builtTypes[n.type].properties, n.parameters))
					problems.push(`${n.workflow} / ${n.name}: ${p}`);
			expect(problems.length === 0, problems.join('; '));
			const trigger = demoNodes.find(
				(n) =>
					n.type === `${PKG.name}.recruitingTrigger` && n.parameters.resource === 'application',
			);
			expect(trigger, 'no application trigger among the demo workflows');
			return `${demoNodes.length} nodes; the application trigger: events ${trigger.parameters.events.join(', ')}, stage types ${trigger.parameters.options.stageTypes.join(', ')}`;
		},
	);
	{
		const { r, requests } = await execute('form-to-job-portal-apply', demoWorkflows);
		await check(
			'demo "application form → Job Portal Apply" applies to the posting its picker holds, without an API key',
			() => {
				expectOk(r, 'form-to-job-portal-apply');
				const items = itemsOf(r, 'Apply to Posting');
				// The node's own fields, the API's reply (if any) under `response`.
				expect(
					items.length === 1 &&
						items[0].success === true &&
						items[0].applied === true &&
						items[0].postingId === vars.POSTING_ID &&
						items[0].email === 'ada.lovelace@example.com',
					show(items),
				);
				const extra = Object.keys(items[0]).filter(
					(k) => !['success', 'postingId', 'email', 'applied', 'response'].includes(k),
				);
				expect(extra.length === 0, `fields beside the node's own: ${show(extra)}`);
				const post = requests.find((q) => q.method === 'POST' && q.surface === 'public');
				expect(
					post &&
						!post.apiKeyPresent &&
						post.path === `/${vars.TENANT}/vacancy-portal/jobs/${vars.POSTING_ID}` &&
						post.body.firstName === 'Ada',
					`request ${show(post)}`,
				);
				return `${vars.POSTING_ID} ("${vars.POSTING_NAME}")`;
			},
		);
	}
	{
		const { r } = await execute('candidates-to-spreadsheet-rows', demoWorkflows);
		await check(
			'demo "Get Many candidates (Output: Simplified) → spreadsheet rows" gives 25 rows with plain columns',
			() => {
				expectOk(r, 'candidates-to-spreadsheet-rows');
				// Output Simplified: the short record, no wrapped or long fields.
				const people = itemsOf(r, 'Get Many Candidates');
				expect(people.length === 25, `${people.length} candidates`);
				for (const c of people) {
					expect(
						typeof c.firstName === 'string' &&
							typeof c.email === 'string' &&
							!('name' in c) &&
							!('emails' in c) &&
							!('avatarUrl' in c),
						`not the Simplified record: ${show(c)}`,
					);
				}
				const rows = itemsOf(r, 'Spreadsheet Row');
				expect(rows.length === 25, `${rows.length} rows`);
				rows.forEach((row, i) => {
					expect(
						row['Candidate ID'] === people[i].id &&
							row['First Name'] === people[i].firstName &&
							row.Email === people[i].email &&
							/@/.test(row.Email) &&
							row.City === (people[i].city ?? ''),
						`row ${i}: ${show(row)} from ${show(people[i])}`,
					);
				});
				return `candidate keys ${Object.keys(people[0]).join(', ')}; row columns ${Object.keys(rows[0]).join(', ')}`;
			},
		);
	}
	section('example workflows (README, examples/workflows/)');
	await exampleChecks({
		n8n,
		userFolder,
		sandbox,
		credential: { id: creds.demo.id, name: creds.demo.name },
		execute,
		parameterProblems,
		builtTypes,
	});
	timings['n8n execute'] =
		`${execCount} runs, ${fmtMs(execMs)} (${fmtMs(execMs / Math.max(1, execCount))} each)`;
	memory.push(`n8n execute peak RSS ${execPeak} MB`);
	await checkPeak(`n8n execute (${execCount} runs)`, 'execute', n8n.major, execPeak);

	if (ctx.skipTrigger) {
		skip(`the triggers under n8n start on n8n ${n8n.version}`, 'E2E_SKIP_TRIGGER=1');
		return;
	}
	await triggerChecks(
		ctx,
		n8n,
		userFolder,
		sandbox,
		sink,
		[
			workflows['trigger-to-sink'],
			workflows['trigger-applications-to-sink'],
			demoWorkflows['candidate-trigger-to-slack-message'],
			demoWorkflows['application-trigger-to-slack-message'],
		],
		timings,
		memory,
		runTag,
	);
}

/**
 * The package's node types from the built package (dist/), by n8n type name: the version and
 * the properties.
 * @returns {Record<string, { name: string, version: unknown, properties: any[] }>}
 */
function builtNodeTypes() {
	const pj = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
	/** @type {Record<string, { name: string, version: unknown, properties: any[] }>} */
	const out = {};
	for (const file of pj.n8n.nodes) {
		const mod = require(path.join(REPO_ROOT, file));
		const NodeType = mod[path.basename(file, '.node.js')];
		const d = new NodeType().description;
		out[`${PKG.name}.${d.name}`] = {
			name: d.displayName,
			version: d.version,
			properties: d.properties,
		};
	}
	return out;
}

/**
 * What in a node's saved `parameters` its description does not have: a parameter no property
 * of the node's resource and operation is named, an option value it does not list, an option
 * of a collection it lacks. Expressions are not judged.
 * @param {any[]} properties
 * @param {Record<string, any>} parameters
 * @returns {string[]}
 */
function parameterProblems(properties, parameters) {
	/** @type {string[]} */
	const problems = [];
	const shown = (/** @type {any} */ p) => {
		const when = (p.displayOptions && p.displayOptions.show) || {};
		return ['resource', 'operation'].every(
			(k) => !when[k] || parameters[k] === undefined || when[k].includes(parameters[k]),
		);
	};
	const isExpression = (/** @type {unknown} */ v) => typeof v === 'string' && v.startsWith('=');
	/** @param {any} p @param {any} value @returns {string} what is wrong ('' when nothing) */
	const wrong = (p, value) => {
		if (isExpression(value)) return '';
		const values = (p.options || []).map((/** @type {any} */ o) => o.value ?? o.name);
		if (p.type === 'options')
			return values.includes(value) ? '' : `${show(value)} is not one of ${show(values)}`;
		if (p.type === 'multiOptions') {
			if (!Array.isArray(value)) return `${show(value)} is not a list`;
			const bad = value.filter((v) => !values.includes(v));
			return bad.length ? `${show(bad)} not among ${show(values)}` : '';
		}
		if (p.type === 'collection' || p.type === 'fixedCollection') {
			if (!value || typeof value !== 'object') return `${show(value)} is not an object`;
			const bad = Object.entries(value)
				.map(([k, v]) => {
					const options = (p.options || []).filter((/** @type {any} */ o) => o.name === k);
					if (!options.length) return `option ${k} is not there`;
					if (p.type === 'fixedCollection') return '';
					const why = options.map((/** @type {any} */ o) => wrong(o, v));
					return why.includes('') ? '' : `${k}: ${why[0]}`;
				})
				.filter(Boolean);
			return bad.join(', ');
		}
		return '';
	};
	for (const [name, value] of Object.entries(parameters)) {
		// Polling nodes get pollTimes from n8n, not from their description.
		if (name === 'pollTimes') continue;
		const candidates = properties.filter((p) => p.name === name && shown(p));
		if (!candidates.length) {
			problems.push(`no parameter "${name}"`);
			continue;
		}
		const why = candidates.map((p) => wrong(p, value));
		if (!why.includes('')) problems.push(`${name}: ${why[0]}`);
	}
	return problems;
}

module.exports = { runVersion, runChecks, parameterProblems };
