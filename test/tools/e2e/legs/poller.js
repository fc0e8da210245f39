// @ts-check
'use strict';
/**
 * The poller legs on n8n 2.x (README.md beside it): the trigger in queue mode (Redis, a main and
 * a worker) and with the durable poll scheduler, both on PostgreSQL (lib/postgres.js), from
 * which the executions and the triggers' stored state are read back. The candidate and the
 * application triggers are in workflows of their own (legs/trigger.js says why).
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const {
	mkTemp,
	freePort,
	sleep,
	waitUntil,
	killGroup,
	portInUse,
	run: runCommand,
	REPO_ROOT,
} = require('../lib/util');
const { importEntities, startN8n, activateWorkflow, stripAnsi } = require('../lib/n8n');
const { installTarball } = require('../lib/pkg');
const { loadWorkflows, WORKFLOWS_DIR } = require('../lib/workflows');
const { startSink } = require('../lib/sink');
const { check, expect, expectFields, show } = require('../lib/checks');
const { checkPeak } = require('../lib/memory');
const { credentialsFor, workflowSandbox } = require('../lib/credentials');
const { createDatabase } = require('../lib/postgres');
const { unreadPaths, waitForPolls, jobReadPaths, applicationToMove } = require('./trigger');

/**
 * What a process logs when it runs an execution itself: the main (WorkflowRunner.runMainProcess,
 * debug level) or a worker. Group 1 or 2 is the execution's id.
 */
const RAN_ITSELF =
	/Execution for workflow .* was assigned id (\d+)|Worker started execution (\d+)/g;

/**
 * A string field of a log line's metadata (`"name": "value"`, as n8n prints it in either of its
 * debug formats), or undefined.
 * @param {string} line @param {string} name
 */
const field = (line, name) => (new RegExp(`"${name}":\\s*"([^"]*)"`).exec(line) || [])[1];

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
	if (!(await waitUntil(() => portInUse(port), 20_000, 100)))
		throw new Error(`redis-server did not listen on ${port}`);
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
 * folder and the PostgreSQL database), and the durable scheduler with poll cursors (n8n 2.x's
 * opt-in scheduler runs each poll as a task and stages a node's static data as a cursor per
 * node id, committed with the execution the poll starts: nodes/RecruitingTrigger/slot.ts).
 */
