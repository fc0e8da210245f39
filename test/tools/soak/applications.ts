/*
 * The soak's oracle for the application trigger. The API has no feed of application changes;
 * the trigger promises that every change seen between two reads of a job is emitted once. So
 * the ledger keeps, per application, what the trigger's items say it is (the *replay*) and
 * checks every successful poll against the sandbox (the *truth*; records change only between
 * polls, so the truth during a poll is the truth after it):
 *
 * 1. For every job the poll read (a 200 answer in the sandbox's request log), the events of
 *    each of its applications are exactly the difference between the replay and the truth:
 *    new, removed, another stage, another state, placed, a new next interview. A difference
 *    with no event is *missed*; an event with no difference (or from or to the wrong value)
 *    is *duplicated*. Then the replay of those applications is the truth.
 * 2. A poll that reached Max Items per Poll stops inside its last job: the differences it left
 *    there are *deferred* to a later read, not missed.
 * 3. After the drain (every job read since the last change, nothing emitted), an application
 *    whose replay is not the truth is *lost*.
 */
import type { IDataObject } from 'n8n-workflow';

import { itemsOf } from '../../harness/trigger';
import type { TriggerHarness } from '../../harness/trigger';
import type { RequestLogEntry, Sandbox } from '../sandbox';
import { failureKind } from './runner';

type Json = Record<string, unknown>;

interface View {
	jobId: string;
	stage: string;
	state: string;
	placed: boolean;
	interview: string;
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
	/** Up to 10 examples of each problem. */
	examples: { missed: string[]; duplicated: string[]; lost: string[] };
}

const record = (value: unknown): Json =>
	typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};

function viewOf(jobId: string, item: Json): View {
	const interview = record(item.nextInterview);
	return {
		jobId,
		stage: String(record(item.stage).id),
		state: String(record(item.applicationState).state),
		placed: item.isPlaced === true,
		interview: item.nextInterview ? `${String(interview.id)}@${String(interview.startTime)}` : '',
	};
}

/** The events the trigger owes for an application between two reads. */
function owedEvents(before: View | undefined, after: View | undefined): string[] {
	if (before === undefined && after === undefined) return [];
	if (before === undefined) return ['newApplication'];
	if (after === undefined) return ['removed'];
	const events: string[] = [];
	if (before.stage !== after.stage) events.push('stageChanged');
	if (before.state !== after.state) events.push('stateChanged');
	if (!before.placed && after.placed) events.push('placed');
	if (after.interview !== '' && after.interview !== before.interview) {
		events.push('interviewScheduled');
	}
	return events;
}

export class ApplicationLedger {
	private readonly replay = new Map<string, View>();

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
		examples: { missed: [], duplicated: [], lost: [] },
	};

	constructor(
		private readonly sandbox: Sandbox,
		private readonly maxItems: number,
	) {}

	/** The jobs whose applications a poll read: 200 answers without an injected fault. */
	static jobsRead(entries: RequestLogEntry[]): string[] {
		const jobs: string[] = [];
		for (const entry of entries) {
			const match = /\/v1\/applications\/vacancy\/([^/?]+)$/.exec(entry.path);
			if (match && entry.status === 200 && !entry.fault) jobs.push(decodeURIComponent(match[1]));
		}
		return jobs;
	}

	private note(kind: 'missed' | 'duplicated' | 'lost', text: string): void {
		this.report[kind]++;
		if (this.report.examples[kind].length < 10) this.report.examples[kind].push(text);
	}

	/** A successful poll read `jobs` (in order) and emitted `items`. */
	poll(number: number, jobs: string[], items: IDataObject[]): void {
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
			const truth = new Map<string, View>();
			for (const item of this.sandbox.applicationsOf(jobId)) {
				truth.set(String(item.id), viewOf(jobId, item));
			}
			const ids = new Set([
				...truth.keys(),
				...[...this.replay].filter(([, view]) => view.jobId === jobId).map(([id]) => id),
			]);
			for (const id of [...ids].sort()) {
				const before = this.replay.get(id);
				const after = truth.get(id);
				const owed = owedEvents(before, after).sort();
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
				for (const item of emitted) this.checkValues(id, item, before, after, number);
				if (after === undefined) this.replay.delete(id);
				else this.replay.set(id, after);
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

	/** An item says where from and where to: those must be the replay and the truth. */
	private checkValues(
		id: string,
		item: IDataObject,
		before: View | undefined,
		after: View | undefined,
		number: number,
	): void {
		const wrong = (what: string) =>
			this.note('duplicated', `${id}, poll ${number}: ${String(item.event)} with ${what}`);
		if (item.event === 'stageChanged') {
			if (record(item.fromStage).id !== before?.stage) wrong('another from-stage');
			if (record(item.toStage).id !== after?.stage) wrong('another to-stage');
		}
		if (item.event === 'stateChanged') {
			if (item.fromState !== before?.state) wrong('another from-state');
			if (item.toState !== after?.state) wrong('another to-state');
		}
	}

	/** After the drain: every application's replay is the truth. */
	finish(jobIds: string[]): ApplicationReport {
		const truth = new Map<string, View>();
		for (const jobId of jobIds) {
			for (const item of this.sandbox.applicationsOf(jobId)) {
				truth.set(String(item.id), viewOf(jobId, item));
			}
		}
		for (const id of new Set([...truth.keys(), ...this.replay.keys()])) {
			const owed = owedEvents(this.replay.get(id), truth.get(id));
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
