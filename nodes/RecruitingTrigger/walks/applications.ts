import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INodeExecutionData, IPollFunctions, JsonObject } from 'n8n-workflow';

import { pathSegment } from '../../shared/address';
import { describeBody, toNodeError } from '../../shared/errors';
import { isRecord, scalarText } from '../../shared/values';
import type { Json } from '../../shared/values';
import { recruitingApiRequest } from '../../shared/transport';
import type { PacedRun } from '../../shared/transport';
import { differences } from '../applications/events';
import type { ApplicationEvent, Dictionaries, Difference } from '../applications/events';
import { jobsToRead } from '../applications/schedule';
import { candidateOf, encode, interviewOf, stateOf } from '../applications/snapshot';
import type { Fingerprint, Seen, StageView } from '../applications/snapshot';
import {
	dictionariesOf,
	emptyApplicationState,
	seenOf,
	sizeOf,
	STATE_CAP_BYTES,
} from '../applications/state';
import type { ApplicationState, JobEntry } from '../applications/state';
import { runPlan } from '../lists';
import { PollPlan } from '../plan';
import { recordId } from '../records';
import { emptyState } from '../state';

/*
 * The application walk: the API has no feed of application changes, only a job's applications
 * (GET /applications/vacancy/{id}), so the trigger keeps a fingerprint of every application it
 * watches and emits the differences between two reads of a job. A poll:
 * 1. reads the job list from its watermark, exactly as the job trigger does (one request when
 *    nothing changed): jobs created or changed since the last poll;
 * 2. reads the applications of at most Jobs per Poll watched jobs, picked by the schedule
 *    (applications/schedule.ts): every watched job at least once every ceil(jobs / Jobs per
 *    Poll) polls, changed jobs as soon as the rotation leaves room;
 * 3. emits one item per wanted event and stores the new fingerprints with them.
 * From Now's first poll reads every watched job once and emits nothing; a job first read
 * later (created since, or not read yet under Everything) has all its applications new.
 */

export interface ApplicationSettings {
	events: ApplicationEvent[];
	jobs: 'all' | 'open' | 'picked';
	picked: string[];
	/** Target stage: the event's stage is one of these types or stages (ids or names); empty: any. */
	stageTypes: string[];
	stages: string[];
	jobsPerPoll: number;
	maxItems: number;
	start: 'now' | 'everything';
	/** The application as the Output option shows it. */
	output: (raw: unknown) => IDataObject;
}

export interface ApplicationPoll {
	items: INodeExecutionData[];
	state: ApplicationState;
}

const MINUTE = 60_000;

/** What Jobs to Watch watches, as stored: a change of it is a new watch for the jobs it adds. */
export function scopeOf(settings: Pick<ApplicationSettings, 'jobs' | 'picked'>): string {
	return settings.jobs === 'picked'
		? `picked:${[...new Set(settings.picked)].sort().join('\u0000')}`
		: settings.jobs;
}

/**
 * One poll of the application trigger; the caller stores `state` once the poll succeeded.
 *
 * A job is read silently the first time it is watched (its applications are where the watch
 * starts from): in From Now's first poll every job, later a job Jobs to Watch now takes in
 * (another choice, a job reopened under Open Jobs Only). Those are all read in that poll, so
 * nothing changes unseen before their first read. A job created since the last poll, and under
 * Everything every job of the first poll, is `n`ew instead: its first read emits its
 * applications as New Application, in its turn of the rotation.
 */
