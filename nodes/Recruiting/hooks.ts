import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodePropertyRouting,
	JsonObject,
	PostReceiveAction,
	PreSendAction,
} from 'n8n-workflow';

import { describeBody, httpError, toNodeError } from '../shared/errors';
import type { RequestSubject } from '../shared/errors';
import { withRetries } from '../shared/retry';
import { timestamp } from '../shared/time';
import { pathSegment, siteRoot } from '../shared/address';
import { apiCredentials, cancelSignal } from '../shared/transport';
import { isRecord } from '../shared/values';
import { shaper } from '../shared/output';
import type { RecordShape } from '../shared/output';
import { limitOf, requiredId } from './parameters';
import type { Resource, Subject } from './resource';

/*
 * The small functions the declarative routing calls around each request. resourceRouting
 * attaches the sending (credential or portal address, retries) and the error mapping to every
 * operation of a resource, so no operation can forget them.
 */

/** The routing of a resource option: how its requests are sent and their errors read. */
export function resourceRouting(resource: Resource): INodePropertyRouting {
	const portal = resource.access === 'public';
	return {
		send: { paginate: true, ...(portal && { preSend: [usePortal] }) },
		output: { postReceive: [checkResponse(resource)] },
		// The one place n8n lets a node wrap the request itself: a single request goes through
		// it as the operation's "pagination". Get Many operations replace it with their paging.
		operations: { pagination: portal ? sendToPortal : sendToApi },
	};
}

/**
 * Options of every request that carries the API key: n8n's HTTP helper keeps custom headers
 * such as x-api-key when it follows a redirect to another host, so such requests follow none;
 * checkResponse turns a redirect into an error that names where it pointed.
 */
export const WITH_KEY = { disableFollowRedirect: true } as const;

/**
 * A single request to the API: the credential's base URL (with `/v1`, or a clear error), and
 * rate limits and passing faults waited out (retry.ts). A POST is only repeated when nothing
 * can have been applied.
 */
async function sendToApi(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const { baseURL } = await apiCredentials.call(this);
	return await sendWithRetries.call(this, {
		...requestData,
		options: { ...requestData.options, baseURL, ...WITH_KEY },
	});
}

/**
 * A single request to the public job portal: its address comes from the Portal URL and
 * Tenant Slug (usePortal). No key is added: the credential is hidden for this resource, so
 * n8n neither loads it nor authenticates the request (tested: no x-api-key reaches the portal).
 */
async function sendToPortal(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	return await sendWithRetries.call(this, requestData);
}

async function sendWithRetries(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const method = (requestData.options.method ?? 'GET').toUpperCase();
	return await withRetries(() => this.makeRoutingRequest(requestData), {
		node: this.getNode(),
		itemIndex: this.getItemIndex(),
		idempotent: method !== 'POST',
		signal: cancelSignal(this),
	});
}

/** preSend of every Job Portal operation: the URL from Portal URL, Tenant Slug (and Posting ID). */
const usePortal: PreSendAction = async function (this: IExecuteSingleFunctions, requestOptions) {
	const node = this.getNode();
	const itemIndex = this.getItemIndex();
	const root = siteRoot(this.getNodeParameter('portalUrl'));
	if (root === undefined) {
		throw new NodeOperationError(node, 'Portal URL must be an http(s) address', {
			itemIndex,
			description: 'Enter the address of the job portal, for example https://api.example.com.',
		});
	}
	const segment = (name: string, label: string, hint?: string) =>
		namingTheField(this, () => pathSegment(requiredId.call(this, name, label, hint), label));
	const slug = segment(
		'tenantSlug',
		'Tenant Slug',
		'Enter the public slug of the tenant (text), as in the career site address.',
	);
	let url = `${root}/${slug}/vacancy-portal/jobs`;
	if (this.getNodeParameter('operation') === 'apply')
		url += `/${segment('postingId', 'Posting ID')}`;
	return { ...requestOptions, baseURL: undefined, url };
};

/** preSend setting the request path; `id` reads an id parameter as one URL-encoded segment. */
export function sendPath(
	build: (this: IExecuteSingleFunctions, id: (name: string, label: string) => string) => string,
): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions) {
		const id = (name: string, label: string) =>
			namingTheField(this, () => pathSegment(requiredId.call(this, name, label), label));
		return { ...requestOptions, url: build.call(this, id) };
	};
}

/**
 * preSend for writes: the body from a pure builder (the resource's body.ts), whose
 * FieldError becomes a NodeOperationError naming the field, before anything is sent.
 */
export function sendBody(build: (this: IExecuteSingleFunctions) => IDataObject): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions) {
		return { ...requestOptions, body: namingTheField(this, () => build.call(this)) };
	};
}

/** preSend for query parameters built by a pure function (FieldError named as for bodies). */
export function sendQuery(build: (this: IExecuteSingleFunctions) => IDataObject): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions) {
		const qs = namingTheField(this, () => build.call(this));
		return { ...requestOptions, qs: { ...requestOptions.qs, ...qs } };
	};
}

