/*
 * The soak's oracle for the application trigger, written from README's words and the
 * sandbox's own record of what it did, sharing no code with the trigger. The API has no feed
 * of application changes; the trigger promises that every change between two reads of a job
 * is emitted once. The sandbox's change log says, for every change it made to an application,
 * what the application was before and is after (ApplicationFacts: its stage id, state,
 * whether placed, its next interview), and when a job was created or deleted; the store says
 * whether a job is open now. The ledger folds that log into what each application is now (the
 * *truth*; records change only between polls, so the truth during a poll is the truth after
 * it) and keeps what it was when the trigger last read its job (the *reported* facts), then,
 * for every successful poll:
 *
 * 1. For every job the poll read (an answer without an injected fault in the sandbox's request
 *    log: 200, or 404 for a job deleted), the events owed for each of its applications are the
 *    rows of README's event table (`OWED`) that hold between the reported facts and the truth,
 *    of the events chosen and on a Target Stage (`wanted`), unless the setting's words make
 *    the read silent (`readRule`). Each emitted item is consumed once against what is owed,
 *    by (job, application, event), and its values checked against the log.
 * 2. By kind: an owed event with no item is *missed*; an item owed by nothing is
 *    *duplicated* when that application's event was emitted before under its own job, else
 *    *unexpected*
 *    (another job, another application, an event not chosen, a stage filtered out, a silent
 *    read, a job not watched); an item with other from/to values than the log's is *wrong*.
 * 3. Max Items per Poll: the trigger emits an application's events together and stops before
 *    an application whose events do not fit (README: "the rest of a job's changes follow in
 *    the next poll"; Max Items: "The most items one poll emits"). So the applications of the
 *    poll's last job that emitted none of what they owe are *deferred* only when one of them
 *    did not fit: the poll's items plus its owed events exceed Max Items. Otherwise missed.
 * 4. n8n saves the trigger's state only with a poll that emits items, and a restart goes back
 *    to it (README: "restart n8n | the last one stored | everything not yet emitted, once";
 *    "n8n saves the state only with a poll that emits; *From Now* then starts again from the
 *    restart"): so does the ledger's own model (`restart`). With n8n's durable
 *    poll cursors, with every poll that succeeds (nodes/RecruitingTrigger/README.md: "the one
 *    saved with the last emitting poll (with durable poll cursors: committed with each poll)").
 * 5. After the drain (every job read since the last change, nothing emitted), anything still
 *    owed is *lost*.
 */
import type { IDataObject } from 'n8n-workflow';

import { itemsOf } from '../../harness/trigger';
import type { TriggerHarness } from '../../harness/trigger';
import type { ApplicationFacts, RequestLogEntry, Sandbox } from '../sandbox';
import { judgeFailure } from './runner';

type Json = Record<string, unknown>;

/** An application as the sandbox says it is; undefined: not listed (never, or removed). */
type Facts = ApplicationFacts | undefined;

const sameInterview = (a: ApplicationFacts['interview'], b: ApplicationFacts['interview']) =>
	a?.id === b?.id && a?.startTime === b?.startTime;

/**
 * README, "Application events": each event and when it is owed between the facts at the
 * trigger's last read of the job (`was`) and now (`is`).
 */
const OWED: { event: string; when: (was: Facts, is: Facts) => boolean }[] = [
	// "an application the job did not list at its last read"
	{ event: 'newApplication', when: (was, is) => was === undefined && is !== undefined },
	// "another stage"
	{ event: 'stageChanged', when: (was, is) => !!was && !!is && was.stage !== is.stage },
	// "another applicationState"
	{ event: 'stateChanged', when: (was, is) => !!was && !!is && was.state !== is.state },
	// "isPlaced turned true"
	{ event: 'placed', when: (was, is) => !!was && !!is && !was.placed && is.placed },
	// "a new next interview (another id or start)"
	{
		event: 'interviewScheduled',
		when: (was, is) => !!was && !!is?.interview && !sameInterview(was.interview, is.interview),
	},
	// "an application the job no longer lists, or whose job the API no longer has"
	{ event: 'removed', when: (was, is) => was !== undefined && is === undefined },
];

