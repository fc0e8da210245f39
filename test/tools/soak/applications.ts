/*
 * The soak's oracle for the application trigger: what README promises, worked out from the
 * sandbox's own records alone (its change log and its store), sharing no code with the trigger
 * and never reading its state. Per successful poll: which jobs had to be read by then and how
 * (`deadline`, `scope`, `pace`), what each read owes and whether the items are exactly that
 * (`read`, `checkValues`, `leftovers`). test/tools/soak/README.md states the rules; each quotes
 * README beside it.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { API_KEY } from '../../harness/secrets';
import { TriggerHarness } from '../../harness/trigger';
import type { ApplicationFacts, Fixtures, RequestLogEntry, Sandbox } from '../sandbox';
import { canonical, isRetry, Poller } from './runner';
import type { PollOptions } from './runner';

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

/** A stage as the sandbox defines it, as far as an item shows it. */
type StageDefinition = Pick<
	Fixtures['applicationStages'][number],
	'id' | 'type' | 'name' | 'order'
>;

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

/** All Jobs, every event, Start: Everything; the other settings change some of it. */
export const ALL_JOBS: WatchSetting = {
	label: 'All Jobs, every event, Everything',
	watch: 'all',
	start: 'everything',
	events: OWED.map((row) => row.event),
};

/**
 * Whether an event of an application in `stage` is emitted under the setting's Target Stage
 * Types / Target Stages. properties.ts, Target Stage Types: "Only events of applications now in
 * a stage of these types (a removed one: its last stage). With Target Stages, either matches."
 * Target Stages: "Only events of applications now in one of these stages, by name or ID,
 * comma-separated (case does not matter)".
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

/**
 * A job in README's words: *new* (README: "A job created later has all its applications new";
 * Start Everything: "every existing application as New Application"), *to take in* (its first
 * read is silent: From Now's first polls; "a job reopened under Open Jobs Only"), *watched*
 * (read since; its applications' facts are that read's) or *out* (Open Jobs Only: "a watched
 * job whose read shows it closed gives that read's changes, its last, and is then not watched").
 */
type Status = 'new' | 'takeIn' | 'watched' | 'out';

interface JobModel {
	status: Status;
	/** The first poll it is owed a read from: the one after its last read, or since it is owed. */
	from: number;
	/** The most jobs watched in a poll since `from`. */
	jobs: number;
	/** `Model.cuts` before the poll that read it last (a job created: that listed it). */
	cuts: number;
	/** Take-in: the jobs waiting to be taken in at `from`, less the arrivals counted by then. */
	ahead: number;
	/** The job list showed it changed since its last read. */
	changed: boolean;
	/** Its lateness is noted (once a deadline). */
	noted: boolean;
}

interface Model {
	/** The polls the trigger counts (README: a failed poll changes nothing). */
	clock: number;
	/** The change log's seq when the trigger last read the job list (-1: it reads it anew). */
	seen: number;
	/** Jobs that came to wait for a take-in read, ever. */
	arrivals: number;
	/** Polls that reached Max Items per Poll, so far. */
	cuts: number;
	reported: Map<string, ApplicationFacts>;
	jobs: Map<string, JobModel>;
}

const copyModel = (model: Model): Model => ({
	...model,
	reported: new Map(model.reported),
	jobs: new Map([...model.jobs].map(([id, job]) => [id, { ...job }])),
});

export const PROBLEMS = ['missed', 'duplicated', 'unexpected', 'wrong', 'late', 'lost'] as const;
type Problem = (typeof PROBLEMS)[number];

const byProblem = <T>(value: () => T) =>
	Object.fromEntries(PROBLEMS.map((kind) => [kind, value()])) as Record<Problem, T>;