/** preSend of the Modified Since filter: sent as an ISO 8601 UTC timestamp. */
export const sendModifiedSince: PreSendAction = async function (
	this: IExecuteSingleFunctions,
	requestOptions,
) {
	const { modifiedSince } = this.getNodeParameter('filters', {}) as IDataObject;
	if (modifiedSince === undefined || modifiedSince === '') return requestOptions;
	const value = namingTheField(this, () =>
		timestamp(modifiedSince, 'Modified Since', this.getTimezone()),
	);
	return { ...requestOptions, qs: { ...requestOptions.qs, modifiedSince: value } };
};

function namingTheField<T>(context: IExecuteSingleFunctions, build: () => T): T {
	try {
		return build();
	} catch (error) {
		throw toNodeError(context.getNode(), error, context.getItemIndex());
	}
}

/** What the request of this item is about, so a 404 can say "no job with ID x". */
function requestSubject(this: IExecuteSingleFunctions, resource: Resource): RequestSubject {
	const operation = this.getNodeParameter('operation') as string;
	const subject: Subject = resource.subjects[operation] ?? { label: 'record' };
	// The job portal is public: its errors must not send the user to an API key.
	const portal = resource.access === 'public' ? { portal: true } : {};
	if (!subject.idParameter) return { label: subject.label, ...portal };
	const id = this.getNodeParameter(subject.idParameter, undefined, { extractValue: true });
	return { label: subject.label, id: String(id), ...portal };
}

/** postReceive for every operation: HTTP errors become NodeApiErrors a recruiter can act on. */
function checkResponse(resource: Resource): PostReceiveAction {
	return async function (
		this: IExecuteSingleFunctions,
		items: INodeExecutionData[],
		response: IN8nHttpFullResponse,
	) {
		if (response.statusCode >= 300) {
			const subject = requestSubject.call(this, resource);
			throw httpError(this.getNode(), response, subject, this.getItemIndex());
		}
		return items;
	};
}

export function unexpectedBody(
	this: IExecuteSingleFunctions,
	body: unknown,
	expected: string,
): NodeApiError {
	const message = `The Recruiting API answered with something that is not ${expected}`;
	return new NodeApiError(this.getNode(), { message } as JsonObject, {
		message,
		description: `Received: ${describeBody(body) || '(empty body)'}`,
		itemIndex: this.getItemIndex(),
	});
}

/** postReceive for a single record, shaped as the Output (or Simplify) parameter says. */
export function outputRecord(shape?: RecordShape): PostReceiveAction {
	return async function (this: IExecuteSingleFunctions, items, response) {
		if (!isRecord(response.body)) throw unexpectedBody.call(this, response.body, 'a JSON object');
		const json = shape ? shaper(this, shape)(response.body) : (response.body as IDataObject);
		return [{ json, pairedItem: { item: this.getItemIndex() } }];
	};
}

/**
 * postReceive for writes whose success body the spec leaves open: the API may answer with
 * nothing, so the item says what was done and keeps whatever the API did return: under
 * `response` from version 2 (so a reply such as { success: false, id: "other" } cannot pass for
 * the node's own fields), merged in as version 1 did.
 */
export function outputWriteResult(
	fields: (this: IExecuteSingleFunctions) => IDataObject,
): PostReceiveAction {
	return async function (this: IExecuteSingleFunctions, items, response) {
		const returned = isRecord(response.body) ? (response.body as IDataObject) : {};
		const own = { success: true, ...fields.call(this) };
		const reply = Object.keys(returned).length > 0 ? { response: returned } : {};
		const json = this.getNode().typeVersion >= 2 ? { ...own, ...reply } : { ...own, ...returned };
		return [{ json, pairedItem: { item: this.getItemIndex() } }];
	};
}

/**
 * postReceive for a list carried in one property of the response (no paging): one item per
 * element, each flattened unless Simplify is off.
 */
export function outputList(property: string, shape?: RecordShape): PostReceiveAction {
	return async function (this: IExecuteSingleFunctions, items, response) {
		const body = response.body;
		if (!isRecord(body) || !Array.isArray(body[property])) {
			throw unexpectedBody.call(this, body, `an object with a "${property}" list`);
		}
		const output = shape ? shaper(this, shape) : (element: unknown) => element as IDataObject;
		const pairedItem = { item: this.getItemIndex() };
		return listed(this, body[property] as unknown[]).map((element) => ({
			json: output(element),
			pairedItem,
		}));
	};
}

/** A list the API sends whole: Limit (where the operation has it) keeps the first. */
export function listed<T>(context: IExecuteSingleFunctions, list: T[]): T[] {
	const returnAll = context.getNodeParameter('returnAll', true) as boolean;
	return returnAll ? list : list.slice(0, limitOf(context));
}