const MODES = {
	queue: {
		name: 'queue mode',
		section: 'Redis, a main and a worker',
		env: {
			EXECUTIONS_MODE: 'queue',
			// n8n v3's default: manual executions run on workers too.
			OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
			// For RAN_ITSELF's line.
			N8N_LOG_LEVEL: 'debug',
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
 * One of MODES on n8n 2.x: the trigger workflows (Recruiting Trigger → Recruiting Get → a report
 * to the sink; an application trigger → a report) published; checks that each change is
 * emitted once, where the executions run, and that the triggers' positions survive a restart
 * of the main.
 * @param {import('../lib/context').Run} ctx
 * @param {Awaited<ReturnType<typeof import('../lib/n8n').ensureN8n>>} n8n
 * @param {string} tarball
 * @param {keyof typeof MODES} mode
 */
async function pollerChecks(ctx, n8n, tarball, mode) {
	const { section, stoppers } = ctx;
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
	// n8n's production database for queue mode; the durable leg too, as one n8n would run both.
	/** @type {Awaited<ReturnType<typeof createDatabase>> | undefined} */
	let db;
	await check("PostgreSQL (Debian's cluster): a fresh role and database for this leg", async () => {
		db = await createDatabase(mode);
		stoppers.push(db.drop);
		const version = await db.query('SHOW server_version');
		return `${db.name} on PostgreSQL ${version} (cluster ${db.cluster.version}/${db.cluster.name}, port ${db.cluster.port})`;
	});
	if (!db) {
		await redis?.stop();
		return;
	}
	const database = db;
	const userFolder = mkTemp(`recruiting-e2e-${mode}-`);
	const sandbox = await workflowSandbox({ seed: 11, vacancies: 10, candidates: 30 });
	const sink = await startSink();
	/** @type {Record<string, string>} */
	const modeEnv = {
		...MODES[mode].env,
		...(redis && { QUEUE_BULL_REDIS_HOST: '127.0.0.1', QUEUE_BULL_REDIS_PORT: String(redis.port) }),
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
		...database.env,
	};
	/** @type {Array<Awaited<ReturnType<typeof startN8n>>>} every process started, running or not */
	const launched = [];
	/**
	 * The log files of the mains started so far (read whole: a process keeps only its output's end).
	 * @type {string[]}
	 */
	const mainLogFiles = [];
	/** @param {'start' | 'worker'} command @param {string} logName */
	const launch = async (command, logName) => {
		if (command === 'start') mainLogFiles.push(path.join(userFolder, logName));
		const server = await startN8n(n8n, userFolder, {
			command,
			env: modeEnv,
			logFile: path.join(userFolder, logName),
		});
		launched.push(server);
		stoppers.push(() => server.stop(5000));
		return server;
	};
	const creds = credentialsFor(sandbox);
	const workflows = loadWorkflows(
		{ CRED_ID: creds.good.id, CRED_NAME: creds.good.name, SINK_URL: sink.url },
		{ dir: path.join(WORKFLOWS_DIR, 'queue') },
	);
	try {
		const imported = await check(
			'the package, a credential and the trigger workflows (candidates, applications) are installed, imported and published',
			async () => {
				await installTarball(tarball, userFolder);
				await importEntities(n8n, userFolder, 'credentials', [creds.good], database.env);
				await importEntities(n8n, userFolder, 'workflow', Object.values(workflows), database.env);
				for (const w of Object.values(workflows))
					await activateWorkflow(n8n, userFolder, w.id, database.env);
				return Object.values(workflows)
					.map((w) => w.name)
					.join('; ');
			},
		);
		if (!imported) return;

		const worker = queue ? await launch('worker', 'n8n-worker.log') : undefined;
		const mainSeq = sandbox.requestLog.seq;
		let main = await launch('start', 'n8n-main.log');
		const up = await check(
			queue
				? 'a main and a worker start in queue mode on the same PostgreSQL database'
				: 'n8n starts on PostgreSQL with the durable scheduler and poll cursors on',
			async () => {
				expect(await main.waitReady(180_000), `main not ready: ${main.output.slice(-1500)}`);
				if (worker) {
					expect(
						await waitUntil(() => /n8n worker is now ready/.test(worker.output), 120_000),
						`worker: ${worker.output.slice(-1500)}`,
					);
				} else {
					// n8n starts the scheduler after its HTTP server (commands/start.js: server.start(),
					// the system tasks, then DurableScheduler.start()): ready is not yet started.
					expect(
						await waitUntil(() => /Scheduler started/.test(main.output), 60_000, 250),
						'n8n did not log "Scheduler started" within 60 s of answering',
					);
					expect(
						!/durable poll cursors stay disabled/.test(main.output),
						'n8n kept durable poll cursors off',
					);
				}
			},
		);
		if (!up) return;
		// Both triggers' polls: the candidate list, and every job's applications.
		const bothPolls = ['/v1/candidates', ...jobReadPaths(sandbox)];
		await check(
			'the main publishes the trigger workflows (the first polls ran: candidates, and every job for applications)',
			async () => {
				await waitForPolls(sandbox, mainSeq, bothPolls, 180_000);
				const missing = unreadPaths(sandbox, mainSeq, bothPolls);
				expect(
					missing.length === 0,
					`no first polls within 180 s, ${missing.length} of ${bothPolls.length} paths unread (${missing.slice(0, 3).join(', ')}): ${main.output.slice(-1500)}`,
				);
			},
		);

		/** Each trigger's reports: the sink they are posted to, the item field naming a record, the workflow. */
		const REPORTS = {
			candidate: { name: 'queue-events', key: 'id', workflow: 'trigger-get-report' },
			application: {
				name: 'queue-application-events',
				key: 'applicationId',
				workflow: 'application-trigger-report',
			},
		};
		/** The `kind` trigger's reports naming `id`. @param {keyof REPORTS} kind @param {string} id */
		const reportsOf = (kind, id) =>
			sink
				.get(REPORTS[kind].name)
				.filter((/** @type {any} */ b) =>
					b.items.some((/** @type {any} */ i) => i[REPORTS[kind].key] === id),
				);
		// Two applications of two jobs: the first moved now, the second while the main is down.
		const [jobA, jobB] = [...sandbox.fixtures().vacancyIds].sort();
		const movedFirst = applicationToMove(sandbox, jobA, 'astage-interview');
		const movedSecond = applicationToMove(sandbox, jobB, 'astage-presented');
		/**
		 * `execution` is stored in PostgreSQL as a success: in queue mode the worker wrote it into
		 * the database the main reads (the report is sent by its last node, just before it is saved).
		 * @param {string} execution
		 */
		const expectStored = async (execution) => {
			const sql = `SELECT status FROM execution_entity WHERE id = '${Number(execution)}'`;
			let status = '';
			await waitUntil(async () => (status = await database.query(sql)) === 'success', 10_000, 250);
			expect(
				status === 'success',
				`execution ${execution} is stored in PostgreSQL as ${show(status)}`,
			);
		};
		/**
		 * Queue mode: the main enqueued `execution` and the worker ran it (the report is sent by
		 * the execution's last node, just before the worker logs that it finished).
		 * @param {string} execution
		 */
		const expectWorkerRan = async (execution) => {
			await expectStored(execution);
			if (!worker) throw new Error('no worker in this mode');
			const finished = new RegExp(`Worker finished execution ${execution} `);
			await waitUntil(() => finished.test(worker.output), 10_000, 250);
			expect(
				new RegExp(`Enqueued execution ${execution} `).test(main.output),
				`the main did not enqueue execution ${execution}`,
			);
			expect(
				new RegExp(`Worker started execution ${execution} `).test(worker.output) &&
					finished.test(worker.output),
				`the worker did not run execution ${execution}`,
			);
			expectMainRanNone();
		};
		/** Queue mode: no main's log (each at debug level) shows RAN_ITSELF. */
		const expectMainRanNone = () => {
			const log = mainLogs();
			expect(
				/Starting main instance in scaling mode/.test(log),
				'the main\'s log lacks its debug lines ("Starting main instance in scaling mode"): nothing to judge by',
			);
			const ran = [...log.matchAll(RAN_ITSELF)].map((m) => m[1] || m[2]);
			expect(ran.length === 0, `the main ran execution(s) ${ran.join(', ')} itself`);
		};
		/** The logs of every main so far, in order (from their files). */
		const mainLogs = () =>
			stripAnsi(
				mainLogFiles.map((f) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : '')).join('\n'),
			);
		/** Hand-off line (by its place in mainLogs()) → the execution matched to it. */
		/** @type {Map<number, string>} */
		const handOffOf = new Map();
		/**
		 * Durable scheduler: `execution` of `workflow` was handed off by one of the scheduler's poll
		 * tasks, and by one no other execution was matched to. n8n logs no id linking the two: a
		 * poll task that emits logs "Poll returned new data; handed off to a new execution" with
		 * its workflowId, nodeId and taskId (debug), and the execution it started is then given
		 * its id ("Execution for workflow <name> was assigned id <id>"). The execution is matched
		 * to the last hand-off of its workflow's trigger before that line that no other execution
		 * has; there must be one.
		 * @param {string} execution
		 * @param {any} workflow
		 */
		const expectHandedOff = (execution, workflow) => {
			const lines = mainLogs().split('\n');
			const trigger = workflow.nodes.find((/** @type {any} */ n) => /Trigger$/.test(n.type));
			const assigned = lines.findIndex(
				(l) =>
					l.includes(`Execution for workflow ${workflow.name} was assigned id ${execution} `) ||
					l.endsWith(`Execution for workflow ${workflow.name} was assigned id ${execution}`),
			);
			expect(
				assigned >= 0,
				`n8n's log does not show execution ${execution} of "${workflow.name}" being started`,
			);
			/** @type {number[]} */
			const handOffs = [];
			lines.slice(0, assigned).forEach((l, i) => {
				if (!/Poll returned new data; handed off to a new execution/.test(l)) return;
				if (field(l, 'workflowId') === workflow.id && field(l, 'nodeId') === trigger.id)
					handOffs.push(i);
			});
			const mine = [...handOffOf].find(([, e]) => e === execution);
			if (mine) return `(log line ${mine[0] + 1})`;
			const free = handOffs.filter((i) => !handOffOf.has(i));
			expect(
				free.length > 0,
				`no hand-off by a poll task of "${workflow.name}" before execution ${execution} started that is not another execution's (${handOffs.length} hand-offs of it before; matched: ${show([...handOffOf.entries()])})`,
			);
			const line = free[free.length - 1];
			handOffOf.set(line, execution);
			const taskId = field(lines[line], 'taskId');
			return `(task ${taskId}, log line ${line + 1}; line ${assigned + 1} gives the execution its id)`;
		};
		/**
		 * The `kind` trigger's first report of `id` (up to 150 s), its items checked by `expectItems`
		 * (which says what it saw); in queue mode the worker ran its execution, with the durable
		 * scheduler one of its poll tasks handed it off.
		 * @param {keyof REPORTS} kind @param {string} id @param {(items: any[]) => string} expectItems
		 */
		const expectReported = async (kind, id, expectItems) => {
			expect(
				await sink.waitFor(REPORTS[kind].name, () => reportsOf(kind, id).length > 0, 150_000),
				`no report of ${id} within 150 s: ${main.output.slice(-800)} | ${worker?.output.slice(-800)}`,
			);
			const [report] = reportsOf(kind, id);
			const what = expectItems(report.items);
			const execution = String(report.execution);
			if (!worker) {
				await expectStored(execution);
				const handOff = expectHandedOff(execution, workflows[REPORTS[kind].workflow]);
				return `${what}execution ${execution}, stored in PostgreSQL, handed off by the scheduler's poll task ${handOff}`;
			}
			await expectWorkerRan(execution);
			return `${what}execution ${execution}: enqueued by the main, run by the worker, stored in PostgreSQL; the main ran none itself`;
		};
		/** The candidate trigger's report of a new candidate `Queue <lastName>`. @param {{ id: string }} created @param {string} lastName */
		const expectCandidateReported = (created, lastName) =>
			expectReported('candidate', created.id, (items) => {
				const item = items.find((i) => i.id === created.id);
				expectFields(item, { firstName: 'Queue', lastName }, 'the item');
				return '';
			});
		/**
		 * The application trigger's report of a move: one item, stageChanged from → to.
		 * @param {{ id: string, fromStage: string }} moved @param {string} toStage
		 */
		const expectMoveReported = (moved, toStage) =>
			expectReported('application', moved.id, (items) => {
				expectFields(
					items,
					{
						length: 1,
						'0.applicationId': moved.id,
						'0.event': 'stageChanged',
						'0.fromStage.id': moved.fromStage,
						'0.toStage.id': toStage,
					},
					'the report',
				);
				return `${items[0].event} ${items[0].fromStage.name} → ${items[0].toStage.name}, `;
			});
		const first = sandbox.createCandidate({ firstName: 'Queue', lastName: 'First' });
		sandbox.moveApplication(movedFirst.id, { stageId: 'astage-interview' });
		await check(
			queue
				? 'a new candidate: the main polls, a worker runs the execution (Recruiting Get included)'
				: 'a new candidate created after a poll that emitted nothing: the next poll emits it (Recruiting Get included)',
			() => expectCandidateReported(first, 'First'),
		);
		/** Occurrences of `re` in the current main's log so far. @param {RegExp} re */
		const logCount = (re) => (main.output.match(new RegExp(re.source, 'g')) || []).length;
		await check(
			queue
				? 'an application moved at the same moment: the main polls, a worker runs the execution'
				: 'an application moved at the same moment: the next poll emits it (stageChanged), handed off by the scheduler',
			() => expectMoveReported(movedFirst, 'astage-interview'),
		);
		/**
		 * The next polls of both triggers start no execution, shown by n8n itself rather than by
		 * a report that might still be on its way: in queue mode the main enqueues nothing after
		 * the polls; the durable scheduler logs each poll's result (debug level), "Poll returned
		 * no new data".
		 */
		const nextPollEmitsNothing = async () => {
			const seq = sandbox.requestLog.seq;
			const enqueued = logCount(/Enqueued execution/);
			const nothing = logCount(/Poll returned no new data/);
			const handedOff = logCount(/Poll returned new data/);
			expect(
				await waitForPolls(sandbox, seq, bothPolls, 75_000),
				'no later polls of both triggers within 75 s',
			);
			if (queue) {
				// The main enqueues within milliseconds of the poll's answer.
				await sleep(5000);
				expect(logCount(/Enqueued execution/) === enqueued, 'a later poll enqueued an execution');
			} else {
				const results = () => logCount(/Poll returned (no )?new data/) >= nothing + handedOff + 2;
				expect(await waitUntil(results, 30_000, 250), 'n8n logged no result of the later polls');
				// Two more result lines (one per trigger), none "new data": the polls emitted nothing.
				expect(logCount(/Poll returned new data/) === handedOff, 'a later poll emitted');
			}
		};
		await check(
			'the new candidate and the application move are each emitted once: the later polls of both triggers do not repeat them',
			async () => {
				await nextPollEmitsNothing();
				expect(
					reportsOf('candidate', first.id).length === 1,
					`${reportsOf('candidate', first.id).length} reports of ${first.id}`,
				);
				const n = reportsOf('application', movedFirst.id).length;
				const all = sink.get('queue-application-events').length;
				expect(n === 1 && all === 1, `${n} reports of ${movedFirst.id}, ${all} in all`);
			},
		);

		// The main restarts; a candidate created and an application moved while it is down are
		// emitted by the first polls after the restart, once each, and the ones before are not
		// emitted again.
		/** @type {{ id: string } | undefined} */
		let second;
		/**
		 * The trigger's state in `workflow`, as n8n stored it in PostgreSQL, where the next poll
		 * reads it (nodes/RecruitingTrigger/slot.ts): with the durable poll cursors, the node's
		 * cursor (the poller_state row n8n commits with each execution the poll starts);
		 * otherwise the workflow's static data (the workflow_entity row n8n reads at start), here
		 * the copy under global["recruitingTrigger:<node id>"], which a rename keeps.
		 * @param {any} workflow @returns {Promise<any>}
		 */
		const storedState = async (workflow) => {
			const trigger = workflow.nodes.find((/** @type {any} */ n) => /Trigger$/.test(n.type));
			if (mode === 'durable') {
				const text = await database.query(
					`SELECT cursor FROM poller_state WHERE "workflowId" = '${workflow.id}' AND "nodeId" = '${trigger.id}'`,
				);
				return text ? JSON.parse(text).state : undefined;
			}
			const text = await database.query(
				`SELECT "staticData" FROM workflow_entity WHERE id = '${workflow.id}'`,
			);
			const data = text ? JSON.parse(text) : null;
			return data && data.global ? data.global[`recruitingTrigger:${trigger.id}`] : undefined;
		};
		/** The candidate trigger's state read back while the main was down. @type {any} */
		let storedCandidates;
		await check(
			`${queue ? 'the main stops' : 'n8n stops'}; the triggers' state read back from PostgreSQL: the candidate trigger's position holds the new candidate, the application trigger's fingerprints the moved application in its new stage`,
			async () => {
				await main.stop();
				storedCandidates = await storedState(workflows['trigger-get-report']);
				const c = storedCandidates;
				expect(
					c && c.resource === 'candidate' && typeof c.watermark === 'string',
					`the candidate trigger's stored state: ${show(c)}`,
				);
				const seen = Object.values(c.seen || {}).flat();
				expect(
					seen.some((/** @type {string} */ k) => k.startsWith(`${first.id}@`)),
					`${first.id} is not among the handled records at the stored watermark ${c.watermark}: ${show(c.seen)}`,
				);
				const a = await storedState(workflows['application-trigger-report']);
				expect(
					a && a.resource === 'application',
					`the application trigger's stored state: ${show(a)}`,
				);
				const job = a.watch && a.watch[jobA];
				// The stored form is the package's to decode (one text a job): read it
				// back with the built package's own loader, as the next poll will.
				const stored = require(
					path.join(REPO_ROOT, 'dist/nodes/RecruitingTrigger/applications/stored.js'),
				);
				const loaded = stored.loadApplicationState(a);
				const watched = loaded && loaded.jobs.get(jobA);
				const kept = watched && watched.applications && watched.applications.get(movedFirst.id);
				const stage = kept && kept.stage;
				expect(
					stage && stage.id === 'astage-interview',
					`${movedFirst.id} is stored in ${show(stage)} (job ${jobA}: ${show(job)})`,
				);
				return `candidates: watermark ${c.watermark}${c.cursor ? `, cursor ${c.cursor}` : ''}, ${seen.length} handled there; applications: poll ${a.poll}, ${Object.keys(a.watch).length} jobs, ${movedFirst.id} in ${stage.name}`;
			},
		);
		const restartSeq = sandbox.requestLog.seq;
		const restarted = await check(
			queue
				? 'a candidate is created and an application moved while the main is down, the main starts again; the worker keeps running'
				: 'a candidate is created and an application moved while n8n is down, n8n starts again',
			async () => {
				expect(main.exited, 'the main was not stopped');
				// While nothing polls: a trigger that lost its position would start from "now"
				// after the restart and never emit them.
				second = sandbox.createCandidate({ firstName: 'Queue', lastName: 'Second' });
				sandbox.moveApplication(movedSecond.id, { stageId: 'astage-presented' });
				main = await launch('start', 'n8n-main-2.log');
				expect(await main.waitReady(180_000), `main not ready: ${main.output.slice(-1500)}`);
				if (worker) expect(worker.child.exitCode === null, 'the worker exited');
			},
		);
		if (restarted && storedCandidates) {
			const stored = storedCandidates;
			await check(
				"after the restart the candidate trigger's first poll reads on from the position stored in PostgreSQL",
				async () => {
					expect(
						await waitForPolls(sandbox, restartSeq, ['/v1/candidates'], 150_000),
						'no candidate poll within 150 s of the restart',
					);
					const request = sandbox.requestLog
						.since(restartSeq)
						.find((/** @type {any} */ e) => e.method === 'GET' && e.path === '/v1/candidates');
					expect(request, 'no candidate request after the restart');
					const q = request.query;
					const fromCursor = stored.cursor !== undefined && q.cursor === stored.cursor;
					expect(
						fromCursor || (q.cursor === undefined && q.modifiedSince === stored.watermark),
						`its query ${show(q)}; stored: watermark ${stored.watermark}, cursor ${show(stored.cursor)}`,
					);
					return fromCursor
						? `cursor ${q.cursor} (modifiedSince ${q.modifiedSince})`
						: `modifiedSince ${q.modifiedSince}`;
				},
			);
		}
		if (restarted && second) {
			const created = second;
			await check(
				'after the restart the application trigger goes on from its stored fingerprints: the move made while the main was down is emitted',
				() => expectMoveReported(movedSecond, 'astage-presented'),
			);
			await check(
				'after the restart the trigger goes on from its stored position: the new candidate once, nothing repeated',
				async () => {
					const seen = await expectCandidateReported(created, 'Second');
					await nextPollEmitsNothing();
					const n = reportsOf('candidate', created.id).length;
					expect(n === 1, `${n} reports of ${created.id}`);
					expect(
						reportsOf('candidate', first.id).length === 1,
						`${first.id} emitted again after the restart`,
					);
					return seen;
				},
			);
			await check(
				'after the restart: the application moved meanwhile once, the earlier move not again',
				() => {
					const n = reportsOf('application', movedSecond.id).length;
					const before = reportsOf('application', movedFirst.id).length;
					const all = sink.get('queue-application-events').length;
					expect(
						n === 1 && before === 1 && all === 2,
						`${n} reports of ${movedSecond.id}, ${before} of ${movedFirst.id}, ${all} in all`,
					);
				},
			);
		}
	} finally {
		const processes = `${MODES[mode].name} (${queue ? 'main + worker' : 'main'} + runners)`;
		const peak = Math.max(0, ...launched.map((p) => p.peakMb));
		await Promise.all(launched.map((p) => p.stop()));
		await redis?.stop();
		await check(`the leg's PostgreSQL database and role ${database.name} are dropped`, () =>
			database.drop(),
		);
		if (launched.length) await checkPeak(processes, mode, n8n.major, peak);
		await sink.close();
		await sandbox.close();
		ctx.dropFolder(userFolder, `${MODES[mode].name} user folder`);
	}
}

module.exports = { MODES, pollerChecks };