/** What a ledger found: figures, and up to 10 examples of each problem. */
const emptyReport = (setting: string) => ({
	setting,
	polls: 0,
	/** Reads by kind: on schedule, taking a job in, and those owing nothing. */
	reads: { scheduled: 0, takeIn: 0, silent: 0 },
	/** Idle polls whose cost was checked. */
	idle: 0,
	emitted: 0,
	byEvent: {} as Record<string, number>,
	owed: 0,
	deferred: 0,
	/** Applications the sandbox created, changed or removed, as its change log says. */
	logged: 0,
	problems: byProblem(() => 0),
	examples: byProblem((): string[] => []),
});
export type ApplicationReport = ReturnType<typeof emptyReport>;

const JOB_READ = /\/v1\/applications\/vacancy\/([^/?]+)$/;

/** The jobs whose applications a poll read: answers an injected fault did not change. */
export function jobsRead(entries: RequestLogEntry[]): { job: string; status: 200 | 404 }[] {
	const jobs: { job: string; status: 200 | 404 }[] = [];
	for (const entry of entries) {
		const match = JOB_READ.exec(entry.path);
		// A truncated body keeps the status it was sent with: a 404 still says the job is gone
		// (the trigger reads a 404 by its status), a 200 cut short fails the poll.
		const intact = !entry.fault || (entry.fault === 'truncate' && entry.status === 404);
		if (match && intact && (entry.status === 200 || entry.status === 404))
			jobs.push({ job: decodeURIComponent(match[1]), status: entry.status });
	}
	return jobs;
}

/** One successful poll as the ledger works through it. */
interface Run {
	number: number;
	model: Model;
	requests: RequestLogEntry[];
	items: IDataObject[];
	/** The items not consumed yet (`take`). */
	pool: IDataObject[];
	/** The jobs read so far, as reads on schedule or take-in reads. */
	read: Map<string, 'scheduled' | 'takeIn'>;
	/** The jobs watched as the poll began. */
	watched: number;
}

const matches = (job: string, application: string, event: string) => (item: IDataObject) =>
	item.jobId === job && item.applicationId === application && item.event === event;
function take(pool: IDataObject[], job: string, application: string, event: string) {
	const index = pool.findIndex(matches(job, application, event));
	return index < 0 ? undefined : pool.splice(index, 1)[0];
}

export class ApplicationLedger {
	/** What each application is now, folded from the change log (absent: not listed). */
	private readonly truth = new Map<string, ApplicationFacts>();

	/** Every application each job ever listed. */
	private readonly byJob = new Map<string, Set<string>>();

	/** Jobs the sandbox deleted. */
	private readonly deleted = new Set<string>();

