// @ts-check
'use strict';
/**
 * The regular leg, once per n8n version: the tarball installed as n8n installs community
 * packages, every operation's workflow run with `n8n execute`, then the triggers (trigger.js).
 */
const fs = require('node:fs');
const path = require('node:path');
const { mkTemp, fmtMs } = require('../lib/util');
const { importEntities, executeWorkflow } = require('../lib/n8n');
const { TOLERATED_SIGNALS, MAX_TOLERATED_PER_VERSION, toleratedKind } = require('../lib/outcome');
const { PKG, installTarball, checkInstalledPackage } = require('../lib/pkg');
const { loadWorkflows, postingVars, WORKFLOWS_DIR } = require('../lib/workflows');
const { startSink } = require('../lib/sink');
const {
	check,
	expect,
	expectFields,
	show,
	itemsOf,
	allowTolerance,
	tolerate,
	skip,
} = require('../lib/checks');
const { credentialsFor, workflowSandbox } = require('../lib/credentials');
const { triggerChecks } = require('./trigger');
const { exampleChecks, builtNodeTypes, nodesOf, problemsOf } = require('./examples');
const { checkPeak } = require('../lib/memory');

const isString = (/** @type {unknown} */ v) => typeof v === 'string';
const isEmpty = (/** @type {unknown} */ v) => v == null;

/**
 * The whole suite in one n8n: the tarball installed as n8n installs community packages, the
 * sandbox API, every operation's workflow run with `n8n execute`, then the triggers under
 * `n8n start`.
 * @param {import('../lib/context').Run} ctx
 * @param {Awaited<ReturnType<typeof import('../lib/n8n').ensureN8n>>} n8n
 * @param {string} tarball
 */
async function runVersion(ctx, n8n, tarball) {
	ctx.section('package');
	const userFolder = mkTemp('recruiting-e2e-n8n-');
	let installedDir = '';
	/** @type {any} */
	let pj = {};
	await check(
		'the tarball installs into <N8N_USER_FOLDER>/.n8n/nodes/node_modules/n8n-nodes-recruiting',
		async () => {
			installedDir = await installTarball(tarball, userFolder);
			const file = path.join(installedDir, 'package.json');
			expect(fs.existsSync(file), 'no package.json after extraction');
			pj = JSON.parse(fs.readFileSync(file, 'utf8'));
			return installedDir.replace(userFolder, '<user folder>');
		},
	);
	await check(
		'every file the package.json n8n block names is in the tarball, with its icons',
		() => {
			const problems = checkInstalledPackage(installedDir);
			expect(problems.length === 0, problems.join('; '));
			return `${pj.n8n.nodes.length} nodes, ${pj.n8n.credentials.length} credential(s)`;
		},
	);
	await check('the package has no runtime dependencies to install (n8n-workflow is a peer)', () => {
		const deps = Object.keys(pj.dependencies || {});
		expect(
			deps.length === 0,
			`dependencies would be missing in n8n's nodes folder: ${deps.join(', ')}`,
		);
	});

	const sandbox = await workflowSandbox();
	const sink = await startSink();
	try {
		await runChecks(ctx, n8n, userFolder, sandbox, sink);
	} finally {
		await sink.close();
		await sandbox.close();
		ctx.dropFolder(userFolder, 'n8n user folder');
	}
}

/**
 * Every operation's workflow run with `n8n execute`, then (unless E2E_SKIP_TRIGGER) the triggers.
 * @param {import('../lib/context').Run} ctx
 * @param {import('../lib/n8n').N8nInstall} n8n
 * @param {string} userFolder
 * @param {any} sandbox
 * @param {import("../lib/sink").Sink} sink
 */