export function owedEvents(was: Facts, is: Facts): string[] {
	return OWED.filter((row) => row.when(was, is)).map((row) => row.event);
}

/** A stage as the sandbox defines it (fixtures().applicationStages). */
export interface StageDefinition {
	id: string;
	type: string;
	name: string;
}

/** One choice of the user: Jobs to Watch, Start, Events, Target Stage Types / Target Stages. */
export interface WatchSetting {
	label: string;
	watch: 'all' | 'open' | 'picked';
	/** Picked Jobs: the ids picked (the list the user keeps; `unpick` takes one out). */
	picked?: string[];
	start: 'everything' | 'now';
	events: string[];
	stageTypes?: string[];
	/** Target Stages as the user types them: names or ids. */
	stages?: string[];
	/** n8n 2.x's durable poll cursors on (N8N_POLLER_DURABLE_CURSORS_ENABLED). */
	durable?: boolean;
}

/**
 * Whether an event of an application in `stage` is emitted under the setting's Target Stage
 * Types / Target Stages. properties.ts, Target Stage Types: "Only events of applications now in
 * a stage of these types (a removed one: its last stage). With Target Stages, either matches."
 * Target Stages: "Only events of applications now in one of these stages, by name or ID,
 * comma-separated (case does not matter)". README: "*Target Stage Types* / *Target Stages*
 * (names or IDs): only events of applications now in those stages (a removed one: its last
 * stage)."
 */
export function onTarget(
	setting: Pick<WatchSetting, 'stageTypes' | 'stages'>,
	stages: StageDefinition[],
	stageId: string | undefined,
): boolean {
	const types = setting.stageTypes ?? [];
	const names = (setting.stages ?? []).map((text) => text.trim().toLowerCase());
	if (types.length === 0 && names.length === 0) return true;
	const stage = stages.find((s) => s.id === stageId);
	if (!stage) return false;
	return (
		types.includes(stage.type) ||
		names.includes(stage.id.toLowerCase()) ||
		names.includes(stage.name.toLowerCase())
	);
}

/** What the ledger's model knows of a job (README's words, not the trigger's state). */
interface JobModel {
	/** Read since it is watched: its applications' reported facts are what that read saw. */
	watched: boolean;
	/** Its first watched read owes every application as New Application. */
	isNew: boolean;
}

interface Model {
	reported: Map<string, ApplicationFacts>;
	jobs: Map<string, JobModel>;
}

const copyModel = (model: Model): Model => ({
	reported: new Map(model.reported),
	jobs: new Map([...model.jobs].map(([id, job]) => [id, { ...job }])),
});

export type Problem = 'missed' | 'duplicated' | 'unexpected' | 'wrong' | 'lost';
export const PROBLEMS: Problem[] = ['missed', 'duplicated', 'unexpected', 'wrong', 'lost'];

export interface ApplicationReport {
	setting: string;
	polls: number;
	jobReads: number;
	emitted: number;
	byEvent: Record<string, number>;
	owed: number;
	missed: number;
	duplicated: number;
	unexpected: number;
	wrong: number;
	deferred: number;
	lost: number;
	/** Reads that owed nothing by the setting's words (a job taken in, closed, not picked). */
	silentReads: number;
	/** Applications the sandbox created, changed or removed, as its change log says. */
	logged: number;
	/** Up to 10 examples of each problem. */
	examples: Record<Problem, string[]>;
}

const record = (value: unknown): Json =>
	typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};

/** A read of a job in the request log: 200, or 404 (the API no longer has the job). */
export interface JobReadEntry {
	job: string;
	status: 200 | 404;
}

export class ApplicationLedger {
	/** What each application is now, folded from the change log (absent: not listed). */
	private readonly truth = new Map<string, ApplicationFacts>();

	/** Every application each job ever listed. */
	private readonly byJob = new Map<string, Set<string>>();

	/** Jobs the sandbox deleted. */
	private readonly deleted = new Set<string>();

	/** Undefined until the first successful poll, which is the first activation (`freshModel`). */
	private model: Model | undefined;

	/** The model as n8n saved it (undefined: never saved). */
	private saved: Model | undefined;

	/** Events emitted before, per application (to tell a repeat from a stray item). */
	private readonly everEmitted = new Map<string, Set<string>>();