	/** The seq of the change log's last job change. */
	private jobChangedAt = 0;

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
		readonly limits: { maxItems: number; jobsPerPoll: number },
		readonly setting: WatchSetting = { ...ALL_JOBS },
	) {
		this.seq = sandbox.changeLog.seq;
		const fixtures = sandbox.fixtures();
		this.stages = fixtures.applicationStages;
		this.openStages = new Set(fixtures.vacancyStages.filter((s) => s.isOpen).map((s) => s.id));
		this.report = emptyReport(setting.label);
		for (const id of fixtures.applicationIds) {
			const facts = sandbox.store.applicationFacts(id);
			if (facts) this.setTruth(id, facts);
		}
	}

	/** Some problem was found: the soak stops polling this trigger. */
	get failing(): boolean {
		return PROBLEMS.some((kind) => this.report.problems[kind] > 0);
	}

	/** The job's stage is open now (the sandbox's own stage table). */
	private isOpen(jobId: string): boolean {
		const job = this.sandbox.store.getVacancy(jobId);
		return job !== undefined && this.openStages.has(job.stageId);
	}

	/** Open Jobs Only, and the job is closed now. */
	private closed(jobId: string): boolean {
		return this.setting.watch === 'open' && !this.deleted.has(jobId) && !this.isOpen(jobId);
	}

	/** Jobs to Watch, properties.ts: All Jobs "Every job of the job list"; Picked Jobs "Only the jobs picked below". */
	private inScope(jobId: string): boolean {
		return this.setting.watch !== 'picked' || (this.setting.picked ?? []).includes(jobId);
	}

	/** The user takes a job out of Picked Jobs (after the trigger failed naming it). */
	unpick(jobId: string): void {
		this.setting.picked = (this.setting.picked ?? []).filter((id) => id !== jobId);
		// Another Jobs to Watch: the trigger reads the whole job list again (not an idle poll).
		for (const model of [this.model, this.saved])
			if (model) Object.assign(model, { seen: -1 }).jobs.delete(jobId);
	}

	private setTruth(id: string, facts: ApplicationFacts): void {
		this.truth.set(id, facts);
		if (facts.job === null) return;
		const ids = this.byJob.get(facts.job) ?? new Set<string>();
		this.byJob.set(facts.job, ids.add(id));
	}

	/**
	 * A job starts waiting to be taken in (README: "at most Jobs per Poll a poll beside the
	 * rotation"): behind those waiting now and those that come to wait after it.
	 */
	private wait(model: Model, job: JobModel): void {
		const waiting = [...model.jobs.values()].filter((other) => this.waiting(other)).length;
		model.arrivals++;
		Object.assign(job, { from: model.clock + 1, ahead: waiting + 1 - model.arrivals });
	}

	private waiting(job: JobModel): boolean {
		return job.status === 'takeIn' || (job.status === 'out' && job.changed);
	}

	/** The job list shows a job created or changed: what that makes of it. */
	private listed(model: Model, id: string, kind: 'created' | 'updated'): void {
		if (!this.inScope(id)) return;
		const job = model.jobs.get(id);
		if (kind === 'created' || job === undefined) {
			// README: "A job created later has all its applications new."
			if (job) return;
			model.jobs.set(id, this.fresh(model, 'new'));
			return;
		}
		// README, Open Jobs Only: "a closed job is read again only when the job list shows it
		// changed"; "a job reopened under Open Jobs Only" is taken in.
		if (job.status === 'out' && !job.changed) this.wait(model, job);
		job.changed = true;
	}

	private fresh(model: Model, status: Status): JobModel {
		const job = { status, from: model.clock + 1, cuts: model.cuts, ahead: 0 };
		return { ...job, jobs: this.watchedCount(model), changed: false, noted: false };
	}

	/** Folds the sandbox's change log since the last call into the truth and the model. */
	private readLog(): void {
		for (const entry of this.sandbox.changeLog.since(this.seq)) {
			if (entry.resource === 'vacancy') {
				this.jobChangedAt = entry.seq;
				if (entry.kind === 'removed') this.deleted.add(entry.id);
				else if (this.model) this.listed(this.model, entry.id, entry.kind);
				continue;
			}
			if (entry.resource !== 'application') continue;
			this.report.logged++;
			// The log must chain: each change starts from what the one before left.
			if (JSON.stringify(entry.before) !== JSON.stringify(this.truth.get(entry.id)))
				throw new Error(`the sandbox's change log skips a change of ${entry.id}`);
			if (entry.after === undefined) this.truth.delete(entry.id);
			else this.setTruth(entry.id, entry.after);
		}
		this.seq = this.sandbox.changeLog.seq;
	}

	/**
	 * The model of a first activation, made at the first successful poll: a poll that fails
	 * changes nothing, so until one succeeds every poll is the trigger's first. Start,
	 * properties.ts: Everything "Emit every existing application as New Application first, then
	 * the changes"; From Now "The first polls read every watched job once, silently (Jobs per
	 * Poll a poll)". (README, Open Jobs Only: "one the job list shows closed is not read at all":
	 * the spec's job list items, and the sandbox's, do not show whether a stage is open, so a
	 * job is known closed by a read of it.)
	 */
	private freshModel(): Model {
		const model: Model = {
			...{ clock: 0, seen: 0, arrivals: 0, cuts: 0 },
			...{ reported: new Map(), jobs: new Map() },
		};
		const status = this.setting.start === 'everything' ? 'new' : 'takeIn';
		for (const id of this.sandbox.fixtures().vacancyIds)
			if (this.inScope(id)) model.jobs.set(id, this.fresh(model, status));
		// Each job waits behind all of them: ahead 0, arrivals every job.
		for (const job of model.jobs.values()) job.jobs = model.jobs.size;
		model.arrivals = status === 'takeIn' ? model.jobs.size : 0;
		return model;
	}

	/** README's "jobs" of ceil(jobs ÷ Jobs per Poll): those the trigger watches or may read. */
	private watchedCount(model: Model): number {
		return [...model.jobs.values()].filter((job) => job.status !== 'out' || job.changed).length;
	}

	/**
	 * The last poll by which the job must have been read (undefined: none is owed). README,
	 * sizing: "each watched job is read at least every ceil(jobs ÷ Jobs per Poll) polls, a job
	 * created within as many of being listed; a poll Max Items cuts puts them a poll later";
	 * nodes/RecruitingTrigger/README.md, "(jobs: the most watched since)" its last read; taking
	 * in, "Jobs per Poll a poll beside the rotation (by id: a job waits at most ceil(jobs to take
	 * in ÷ Jobs per Poll) polls, counting those that come to wait after it)".
	 */
	private deadline(model: Model, id: string, job: JobModel): number | undefined {
		const { jobsPerPoll } = this.limits;
		const gone = this.deleted.has(id);
		const rotation = () => job.from - 1 + Math.ceil(job.jobs / jobsPerPoll) + model.cuts - job.cuts;
		const takeIn = () => job.from - 1 + Math.ceil((job.ahead + model.arrivals) / jobsPerPoll);
		switch (job.status) {
			case 'watched':
				return rotation();
			case 'new':
				return gone || this.closed(id) ? undefined : rotation();
			case 'takeIn':
				return gone || this.closed(id) ? undefined : takeIn();
			case 'out':
				return job.changed && !gone && !this.closed(id) ? takeIn() : undefined;
		}
	}

	/** Whether the job still owes a read: changed since its last read, by the sandbox's records. */
	private unsettled(model: Model, id: string, job: JobModel): boolean {
		if (job.status !== 'watched') return this.deadline(model, id, job) !== undefined;
		if (this.deleted.has(id) || this.closed(id)) return true;
		const same = (app: string) =>
			JSON.stringify(model.reported.get(app)) === JSON.stringify(this.truth.get(app));
		return ![...(this.byJob.get(id) ?? [])].every(same);
	}

	/** Every job in scope was read after its last change (the drain may end). */
	settled(): boolean {
		this.readLog();
		const model = this.model;
		return !!model && [...model.jobs].every(([id, job]) => !this.unsettled(model, id, job));
	}

	private note(kind: Problem, text: string, count = 1): void {
		this.report.problems[kind] += count;
		if (this.report.examples[kind].length < 10) this.report.examples[kind].push(text);
	}

	/** The events of `was` → `is` the setting emits (Events, Target Stage Types / Stages). */
	private wanted(was: Facts, is: Facts): string[] {
		// Events, properties.ts: "Which changes start the workflow, one item each."
		const chosen = owedEvents(was, is).filter((event) => this.setting.events.includes(event));
		return onTarget(this.setting, this.stages, (is ?? was)?.stage) ? chosen : [];
	}

	/** A successful poll numbered `number` made `requests` and emitted `items`. */
	poll(number: number, requests: RequestLogEntry[], items: IDataObject[]): void {
		this.readLog();
		const model = (this.model ??= this.freshModel());
		const clock = ++model.clock;
		const idle = clock > 1 && this.jobChangedAt <= model.seen && !this.anyWaiting(model);
		model.seen = this.sandbox.changeLog.seq;
		const run: Run = {
			number,
			model,
			requests,
			items,
			pool: [...items],
			read: new Map(),
			watched: this.watchedCount(model),
		};
		this.report.polls++;
		this.report.emitted += items.length;
		for (const { event } of items)
			this.report.byEvent[String(event)] = (this.report.byEvent[String(event)] ?? 0) + 1;
		const reads = jobsRead(requests);
		let cut = false;
		reads.forEach(({ job, status }, index) => {
			const kind = this.scope(run, job);
			if (kind === undefined) return;
			run.read.set(job, kind);
			cut = this.read(run, job, status === 404, index === reads.length - 1) || cut;
		});
		const full = cut || items.length >= this.limits.maxItems;
		this.pace(run, idle && !full);
		this.schedule(run, full);
		this.leftovers(run);
		// n8n saves the state with a poll that emits items; with durable cursors, with every poll.
		if (items.length > 0 || this.setting.durable) this.saved = copyModel(model);
	}

	/** A read in scope, as a scheduled or a take-in read; undefined (noted): out of scope. */
	private scope({ model, read, number }: Run, jobId: string): 'scheduled' | 'takeIn' | undefined {
		const job = model.jobs.get(jobId);
		if (job && !read.has(jobId) && (job.status !== 'out' || job.changed))
			return this.waiting(job) ? 'takeIn' : 'scheduled';
		const [, why] = [
			[read.has(jobId), 'read twice'],
			[this.deleted.has(jobId), 'deleted, read before'],
			[job, 'closed, not shown changed'],
			[true, 'not watched'],
		].find(([reason]) => reason) as [unknown, string];
		this.note('unexpected', `${jobId}, poll ${number}: a read of a job out of scope (${why})`);
		return undefined;
	}

	/**
	 * One read of a job in scope: what it owes, consumed from the poll's items; then what the
	 * job is. `last`: the poll's last read. Whether Max Items cut it.
	 */
	private read(
		{ model, number, pool, items, watched }: Run,
		jobId: string,
		gone: boolean,
		last: boolean,
	): boolean {
		const job = model.jobs.get(jobId) as JobModel;
		const closed = !gone && this.closed(jobId);
		const owes = job.status === 'watched' || (job.status === 'new' && !gone && !closed);
		if (!owes) this.report.reads.silent++;
		const owedHere = [...(this.byJob.get(jobId) ?? [])].sort().map((id) => {
			const is = gone ? undefined : this.truth.get(id);
			const was = job.status === 'watched' ? model.reported.get(id) : undefined;
			return { id, owed: owes ? this.wanted(was, is) : [], was, is };
		});
		// Max Items: the last job's applications that emitted none of what they owe wait for
		// the next read if one of them did not fit.
		const skipped = owedHere.filter(
			({ id, owed }) =>
				owed.length > 0 && !pool.some((item) => owed.some((e) => matches(jobId, id, e)(item))),
		);
		const cut =
			last && skipped.some(({ owed }) => items.length + owed.length > this.limits.maxItems);
		const deferred = new Set(cut ? skipped.map(({ id }) => id) : []);
		for (const { id, owed, was, is } of owedHere) {
			if (deferred.has(id)) {
				this.report.deferred += owed.length;
				continue;
			}
			this.report.owed += owed.length;
			for (const event of owed) {
				const item = take(pool, jobId, id, event);
				const what = `${id} on ${jobId}, poll ${number}: ${event}`;
				if (item === undefined) this.note('missed', `${what} owed, not emitted`);
				else this.checkValues(what, item, was, is);
				if (item) this.everEmitted.set(id, (this.everEmitted.get(id) ?? new Set()).add(event));
			}
		}
		// What the job is after the read: a cut one stays watched until the rest is read.
		const after: Status | 'gone' = cut ? 'watched' : gone ? 'gone' : closed ? 'out' : 'watched';
		for (const { id, is } of owedHere) {
			if (deferred.has(id)) continue;
			if (after === 'watched' && is !== undefined) model.reported.set(id, is);
			else model.reported.delete(id);
		}
		if (after === 'gone') model.jobs.delete(jobId);
		else {
			// "(jobs: the most watched since)" its last read: this poll's count among them.
			const job = this.fresh(model, after);
			model.jobs.set(jobId, { ...job, jobs: Math.max(job.jobs, watched) });
		}
		return cut;
	}

	private anyWaiting(model: Model): boolean {
		return [...model.jobs.values()].some((job) => this.waiting(job));
	}

	/**
	 * README, sizing: at most Jobs per Poll jobs on schedule, and "at most Jobs per Poll more"
	 * taken in; "an idle poll costs 1 + min(jobs, Jobs per Poll)" requests (idle: no job changed,
	 * none to take in, Max Items not reached).
	 */
	private pace({ number, requests, read, watched }: Run, idle: boolean): void {
		const { jobsPerPoll } = this.limits;
		for (const kind of ['scheduled', 'takeIn'] as const) {
			const reads = [...read.values()].filter((k) => k === kind).length;
			this.report.reads[kind] += reads;
			if (reads > jobsPerPoll)
				this.note(
					'unexpected',
					`poll ${number}: ${reads} ${kind} reads, Jobs per Poll ${jobsPerPoll}`,
				);
		}
		if (!idle) return;
		this.report.idle++;
		const sent = requests.filter((_, index) => !isRetry(requests, index)).length;
		const cost = 1 + Math.min(watched, jobsPerPoll);
		if (sent !== cost)
			this.note(
				'unexpected',
				`poll ${number}, idle: ${sent} requests, README: 1 + min(jobs, Jobs per Poll) = ${cost}`,
			);
	}

	/** After the reads: how long each job may wait now, and which are late. */
	private schedule({ model, number, read, watched }: Run, full: boolean): void {
		if (full) model.cuts++;
		for (const [id, job] of model.jobs) {
			if (read.has(id)) continue;
			job.jobs = Math.max(job.jobs, watched);
			const due = this.deadline(model, id, job);
			if (due === undefined || model.clock < due || job.noted) continue;
			job.noted = true;
			const { jobsPerPoll } = this.limits;
			const why = this.waiting(job)
				? `${job.ahead + model.arrivals} jobs to take in`
				: `${job.jobs} jobs, ${model.cuts - job.cuts} polls at Max Items`;
			this.note(
				'late',
				`${id} (${job.status}), due from poll ${job.from} within ${due - job.from + 1}, not read by poll ${number} (${why}, Jobs per Poll ${jobsPerPoll})`,
			);
		}
	}

	/**
	 * What no read owed: a repeat of an event emitted before, or a stray item; and Max Items per
	 * Poll, properties.ts: "The most items one poll emits" (the events of one application are
	 * emitted together, so a poll's first application may pass it).
	 */
	private leftovers({ number, items, pool }: Run): void {
		const applications = new Set(items.map((item) => String(item.applicationId)));
		if (items.length > this.limits.maxItems && applications.size > 1)
			this.note(
				'unexpected',
				`poll ${number}: ${items.length} items, Max Items per Poll ${this.limits.maxItems}`,
			);
		for (const item of pool) {
			const id = String(item.applicationId);
			const text = `${id} on ${String(item.jobId)}, poll ${number}: ${String(item.event)} owed by nothing`;
			const own = this.byJob.get(String(item.jobId))?.has(id) === true;
			if (own && this.everEmitted.get(id)?.has(String(item.event))) this.note('duplicated', text);
			else this.note('unexpected', text);
		}
	}

	/**
	 * n8n restarts: the trigger is back at the state saved with the last emitting poll, its job
	 * list position too, so the list shows again what changed since; before the first save it
	 * starts over (From Now: from the restart).
	 */
	restart(): void {
		this.readLog();
		const saved = this.saved;
		this.model = saved && copyModel(saved);
		if (!this.model || !saved) return;
		for (const entry of this.sandbox.changeLog.since(saved.seen))
			if (entry.resource === 'vacancy' && entry.kind !== 'removed')
				this.listed(this.model, entry.id, entry.kind);
	}

	/** Every field README names on an item, against the log and the sandbox's stage table. */
	private checkValues(what: string, item: IDataObject, was: Facts, is: Facts): void {
		const wrong = (field: string, expected: unknown, value = item[field]) => {
			const actual = canonical(value);
			if (actual !== canonical(expected ?? null))
				this.note('wrong', `${what} with ${field} ${actual}, the log's ${canonical(expected)}`);
		};
		const stage = (id: string | undefined) => {
			const found = this.stages.find((s) => s.id === id);
			return found && { id: found.id, name: found.name, type: found.type, order: found.order };
		};
		const now = (is ?? was) as ApplicationFacts;
		wrong('candidateId', now.candidate);
		wrong('jobId', now.job);
		wrong('stage', stage(now.stage));
		wrong('state', now.state);
		if (item.event === 'stageChanged') {
			wrong('fromStage', stage(was?.stage));
			wrong('toStage', stage(is?.stage));
		}
		if (item.event === 'stateChanged') {
			wrong('fromState', was?.state);
			wrong('toState', is?.state);
		}
		if (item.event === 'interviewScheduled') {
			const { id, startTime } = (item.interview ?? {}) as IDataObject;
			wrong('interview', is?.interview, { id, startTime });
		}
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
		// A ledger that found a problem stopped its trigger before the drain: nothing more to say.
		const model = this.model ?? this.freshModel();
		if (this.failing) return this.report;
		for (const [jobId, job] of model.jobs) {
			if (!this.unsettled(model, jobId, job)) continue;
			const owes = job.status === 'watched' || job.status === 'new';
			const owed = [...(this.byJob.get(jobId) ?? [])].flatMap((id) =>
				owes ? this.wanted(model.reported.get(id), this.truth.get(id)) : [],
			);
			this.note(
				'lost',
				`${jobId} (${job.status}): not read after its last change; [${owed.join(', ')}] never emitted`,
				Math.max(1, owed.length),
			);
		}
		return this.report;
	}
}

