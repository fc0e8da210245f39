/*
 * The soak's oracle for the application trigger, written from README's event table and the
 * sandbox's own record of what it did, sharing no code with the trigger. The API has no feed
 * of application changes; the trigger promises that every change between two reads of a job
 * is emitted once. The sandbox's change log says, for every change it made to an application,
 * what the application was before and is after (ApplicationFacts: its stage id, state,
 * whether placed, its next interview). The ledger folds that log into what each application
 * is now (the *truth*; records change only between polls, so the truth during a poll is the
 * truth after it) and keeps what it was when the trigger last reported on it (the *reported*
 * facts), then:
 *
 * 1. For every job the poll read (a 200 answer in the sandbox's request log), the events of
 *    each of its applications are exactly the rows of README's table that hold between the
 *    reported facts and the truth (`OWED`), with the from- and to-values the log gives. A row
 *    with no event is *missed*; an event with no row (or with the wrong values) *duplicated*.
 *    Then the reported facts are the truth.
 * 2. A poll that reached Max Items per Poll stops inside its last job: the events it left
 *    there are *deferred* to a later read, not missed.
 * 3. After the drain (every job read since the last change, nothing emitted), an application
 *    owed anything is *lost*.
 */
import type { IDataObject } from 'n8n-workflow';

import { itemsOf } from '../../harness/trigger';
import type { TriggerHarness } from '../../harness/trigger';
import type { ApplicationFacts, RequestLogEntry, Sandbox } from '../sandbox';
import { failureKind } from './runner';

type Json = Record<string, unknown>;

/** An application as the sandbox says it is; undefined: not listed (never, or removed). */
type Facts = ApplicationFacts | undefined;

const sameInterview = (a: ApplicationFacts['interview'], b: ApplicationFacts['interview']) =>
	a?.id === b?.id && a?.startTime === b?.startTime;

/**
 * README, "Application events": each event and when it is owed between the facts at the
 * trigger's last report (`was`) and now (`is`).
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
	// "an application the job no longer lists"
	{ event: 'removed', when: (was, is) => was !== undefined && is === undefined },
];

export function owedEvents(was: Facts, is: Facts): string[] {
	return OWED.filter((row) => row.when(was, is)).map((row) => row.event);
}

export interface ApplicationReport {
	polls: number;
	jobReads: number;
	emitted: number;
	byEvent: Record<string, number>;
	owed: number;
	missed: number;
	duplicated: number;
	deferred: number;
	lost: number;
	/** Applications the sandbox created, changed or removed, as its change log says. */
	logged: number;
	/** Up to 10 examples of each problem. */
	examples: { missed: string[]; duplicated: string[]; lost: string[] };
}

const record = (value: unknown): Json =>
	typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};

export class ApplicationLedger {
	/** What each application is now, folded from the change log (absent: not listed). */
	private readonly truth = new Map<string, ApplicationFacts>();

	/** What each application was when the trigger last reported on it (absent: not listed). */
	private readonly reported = new Map<string, ApplicationFacts>();

	/** Every application each job ever listed. */
	private readonly byJob = new Map<string, Set<string>>();

	private seq: number;

	private readonly report: ApplicationReport = {
		polls: 0,
		jobReads: 0,
		emitted: 0,
		byEvent: {},
		owed: 0,
		missed: 0,
		duplicated: 0,
		deferred: 0,
		lost: 0,
		logged: 0,
		examples: { missed: [], duplicated: [], lost: [] },
	};

	/**
	 * Start: Everything owes the applications the sandbox was seeded with (they have no change
	 * log entry) as New Application.
	 */
	constructor(
		private readonly sandbox: Sandbox,
		private readonly maxItems: number,
	) {
		this.seq = sandbox.changeLog.seq;
		for (const id of sandbox.fixtures().applicationIds) {
			const facts = sandbox.store.applicationFacts(id);
			if (facts) this.setTruth(id, facts);
		}
	}