	private seq: number;

	private readonly stages: StageDefinition[];

	private readonly openStages: Set<string>;

	private readonly report: ApplicationReport;

	/**
	 * The ledger of one trigger under `setting`. Its first poll comes after this; Start:
	 * Everything owes the applications existing then (seeded ones have no change log entry).
	 */
	constructor(
		private readonly sandbox: Sandbox,
		private readonly maxItems: number,
		readonly setting: WatchSetting = {
			label: 'All Jobs, every event, Everything',
			watch: 'all',
			start: 'everything',
			events: OWED.map((row) => row.event),
		},
	) {
		this.seq = sandbox.changeLog.seq;
		this.stages = sandbox.fixtures().applicationStages;
		this.openStages = new Set(
			sandbox
				.fixtures()
				.vacancyStages.filter((stage) => stage.isOpen)
				.map((stage) => stage.id),
		);
		this.report = {
			setting: setting.label,
			polls: 0,
			jobReads: 0,
			emitted: 0,
			byEvent: {},
			owed: 0,
			missed: 0,
			duplicated: 0,
			unexpected: 0,
			wrong: 0,
			deferred: 0,
			lost: 0,
			silentReads: 0,
			logged: 0,
			examples: { missed: [], duplicated: [], unexpected: [], wrong: [], lost: [] },
		};
		for (const id of sandbox.fixtures().applicationIds) {
			const facts = sandbox.store.applicationFacts(id);
			if (facts) this.setTruth(id, facts);
		}
	}

	/**
	 * The model of a first activation, made at the first successful poll: a poll that fails
	 * changes nothing, so until one succeeds every poll is the trigger's first. Start, properties.ts: Everything "Emit every existing
	 * application as New Application first, then the changes"; From Now "The first polls read
	 * every watched job once, silently (Jobs per Poll a poll); then its changes are emitted".
	 * (README, Open Jobs Only: "one the job list shows closed is not read at all": the spec's job
	 * list items, and the sandbox's, do not show whether a stage is open, so no job is shown
	 * closed; a job is known closed by a read of it, see readRule.)
	 */
	private freshModel(everything: boolean): Model {
		const jobs = new Map<string, JobModel>();
		for (const id of this.existingJobs()) jobs.set(id, { watched: false, isNew: everything });
		return { reported: new Map(), jobs };
	}

	private existingJobs(): string[] {
		return this.sandbox.fixtures().vacancyIds;
	}

	/** The job's stage is open now (the sandbox's own stage table). */
	private isOpen(jobId: string): boolean {
		const job = this.sandbox.store.getVacancy(jobId);
		return job !== undefined && this.openStages.has(job.stageId);
	}

	/**
	 * Jobs to Watch, properties.ts: All Jobs "Every job of the job list"; Picked Jobs "Only the
	 * jobs picked below".
	 */
	private inScope(jobId: string): boolean {
		return this.setting.watch !== 'picked' || (this.setting.picked ?? []).includes(jobId);
	}

	/** The user takes a job out of Picked Jobs (after the trigger failed naming it). */
	unpick(jobId: string): void {
		this.setting.picked = (this.setting.picked ?? []).filter((id) => id !== jobId);
	}

	/** The jobs whose applications a poll read: answers an injected fault did not change. */
	static jobsRead(entries: RequestLogEntry[]): JobReadEntry[] {
		const jobs: JobReadEntry[] = [];
		for (const entry of entries) {
			const match = /\/v1\/applications\/vacancy\/([^/?]+)$/.exec(entry.path);
			if (!match) continue;
			// A truncated body keeps the status it was sent with: a 404 still says the job is gone
			// (the trigger reads a 404 by its status), a 200 cut short fails the poll.
			const intact = !entry.fault || (entry.fault === 'truncate' && entry.status === 404);
			if (intact && (entry.status === 200 || entry.status === 404))
				jobs.push({ job: decodeURIComponent(match[1]), status: entry.status });
		}
		return jobs;
	}

	private setTruth(id: string, facts: ApplicationFacts): void {
		this.truth.set(id, facts);
		if (facts.job === null) return;
		const ids = this.byJob.get(facts.job) ?? new Set<string>();
		this.byJob.set(facts.job, ids.add(id));
	}