/** The node's parameters for a setting and its limits (as the editor writes them). */
function parameters(setting: WatchSetting, limits: ApplicationLedger['limits']): INodeParameters {
	return {
		resource: 'application',
		events: setting.events,
		watch: setting.watch,
		...(setting.watch === 'picked' && {
			pickedJobs: {
				jobs: (setting.picked ?? []).map((id) => ({ job: { mode: 'id', value: id } })),
			},
		}),
		start: setting.start,
		options: {
			jobsPerPoll: limits.jobsPerPoll,
			maxItemsPerPoll: limits.maxItems,
			...(setting.stageTypes && { stageTypes: setting.stageTypes }),
			...(setting.stages && { stages: setting.stages.join(', ') }),
		},
	};
}

/**
 * The application trigger under its ledger's setting, against the sandbox at `baseUrl`, polled
 * as n8n polls it (runner.ts), each successful poll checked by the ledger.
 */
export class ApplicationRunner extends Poller {
	constructor(
		baseUrl: string,
		readonly ledger: ApplicationLedger,
		options: Omit<PollOptions, 'label'>,
	) {
		const { setting, limits } = ledger;
		const harness = new TriggerHarness(
			parameters(setting, limits),
			{ baseUrl, apiKey: API_KEY },
			undefined,
			setting.durable,
		);
		super(harness, { ...options, label: setting.label });
	}

	/** The user takes a job out of Picked Jobs (after the trigger failed naming it). */
	unpick(jobId: string): void {
		this.ledger.unpick(jobId);
		this.harness.setParameters(parameters(this.ledger.setting, this.ledger.limits));
	}

	protected check(number: number, items: IDataObject[], requests: RequestLogEntry[]): void {
		this.ledger.poll(number, requests, items);
	}

	protected restart(): void {
		super.restart();
		this.ledger.restart();
	}
}
