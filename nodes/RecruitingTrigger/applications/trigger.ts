import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INodeExecutionData, IPollFunctions, JsonObject } from 'n8n-workflow';

import { pathSegment } from '../../shared/address';
import { describeBody, toNodeError } from '../../shared/errors';
import { applicationStage } from '../../shared/records/application';
import { jobName, jobStage } from '../../shared/records/job';
import { instant } from '../../shared/time';
import { pollDeadline } from '../../shared/pollOptions';
import { pacedRun, recruitingApiRequest } from '../../shared/transport';
import type { PacedRun } from '../../shared/transport';
import { isRecord, scalarText } from '../../shared/values';
import type { Json } from '../../shared/values';
import { jobChanges, recentJobIds } from '../lists/jobChanges';
import { seenOf } from './events';
import type { ApplicationEvent, Difference } from './events';
import { decideRead, eventItem, onTargetStage } from './jobRead';
import type { JobRead } from './jobRead';
import { readPlan } from './readPlan';
import { applicationSettings } from './settings';
import type { ApplicationSettings } from './settings';
import {
	emptyApplicationState,
	listed,
	pickedJob,
	readable,
	scopeOf,
	unwatched,
	watches,
} from './state';
import type { WatchedJob } from './state';
import { loadApplicationState, saveApplicationState, sizeOf, STATE_CAP_BYTES } from './stored';
import type { StoredApplicationState } from './stored';

/*
 * The application trigger. The API has no feed of application changes, only a job's
 * applications (GET /applications/vacancy/{id}), so the trigger remembers every watched
 * application and emits the differences between two reads of its job. A poll:
 * 1. reads the job list from its position, exactly as the job trigger does (one request when
 *    nothing changed): jobs created or changed since, due now;
 * 2. plans its reads (readPlan.ts): at most Jobs per Poll jobs on schedule, and as many more
 *    taken in silently;
 * 3. reads them one after the other (paced after a 429), each read decided by decideRead
 *    (jobRead.ts), until Max Items per Poll: the jobs left keep their turns.
 * This file does the reading; every decision is in the files it calls.
 */

/** Said of the jobs the job list cannot page to (its stall notice). */
const UNSEEN_JOBS =
	'For application events: the applications of those jobs are not watched until the job is changed again.';

/**
 * Fetch Test Event reads the applications of this many watched jobs, among this many of the
 * most recently changed jobs at most (Open Jobs Only passes over the closed ones).
 */
const TEST_JOBS = 5;
const TEST_READS = 20;

/**
 * GET /applications/vacancy/{id}; undefined when the API has no such job (404), an error when
 * `mustExist` (a picked job never read: its ID is wrong, and the user must hear of it).
 */
async function readJob(
	context: IPollFunctions,
	jobId: string,
	run: PacedRun,
	mustExist: boolean,
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
			if (!mustExist) return undefined;
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
	return {
		title: jobName(vacancy),
		open: jobStage(vacancy).isOpen,
		applications: body.applications.filter(isRecord),
	};
}

/**
 * The reads of one poll: the jobs readPlan picks of those `watched`, one after the other (paced
 * after a 429; the silent ones emit nothing), each decided by decideRead, until Max Items per
 * Poll is reached or cuts a read, or the n8n clock passes `stopAt` after a read: the jobs left
 * keep their turns. `jobs` is updated as it goes.
 */
export async function readJobs(
	jobs: Map<string, WatchedJob>,
	settings: ApplicationSettings,
	{ poll, now, stopAt = Infinity }: { poll: number; now: number; stopAt?: number },
	read: (id: string) => Promise<JobRead | undefined>,
): Promise<IDataObject[]> {
	const plan = readPlan(
		[...jobs].filter(([, job]) => readable(settings.watch, job)),
		poll,
		settings.jobsPerPoll,
	);
	for (const [id, turn] of plan.placed) jobs.set(id, { ...(jobs.get(id) as WatchedJob), turn });
	const items: IDataObject[] = [];
	let full = false;
	let reads = 0;
	for (const id of [...plan.silent, ...plan.scheduled]) {
		// Passed over, it keeps its turn: the next poll reads it first.
		if (full || items.length >= settings.maxItems || (reads > 0 && Date.now() >= stopAt)) break;
		reads++;
		const job = jobs.get(id) as WatchedJob;
		const room = { left: settings.maxItems - items.length, first: items.length === 0 };
		const turn = plan.next.get(id) as number;
		const outcome = decideRead({ id, job, read: await read(id), settings, room, turn, now });
		items.push(...outcome.items);
		full = outcome.full;
		if (outcome.job) jobs.set(id, outcome.job);
		else jobs.delete(id);
	}
	return items;
}

/**
 * One poll, from the state stored before (`stored`, as n8n keeps it): the items to emit and
 * the state to store once the poll has succeeded.
 */
