import { NodeApiError } from 'n8n-workflow';
import type { INode, JsonObject } from 'n8n-workflow';

import { describeBody, toNodeError } from './errors';
import { isRecord } from './values';
import type { Json } from './values';

/*
 * The API's cursor-paginated lists (GET /vacancies, GET /candidates): one page type, one page
 * size, one check of a page against the spec, one page loop. Get Many, the trigger's poll and
 * the editor's list search all read pages through here.
 */

/** The API's page size ceiling (1 to 50); every list request asks for full pages. */
export const PAGE_SIZE = 50;

export interface Page {
	items: Json[];
	nextCursor: string;
	hasNextPage: boolean;
}

function badPage(
	node: INode,
	message: string,
	description: string,
	itemIndex?: number,
): NodeApiError {
	return new NodeApiError(node, { message } as JsonObject, { message, description, itemIndex });
}

/**
 * Checks a page against the spec before anything is read from it: a page without `items` or
 * `pageInfo` (an HTML error page served with 200, a proxy's answer) must stop the run with a
 * clear error rather than end it early as if there were no more records.
 */
export function readPage(node: INode, body: unknown, label: string, itemIndex?: number): Page {
	const pageInfo = isRecord(body) && isRecord(body.pageInfo) ? body.pageInfo : undefined;
	const items = isRecord(body) ? body.items : undefined;
	if (
		!Array.isArray(items) ||
		!items.every(isRecord) ||
		pageInfo === undefined ||
		typeof pageInfo.hasNextPage !== 'boolean'
	) {
		throw badPage(
			node,
			`The Recruiting API answered the ${label} list with something that is not a page of ${label}s`,
			`Expected { items: [...], pageInfo: { nextCursor, hasNextPage } }. Received: ${
				describeBody(body) || '(empty body)'
			}`,
			itemIndex,
		);
	}
	return {
		items,
		nextCursor: typeof pageInfo.nextCursor === 'string' ? pageInfo.nextCursor : '',
		hasNextPage: pageInfo.hasNextPage,
	};
}

/**
 * The API broke its paging contract. Thrown by pure code that has no node (the trigger's plan,
 * nextCursor); the page loop turns it into a NodeApiError.
 */
export class PagingError extends Error {
	constructor(
		message: string,
		readonly description: string,
	) {
		super(message);
		this.name = 'PagingError';
	}
}

/**
 * The cursor of the page after `page`, which says more follow; a PagingError when the API gave
 * none or gave one it had given before (paging would never end). `done` says what was kept.
 */
export function nextCursor(
	page: Page,
	used: ReadonlySet<string>,
	label: string,
	done: string,
): string {
	if (!page.nextCursor) {
		throw new PagingError(`The Recruiting API said more ${label}s follow but gave no cursor`, done);
	}
	if (used.has(page.nextCursor)) {
		throw new PagingError(
			`The Recruiting API's ${label} list sent a page cursor it had already sent; stopped rather than loop`,
			`Cursor: ${page.nextCursor}. ${done}`,
		);
	}
	return page.nextCursor;
}

/** What a page loop makes of one page: the next request (none: done) and the page's output. */
export interface Step<R, T> {
	next?: R;
	out: T;
}

export interface PageLoop<R, T> {
	node: INode;
	/** Singular, for messages: 'job', 'candidate'. */
	label: string;
	/** The input item the run is for, so n8n pairs an error with it. */
	itemIndex?: number;
	first: R | undefined;
	fetch: (request: R) => Promise<unknown>;
	take: (page: Page, request: R) => Step<R, T>;
	/** A failed request: the request to send instead, or undefined to fail the run. */
	recover?: (error: unknown, request: R) => R | undefined;
}

/**
 * Reads pages until `take` asks for no more, yielding each page's output: a stream, so only
 * one page's records are alive at a time. One request is in flight at a time; the next page is
 * asked for as soon as `take` knows it, before the current page's output is yielded (n8n's
 * helper puts it on the wire after that synchronous work, so this saves little; measured in
 * BENCHMARKS.md, goal 1).
 */
export async function* readPages<R, T>(loop: PageLoop<R, T>): AsyncGenerator<T, void, undefined> {
	const send = (request: R) => {
		const pending = loop.fetch(request);
		// Awaited below; this only keeps a failure from counting as unhandled meanwhile.
		pending.catch(() => undefined);
		return { request, pending };
	};
	let inFlight = loop.first === undefined ? undefined : send(loop.first);
	while (inFlight) {
		let body: unknown;
		try {
			body = await inFlight.pending;
		} catch (error) {
			const instead = loop.recover?.(error, inFlight.request);
			if (instead === undefined) throw toNodeError(loop.node, error, loop.itemIndex);
			inFlight = send(instead);
			continue;
		}
		const page = readPage(loop.node, body, loop.label, loop.itemIndex);
		const { next, out } = takePage(loop, page, inFlight.request);
		inFlight = next === undefined ? undefined : send(next);
		yield out;
	}
}

function takePage<R, T>(loop: PageLoop<R, T>, page: Page, request: R): Step<R, T> {
	try {
		return loop.take(page, request);
	} catch (error) {
		if (error instanceof PagingError) {
			throw badPage(loop.node, error.message, error.description, loop.itemIndex);
		}
		throw toNodeError(loop.node, error, loop.itemIndex);
	}
}
