// @ts-check
'use strict';
/**
 * The triggers under `n8n start` (README.md beside it), called at the end of each regular run;
 * unreadPaths, waitForPolls and jobReadPaths are shared with legs/poller.js. The application
 * trigger has a workflow of its own: on n8n 2.41.1 a sibling trigger's scheduled poll during its
 * (long) activation poll releases the workflow's expression isolate, and the trigger fails to
 * activate ("No bridge acquired for this context").
 */
const path = require('node:path');
const { fmtMs, httpJson, sleep, waitUntil, CACHE_ROOT } = require('../lib/util');
const { startN8n, activateWorkflow, ensureOwner, E2E_OWNER } = require('../lib/n8n');
const { PKG } = require('../lib/pkg');
const { check, expect, expectFields, show } = require('../lib/checks');
const { checkPeak } = require('../lib/memory');
const { CREDENTIAL_TYPE, KEY_INDEX, TEST_MESSAGES, credentialsFor } = require('../lib/credentials');

const NODE_TYPE = `${PKG.name}.recruiting`;
const TRIGGER_TYPE = `${PKG.name}.recruitingTrigger`;

/**
 * Those of `paths` the API has answered no GET on since `seq` (a trigger's poll); with `key`,
 * only requests that sent that key of the sandbox's (the request log's `apiKeyIndex`:
 * lib/credentials.js KEY_INDEX) count, so the polls of one workflow are told from another's
 * that read the same paths.
 * @param {any} sandbox @param {number} seq @param {string[]} paths @param {number} [key]
 */
function unreadPaths(sandbox, seq, paths, key) {
	const read = new Set(
		sandbox.requestLog
			.since(seq)
			.filter(
				(/** @type {any} */ e) =>
					e.status === 200 && e.method === 'GET' && (key === undefined || e.apiKeyIndex === key),
			)
			.map((/** @type {any} */ e) => e.path),
	);
	return paths.filter((p) => !read.has(p));
}

/**
 * Waits until unreadPaths() is empty, up to `ms`.
 * @param {any} sandbox @param {number} seq @param {string[]} paths @param {number} [ms]
 * @param {number} [key]
 */
async function waitForPolls(sandbox, seq, paths, ms = 120_000, key) {
	return await waitUntil(() => unreadPaths(sandbox, seq, paths, key).length === 0, ms);
}

/**
 * What an application trigger reads when it reads every job: each job's applications
 * (GET /v1/applications/vacancy/{id}). @param {any} sandbox
 */
function jobReadPaths(sandbox) {
	return /** @type {string[]} */ (sandbox.fixtures().vacancyIds).map(
		(id) => `/v1/applications/vacancy/${encodeURIComponent(id)}`,
	);
}

/**
 * An application of `jobId` to move: the first one not in stage `notIn`, with what its job's
 * list shows of it now. @param {any} sandbox @param {string} jobId @param {string} notIn
 */
function applicationToMove(sandbox, jobId, notIn) {
	const item = sandbox
		.applicationsOf(jobId)
		.find((/** @type {any} */ a) => a.stage && a.stage.id !== notIn);
	if (!item) throw new Error(`job ${jobId} has no application outside ${notIn}`);
	return {
		id: /** @type {string} */ (item.id),
		jobId,
		fromStage: /** @type {string} */ (item.stage.id),
		fromStageName: /** @type {string} */ (item.stage.name),
		candidateName: [item.candidate.firstName, item.candidate.lastName].filter(Boolean).join(' '),
	};
}

/**
 * Activates the trigger workflow, runs `n8n start` and checks what the polls emit.
 * @param {import('../lib/context').Run} ctx
 * @param {import('../lib/n8n').N8nInstall} n8n
 * @param {string} userFolder
 * @param {any} sandbox
 * @param {import("../lib/sink").Sink} sink
 * @param {any[]} workflowsToActivate  the e2e trigger workflows (candidates and jobs; applications,
 *   in a workflow of its own), then the demo's candidate and application trigger workflows
 * @param {string} runTag
 */