	/** Folds the sandbox's change log since the last call into the truth. */
	private readLog(): void {
		for (const entry of this.sandbox.changeLog.since(this.seq)) {
			if (entry.resource === 'vacancy') {
				// README: "A job created later has all its applications new."
				if (entry.kind === 'created' && this.model)
					this.model.jobs.set(entry.id, { watched: false, isNew: true });
				if (entry.kind === 'removed') this.deleted.add(entry.id);
				continue;
			}
			if (entry.resource !== 'application') continue;
			this.report.logged++;
			const was = this.truth.get(entry.id);
			// The log must chain: each change starts from what the one before left.
			if (JSON.stringify(entry.before) !== JSON.stringify(was)) {
				throw new Error(`the sandbox's change log skips a change of ${entry.id}`);
			}
			if (entry.after === undefined) this.truth.delete(entry.id);
			else this.setTruth(entry.id, entry.after);
		}
		this.seq = this.sandbox.changeLog.seq;
	}

	private note(kind: Problem, text: string, count = 1): void {
		this.report[kind] += count;
		if (this.report.examples[kind].length < 10) this.report.examples[kind].push(text);
	}

	/**
	 * What a read of `jobId` owes by the setting's words, before the events are compared:
	 * `diff` (the table between reported and truth), `silent` (nothing), and what the job is
	 * after the read.
	 */
	private readRule(
		model: Model,
		jobId: string,
		deleted: boolean,
	): { owes: 'diff' | 'new' | 'none'; after: 'watched' | 'unwatched' | 'gone' } {
		const job = model.jobs.get(jobId) ?? { watched: false, isNew: false };
		if (!this.inScope(jobId)) return { owes: 'none', after: 'unwatched' };
		if (deleted) {
			// README, Removed: "an application the job no longer lists, or whose job the API no
			// longer has"; Picked Jobs: "a picked job the API deleted gives its applications as
			// Removed".
			return { owes: job.watched ? 'diff' : 'none', after: 'gone' };
		}
		if (this.setting.watch === 'open' && !this.isOpen(jobId)) {
			// README, Open Jobs Only: "nothing of a closed job is emitted: a watched job whose read
			// shows it closed gives that read's changes, its last, and is then not watched".
			return { owes: job.watched ? 'diff' : 'none', after: 'unwatched' };
		}
		// README, First activation: "a job is watched from its own first read on, so a change made
		// to it before that read is not emitted"; "Everything emits every existing application as
		// New Application"; Changing Jobs to Watch: "the jobs it takes in (another choice; a job
		// reopened under Open Jobs Only) are taken in the same way, silently".
		if (job.watched) return { owes: 'diff', after: 'watched' };
		return { owes: job.isNew ? 'new' : 'none', after: 'watched' };
	}

	/** The events of `was` → `is` the setting emits (Events, Target Stage Types / Stages). */
	private wanted(was: Facts, is: Facts): string[] {
		const events = owedEvents(was, is);
		// Events, properties.ts: "Which changes start the workflow, one item each."
		const chosen = events.filter((event) => this.setting.events.includes(event));
		const stage = is === undefined ? was?.stage : is.stage;
		return onTarget(this.setting, this.stages, stage) ? chosen : [];
	}

