import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INode,
	INodeExecutionData,
	JsonObject,
} from 'n8n-workflow';

import { describeBody } from './errors';
import { withRetries } from './retry';
import { pacedRun } from './transport';

/** The API's page size ceiling. */
export const MAX_PAGE_SIZE = 50;

export interface Page {
	items: IDataObject[];
	nextCursor: string;
	hasNextPage: boolean;
}

/**
 * Checks a cursor-paginated body against the spec before anything is read from it: a page
 * without `items` or `pageInfo` (an HTML error page served with 200, a proxy's answer) must
 * stop the run with a clear error rather than end it early as if there were no more records.
 */
export function readPage(node: INode, body: unknown, label: string): Page {
	const page = body as {
		items?: unknown;
		pageInfo?: { nextCursor?: unknown; hasNextPage?: unknown };
	};
	const valid =
		typeof body === 'object' &&
		body !== null &&
		Array.isArray(page.items) &&
		page.items.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item)) &&
		typeof page.pageInfo === 'object' &&
		page.pageInfo !== null &&
		typeof page.pageInfo.hasNextPage === 'boolean';
	if (!valid) {
		const message = `The Recruiting API answered the ${label} list with something that is not a page of ${label}s`;
		throw new NodeApiError(node, { message } as JsonObject, {
			message,
			description: `Expected { items: [...], pageInfo: { nextCursor, hasNextPage } }. Received: ${
				describeBody(body) || '(empty body)'
			}`,
		});
	}
	const { nextCursor } = page.pageInfo as { nextCursor?: unknown };
	return {
		items: page.items as IDataObject[],
		nextCursor: typeof nextCursor === 'string' ? nextCursor : '',
		hasNextPage: page.pageInfo?.hasNextPage === true,
	};
}

export interface CursorListOptions {
	/** Singular, for messages: 'job', 'candidate'. */
	label: string;
	flatten: (raw: unknown) => unknown;
	/** The job list's cursor is a modifiedAt timestamp; the candidate list's is opaque. */
	timestampCursor: boolean;
}

/**
 * Get Many for cursor lists, used as the operation's declarative pagination. n8n's generic
 * pagination cannot stop at a Limit above one page or notice a cursor that stops moving, so
 * this walks the pages itself through `makeRoutingRequest` (which keeps the node's credential,
 * base URL, query and error handling) and reads `pageInfo` from each raw page.
 *
 * The job cursor is a modifiedAt timestamp and inclusive, so pages overlap at their boundary:
 * records are de-duplicated by id. When more jobs than one page share a timestamp the cursor
 * cannot move past them; that is reported, never looped on or silently cut short.
 */
export function cursorPagination({ label, flatten, timestampCursor }: CursorListOptions) {
	return async function paginate(
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		const node = this.getNode();
		const itemIndex = this.getItemIndex();
		const returnAll = this.getNodeParameter('returnAll', false) as boolean;
		const limit = returnAll ? Infinity : (this.getNodeParameter('limit', MAX_PAGE_SIZE) as number);
		const simplify = this.getNodeParameter('simplify', true) as boolean;
		const baseQs = requestData.options.qs ?? {};

		const results: INodeExecutionData[] = [];
		const pairedItem = { item: itemIndex };
		const seen = new Set<string>();
		const { pacing } = await pacedRun.call(this, itemIndex);
		const fetchPage = (pageCursor: string | undefined, pageSize: number) => {
			const qs: IDataObject = { ...baseQs, limit: pageSize };
			if (pageCursor !== undefined) qs.cursor = pageCursor;
			const request = withRetries(
				() => this.makeRoutingRequest({ ...requestData, options: { ...requestData.options, qs } }),
				{ node, itemIndex, idempotent: true, pacing },
			);
			// Awaited in the loop below; this only keeps a failure from counting as unhandled meanwhile.
			request.catch(() => undefined);
			return request;
		};
		// One request in flight at a time. The next page is asked for as soon as this page's
		// cursor is known, before this page is flattened; n8n's helper only puts it on the wire
		// after that synchronous work, so this saves little (measured: BENCHMARKS.md, goal 1).
		let cursor: string | undefined;
		let pending = fetchPage(undefined, Math.min(MAX_PAGE_SIZE, limit));
		for (;;) {
			const [response] = await pending;
			const page = readPage(node, response?.json, label);

			const fresh: IDataObject[] = [];
			for (const item of page.items) {
				if (results.length + fresh.length >= limit) break;
				const id =
					typeof item.id === 'string' || typeof item.id === 'number' ? String(item.id) : undefined;
				if (id !== undefined) {
					if (seen.has(id)) continue;
					seen.add(id);
				}
				fresh.push(item);
			}
			const read = results.length + fresh.length;
			const more = page.hasNextPage && read < limit;
			if (more) {
				if (!page.nextCursor) {
					throw new NodeOperationError(
						node,
						`The Recruiting API said more ${label}s follow but gave no cursor`,
						{
							itemIndex,
							description: `${read} ${label}s were read before the API stopped paging.`,
						},
					);
				}
				if (fresh.length === 0 && page.nextCursor === cursor && !timestampCursor) {
					// An opaque cursor that does not move is an API fault, not a tie of timestamps.
					throw new NodeOperationError(
						node,
						`The Recruiting API sent the same ${label} page cursor twice; stopped rather than loop`,
						{
							itemIndex,
							description: `${read} ${label}s were read before the cursor stopped moving.`,
						},
					);
				}
				if (fresh.length === 0 && page.nextCursor === cursor) {
					throw new NodeOperationError(
						node,
						`More than ${MAX_PAGE_SIZE} ${label}s share the modification time ${cursor}, and the API's cursor cannot page past them`,
						{
							itemIndex,
							description: `${read} ${label}s were read before the cursor stopped moving. The rest cannot be listed through this API page by page; ask the API operator, or narrow the list with Modified Since.`,
						},
					);
				}
				cursor = page.nextCursor;
				pending = fetchPage(cursor, MAX_PAGE_SIZE);
			}
			for (const item of fresh) {
				results.push({ json: (simplify ? flatten(item) : item) as IDataObject, pairedItem });
			}
			if (!more) break;
		}
		return results;
	};
}