	/** The jobs whose applications a poll read: 200 answers without an injected fault. */
	static jobsRead(entries: RequestLogEntry[]): string[] {
		const jobs: string[] = [];
		for (const entry of entries) {
			const match = /\/v1\/applications\/vacancy\/([^/?]+)$/.exec(entry.path);
			if (match && entry.status === 200 && !entry.fault) jobs.push(decodeURIComponent(match[1]));
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
		for (const entry of this.sandbox.changeLog.since(this.seq, 'application')) {
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

	private note(kind: 'missed' | 'duplicated' | 'lost', text: string): void {
		this.report[kind]++;
		if (this.report.examples[kind].length < 10) this.report.examples[kind].push(text);
	}

	/** A successful poll read `jobs` (in order) and emitted `items`. */
	poll(number: number, jobs: string[], items: IDataObject[]): void {
		this.readLog();
		this.report.polls++;
		this.report.jobReads += jobs.length;
		this.report.emitted += items.length;
		const byApplication = new Map<string, IDataObject[]>();
		for (const item of items) {
			const event = String(item.event);
			this.report.byEvent[event] = (this.report.byEvent[event] ?? 0) + 1;
			const id = String(item.applicationId);
			byApplication.set(id, [...(byApplication.get(id) ?? []), item]);
		}
		const capped = items.length + 5 > this.maxItems;
		const lastJob = jobs[jobs.length - 1];
		const handled = new Set<string>();
		for (const jobId of jobs) {
			for (const id of [...(this.byJob.get(jobId) ?? [])].sort()) {
				const was = this.reported.get(id);
				const is = this.truth.get(id);
				const owed = owedEvents(was, is).sort();
				const emitted = (byApplication.get(id) ?? []).filter((item) => item.jobId === jobId);
				handled.add(id);
				if (emitted.length === 0 && owed.length > 0 && capped && jobId === lastJob) {
					// Left by Max Items per Poll for the next read of this job.
					this.report.deferred += owed.length;
					continue;
				}
				this.report.owed += owed.length;
				const got = emitted.map((item) => String(item.event)).sort();
				if (got.join() !== owed.join()) {
					const text = `${id} on ${jobId}, poll ${number}: owed [${owed.join(', ')}], emitted [${got.join(', ')}]`;
					this.note(got.length < owed.length ? 'missed' : 'duplicated', text);
				}
				for (const item of emitted) this.checkValues(id, item, was, is, number);
				if (is === undefined) this.reported.delete(id);
				else this.reported.set(id, is);
			}
		}
		for (const [id, emitted] of byApplication) {
			if (!handled.has(id)) {
				this.note(
					'duplicated',
					`${id}, poll ${number}: ${emitted.length} item(s) for a job not read`,
				);
			}
		}
	}

	/** An item says what it is about: those must be the facts the sandbox logged. */
	private checkValues(id: string, item: IDataObject, was: Facts, is: Facts, number: number): void {
		const wrong = (what: string) =>
			this.note('duplicated', `${id}, poll ${number}: ${String(item.event)} with ${what}`);
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
		for (const id of new Set([...this.truth.keys(), ...this.reported.keys()])) {
			const owed = owedEvents(this.reported.get(id), this.truth.get(id));
			if (owed.length > 0) this.note('lost', `${id}: [${owed.join(', ')}] never emitted`);
		}
		return this.report;
	}
}

/**
 * The application trigger polled as n8n polls it (the same restarts and failures as the
 * job and candidate triggers: runner.ts), each successful poll checked by the ledger.
 */
export class ApplicationRunner {
	polls = 0;

	failed = 0;

	restarts = 0;

	readonly failures = new Map<string, number>();

	constructor(
		readonly harness: TriggerHarness,
		private readonly ledger: ApplicationLedger,
		private readonly sandbox: Sandbox,
		private readonly options: {
			random: () => number;
			restartRate: number;
			restartAfterFailure: number;
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
			const kind = failureKind(error);
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
	}
}