	/** A successful poll read `reads` (in order) and emitted `items`. */
	poll(number: number, reads: JobReadEntry[], items: IDataObject[]): void {
		this.readLog();
		this.model ??= this.freshModel(this.setting.start === 'everything');
		const model = this.model;
		this.report.polls++;
		this.report.jobReads += reads.length;
		this.report.emitted += items.length;
		// Every item is consumed once: by (job, application, event).
		const pool = new Map<string, IDataObject[]>();
		const keyOf = (job: unknown, application: unknown, event: unknown) =>
			`${String(job)}\u0000${String(application)}\u0000${String(event)}`;
		for (const item of items) {
			const event = String(item.event);
			this.report.byEvent[event] = (this.report.byEvent[event] ?? 0) + 1;
			const key = keyOf(item.jobId, item.applicationId, item.event);
			pool.set(key, [...(pool.get(key) ?? []), item]);
		}
		const take = (key: string) => {
			const list = pool.get(key);
			const item = list?.shift();
			if (list?.length === 0) pool.delete(key);
			return item;
		};
		const last = reads.length - 1;
		reads.forEach(({ job: jobId, status }, index) => {
			const rule = this.readRule(model, jobId, status === 404);
			if (rule.owes === 'none') this.report.silentReads++;
			const owedHere: { id: string; owed: string[]; was: Facts; is: Facts }[] = [];
			for (const id of [...(this.byJob.get(jobId) ?? [])].sort()) {
				const is = status === 404 ? undefined : this.truth.get(id);
				const was = rule.owes === 'diff' ? model.reported.get(id) : undefined;
				const owed = rule.owes === 'none' ? [] : this.wanted(was, is);
				owedHere.push({ id, owed, was, is });
			}
			// Max Items: the last job's applications that emitted none of what they owe wait for
			// the next read if one of them did not fit.
			const skipped = owedHere.filter(
				({ id, owed }) =>
					owed.length > 0 && owed.every((event) => !pool.has(keyOf(jobId, id, event))),
			);
			const cut =
				index === last && skipped.some(({ owed }) => items.length + owed.length > this.maxItems);
			const deferred = new Set(cut ? skipped.map(({ id }) => id) : []);
			for (const { id, owed, was, is } of owedHere) {
				if (deferred.has(id)) {
					this.report.deferred += owed.length;
					continue;
				}
				this.report.owed += owed.length;
				for (const event of owed) {
					const item = take(keyOf(jobId, id, event));
					if (item === undefined) {
						this.note('missed', `${id} on ${jobId}, poll ${number}: ${event} owed, not emitted`);
						continue;
					}
					this.checkValues(id, item, was, is, number);
					const ever = this.everEmitted.get(id) ?? new Set<string>();
					this.everEmitted.set(id, ever.add(event));
				}
			}
			// What the job is after the read.
			const job = model.jobs.get(jobId) ?? { watched: false, isNew: false };
			const keepWatching = rule.after === 'watched' || deferred.size > 0;
			for (const { id, is } of owedHere) {
				if (deferred.has(id)) continue;
				if (!keepWatching || is === undefined) model.reported.delete(id);
				else model.reported.set(id, is);
			}
			if (rule.after === 'gone' && deferred.size === 0) model.jobs.delete(jobId);
			else if (this.inScope(jobId))
				model.jobs.set(jobId, {
					watched: keepWatching,
					isNew: deferred.size > 0 && job.isNew && !job.watched,
				});
		});
		// Max Items per Poll, properties.ts: "The most items one poll emits" (README: the events of
		// one application are emitted together, so a poll's first application may pass it).
		const applications = new Set(items.map((item) => String(item.applicationId)));
		if (items.length > this.maxItems && applications.size > 1)
			this.note(
				'unexpected',
				`poll ${number}: ${items.length} items, Max Items per Poll ${this.maxItems}`,
			);
		// What no read owed: a repeat of an event emitted before, or a stray item.
		for (const list of pool.values()) {
			for (const item of list) {
				const id = String(item.applicationId);
				const text = `${id} on ${String(item.jobId)}, poll ${number}: ${String(item.event)} owed by nothing`;
				const own = this.byJob.get(String(item.jobId))?.has(id) === true;
				if (own && this.everEmitted.get(id)?.has(String(item.event))) this.note('duplicated', text);
				else this.note('unexpected', text);
			}
		}
		// n8n saves the state with a poll that emits items; with durable cursors, with every poll.
		if (items.length > 0 || this.setting.durable) this.saved = copyModel(model);
	}

	/**
	 * n8n restarts: the trigger is back at the state saved with the last emitting poll; before
	 * the first one, it starts over (From Now: from the restart). A job created since that save
	 * is new to it again (the job list shows it created once more).
	 */
	restart(): void {
		this.readLog();
		if (this.saved === undefined) {
			this.model = undefined;
			return;
		}
		const model = copyModel(this.saved);
		for (const id of this.existingJobs())
			if (!model.jobs.has(id)) model.jobs.set(id, { watched: false, isNew: true });
		this.model = model;
	}

