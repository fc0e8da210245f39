import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { MAX_PAGE_SIZE, readPage } from '../shared/pagination';
import { recruitingApiRequest } from '../shared/transport';

interface SearchListOptions {
	path: string;
	label: string;
	filter?: string;
	paginationToken?: string;
	toResult: (raw: IDataObject) => INodeListSearchItems;
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
	let cursor = paginationToken || undefined;
	for (let pages = 0; pages < (needle ? PAGES_PER_SEARCH : 1); pages++) {
		const qs: IDataObject = { limit: MAX_PAGE_SIZE };
		if (cursor) qs.cursor = cursor;
		const body = await recruitingApiRequest.call(this, {
			method: 'GET',
			path,
			qs,
			subject: { label: `${label} list` },
		});
		const page = readPage(this.getNode(), body, label);
		for (const raw of page.items) {
			const result = toResult(raw);
			if (seen.has(String(result.value))) continue;
			seen.add(String(result.value));
			if (
				!needle ||
				result.name.toLowerCase().includes(needle) ||
				String(result.value).toLowerCase() === needle
			) {
				results.push(result);
			}
		}
		const moved = page.nextCursor && page.nextCursor !== cursor;
		cursor = page.hasNextPage && moved ? page.nextCursor : undefined;
		if (!cursor || results.length >= MAX_PAGE_SIZE) break;
	}
	return { results, paginationToken: cursor };
}
