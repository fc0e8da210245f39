import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { flattenCandidate, fullName } from '../../shared/records/candidate';
import { searchList } from '../../shared/listSearch/searchList';

/** Candidates for the Candidate picker, by name or email; pages are filtered here. */
export async function searchCandidates(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchList.call(this, {
		path: '/candidates',
		label: 'candidate',
		filter,
		paginationToken,
		toResult: (raw) => {
			const candidate = flattenCandidate(raw) as {
				id?: unknown;
				firstName?: unknown;
				lastName?: unknown;
				emails?: Array<{ email?: unknown; isPrimary?: unknown }>;
			};
			const name = fullName(candidate);
			const emails = Array.isArray(candidate.emails) ? candidate.emails : [];
			const email = (emails.find((entry) => entry?.isPrimary) ?? emails[0])?.email;
			const suffix = typeof email === 'string' ? ` <${email}>` : '';
			return { name: `${name ?? String(candidate.id)}${suffix}`, value: String(candidate.id) };
		},
	});
}