export async function pollApplications(
	context: IPollFunctions,
	settings: ApplicationSettings,
	stored: ApplicationState | undefined,
	run: PacedRun,
	now: number,
): Promise<ApplicationPoll> {
	const scope = scopeOf(settings);
	const first = stored === undefined;
	// Another Jobs to Watch: read the whole job list again, to know every job it now takes in.
	const rescoped = stored !== undefined && stored.scope !== scope;
	const base = stored ?? emptyApplicationState(emptyState('job'));
	const state = rescoped ? { ...base, jobs: emptyState('job') } : base;
	const picked = settings.jobs === 'picked' ? new Set(settings.picked) : undefined;
	const watch: Record<string, JobEntry> = {};
	for (const [id, entry] of Object.entries(state.watch)) {
		if (!picked || picked.has(id)) watch[id] = entry;
	}

	// 1. Jobs created or changed since the last poll (the first poll: every job).
	const plan = new PollPlan(state.jobs, {
		resource: 'job',
		event: 'createdOrUpdated',
		maxItems: Infinity,
		now,
	});
	await runPlan(context, plan, 'job', run, (emissions) => {
		for (const { record, event } of emissions) {
			const id = recordId(record);
			// Picked Jobs: the others are not kept track of at all.
			if (id === undefined || (picked && !picked.has(id))) continue;
			const known = watch[id];
			const created =
				(first && settings.start === 'everything') ||
				(!first && !rescoped && known === undefined && event === 'created');
			const { c, ...entry } = known ?? { r: -1 };
			watch[id] = {
				...entry,
				d: 1,
				...closed(isOpen(record.stage), c ? { r: -1, c } : undefined),
				...(created && { n: 1 }),
			};
		}
	});
	for (const id of picked ?? []) watch[id] ??= { r: -1 };

	// 2. The jobs to read: those watched for the first time, all of them; then the schedule's.
	const eligible = watchedJobs(settings, watch);
	const inScope = new Set(eligible);
	for (const [id, entry] of Object.entries(watch)) {
		// Not watched now (closed under Open Jobs Only): its fingerprints are not kept.
		if (!inScope.has(id) && entry.a !== undefined) {
			const { a, ...rest } = entry;
			void a;
			watch[id] = rest;
		}
	}
	const firstRead = new Set(eligible.filter((id) => !watch[id].a && !watch[id].n));
	const toRead = [
		...firstRead,
		...jobsToRead(
			eligible
				.filter((id) => !firstRead.has(id))
				.map((id) => ({ id, lastRead: watch[id].r, due: watch[id].d === 1 })),
			state.poll,
			settings.jobsPerPoll,
		),
	];

	// 3. Read them, one after the other (paced after a 429), until Max Items per Poll.
	const dictionaries = dictionariesOf(state);
	const items: INodeExecutionData[] = [];
	const seenAt = new Date(now).toISOString();
	for (const jobId of toRead) {
		const silent = firstRead.has(jobId);
		if (!silent && items.length >= settings.maxItems) continue;
		const read = await readJob(context, jobId, run, settings.jobs === 'picked');
		const entry = watch[jobId];
		if (read === undefined) {
			// The API no longer has the job: its applications are no longer listed.
			const gone = differences(seenOf(entry), [], dictionaries, minutes(now));
			const job = { id: jobId, title: entry?.t ?? null };
			const kept = emit(gone, job, settings, dictionaries, seenAt, now, items, silent);
			if (kept.cut) watch[jobId] = { ...(entry ?? { r: -1 }), a: kept.fingerprints, d: 1 };
			else delete watch[jobId];
			continue;
		}
		const job = { id: jobId, title: read.title ?? entry?.t ?? null };
		const found = differences(seenOf(entry), read.applications, dictionaries, minutes(now));
		const kept = emit(found, job, settings, dictionaries, seenAt, now, items, silent);
		watch[jobId] = {
			r: state.poll,
			...closed(read.open, entry),
			...(job.title !== null && { t: job.title }),
			// Cut by Max Items before any of a new job's applications: still new, read again soon.
			...(kept.cut && { d: 1 }),
			...(kept.cut && entry?.n && kept.fingerprints.length === 0
				? { n: 1 }
				: { a: kept.fingerprints }),
		};
	}

	const next: ApplicationState = {
		...state,
		scope,
		poll: state.poll + 1,
		jobs: plan.nextState(),
		watch,
		stages: dictionaries.stages.entries,
		states: dictionaries.states.entries,
	};
	const size = sizeOf(next);
	if (size.bytes > STATE_CAP_BYTES) {
		throw new NodeOperationError(
			context.getNode(),
			`The trigger watches ${size.applications.toLocaleString('en-US')} applications, more than it keeps track of`,
			{
				description: `Their fingerprints take ${Math.round(size.bytes / 1000).toLocaleString('en-US')} KB; n8n stores them in the workflow and writes them with every poll that emits, so the trigger stops at ${STATE_CAP_BYTES / 1_000_000} MB. Watch fewer jobs: set Jobs to Watch to Open Jobs Only or Picked Jobs.`,
			},
		);
	}
	return { items, state: next };
}

/** The ids of the jobs the settings watch. */
function watchedJobs(settings: ApplicationSettings, watch: Record<string, JobEntry>): string[] {
	if (settings.jobs === 'picked') return [...new Set(settings.picked)];
	const ids = Object.keys(watch).sort();
	// A job last read closed is read again only when the job list shows it changed.
	if (settings.jobs === 'open') return ids.filter((id) => !watch[id].c || watch[id].d);
	return ids;
}

/** `isOpen` of a job's stage (`{ viewType, stage: { isOpen } }`), when the API gives it. */
function isOpen(stage: unknown): boolean | undefined {
	const inner = isRecord(stage) && isRecord(stage.stage) ? stage.stage : stage;
	return isRecord(inner) && typeof inner.isOpen === 'boolean' ? inner.isOpen : undefined;
}

/** The closed flag of a job entry after what was just learnt of its stage. */
function closed(open: boolean | undefined, entry: JobEntry | undefined): Pick<JobEntry, 'c'> {
	if (open === undefined) return entry?.c ? { c: 1 } : {};
	return open ? {} : { c: 1 };
}

function minutes(ms: number): number {
	return Math.floor(ms / MINUTE);
}

interface JobRead {
	title: string | null;
	open: boolean | undefined;
	applications: Json[];
}