async function runChecks(ctx, n8n, userFolder, sandbox, sink) {
	const { section } = ctx;
	const fx = sandbox.fixtures();
	const store = sandbox.store;
	const since = sandbox.clock.iso();
	const runTag = `e2e${Date.now().toString(36)}`;

	// Ids the workflows address, picked from the sandbox's fixtures.
	const jobId = fx.vacancyIds[0];
	const otherClient = fx.clients.find(
		(/** @type {any} */ c) => c.id !== store.getVacancy(jobId).clientId,
	);
	const clientContacts = fx.clientContacts
		.filter((/** @type {any} */ c) => c.companyId === otherClient.id)
		.map((/** @type {any} */ c) => c.id);
	const teamUsers = fx.users
		.filter((/** @type {any} */ u) => !u.deactivated)
		.slice(0, 2)
		.map((/** @type {any} */ u) => u.id);
	/** The sandbox's first application stage of `type`. @param {string} type */
	const stageOf = (type) => fx.applicationStages.find((/** @type {any} */ s) => s.type === type);
	const interviewStage = stageOf('interview');
	const appliedToJob = new Set(
		store.applicationsOfVacancy(jobId).map((/** @type {any} */ a) => a.candidateId),
	);
	const newApplicant = [fx.candidates.lastId, ...fx.candidates.firstIds].find(
		(id) => !appliedToJob.has(id),
	);
	const noteId = fx.noteIds[0];
	const jobName = `E2E Platform Engineer ${runTag}`;

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
		VACANCY_STAGE_ID: 'vstage-interviewing',
		TEAM_USER_IDS: teamUsers.join(', '),
		CANDIDATE_ID: fx.candidates.firstIds[3],
		NEW_APPLICANT_ID: String(newApplicant),
		APP_STAGE_ID: interviewStage.id,
		APP_STATUS_ID: interviewStage.statusIds[0],
		SPEC_STAGE_ID: stageOf('speculative').id,
		NOTE_ID: noteId,
		NOTE_APPLICATION_ID: store.getNote(noteId).applicationId,
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

	// The signals this major's `n8n execute` was measured to end with after printing its run,
	// with or without the package (lib/outcome.js): such a run is judged as printed and counted
	// in a "N tolerated" line at the end; more than the limit fail.
	for (const signal of TOLERATED_SIGNALS[n8n.major] || [])
		allowTolerance(toleratedKind(signal, n8n.version), MAX_TOLERATED_PER_VERSION);
	let execMs = 0;
	let execCount = 0;
	let execPeak = 0;
	/**
	 * Runs a workflow with `n8n execute`: its result and the requests the sandbox received meanwhile.
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
		// Any other end is judged by itemsOf(), expectOk() and expectFailed().
		const { tolerated } = r.outcome;
		if (tolerated) tolerate(tolerated, `${file}: ${r.describe()}`);
		return { r, requests: sandbox.requestLog.since(seq) };
	};
	/**
	 * A workflow that should succeed: n8n printed its run with no workflow or node error and
	 * exited 0 (or a tolerated signal ended it after the print; lib/outcome.js). itemsOf() asks
	 * the same before it reads a node's items; a check that reads only the sandbox asks it here.
	 * @param {import('../lib/n8n').ExecResult} r @param {string} what
	 */
	const expectOk = (r, what) => expect(r.ok, `${what} did not succeed: ${r.describe()}`);
	/**
	 * Runs a workflow that should succeed, and its first check: it did, as expectOk() judges it.
	 * @param {string} file
	 */
	const executeOk = async (file) => {
		const run = await execute(file);
		await check(`${file}: n8n runs it to the end (exit 0, no workflow or node error)`, () => {
			expectOk(run.r, file);
			return fmtMs(run.r.ms);
		});
		return run;
	};
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
	/**
	 * Return All gave every one of the sandbox's `total` records of a kind, each once.
	 * @param {any[]} items @param {number} total @param {string} kind
	 */
	const expectEvery = (items, total, kind) => {
		expect(items.length === total, `${items.length} items, the sandbox has ${total} ${kind}s`);
		expect(new Set(items.map((i) => i.id)).size === items.length, `duplicate ${kind} ids`);
		return `${items.length} items`;
	};
	/**
	 * One check per row: node `node` of run `r` gave `n` items.
	 * @param {import('../lib/n8n').ExecResult} r @param {Array<[string, string, number]>} rows
	 */
	const countChecks = async (r, rows) => {
		for (const [name, node, n] of rows)
			await check(name, () => expectFields(itemsOf(r, node), { length: n }, node));
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
		await check('job Get Many, Return All: every job, across pages', () =>
			expectEvery(itemsOf(r, 'Jobs Return All'), allJobs.length, 'job'),
		);
		await check('job Get Many, simplified: name, stage and client are plain fields', () => {
			const items = itemsOf(r, 'Jobs Return All');
			const names = new Set(allJobs.map((/** @type {any} */ v) => v.name));
			for (const item of items) {
				expectFields(
					item,
					{
						name: (/** @type {any} */ v) => names.has(v),
						'stage.name': isString,
						'client.name': isString,
					},
					`job ${item.id}`,
				);
				const wrapped = Object.keys(item).filter(
					(k) =>
						k !== 'clientTeam' && item[k] && typeof item[k] === 'object' && 'viewType' in item[k],
				);
				expect(wrapped.length === 0, `fields still wrapped: ${show(wrapped)} in ${show(item)}`);
			}
			return `e.g. "${items[0].name}" at ${items[0].client.name}`;
		});
		await countChecks(r, [
			['job Get Many, Limit 3: 3 items', 'Jobs Limit 3', 3],
			['job Get Many, Limit 55: 55 items (two pages of at most 50)', 'Jobs Limit 55', 55],
		]);
		await check('job Get Many, Output Raw: the API’s { viewType, name } wrappers', () =>
			expectFields(itemsOf(r, 'Jobs Raw'), { length: 2, '0.name.viewType': 'vacancyName' }),
		);
		await check('job Get Many, Modified Since in the future: no items', () => {
			expectFields(itemsOf(r, 'Jobs Modified Since Future'), { length: 0 });
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
		const { r } = await executeOk('candidates');
		const total = store.world.candidates.size;
		await check('candidate Get Many, Return All: every candidate (several pages)', () =>
			expectEvery(itemsOf(r, 'Candidates Return All'), total, 'candidate'),
		);
		await check('candidate Get Many, simplified: firstName, lastName, emails are plain', () => {
			const items = itemsOf(r, 'Candidates Return All');
			for (const c of items)
				expectFields(
					c,
					{
						firstName: isString,
						lastName: isString,
						name: (/** @type {unknown} */ v) => typeof v !== 'object',
						emails: Array.isArray,
					},
					`candidate ${c.id}`,
				);
			return `e.g. ${items[0].firstName} ${items[0].lastName}`;
		});
		await countChecks(r, [
			['candidate Get Many, Limit 5: 5 items', 'Candidates Limit 5', 5],
			[
				'candidate Get Many, Modified Since the run start: none yet',
				'Candidates Modified Since Run Start',
				0,
			],
		]);
		await check('candidate Get by ID: the candidate, flattened', () => {
			const items = itemsOf(r, 'Get Candidate');
			expectFields(items, { length: 1, '0.id': vars.CANDIDATE_ID, '0.firstName': isString });
			return `${items[0].firstName} ${items[0].lastName}`;
		});
		await check('candidate Get with an expression in the ID: the last of Limit 5', () => {
			const want = itemsOf(r, 'Candidates Limit 5').slice(-1)[0].id;
			expectFields(itemsOf(r, 'Get Candidate By Expression'), { length: 1, '0.id': want });
		});
		await check('candidate Get, Output Raw: { viewType: candidateName, ... }', () =>
			expectFields(itemsOf(r, 'Get Candidate Raw'), { '0.name.viewType': 'candidateName' }),
		);
		await check('candidate Get Contact Identifiers: emails, phoneNumbers, networkUrl', () => {
			const items = itemsOf(r, 'Candidate Contact Identifiers');
			expectFields(items, {
				length: 1,
				'0.emails': Array.isArray,
				'0.phoneNumbers': Array.isArray,
				0: (/** @type {any} */ c) => 'networkUrl' in c,
			});
			return `${items[0].emails.length} email(s), ${items[0].phoneNumbers.length} phone number(s)`;
		});
	}

	section('job: Update, read back with Get Many');
	{
		const { r, requests } = await executeOk('job-update');
		const puts = requests.filter((q) => q.method === 'PUT' && q.path === `/v1/vacancies/${jobId}`);
		await check('job Update: { id, updated: true }', () =>
			expectFields(itemsOf(r, 'Update Job'), { length: 1, '0.id': jobId, '0.updated': true }),
		);
		await check('job Update sends every update field in the API’s shape', () => {
			expectOk(r, 'job-update');
			expect(puts.length >= 1, 'no PUT reached the sandbox');
			expectFields(
				puts[0].body,
				{
					name: jobName,
					employmentType: 'partTime',
					locationType: 'hybrid',
					companyId: vars.CLIENT_ID,
					stageId: vars.VACANCY_STAGE_ID,
					teamUserIds: teamUsers,
					clientTeamUserIds: clientContacts,
					'location.city': 'Berlin',
					'location.latitude': 52.531,
					'location.type': 'headquarters',
					salaryRange: { currency: 'EUR', min: 65000, max: 85000 },
					'dealValue.currency': 'EUR',
					'dealValue.amount': 18000,
					scorecard: [
						{
							group_name: 'Engineering',
							attributes: [{ attribute: 'System design' }, { attribute: 'Code quality' }],
						},
						{ group_name: 'Culture', attributes: [{ attribute: 'Ownership' }] },
					],
					startAt: (/** @type {string} */ v) =>
						Date.parse(v) === Date.parse('2027-02-01T09:00:00.000Z'),
				},
				'the PUT body',
			);
		});
		await check('job Update shows up in a later Get Many', () => {
			const job = itemsOf(r, 'Jobs After Update').find((i) => i.id === jobId);
			expect(job, 'the job is missing from Get Many');
			expectFields(job, {
				name: jobName,
				description: (/** @type {unknown} */ v) => String(v).includes(runTag),
				employmentType: 'partTime',
				locationType: 'hybrid',
				'stage.id': vars.VACANCY_STAGE_ID,
				'client.id': vars.CLIENT_ID,
				'salaryRange.min': 65000,
				'salaryRange.max': 85000,
				'location.city': 'Berlin',
			});
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
			expectFields(puts[1], { body: { description: null, endAt: null } });
			const job = itemsOf(r, 'Jobs After Clear').find((i) => i.id === jobId);
			expectFields(job, { description: isEmpty, endAt: isEmpty, name: jobName }, 'after clear');
		});
	}

	section('application: Create, Get, Get Many for a Job');
	{
		const { r, requests } = await executeOk('applications');
		let createdId = '';
		await check(
			'application Create: the new application’s id, after reading that the candidate had none',
			() => {
				const items = itemsOf(r, 'Create Application');
				expectFields(items, {
					length: 1,
					'0.id': (/** @type {unknown} */ v) => isString(v) && v,
					'0.alreadyApplied': false,
				});
				createdId = items[0].id;
				expectFields(
					store.getApplication(createdId),
					{
						candidateId: newApplicant,
						vacancyId: jobId,
						stageId: interviewStage.id,
						statusId: interviewStage.statusIds[0],
					},
					'the sandbox has',
				);
				const post = requests.find((q) => q.method === 'POST' && q.path === '/v1/applications');
				expectFields(post, { 'body.teamUserIds': teamUsers }, 'sent');
				return createdId;
			},
		);
		await check(
			'application Get (ID from the previous node): flattened stage, candidate, job',
			() => {
				const items = itemsOf(r, 'Get Created Application');
				expectFields(items, {
					length: 1,
					'0.id': createdId,
					'0.stage.id': interviewStage.id,
					'0.stage.viewType': undefined,
					'0.candidate.id': newApplicant,
					'0.vacancy.id': jobId,
					'0.vacancy.viewType': undefined,
				});
				const a = items[0];
				return `${a.candidate.firstName} ${a.candidate.lastName} in ${a.stage.name}`;
			},
		);
		await check('application Get, Output Raw: { viewType: applicationStage } kept', () =>
			expectFields(itemsOf(r, 'Get Created Application Raw'), {
				'0.stage.viewType': 'applicationStage',
			}),
		);
		await check(
			'application Get Many for a Job: includes the new one, with the job attached',
			() => {
				const items = itemsOf(r, 'Applications For Job');
				expectFields(items, {
					length: store.applicationsOfVacancy(jobId).length,
					'0.job.name': jobName,
					// set by the job Update above
					'0.job.dealValue.amount': 18000,
					'0.job.dealValue.currency': 'EUR',
				});
				expect(
					items.some((i) => i.id === createdId),
					'the created application is missing',
				);
				return `${items.length} applications`;
			},
		);
		await check(
			'application Create without a job: a speculative application (vacancyId null)',
			() => {
				const items = itemsOf(r, 'Speculative Application');
				expectFields(items, { length: 1, '0.id': (/** @type {unknown} */ v) => !!v });
				expectFields(
					store.getApplication(items[0].id),
					{ vacancyId: null, statusId: null },
					'the sandbox has',
				);
			},
		);
	}

	section('note: Update');
	{
		const { r } = await executeOk('note-update');
		await check('note Update: { id, updated: true } and the sandbox holds the new note', () => {
			expectFields(itemsOf(r, 'Update Note'), { length: 1, '0.id': noteId, '0.updated': true });
			expectFields(
				store.getNote(noteId),
				{
					content: `<p>Phone screen went well (${runTag})</p>`,
					pinned: true,
					source: 'phone',
					labelIds: ['label-important', 'label-e2e'],
				},
				'the sandbox has',
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
		const { r, requests } = await executeOk('job-portal');
		const portalRequests = requests.filter((q) => q.surface === 'public');
		await check('job portal Get Many Postings: every public posting', () => {
			const items = itemsOf(r, 'Get Postings');
			expect(
				items.length === fx.postings.length,
				`${items.length} items, the sandbox has ${fx.postings.length}`,
			);
			for (const posting of items)
				expectFields(posting, { id: isString, externalJobTitle: isString }, 'a posting');
			return `${items.length} postings, e.g. "${items[0].externalJobTitle}"`;
		});
		await check('job portal Apply succeeds: { postingId, email, applied: true }', () =>
			expectFields(itemsOf(r, 'Apply'), {
				length: 1,
				'0.applied': true,
				'0.postingId': itemsOf(r, 'Get Postings')[0].id,
				'0.email': `ada.${runTag}@example.com`,
			}),
		);
		await check('job portal requests go to /acme/vacancy-portal/jobs with no x-api-key', () => {
			expectOk(r, 'job-portal');
			expect(
				portalRequests.length === 2,
				`${portalRequests.length} portal requests: ${show(portalRequests.map((q) => q.method + ' ' + q.path))}`,
			);
			for (const q of portalRequests)
				expectFields(
					q,
					{
						apiKeyPresent: false,
						'headers.x-api-key': undefined,
						path: (/** @type {string} */ p) => p.startsWith('/acme/vacancy-portal/jobs'),
						status: 200,
					},
					`${q.method} ${q.path}`,
				);
		});
		await check('job portal Apply sends channelId and the location fields', () => {
			expectOk(r, 'job-portal');
			const post = portalRequests.find((q) => q.method === 'POST');
			expect(post, 'no POST');
			expectFields(post, {
				'query.channelId': 'e2e-channel',
				'body.firstName': 'Ada',
				'body.phoneNumber': '+44 20 7946 0000',
				'body.cvAttachmentId': `cv-${runTag}`,
				'body.networkUrl': 'https://network.example.com/in/ada-lovelace',
				'body.location.city': 'Paris',
				'body.location.rawCityCountry': 'Paris, France',
				'body.location.formattedAddress': (/** @type {unknown} */ v) => !!v,
				'body.location.latitude': 48.8606,
				'body.location.type': 'primary_home',
			});
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
	/**
	 * A workflow that must fail on `node` with a message that passes `said`, the sandbox having
	 * received what `received` expects.
	 * @param {string} file @param {string} name @param {string} node
	 * @param {(message: string) => boolean} said @param {(requests: any[]) => void} [received]
	 */
	const failureCheck = async (file, name, node, said, received) => {
		const { r, requests } = await execute(file);
		await check(name, () => {
			expectFailed(r, node);
			expect(said(r.failureText), `message: ${r.failureText || r.describe()}`);
			received?.(requests);
			return r.failureText.split(' | ')[0];
		});
	};
	await failureCheck(
		'error-wrong-api-key',
		'a wrong API key fails the workflow with a clear message',
		'Jobs With Wrong Key',
		(message) => /API key/i.test(message) && /credential/i.test(message),
		(requests) =>
			expect(
				requests.some((q) => q.status === 401 && q.apiKeyPresent),
				'the sandbox saw no 401',
			),
	);
	await failureCheck(
		'error-not-found',
		'an unknown candidate ID fails with a message naming the ID',
		'Get Missing Candidate',
		(message) => message.includes('no-such-candidate-e2e'),
	);
	await failureCheck(
		'error-no-credential',
		'an API-key operation without a credential fails clearly and sends nothing',
		'Jobs Without Credential',
		(message) => /credential/i.test(message),
		(requests) => expect(requests.length === 0, `${requests.length} requests reached the sandbox`),
	);
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
	const demoNodes = nodesOf(demoWorkflows, builtTypes);
	await check(
		'the e2e and demo workflows put their Recruiting nodes and triggers on the version each node has',
		() => {
			/** @type {Record<string, number>} */
			const counts = {};
			/** @type {string[]} */
			const other = [];
			for (const n of [...nodesOf(workflows, builtTypes), ...demoNodes]) {
				const { version, name } = builtTypes[n.type];
				expect(typeof version === 'number', `${n.type}: not one version: ${show(version)}`);
				counts[`${name} v${version}`] = (counts[`${name} v${version}`] ?? 0) + 1;
				if (n.typeVersion !== version) other.push(`${n.name} v${n.typeVersion}, not v${version}`);
			}
			for (const type of ['recruiting', 'recruitingTrigger'])
				expect(
					demoNodes.some((n) => n.type === `${PKG.name}.${type}`),
					`no ${builtTypes[`${PKG.name}.${type}`].name} in the demo workflows`,
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
			const problems = problemsOf(demoNodes, builtTypes);
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
				expectFields(items, {
					length: 1,
					'0.success': true,
					'0.applied': true,
					'0.postingId': vars.POSTING_ID,
					'0.email': 'ada.lovelace@example.com',
				});
				const extra = Object.keys(items[0]).filter(
					(k) => !['success', 'postingId', 'email', 'applied', 'response'].includes(k),
				);
				expect(extra.length === 0, `fields beside the node's own: ${show(extra)}`);
				expectFields(
					requests.find((q) => q.method === 'POST' && q.surface === 'public'),
					{
						apiKeyPresent: false,
						path: `/${vars.TENANT}/vacancy-portal/jobs/${vars.POSTING_ID}`,
						'body.firstName': 'Ada',
					},
					'the POST',
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
				for (const c of people)
					expectFields(
						c,
						{
							firstName: isString,
							email: isString,
							name: undefined,
							emails: undefined,
							avatarUrl: undefined,
						},
						'not the Simplified record',
					);
				const rows = itemsOf(r, 'Spreadsheet Row');
				expect(rows.length === 25, `${rows.length} rows`);
				rows.forEach((row, i) =>
					expectFields(
						row,
						{
							'Candidate ID': people[i].id,
							'First Name': people[i].firstName,
							Email: (/** @type {string} */ v) => v === people[i].email && /@/.test(v),
							City: people[i].city ?? '',
						},
						`row ${i}`,
					),
				);
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
		builtTypes,
	});
	ctx.timings['n8n execute'] =
		`${execCount} runs, ${fmtMs(execMs)} (${fmtMs(execMs / Math.max(1, execCount))} each)`;
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
		runTag,
	);
}

module.exports = { runVersion };