export async function pollApplications(
	context: IPollFunctions,
	stored: unknown,
): Promise<{ items: INodeExecutionData[]; state: StoredApplicationState }> {
	const settings = applicationSettings(context);
	const now = Date.now();
	const run = await pacedRun.call(context);
	const loaded = loadApplicationState(stored);
	const scope = scopeOf(settings.watch, settings.picked);
	// Another Jobs to Watch: read the whole job list again, to know every job it now takes in.
	const rescoped = loaded !== undefined && loaded.scope !== scope;
	const state = loaded ?? emptyApplicationState();
	const { poll } = state;
	const picked = settings.watch === 'picked' ? new Set(settings.picked) : undefined;
	// Picked Jobs: the others are not kept track of at all.
	const jobs = new Map([...state.jobs].filter(([id]) => !picked || picked.has(id)));

	// 1. Jobs created or changed since the last poll (the first poll: every job).
	const list = jobChanges(context, run, rescoped ? undefined : state.jobList, now);
	const listRead = {
		watch: settings.watch,
		first: loaded === undefined,
		start: settings.start,
	};
	for await (const changes of list.pages) {
		for (const change of changes) {
			if (picked && !picked.has(change.id)) continue;
			jobs.set(change.id, listed(jobs.get(change.id), change, listRead));
		}
	}
	for (const id of picked ?? []) if (!jobs.has(id)) jobs.set(id, pickedJob());

	// 2. The jobs Jobs to Watch does not watch keep no applications. 3. The reads.
	for (const [id, job] of jobs) if (!readable(settings.watch, job)) jobs.set(id, unwatched(job));
	const stopAt = pollDeadline(context, now);
	const items = await readJobs(jobs, settings, { poll, now, stopAt }, async (id) => {
		// A picked job read before that the API deleted: its applications are Removed, once;
		// as it stays picked, the next poll reads it anew and says it is not found.
		const readBefore = jobs.get(id)?.status === 'watched';
		return await readJob(context, id, run, picked !== undefined && !readBefore);
	});

	// The job list's notices go on the first item; until there is one, the list keeps them.
	// Picked Jobs reads its jobs whether the list shows them or not: nothing to say.
	const { position, notices } = list.end(items.length > 0 || picked !== undefined);
	if (!picked && notices.length > 0 && items.length > 0) {
		items[0] = { ...items[0], notice: notices.map((line) => `${line} ${UNSEEN_JOBS}`).join('\n') };
	}
	const next = saveApplicationState({ scope, poll: poll + 1, jobList: position, jobs });
	const size = sizeOf(next);
	if (size.bytes > STATE_CAP_BYTES) {
		throw new NodeOperationError(
			context.getNode(),
			`The trigger watches ${size.applications.toLocaleString('en-US')} applications, more than it keeps track of`,
			{
				description: `Their fingerprints take ${Math.round(size.bytes / 1000).toLocaleString('en-US')} KB; n8n stores them in the workflow and writes them with every poll that emits, so the trigger stops at ${STATE_CAP_BYTES / 1_000_000} MB. ${settings.watch === 'picked' ? 'Pick fewer jobs under Jobs to Watch.' : 'Watch fewer jobs: set Jobs to Watch to Open Jobs Only or Picked Jobs.'}`,
			},
		);
	}
	return { items: items.map((json) => ({ json })), state: next };
}

type JobOf = { id: string; title: string | null };

/** The latest activity's time of a list item, as the API sent it (undefined: none). */
function latestActivity(application: Json): bigint | undefined {
	return isRecord(application.latestActivity)
		? instant(application.latestActivity.date)
		: undefined;
}

/**
 * Fetch Test Event: of the 5 most recently changed watched jobs (the first picked ones under
 * Picked Jobs), the most recently active application (on a Target Stage, where set),
 * shown as the first chosen event. Nothing is stored; what a single read cannot know (the stage
 * or state before) is null.
 */
export async function applicationTestEvent(context: IPollFunctions): Promise<INodeExecutionData[]> {
	const settings = applicationSettings(context);
	const run = await pacedRun.call(context);
	const now = Date.now();
	const ids =
		settings.watch === 'picked'
			? settings.picked
			: await recentJobIds(context, run, settings.watch === 'open' ? TEST_READS : TEST_JOBS);
	let latest: { application: Json; id: string; job: JobOf; at: bigint } | undefined;
	let watchedRead = 0;
	for (const jobId of ids.slice(0, TEST_READS)) {
		if (watchedRead === TEST_JOBS) break;
		const read = await readJob(context, jobId, run, settings.watch === 'picked');
		// Gone since the list was read, or closed under Open Jobs Only: not a watched job.
		if (read === undefined || !watches(settings.watch, read.open === false)) continue;
		watchedRead++;
		for (const application of read.applications) {
			const id = scalarText(application.id);
			if (id === undefined || !onTargetStage(settings, applicationStage(application))) continue;
			const at = latestActivity(application) ?? -1n;
			if (latest === undefined || at > latest.at) {
				latest = { application, id, job: { id: jobId, title: read.title }, at };
			}
		}
	}
	if (latest === undefined) {
		throw new NodeOperationError(
			context.getNode(),
			'No applications found to use as a test event',
			{
				description: `The ${watchedRead || 'no'} most recently changed watched job(s) have no applications (matching Target Stage, where set). Add an application to a job in the recruiting app, or widen Jobs to Watch, and try again.`,
			},
		);
	}
	const { application, id, job } = latest;
	const event: ApplicationEvent = settings.events[0];
	const seen = seenOf(application, id, undefined, now);
	const difference: Difference =
		event === 'removed'
			? { id, before: seen, events: [event] }
			: { id, after: seen, application, events: [event] };
	return [{ json: eventItem(event, difference, job, settings, now) }];
}
