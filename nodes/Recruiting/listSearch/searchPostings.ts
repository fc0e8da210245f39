import { NodeOperationError } from 'n8n-workflow';
import type {
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { toNodeError } from '../../shared/errors';
import { fillPath, pathSegment, PORTAL_JOBS_PATH, siteRoot } from '../../shared/address';
import { isRecord } from '../../shared/values';
import type { Json } from '../../shared/values';

function postingItem(posting: Json): INodeListSearchItems {
	const location = isRecord(posting.location) ? posting.location : {};
	const place = [location.city, location.country].filter(
		(part) => typeof part === 'string' && part,
	);
	const title = typeof posting.externalJobTitle === 'string' ? posting.externalJobTitle : '';
	// The same job can be posted more than once: the date tells the postings apart.
	const published = typeof posting.publishedAt === 'string' ? posting.publishedAt.slice(0, 10) : '';
	return {
		name: `${title || String(posting.id)}${place.length ? ` (${place.join(', ')})` : ''}${
			published ? ` · published ${published}` : ''
		}`,
		value: String(posting.id),
	};
}

/**
 * Postings for the Posting picker of Apply: the tenant's public job board, read from the
 * node's Portal URL and Tenant Slug (the portal is public: no credential is needed or sent).
 * The API lists every posting in one response; the filter matches title, place or id.
 */
export async function searchPostings(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const root = siteRoot(this.getCurrentNodeParameter('portalUrl'));
	const slug = this.getCurrentNodeParameter('tenantSlug');
	if (root === undefined || typeof slug !== 'string' || slug.trim() === '') {
		throw new NodeOperationError(
			this.getNode(),
			'Enter the Portal URL and the Tenant Slug first: the postings are read from that job portal',
		);
	}
	let url: string;
	try {
		url = root + fillPath(PORTAL_JOBS_PATH, () => pathSegment(slug.trim(), 'Tenant Slug'));
	} catch (error) {
		throw toNodeError(this.getNode(), error);
	}
	const body: unknown = await this.helpers.httpRequest({ method: 'GET', url, json: true });
	const postings =
		isRecord(body) && Array.isArray(body.publicJobBoardPostings)
			? body.publicJobBoardPostings.filter(isRecord)
			: [];
	const needle = filter?.trim().toLowerCase() ?? '';
	const results = postings
		.map(postingItem)
		.filter((item) => !needle || `${item.name} ${item.value}`.toLowerCase().includes(needle));
	return { results };
}