async function triggerChecks(ctx, n8n, userFolder, sandbox, sink, workflowsToActivate, runTag) {
	const { section } = ctx;
	section('Recruiting Trigger under n8n start (polls every minute)');
	const [e2eTriggers, e2eApplications, demoTrigger, demoApplications] = workflowsToActivate;
	const activated = await check(
		n8n.major >= 2
			? 'n8n publish:workflow publishes the trigger workflows'
			: 'n8n update:workflow --active=true activates the trigger workflows',
		async () => {
			for (const w of workflowsToActivate) await activateWorkflow(n8n, userFolder, w.id);
		},
	);
	if (!activated) return;
	const t = Date.now();
	const startSeq = sandbox.requestLog.seq;
	const server = await startN8n(n8n, userFolder, {
		env: { N8N_RUNNERS_ENABLED: 'true', EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all' },
		logFile: path.join(userFolder, 'n8n-start.log'),
	});
	try {
		const ready = await check('n8n start comes up with the package installed', async () => {
			const ok = await server.waitReady(180_000);
			expect(ok, `not ready: ${server.output.slice(-1500)}`);
			ctx.timings['n8n start'] = fmtMs(Date.now() - t);
			return `${fmtMs(Date.now() - t)}`;
		});
		if (!ready) return;
		// "Ready" comes before n8n activates the workflows; activation runs each trigger's first
		// poll. A change made before a From Now workflow's first poll is (rightly) not emitted,
		// so wait for every workflow's first poll before changing anything. Each sends a key of
		// its own (lib/credentials.js), so the request log tells apart the polls of workflows
		// that read the same paths: the e2e job and candidate triggers, the e2e application
		// trigger (every job), the demo's candidate and application triggers (every job too).
		// n8n 2.x does not log each activation as 1.x does; the request log shows the polls on
		// both majors.
		await check(
			'n8n activates the trigger workflows (the first poll of each ran: the e2e job and candidate triggers, the e2e application trigger, the two of the demo)',
			async () => {
				const jobs = jobReadPaths(sandbox);
				/** @type {Array<[string, string[], number]>} */
				const polls = [
					[
						'the e2e job and candidate triggers',
						['/v1/candidates', '/v1/vacancies'],
						KEY_INDEX.good,
					],
					['the e2e application trigger', ['/v1/vacancies', ...jobs], KEY_INDEX.applications],
					['the demo triggers', ['/v1/candidates', '/v1/vacancies', ...jobs], KEY_INDEX.demo],
				];
				for (const [who, paths, key] of polls) {
					expect(
						await waitForPolls(sandbox, startSeq, paths, 120_000, key),
						`no first poll of ${who} within 120 s: ${server.output.slice(-1500)}`,
					);
				}
				return `${jobs.length} jobs read by each application trigger`;
			},
		);
		const base = server.url.replace('localhost', '127.0.0.1');
		let cookie = '';
		await check('an owner account can be set up headlessly (POST /rest/owner/setup)', async () => {
			const owner = await ensureOwner(base, E2E_OWNER);
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
				const { good } = credentialsFor(sandbox);
				/** The credential's changes, and what the test must answer: OK, or Error with TEST_MESSAGES'. */
				/** @type {Array<[string, Record<string, string>]>} */
				const cases = [
					['good', {}],
					['with /v1/', { baseUrl: `${sandbox.url}/v1/` }],
					['wrong key', { apiKey: 'not-the-sandbox-key' }],
					['wrong path', { baseUrl: `${sandbox.url}/not-the-api` }],
					['nothing listening', { baseUrl: 'http://127.0.0.1:9' }],
				];
				/** @type {string[]} */
				const seen = [];
				for (const [what, data] of cases) {
					const res = await httpJson('POST', `${base}/rest/credentials/test`, {
						timeoutMs: 60_000,
						headers: { cookie },
						body: { credentials: { ...good, data: { ...good.data, ...data } } },
					});
					expect(res.status === 200, `HTTP ${res.status}: ${show(res.json ?? res.text)}`);
					const messages = TEST_MESSAGES[/** @type {keyof typeof TEST_MESSAGES} */ (what)];
					expectFields(
						res.json.data,
						messages
							? { status: 'Error', message: messages[n8n.major >= 2 ? 2 : 1] }
							: { status: 'OK' },
						what,
					);
					seen.push(`${what}: ${res.json.data.status} "${res.json.data.message}"`);
				}
				return seen.join('; ');
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
				const ids = new Set(sink.items('candidate-events').map((i) => i.id));
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
		// n8n runs a trigger's first poll as it activates the workflow and records an activation
		// error when that poll throws (the REST API then lists the workflow as not active):
		// "nothing emitted" counts only after a first poll that succeeded.
		/** @param {any} workflow @param {string} sinkKey */
		const emptyFirstPoll = async (workflow, sinkKey) => {
			const active = await get('rest/active-workflows');
			const error = await get(`rest/active-workflows/error/${workflow.id}`);
			expect(
				active.status === 200 && active.json.data.includes(workflow.id),
				`"${workflow.name}" is not active (${show(active.json)}): ${show(error.json)}`,
			);
			const n = sink.get(sinkKey).length;
			expect(n === 0, `${n} executions: ${show(sink.get(sinkKey)[0])}`);
		};
		await check(
			'job trigger (start: now, event: updated): the first poll succeeds and emits nothing',
			async () => await emptyFirstPoll(e2eTriggers, 'job-events'),
		);
		await check(
			'application trigger (start: now): the first poll reads every job, succeeds and emits nothing',
			async () => await emptyFirstPoll(e2eApplications, 'application-events'),
		);
		if (!firstPoll) return;

		// Changes after the first poll: the next poll (within a minute) must report them.
		// The application changes are made at the same moment: an application moved to the
		// interview stage (of the job with the lowest id, which the demo's application trigger,
		// 50 jobs a poll, reads at every poll) and a new application to another job.
		const eventsBefore = sink.get('candidate-events').length;
		const jobIds = [...sandbox.fixtures().vacancyIds].sort();
		const moved = applicationToMove(sandbox, jobIds[0], 'astage-interview');
		const newAppJob = jobIds[1];
		const applied = new Set(
			sandbox.applicationsOf(newAppJob).map((/** @type {any} */ a) => a.candidate.id),
		);
		const applicant = [...sandbox.store.world.candidates.keys()].find((id) => !applied.has(id));
		const created = sandbox.createCandidate({
			firstName: 'Grace',
			lastName: `Hopper ${runTag}`,
			email: `grace.${runTag}@example.com`,
		});
		const jobId = sandbox.fixtures().vacancyIds[5];
		sandbox.touchVacancy(jobId, { name: `Trigger test job ${runTag}` });
		sandbox.moveApplication(moved.id, { stageId: 'astage-interview' });
		const newApp = sandbox.store.createApplication({
			vacancyId: newAppJob,
			candidateId: applicant,
			stageId: 'astage-applied',
			statusId: null,
		});
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
				const later = sink.items('candidate-events', eventsBefore);
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
			const items = sink.items('job-events');
			expect(items.length === 1, `${items.length} items: ${show(items.map((i) => i.id))}`);
			expect(items[0].name === `Trigger test job ${runTag}`, `name ${show(items[0].name)}`);
			return items[0].name;
		});
		const applicationItems = () => sink.items('application-events');
		/** When the sink had both application events, and the request log then (the later-poll check counts from there). */
		let bothSeenAt = 0;
		let bothSeenSeq = 0;
		await check(
			'application trigger: an application moved to the interview stage and a new application, each emitted once by the next poll',
			async () => {
				const emitted = (/** @type {string} */ id) =>
					applicationItems().some((i) => i.applicationId === id);
				const ok = await sink.waitFor(
					'application-events',
					() => emitted(moved.id) && emitted(newApp.id),
					130_000,
				);
				const items = applicationItems();
				expect(ok, `not both emitted within 130 s; application events: ${show(items)}`);
				bothSeenAt = Date.now();
				bothSeenSeq = sandbox.requestLog.seq;
				expect(
					items.length === 2,
					`${items.length} items, want the move and the new application: ${show(items.map((i) => `${i.event} ${i.applicationId}`))}`,
				);
				const move = items.find((i) => i.applicationId === moved.id);
				expectFields(
					move,
					{
						event: 'stageChanged',
						resource: 'application',
						jobId: moved.jobId,
						jobTitle: sandbox.store.getVacancy(moved.jobId).name,
						candidateName: moved.candidateName,
						'fromStage.id': moved.fromStage,
						'toStage.id': 'astage-interview',
						'toStage.type': 'interview',
						'stage.id': 'astage-interview',
						inFromStageSince: (/** @type {unknown} */ v) => typeof v === 'string',
						daysInFromStage: (/** @type {unknown} */ v) => typeof v === 'number',
						'application.id': moved.id,
					},
					'the move',
				);
				const added = items.find((i) => i.applicationId === newApp.id);
				expectFields(
					added,
					{
						event: 'newApplication',
						jobId: newAppJob,
						candidateId: applicant,
						'stage.id': 'astage-applied',
						fromStage: undefined,
					},
					'the new application',
				);
				return `stageChanged ${moved.id} ${move.fromStage.name} → ${move.toStage.name} (${move.candidateName}, "${move.jobTitle}"); newApplication ${newApp.id} in ${added.stage.name}`;
			},
		);
		/**
		 * The executions of `workflow` once one has finished (up to 90 s: up to one more poll
		 * interval, since each trigger polls at a second of its own in the minute, so a change can
		 * reach the sandbox just after a trigger's poll and be emitted a minute later); each one
		 * must have succeeded.
		 * @param {any} workflow @returns {Promise<any[]>}
		 */
		const succeededRuns = async (workflow) => {
			/** @type {any[]} */
			let runs = [];
			const filter = encodeURIComponent(JSON.stringify({ workflowId: workflow.id }));
			await waitUntil(
				async () => {
					runs = (await get(`rest/executions?filter=${filter}&limit=20`)).json?.data?.results ?? [];
					return runs.some((x) => x.status !== 'running' && x.status !== 'new');
				},
				90_000,
				1000,
			);
			expect(runs.length > 0, `no execution of "${workflow.name}"`);
			const bad = runs.filter((x) => x.status !== 'success');
			expect(bad.length === 0, `statuses: ${runs.map((x) => x.status).join(', ')}`);
			return runs;
		};
		await check(
			'demo trigger workflow (Recruiting Trigger → Code) ran successfully for the new candidate',
			async () => `${(await succeededRuns(demoTrigger)).length} execution(s)`,
		);
		await check(
			'demo application workflow (Recruiting Trigger, stage type interview → Code) ran successfully and wrote the message for the moved application',
			async () => {
				const runs = await succeededRuns(demoApplications);
				expect(runs.length === 1, `${runs.length} executions, want 1`);
				// The run data is n8n's "flatted" JSON inside the answer's JSON: each string of it
				// is there once, as it is when it holds no quote or backslash.
				const job = sandbox.store.getVacancy(moved.jobId);
				const prefix = `:calendar: ${moved.candidateName} moved from ${moved.fromStageName} to Interview for ${job.name} (after `;
				const res = await get(`rest/executions/${runs[0].id}`);
				const at = res.text.indexOf(prefix);
				expect(
					at >= 0,
					`no text starting "${prefix}" in execution ${runs[0].id}: ${res.text.slice(0, 400)}`,
				);
				const text = (/^[^"\\]*/.exec(res.text.slice(at)) || [''])[0];
				return `execution ${runs[0].id}: "${text}"`;
			},
		);
		await check(
			'application trigger: a later poll emits neither again (nor anything else)',
			async () => {
				expect(bothSeenAt, 'the events were not emitted');
				// The trigger polls once a minute, at a second of its own: every job read again
				// with its key after its report is its next poll (Jobs per Poll 100 reads all 60
				// jobs each poll), done; a report of that poll would follow within seconds.
				await sleep(Math.max(0, bothSeenAt + 61_000 - Date.now()));
				expect(
					await waitForPolls(
						sandbox,
						bothSeenSeq,
						jobReadPaths(sandbox),
						60_000,
						KEY_INDEX.applications,
					),
					'no later read of every job within a minute',
				);
				await sleep(10_000);
				const items = applicationItems();
				expect(
					items.length === 2,
					`${items.length} items: ${show(items.map((i) => `${i.event} ${i.applicationId}`))}`,
				);
				return `${sink.get('application-events').length} execution(s), 2 items`;
			},
		);
		if (n8n.major >= 2)
			await check(
				'candidate trigger renamed and published (PATCH, then POST .../activate, as the editor does): the candidate created in between is emitted once, nothing repeated',
				async () => {
					const url = `${base}/rest/workflows/${workflowsToActivate[0].id}`;
					/** @param {string} method @param {string} [path] @param {unknown} [body] */
					const send = (method, path = '', body) =>
						httpJson(method, url + path, { body, timeoutMs: 30_000, headers: { cookie } });
					const { nodes, connections } = JSON.parse(
						JSON.stringify((await send('GET')).json.data).replaceAll(
							'"Candidate Created or Updated"',
							'"Candidates"',
						),
					);
					const saved = (await send('PATCH', '', { nodes, connections })).json.data;
					expect(
						saved.nodes.some((/** @type {any} */ n) => n.name === 'Candidates'),
						'not renamed',
					);
					const before = sink.get('candidate-events').length;
					const created = sandbox.createCandidate({ firstName: 'Renamed', lastName: runTag });
					expect(
						(await send('POST', '/activate', { versionId: saved.versionId })).status === 200,
						'not published',
					);
					const ids = () => sink.items('candidate-events', before).map((i) => i.id);
					await sink.waitFor('candidate-events', () => ids().length > 0, 130_000);
					await sleep(5000);
					expect(show(ids()) === show([created.id]), `emitted since: ${show(ids())}`);
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
		await server.stop();
		const peak = server.peakMb;
		await checkPeak('n8n start under the triggers (main + task runner)', 'start', n8n.major, peak);
	}
}

module.exports = { triggerChecks, unreadPaths, waitForPolls, jobReadPaths, applicationToMove };
