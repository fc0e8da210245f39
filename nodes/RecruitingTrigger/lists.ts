import { NodeApiError } from 'n8n-workflow';
import type { IPollFunctions } from 'n8n-workflow';

import { PAGE_SIZE, readPages } from '../shared/paging';
import { recruitingApiRequest } from '../shared/transport';
import type { PacedRun } from '../shared/transport';
import type { Emission, ListRequest, PollPlan } from './plan';
import type { Resource } from './records';

/** The job and candidate lists: their path, and how their records are named in messages. */
export const LISTS: Record<Resource, { path: string; singular: string; plural: string }> = {
	candidate: { path: '/candidates', singular: 'candidate', plural: 'candidates' },
	job: { path: '/vacancies', singular: 'job', plural: 'jobs' },
};

function isBadRequest(error: unknown): boolean {
	return error instanceof NodeApiError && String(error.httpCode) === '400';
}

/**
 * Reads a list as the plan asks, page by page, handing each page's emissions to `onPage`.
 * `run` is the poll's paced run: the credential read once, and after a 429 the rest of the
 * poll's requests spaced to the rate limit.
 */
export async function runPlan(
	context: IPollFunctions,
	plan: PollPlan,
	resource: Resource,
	run: PacedRun,
	onPage: (emissions: Emission[]) => void,
): Promise<void> {
	const { path, singular } = LISTS[resource];
	await readPages<ListRequest>({
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
			const emissions = plan.take(page);
			return { next: plan.nextRequest(), deliver: () => onPage(emissions) };
		},
		// A stored cursor the API no longer accepts must not stop the trigger for good.
		recover: (error) => (isBadRequest(error) && plan.dropResume() ? plan.nextRequest() : undefined),
	});
}
