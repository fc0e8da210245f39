import { NodeOperationError } from 'n8n-workflow';
import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	INode,
	IPollFunctions,
} from 'n8n-workflow';

import { httpError } from './errors';
import { createPacer, requestsPerMinuteOf } from './pacing';
import { withRetries } from './retry';
import { describeValue, FieldError } from './values';
import type { RequestSubject } from './errors';
import type { Pacing } from './retry';

export const CREDENTIAL_TYPE = 'recruitingApi';

/** The credential's fields, as stored by n8n. */
export interface RecruitingCredentials {
	baseUrl: string;
	apiKey: string;
	/** Rate Limit (Requests per Minute); absent in credentials saved before it existed. */
	requestsPerMinute?: unknown;
}

/**
 * API-key endpoints live under `/v1` (the spec's usage example); users paste either the bare
 * host or the documented base with `/v1`, with or without a trailing slash. Returns undefined
 * for anything that is not an http(s) URL, so callers can name the field in their error.
 */
export function apiBaseUrl(raw: unknown): string | undefined {
	const root = siteRoot(raw);
	if (root === undefined) return undefined;
	return `${root.replace(/\/v1$/i, '')}/v1`;
}

/** An http(s) URL without trailing slashes, or undefined. */
export function siteRoot(raw: unknown): string | undefined {
	if (typeof raw !== 'string') return undefined;
	const trimmed = raw.trim().replace(/\/+$/, '');
	let url: URL;
	try {
		url = new URL(trimmed);
	} catch {
		return undefined;
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
	if (url.search || url.hash || url.username || url.password) return undefined;
	return trimmed;
}

/** Ids the URL resolution would treat as a step (`.`, `..`) or that hold a path or query part. */
function unsafeText(id: string): boolean {
	if (id === '.' || id === '..' || /[/?#\\]/.test(id)) return true;
	for (let index = 0; index < id.length; index++) {
		const code = id.charCodeAt(index);
		if (code < 0x20 || code === 0x7f) return true; // control characters
	}
	return false;
}

/** The same checked once URL-decoded too, for a server or proxy that decodes twice (%2e%2e). */
function unsafeSegment(id: string): boolean {
	if (unsafeText(id)) return true;
	let decoded = id;
	try {
		decoded = decodeURIComponent(id);
	} catch {
		return false; // not valid escapes: sent encoded, as text
	}
	return decoded !== id && unsafeText(decoded);
}

/**
 * Every path segment that comes from a parameter (an id, the tenant slug) goes into a URL
 * through this one function: `.` and `..` would climb out of the path when the URL is
 * resolved (encodeURIComponent keeps dots), and `/`, `?`, `#`, `\\` or control characters
 * would change the route, so they are refused naming the field; the rest is encoded.
 */
export function pathSegment(id: string, field: string): string {
	if (unsafeSegment(id)) {
		throw new FieldError(
			field,
			`${describeValue(id)} cannot be used as an ID: IDs cannot be "." or ".." or contain /, ?, #, \\ or control characters (also URL-encoded)`,
			`Check the ${field} value; if it comes from an expression, check what the expression returns.`,
		);
	}
	return encodeURIComponent(id);
}

type ApiContext =
	| IExecuteFunctions
	| IExecuteSingleFunctions
	| ILoadOptionsFunctions
	| IPollFunctions;

/**
 * The signal n8n raises when the user cancels the execution: waits end on it. A poll and the
 * editor's list search run outside an execution and have none.
 */
export function cancelSignal(context: ApiContext): AbortSignal | undefined {
	return 'getExecutionCancelSignal' in context ? context.getExecutionCancelSignal() : undefined;
}

export function invalidBaseUrlError(node: INode): NodeOperationError {
	return new NodeOperationError(
		node,
		'The Base URL of the Recruiting API credential is not a valid http(s) URL',
		{
			description:
				'Open the credential and enter the API address, for example https://api.example.com or https://api.example.com/v1.',
		},
	);
}

/** The credential and the resolved API base URL; a clear error when either is missing. */
export async function apiCredentials(
	this: ApiContext,
): Promise<{ credentials: RecruitingCredentials; baseURL: string }> {
	// Only a node without a credential gets this advice; a credential that is selected but
	// cannot be loaded (deleted, not shared, undecryptable) keeps n8n's own message.
	if (!this.getNode().credentials?.[CREDENTIAL_TYPE]) {
		throw new NodeOperationError(this.getNode(), 'No Recruiting API credential is selected', {
			description:
				'Choose or create a Recruiting API credential in the node’s Credential field. Only the Job Portal resource works without one.',
		});
	}
	const credentials = (await this.getCredentials(
		CREDENTIAL_TYPE,
	)) as unknown as RecruitingCredentials;
	const baseURL = apiBaseUrl(credentials.baseUrl);
	if (baseURL === undefined) throw invalidBaseUrlError(this.getNode());
	return { credentials, baseURL };
}

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path below the `/v1` base, ids already encoded with pathSegment. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	subject: RequestSubject;
	/**
	 * The run this request belongs to (pacedRun, once per run): its base URL is used as it is
	 * and, after a 429, the run's requests are spaced to the credential's Rate Limit. Without
	 * one, the credential is read for this request and a 429 is only waited out.
	 */
	run?: PacedRun;
}

/** What a run of many requests (a Get Many, a trigger poll) resolves once, not per page. */
export interface PacedRun {
	baseURL: string;
	pacing: Pacing;
	signal?: AbortSignal;
}

/**
 * Starts a run of many requests: the credential is read and checked once, and one pacer
 * serves all of the run's pages, so once a page meets the rate limit the pages after it are
 * spaced instead of bouncing off the limit in every window.
 */
export async function pacedRun(this: ApiContext, itemIndex?: number): Promise<PacedRun> {
	const { credentials, baseURL } = await apiCredentials.call(this);
	const requestsPerMinute = requestsPerMinuteOf(
		this.getNode(),
		credentials.requestsPerMinute,
		itemIndex,
	);
	const signal = cancelSignal(this);
	return { baseURL, pacing: { pacer: createPacer({}, signal), requestsPerMinute }, signal };
}

/**
 * The one request function for programmatic callers (the trigger, list searches). The
 * declarative operations reach the same endpoints through the node's routing, which applies
 * the same credential, base URL and error mapping (Recruiting/hooks.ts).
 */
export async function recruitingApiRequest(
	this: ApiContext,
	request: ApiRequest,
): Promise<unknown> {
	const baseURL = request.run?.baseURL ?? (await apiCredentials.call(this)).baseURL;
	const options: IHttpRequestOptions = {
		method: request.method,
		baseURL,
		url: request.path,
		qs: request.qs,
		body: request.body,
		json: true,
		ignoreHttpStatusErrors: true,
		returnFullResponse: true,
		// n8n's helper keeps custom headers such as x-api-key on a redirect to another host.
		disableFollowRedirect: true,
	};
	const send = async () => {
		const response = (await this.helpers.httpRequestWithAuthentication.call(
			this,
			CREDENTIAL_TYPE,
			options,
		)) as IN8nHttpFullResponse;
		if (response.statusCode >= 300) {
			throw httpError(this.getNode(), response, request.subject);
		}
		return response.body;
	};
	return await withRetries(send, {
		node: this.getNode(),
		idempotent: request.method !== 'POST',
		pacing: request.run?.pacing,
		signal: request.run?.signal ?? cancelSignal(this),
	});
}
