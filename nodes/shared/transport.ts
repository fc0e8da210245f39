import { NodeOperationError } from 'n8n-workflow';
import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	INode,
	IPollFunctions,
} from 'n8n-workflow';

import { apiBaseUrl, KEY_REQUEST_OPTIONS } from './address';
import { httpError } from './errors';
import { createPacer, requestsPerMinuteOf } from './pacing';
import { withRetries } from './retry';
import type { Subject } from './errors';
import type { Pacing } from './retry';

export const CREDENTIAL_TYPE = 'recruitingApi';

/** The credential's fields, as stored by n8n. */
export interface RecruitingCredentials {
	baseUrl: string;
	apiKey: string;
	/** Rate Limit (Requests per Minute); absent in credentials saved before it existed. */
	requestsPerMinute?: unknown;
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

/**
 * A clear error when the node has no credential selected. Only such a node gets this advice: a
 * credential that is selected but cannot be loaded (deleted, not shared, undecryptable) keeps
 * n8n's own message.
 */
export function requireCredential(node: INode, itemIndex?: number): void {
	if (node.credentials?.[CREDENTIAL_TYPE]) return;
	throw new NodeOperationError(node, 'No Recruiting API credential is selected', {
		itemIndex,
		description:
			'Choose or create a Recruiting API credential in the node’s Credential field. Only the Job Portal resource works without one.',
	});
}

/** The credential and the resolved API base URL; a clear error when either is missing. */
export async function apiCredentials(this: ApiContext): Promise<{
	credentials: RecruitingCredentials;
	baseURL: string;
	data: ICredentialDataDecryptedObject;
}> {
	requireCredential(this.getNode());
	const data = await this.getCredentials(CREDENTIAL_TYPE);
	const credentials = data as unknown as RecruitingCredentials;
	const baseURL = apiBaseUrl(credentials.baseUrl);
	if (baseURL === undefined) throw invalidBaseUrlError(this.getNode());
	return { credentials, baseURL, data };
}

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path below the `/v1` base, ids already encoded with pathSegment. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	subject: Subject;
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
	/**
	 * The credential as read at the run's start, handed to n8n's authentication with each
	 * request: without it n8n loads, decrypts and resolves the credential again for every page
	 * (a quarter of a 10,000-candidate Get Many in real n8n, BENCHMARKS.md).
	 */
	credential: ICredentialsDecrypted;
	pacing: Pacing;
	signal?: AbortSignal;
}

/**
 * Starts a run of many requests: the credential is read and checked once, and one pacer
 * serves all of the run's pages, so once a page meets the rate limit the pages after it are
 * spaced instead of bouncing off the limit in every window.
 */
export async function pacedRun(this: ApiContext, itemIndex?: number): Promise<PacedRun> {
	const { credentials, baseURL, data } = await apiCredentials.call(this);
	const node = this.getNode();
	const requestsPerMinute = requestsPerMinuteOf(node, credentials.requestsPerMinute, itemIndex);
	const { id, name } = node.credentials?.[CREDENTIAL_TYPE] ?? { id: null, name: '' };
	const signal = cancelSignal(this);
	return {
		baseURL,
		credential: { id: id ?? '', name, type: CREDENTIAL_TYPE, data },
		pacing: { pacer: createPacer({}, signal), requestsPerMinute },
		signal,
	};
}

/**
 * Every request that carries the API key: through n8n's authentication (with the run's
 * credential when there is a run), following no redirect; an answer of 300 or more becomes the
 * error that names `subject`.
 */
export async function authenticatedRequest(
	this: ApiContext,
	options: IHttpRequestOptions,
	subject: Subject,
	run?: PacedRun,
	itemIndex?: number,
): Promise<unknown> {
	const response = (await this.helpers.httpRequestWithAuthentication.call(
		this,
		CREDENTIAL_TYPE,
		{ ...options, returnFullResponse: true, ...KEY_REQUEST_OPTIONS },
		run && { credentialsDecrypted: run.credential },
	)) as IN8nHttpFullResponse;
	if (response.statusCode >= 300) throw httpError(this.getNode(), response, subject, itemIndex);
	return response.body;
}

/**
 * The one request function for programmatic callers (the trigger, list searches). The
 * declarative operations reach the same endpoints through the node's routing, which applies
 * the same credential, base URL and error mapping (Recruiting/routing/).
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
	};
	const send = () => authenticatedRequest.call(this, options, request.subject, request.run);
	return await withRetries(send, {
		node: this.getNode(),
		idempotent: request.method !== 'POST',
		pacing: request.run?.pacing,
		signal: request.run?.signal ?? cancelSignal(this),
	});
}