/** GET /applications/vacancy/{id}; undefined when the API has no such job (404). */
async function readJob(
	context: IPollFunctions,
	jobId: string,
	run: PacedRun,
	picked: boolean,
): Promise<JobRead | undefined> {
	let body: unknown;
	try {
		body = await recruitingApiRequest.call(context, {
			method: 'GET',
			path: `/applications/vacancy/${pathSegment(jobId, 'Job')}`,
			subject: { label: 'job', id: jobId },
			run,
		});
	} catch (error) {
		if (error instanceof NodeApiError && String(error.httpCode) === '404') {
			if (!picked) return undefined;
			throw new NodeOperationError(
				context.getNode(),
				`Job "${jobId}" of Jobs to Watch was not found`,
				{
					description:
						'The API has no job with this ID any more: remove it from Jobs to Watch or pick it again from the list.',
				},
			);
		}
		throw toNodeError(context.getNode(), error);
	}
	if (!isRecord(body) || !Array.isArray(body.applications)) {
		const message = `The Recruiting API answered the applications of job "${jobId}" with something that is not a job and its applications`;
		throw new NodeApiError(context.getNode(), { message } as JsonObject, {
			message,
			description: `Expected { vacancy, applications: [...] }. Received: ${describeBody(body) || '(empty body)'}`,
		});
	}
	const vacancy = isRecord(body.vacancy) ? body.vacancy : {};
	const name = isRecord(vacancy.name) ? vacancy.name.name : vacancy.name;
	return {
		title: typeof name === 'string' ? name : null,
		open: isOpen(vacancy.stage),
		applications: body.applications.filter(isRecord),
	};
}

/**
 * Emits the wanted events of a job's differences, in list order, up to Max Items per Poll,
 * and returns the fingerprints to keep: the new one of every application whose events were
 * handled, the old one of those the cap left for the next poll (its read will find them again).
 */
function emit(
	found: Difference[],
	job: { id: string; title: string | null },
	settings: ApplicationSettings,
	dictionaries: Dictionaries,
	seenAt: string,
	now: number,
	items: INodeExecutionData[],
	silent: boolean,
): { fingerprints: Fingerprint[]; cut: boolean } {
	const fingerprints: Fingerprint[] = [];
	let cut = false;
	for (const difference of found) {
		const wanted = silent
			? []
			: difference.events.filter(
					(event) =>
						settings.events.includes(event) &&
						onTargetStage(
							settings,
							dictionaries,
							event === 'removed' ? difference.before : difference.after,
						),
				);
		// At least one application's events per poll, so that a cap below them cannot stall.
		if (!cut && items.length > 0 && items.length + wanted.length > settings.maxItems) cut = true;
		const keep = cut ? difference.before : difference.after;
		if (keep) fingerprints.push(encode(keep));
		if (cut) continue;
		for (const event of wanted) {
			items.push({ json: eventItem(event, difference, job, settings, dictionaries, seenAt, now) });
		}
	}
	return { fingerprints, cut };
}

function onTargetStage(
	settings: ApplicationSettings,
	dictionaries: Dictionaries,
	seen: Seen | undefined,
): boolean {
	if (settings.stageTypes.length === 0 && settings.stages.length === 0) return true;
	const stage = seen && dictionaries.stages.at(seen.stage);
	if (!stage) return false;
	if (stage.type !== null && settings.stageTypes.includes(stage.type)) return true;
	const names = [stage.id, stage.name].filter((text): text is string => text !== null);
	return names.some((text) => settings.stages.includes(text.trim().toLowerCase()));
}

function fullName(candidate: Json): string | null {
	const parts = [candidate.firstName, candidate.lastName].filter(
		(part) => typeof part === 'string' && part,
	);
	return parts.length ? parts.join(' ') : null;
}

/** One event as an item: what happened, to whom, for which job; then the application. */
function eventItem(
	event: ApplicationEvent,
	difference: Difference,
	job: { id: string; title: string | null },
	settings: ApplicationSettings,
	dictionaries: Dictionaries,
	seenAt: string,
	now: number,
): IDataObject {
	const { before, after, application } = difference;
	const current = (after ?? before) as Seen;
	const stage = (seen: Seen) => ({ ...(dictionaries.stages.at(seen.stage) as StageView) });
	const state = (seen: Seen) => dictionaries.states.at(seen.state) || null;
	const candidate = application ? candidateOf(application) : {};
	const json: IDataObject = {
		event,
		resource: 'application',
		seenAt,
		applicationId: difference.id,
		jobId: job.id,
		jobTitle: job.title,
		candidateId: scalarText(candidate.id) ?? (current.candidateId || null),
		candidateName: fullName(candidate),
		stage: stage(current),
		state: application ? stateOf(application) : state(current),
	};
	if (event === 'stageChanged' && before && after) {
		const days = (now - before.since * MINUTE) / 86_400_000;
		json.fromStage = stage(before);
		json.toStage = stage(after);
		json.inFromStageSince = new Date(before.since * MINUTE).toISOString();
		json.daysInFromStage = Math.round(days * 10) / 10;
	}
	if (event === 'stateChanged' && before && after) {
		json.fromState = state(before);
		json.toState = state(after);
	}
	if (event === 'interviewScheduled' && application) {
		json.interview = (interviewOf(application) ?? null) as IDataObject | null;
	}
	json.application = application
		? settings.output(application)
		: { id: difference.id, candidateId: current.candidateId || null, removed: true };
	return json;
}
