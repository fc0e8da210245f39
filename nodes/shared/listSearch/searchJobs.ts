import type {
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { flattenVacancy } from '../records/job';
import { isRecord } from '../values';
import type { Json } from '../values';
import { searchList } from './searchList';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : '');

/**
 * A job as the picker lists it: jobs often share a title (the same role for several clients,
 * or opened again), so the entry also shows what a recruiter tells them apart by: the client,
 * the stage, the place and when the job was created.
 */
export function jobEntry(raw: Json): INodeListSearchItems {
	const job = flattenVacancy(raw) as Json;
	const name = text(job.name) || String(job.id);
	const client = isRecord(job.client) ? text(job.client.name) : '';
	const stage = isRecord(job.stage) ? text(job.stage.name) : '';
	const place = isRecord(job.location) ? text(job.location.city) : '';
	const created = text(job.createdAt).slice(0, 10);
	const details = [stage, place, created && `created ${created}`].filter(Boolean);
	return {
		name: `${name}${client ? ` (${client})` : ''}${details.length ? ` · ${details.join(' · ')}` : ''}`,
		value: String(job.id),
	};
}

/** Jobs for the Job pickers of both nodes. The API has no name search, so pages are filtered here. */
export async function searchJobs(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchList.call(this, {
		path: '/vacancies',
		label: 'job',
		filter,
		paginationToken,
		toResult: jobEntry,
	});
}
