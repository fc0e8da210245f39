import { NodeApiError } from 'n8n-workflow';
import type { IPollFunctions } from 'n8n-workflow';

import { PAGE_SIZE, readPages } from '../../shared/paging';
import { formatInstant, nsFromMs } from '../../shared/time';
import { recruitingApiRequest } from '../../shared/transport';
import type { PacedRun } from '../../shared/transport';
import { PollPlan } from './plan';
import type { Resource } from './records';
import { emptyState } from './state';
import type { Emission, EventFilter, ListRequest } from './walk';

/*
 * Reading the job and candidate lists, for the list trigger and for the application trigger
 * (which reads the job list to find new and changed jobs, and its most recent jobs for Fetch
 * Test Event).
 */

/** The job and candidate lists: their path, and how their records are named in messages. */
export const LISTS: Record<Resource, { path: string; singular: string; plural: string }> = {
	candidate: { path: '/candidates', singular: 'candidate', plural: 'candidates' },
	job: { path: '/vacancies', singular: 'job', plural: 'jobs' },
};

/** Fetch Test Event: windows of the list tried in turn, newest first (the API lists oldest first). */
const TEST_WINDOWS_HOURS = [1, 24, 24 * 30, 24 * 365, undefined];

/** Fetch Test Event: pages read per window at most. */
const TEST_MAX_PAGES = 20;

/** Fetch Test Event: a window too busy for those pages is halved down to this, at the least. */
const TEST_MIN_WINDOW_MS = 60_000;

function isBadRequest(error: unknown): boolean {
	return error instanceof NodeApiError && String(error.httpCode) === '400';
}

/**
 * Reads a list as the plan asks, yielding each page's emissions while the next page is
 * fetched: the caller shapes them then, and the raw records of a page need not outlive it
 * (keeping a whole poll's emissions instead raised the 10,000-candidate bulk backlog's peak
 * from 47-57 MB to 73-78 MB over start, bench scenario 5, 2026-11-26).
 * `run` is the poll's paced run: the credential read once, and after a 429 the rest of the
 * poll's requests spaced to the rate limit.
 */
export function planPages(
	context: IPollFunctions,
	plan: PollPlan,
	run: PacedRun,
): AsyncGenerator<Emission[], void, undefined> {
	const { path, singular } = LISTS[plan.resource];
	return readPages<ListRequest, Emission[]>({
		node: context.getNode(),
		label: singular,
		first: plan.nextRequest(),
		fetch: async (request) =>
			await recruitingApiRequest.call(context, {
				method: 'GET',
				path,
				qs: { limit: PAGE_SIZE, ...request },
				subject: { label: `${singular} list` },
				run,
			}),
		take: (page) => {
			const out = plan.take(page);
			return { next: plan.nextRequest(), out };
		},
		// A stored cursor the API no longer accepts must not stop the trigger for good.
		recover: (error) => (isBadRequest(error) && plan.dropResume() ? plan.nextRequest() : undefined),
	});
}

interface ListRead {
	/** Where to read from (undefined: the beginning of the list). */
	since?: string;
	/** Which records count (created relative to `since`). */
	event?: EventFilter;
	maxPages?: number;
}

/** Reads a list from `since`, each record once; nothing is stored. */
async function readList(
	context: IPollFunctions,
	resource: Resource,
	run: PacedRun,
	{ since, event = 'createdOrUpdated', maxPages }: ListRead,
): Promise<{ emissions: Emission[]; complete: boolean }> {
	const plan = new PollPlan(emptyState(resource, since), {
		resource,
		event,
		maxItems: Infinity,
		now: Date.now(),
		maxPages,
		keepsState: false,
	});
	const emissions: Emission[] = [];
	for await (const page of planPages(context, plan, run)) emissions.push(...page);
	return { emissions, complete: !plan.stoppedEarly };
}

/** Every record of a list, oldest first (one request per 50). */
export async function wholeList(
	context: IPollFunctions,
	resource: Resource,
	run: PacedRun,
): Promise<Emission[]> {
	return (await readList(context, resource, run, {})).emissions;
}

/**
 * The most recently changed records of a list (those `event` matches), oldest first, for
 * Fetch Test Event: the list cannot be sorted newest first, so windows of it are read, the
 * last hour, day, month, year and then all of it, each up to 20 pages, until one has at least
 * `atLeast` records (or the list has no more). A window with more than 20 pages would give
 * its oldest records: it is halved (the last 30 minutes, 15...) until one half is read whole.
 */
export async function recentRecords(
	context: IPollFunctions,
	resource: Resource,
	run: PacedRun,
	{ event = 'createdOrUpdated', atLeast = 1 }: { event?: EventFilter; atLeast?: number } = {},
): Promise<Emission[]> {
	const now = Date.now();
	const read = async (spanMs: number | undefined) =>
		await readList(context, resource, run, {
			since: spanMs === undefined ? undefined : formatInstant(nsFromMs(now - spanMs)),
			event,
			maxPages: TEST_MAX_PAGES,
		});
	let found: Emission[] = [];
	for (const hours of TEST_WINDOWS_HOURS) {
		let span = hours === undefined ? undefined : hours * 3_600_000;
		let window = await read(span);
		found = window.emissions;
		if (found.length >= atLeast && window.complete) break;
		if (window.complete) continue;
		// A busy window: its newest records are in a narrower one, if that holds any.
		while (!window.complete && span !== undefined && span > TEST_MIN_WINDOW_MS) {
			span /= 2;
			window = await read(span);
			if (window.emissions.length === 0) break;
			found = window.emissions;
		}
		break;
	}
	return found;
}
