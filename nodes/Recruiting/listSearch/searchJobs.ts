import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { flattenVacancy } from '../../shared/records/job';
import { searchList } from './searchList';

/** Jobs for the Job picker. The API has no name search, so pages are filtered here. */
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
		toResult: (raw) => {
			const job = flattenVacancy(raw) as {
				id?: unknown;
				name?: unknown;
				client?: { name?: unknown };
			};
			const name = typeof job.name === 'string' && job.name ? job.name : String(job.id);
			const client = typeof job.client?.name === 'string' ? ` (${job.client.name})` : '';
			return { name: `${name}${client}`, value: String(job.id) };
		},
	});
}
