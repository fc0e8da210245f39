import { NodeOperationError } from 'n8n-workflow';
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
} from 'n8n-workflow';

import { shaper } from '../../shared/output';
import type { RecordShape } from '../../shared/output';
import { PAGE_SIZE, nextCursor, readPages } from '../../shared/paging';
import type { Page, Step } from '../../shared/paging';
import { withRetries } from '../../shared/retry';
import { authenticatedRequest, pacedRun } from '../../shared/transport';
import type { Json } from '../../shared/values';
import { limitOf } from '../parameters';

interface ListRequest {
	cursor?: string;
}

export interface CursorListOptions {
	/** Singular, for messages: 'job', 'candidate'. */
	label: string;
	shape: RecordShape;
	/** The job list's cursor is a modifiedAt timestamp; the candidate list's is opaque. */
	timestampCursor: boolean;
}

/**
 * Get Many for the cursor lists, as the operation's declarative pagination. n8n's generic
 * pagination cannot stop at a Limit above one page or notice a cursor that stops moving, so
 * this walks the pages itself with the shared page loop. Each page is the request n8n's
 * routing built (address, query, checks), sent through n8n's authentication with the
 * credential read once for the whole run (`makeRoutingRequest` would have n8n read it again
 * for every page), its errors read as the resource's postReceive reads them. The credential's
 * Rate Limit too is read once: after a 429 the rest of the run's pages are spaced to it.
 *
 * The job cursor is a modifiedAt timestamp and inclusive, so pages overlap at their boundary:
 * records are de-duplicated by id. When more jobs than one page share a timestamp the cursor
 * cannot move past them; that is reported, never looped on or silently cut short.
 */
export function cursorPagination({ label, shape, timestampCursor }: CursorListOptions) {
	return async function paginate(
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		const node = this.getNode();
		const itemIndex = this.getItemIndex();
		const returnAll = this.getNodeParameter('returnAll', false) as boolean;
		const limit = returnAll ? Infinity : limitOf(this);
		const output = shaper(this, shape);
		const run = await pacedRun.call(this, itemIndex);
		const options = requestData.options;
		const baseQs = options.qs ?? {};

		const results: INodeExecutionData[] = [];
		const pairedItem = { item: itemIndex };
		// What the resource's errors name for this operation (its subjects: 'candidate list').
		const subject = { label: `${label} list` };
		const seen = new Set<string>();
		const cursors = new Set<string>();
		const take = (page: Page, { cursor }: ListRequest): Step<ListRequest, Json[]> => {
			const fresh: Json[] = [];
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
			if (!page.hasNextPage || read >= limit) return { out: fresh };
			if (timestampCursor && fresh.length === 0 && page.nextCursor === cursor) {
				throw new NodeOperationError(
					node,
					`More than ${PAGE_SIZE} ${label}s share the modification time ${cursor}, and the API's cursor cannot page past them`,
					{
						itemIndex,
						description: `${read} ${label}s were read before the cursor stopped moving. The rest cannot be listed through this API page by page; ask the API operator, or narrow the list with Modified Since.`,
					},
				);
			}
			// A timestamp cursor repeats while pages still bring new jobs; an opaque one must move.
			const next = nextCursor(
				page,
				timestampCursor ? new Set<string>() : cursors,
				label,
				`${read} ${label}s were read before the API stopped paging.`,
			);
			cursors.add(next);
			return { next: { cursor: next }, out: fresh };
		};
		const firstSize = Math.min(PAGE_SIZE, limit);
		const pages = readPages<ListRequest, Json[]>({
			node,
			label,
			itemIndex,
			first: {},
			fetch: async ({ cursor }) => {
				const qs: IDataObject = { ...baseQs, limit: cursor === undefined ? firstSize : PAGE_SIZE };
				if (cursor !== undefined) qs.cursor = cursor;
				const request = { ...options, qs } as IHttpRequestOptions;
				return await withRetries(
					() => authenticatedRequest.call(this, request, subject, run, itemIndex),
					{ node, itemIndex, idempotent: true, pacing: run.pacing, signal: run.signal },
				);
			},
			take,
		});
		for await (const records of pages) {
			for (const record of records) results.push({ json: output(record), pairedItem });
		}
		return results;
	};
}