	/** An item says what it is about: those must be the facts the sandbox logged. */
	private checkValues(id: string, item: IDataObject, was: Facts, is: Facts, number: number): void {
		const wrong = (what: string) =>
			this.note('wrong', `${id}, poll ${number}: ${String(item.event)} with ${what}`);
		const stageId = (value: unknown) => record(value).id;
		switch (item.event) {
			case 'newApplication':
				if (stageId(item.stage) !== is?.stage) wrong('another stage');
				break;
			case 'stageChanged':
				if (stageId(item.fromStage) !== was?.stage) wrong('another from-stage');
				if (stageId(item.toStage) !== is?.stage) wrong('another to-stage');
				break;
			case 'stateChanged':
				if (item.fromState !== was?.state) wrong('another from-state');
				if (item.toState !== is?.state) wrong('another to-state');
				break;
			case 'interviewScheduled':
				if (record(item.interview).id !== is?.interview?.id) wrong('another interview');
				break;
			case 'removed':
				if (stageId(item.stage) !== was?.stage) wrong('another last stage');
				break;
		}
		if (item.candidateId === undefined || item.candidateId === null) wrong('no candidate');
	}

	/** After the drain: nothing is owed any more. */
	finish(): ApplicationReport {
		this.readLog();
		// The log is the whole story: every application it says exists is what the sandbox holds.
		for (const [id, facts] of this.truth) {
			if (JSON.stringify(this.sandbox.store.applicationFacts(id)) !== JSON.stringify(facts)) {
				throw new Error(`the sandbox changed ${id} without a change log entry`);
			}
		}
		const model = this.model ?? this.freshModel(this.setting.start === 'everything');
		for (const [jobId, job] of model.jobs) {
			if (!this.inScope(jobId)) continue;
			const gone = this.deleted.has(jobId);
			const closedOut = !gone && this.setting.watch === 'open' && !this.isOpen(jobId);
			if (!job.watched && (!job.isNew || gone || closedOut)) continue;
			for (const id of this.byJob.get(jobId) ?? []) {
				const owed = this.wanted(
					job.watched ? model.reported.get(id) : undefined,
					this.truth.get(id),
				);
				if (owed.length > 0)
					this.note('lost', `${id} on ${jobId}: [${owed.join(', ')}] never emitted`, owed.length);
			}
		}
		return this.report;
	}
}

/**
 * The application trigger polled as n8n polls it (the same restarts and failures as the
 * job and candidate triggers: runner.ts), each successful poll checked by the ledger. A poll
 * may fail only as an injected fault explains, or as `documented` says (Picked Jobs: a picked
 * job the API deleted); anything else ends the soak at once (judgeFailure).
 */
export class ApplicationRunner {
	polls = 0;

	failed = 0;

	restarts = 0;

	readonly failures = new Map<string, number>();

	constructor(
		readonly harness: TriggerHarness,
		readonly ledger: ApplicationLedger,
		private readonly sandbox: Sandbox,
		private readonly options: {
			random: () => number;
			restartRate: number;
			restartAfterFailure: number;
			/** A failure the setting's words say must come, by its kind (undefined: not one). */
			documented?: (error: unknown) => string | undefined;
		},
	) {}

	/** One poll; the number of items, or undefined when it failed. */
	async poll(): Promise<number | undefined> {
		const number = ++this.polls;
		const seq = this.sandbox.requestLog.seq;
		let items: IDataObject[];
		try {
			items = itemsOf(await this.harness.poll());
		} catch (error) {
			this.failed++;
			const kind = judgeFailure(
				`${this.ledger.setting.label}, application poll ${number}`,
				error,
				this.sandbox.requestLog.since(seq),
				this.options.documented,
			);
			this.failures.set(kind, (this.failures.get(kind) ?? 0) + 1);
			if (this.options.random() < this.options.restartAfterFailure) this.restart();
			return undefined;
		}
		this.ledger.poll(number, ApplicationLedger.jobsRead(this.sandbox.requestLog.since(seq)), items);

		if (this.options.random() < this.options.restartRate) this.restart();
		return items.length;
	}

	private restart(): void {
		this.restarts++;
		this.harness.restart();
		this.ledger.restart();
	}
}
