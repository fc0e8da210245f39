import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { PAGE_SIZE, readPages } from '../paging';
import { recruitingApiRequest } from '../transport';
import type { Json } from '../values';

interface SearchListOptions {
	path: string;
	label: string;
	filter?: string;
	paginationToken?: string;
	toResult: (raw: Json) => INodeListSearchItems;
}

/** Pages read per call when filtering, so a rare match does not make the picker hang. */
const PAGES_PER_SEARCH = 10;

/**
 * Shared by the pickers: reads pages from the cursor (the picker's pagination token) until
 * a screenful matches the filter, and hands the next cursor back for "load more".
 */
export async function searchList(
	this: ILoadOptionsFunctions,
	{ path, label, filter, paginationToken, toResult }: SearchListOptions,
): Promise<INodeListSearchResult> {
	const needle = filter?.trim().toLowerCase() ?? '';
	const results: INodeListSearchItems[] = [];
	const seen = new Set<string>();
	let pages = 0;
	let found = 0;
	let resume: string | undefined;
	const matches = readPages<{ cursor?: string }, INodeListSearchItems[]>({
		node: this.getNode(),
		label,
		first: { cursor: paginationToken || undefined },
		fetch: async ({ cursor }) => {
			const qs: IDataObject = { limit: PAGE_SIZE, ...(cursor && { cursor }) };
			return await recruitingApiRequest.call(this, {
				method: 'GET',
				path,
				qs,
				subject: { label: `${label} list` },
			});
		},
		take: (page, { cursor }) => {
			pages++;
			const out: INodeListSearchItems[] = [];
			for (const raw of page.items) {
				const result = toResult(raw);
				if (seen.has(String(result.value))) continue;
				seen.add(String(result.value));
				if (
					!needle ||
					result.name.toLowerCase().includes(needle) ||
					String(result.value).toLowerCase() === needle
				) {
					out.push(result);
				}
			}
			found += out.length;
			const moved = page.nextCursor && page.nextCursor !== cursor;
			resume = page.hasNextPage && moved ? page.nextCursor : undefined;
			const more = resume && found < PAGE_SIZE && pages < (needle ? PAGES_PER_SEARCH : 1);
			return { next: more ? { cursor: resume } : undefined, out };
		},
	});
	for await (const page of matches) results.push(...page);
	return { results, paginationToken: resume };
}
