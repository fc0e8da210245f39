import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	JsonObject,
	PostReceiveAction,
	PreSendAction,
} from 'n8n-workflow';

import { timestamp } from './bodies';
import { describeBody, httpError, toNodeError } from './errors';
import type { RequestSubject } from './errors';
import { withRetries } from './retry';
import { requiredId } from './parameters';
import { apiCredentials, pathSegment, siteRoot } from './transport';

/*
 * The small functions the declarative routing calls around each request. The resource
 * options attach `useApiCredential`/`usePortal` and `checkResponse` to every operation, so
 * no operation can forget the base URL or the error mapping.
 */

/** preSend for API-key resources: the credential's base URL (with `/v1`), or a clear error. */
export const useApiCredential: PreSendAction = async function (
	this: IExecuteSingleFunctions,
	requestOptions,
) {
	const { baseURL } = await apiCredentials.call(this);
	return { ...requestOptions, baseURL };
};

/**
 * preSend for the public job portal: the URL comes from the node's own Portal URL and
 * Tenant Slug. No key is added: the credential is hidden for this resource, so n8n neither
 * loads it nor authenticates the request (tested: no x-api-key reaches the portal).
 */
export const usePortal: PreSendAction = async function (
	this: IExecuteSingleFunctions,
	requestOptions,
) {
	const node = this.getNode();
	const itemIndex = this.getItemIndex();
	const root = siteRoot(this.getNodeParameter('portalUrl'));
	if (root === undefined) {
		throw new NodeOperationError(node, 'Portal URL must be an http(s) address', {
			itemIndex,
			description: 'Enter the address of the job portal, for example https://api.example.com.',
		});
	}
	const rawSlug = this.getNodeParameter('tenantSlug');
	const slug = typeof rawSlug === 'string' ? rawSlug.trim() : '';
	if (!slug) {
		throw new NodeOperationError(node, 'Tenant Slug is empty', {
			itemIndex,
			description: 'Enter the public slug of the tenant (text), as in the career site address.',
		});
	}
	let url = `${root}/${pathSegment(slug)}/vacancy-portal/jobs`;
	if (this.getNodeParameter('operation') === 'apply') {
		url += `/${pathSegment(requiredId.call(this, 'postingId', 'Posting ID'))}`;
	}
	return { ...requestOptions, baseURL: undefined, url };
};

/**
 * preSend for writes: the body from a pure builder (bodies.ts), whose FieldError becomes a
 * NodeOperationError naming the field, before anything is sent.
 */
export function sendBody(build: (this: IExecuteSingleFunctions) => IDataObject): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions) {
		return { ...requestOptions, body: namingTheField(this, () => build.call(this)) };
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

/**
 * Every single-request operation is sent through this, as its declarative "pagination": the
 * one place n8n lets a node wrap the request itself, here to wait out rate limits and
 * passing faults (retry.ts). A POST is only repeated when nothing can have been applied.
 */
export async function sendWithRetries(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const method = (requestData.options.method ?? 'GET').toUpperCase();
	return await withRetries(() => this.makeRoutingRequest(requestData), {
		node: this.getNode(),
		itemIndex: this.getItemIndex(),
		idempotent: method !== 'POST',
	});
}

/** Which parameter holds the id a request is about, per resource and operation. */
const SUBJECTS: Record<string, { label: string; idParameter?: string }> = {
	'job:update': { label: 'job', idParameter: 'jobId' },
	'job:getAll': { label: 'job list' },
	'candidate:get': { label: 'candidate', idParameter: 'candidateId' },
	'candidate:getContactIdentifiers': { label: 'candidate', idParameter: 'candidateId' },
	'candidate:getAll': { label: 'candidate list' },
	'application:get': { label: 'application', idParameter: 'applicationId' },
	'application:getAllForJob': { label: 'job', idParameter: 'jobId' },
	'application:create': { label: 'job, candidate or stage' },
	'note:update': { label: 'note', idParameter: 'noteId' },
	'jobPortal:getAllPostings': { label: 'tenant' },
	'jobPortal:apply': { label: 'job posting', idParameter: 'postingId' },
};

export function requestSubject(this: IExecuteSingleFunctions): RequestSubject {
	const resource = this.getNodeParameter('resource') as string;
	const key = `${resource}:${this.getNodeParameter('operation') as string}`;
	const subject = SUBJECTS[key] ?? { label: 'record' };
	// The job portal is public: its errors must not send the user to an API key.
	const portal = resource === 'jobPortal' ? { portal: true } : {};
	if (!subject.idParameter) return { label: subject.label, ...portal };
	const id = this.getNodeParameter(subject.idParameter, undefined, { extractValue: true });
	return { label: subject.label, id: String(id), ...portal };
}

/** postReceive for every operation: HTTP errors become NodeApiErrors a recruiter can act on. */
export const checkResponse: PostReceiveAction = async function (
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
) {
	if (response.statusCode >= 400) {
		throw httpError(this.getNode(), response, requestSubject.call(this), this.getItemIndex());
	}
	return items;
};

function unexpectedBody(
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

function isRecord(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** postReceive for a single record: flattened unless the user turned Simplify off. */
export function outputRecord(flatten?: (raw: unknown) => unknown): PostReceiveAction {
	return async function (this: IExecuteSingleFunctions, items, response) {
		if (!isRecord(response.body)) throw unexpectedBody.call(this, response.body, 'a JSON object');
		const simplify = flatten !== undefined && (this.getNodeParameter('simplify', true) as boolean);
		const json = simplify ? (flatten(response.body) as IDataObject) : response.body;
		return [{ json, pairedItem: { item: this.getItemIndex() } }];
	};
}

/**
 * postReceive for writes whose success body the spec leaves open: the API may answer with
 * nothing, so the item says what was done and keeps whatever the API did return.
 */
export function outputWriteResult(
	fields: (this: IExecuteSingleFunctions) => IDataObject,
): PostReceiveAction {
	return async function (this: IExecuteSingleFunctions, items, response) {
		const returned = isRecord(response.body) ? response.body : {};
		return [
			{
				json: { success: true, ...fields.call(this), ...returned },
				pairedItem: { item: this.getItemIndex() },
			},
		];
	};
}

/**
 * postReceive for a list carried in one property of the response (no paging): one item per
 * element, each flattened unless Simplify is off.
 */
export function outputList(
	property: string,
	flatten?: (raw: unknown) => unknown,
	decorate?: (this: IExecuteSingleFunctions, body: IDataObject, simplify: boolean) => IDataObject,
): PostReceiveAction {
	return async function (this: IExecuteSingleFunctions, items, response) {
		const body = response.body;
		if (!isRecord(body) || !Array.isArray(body[property])) {
			throw unexpectedBody.call(this, body, `an object with a "${property}" list`);
		}
		const simplify = flatten !== undefined && (this.getNodeParameter('simplify', true) as boolean);
		const extra = decorate ? decorate.call(this, body, simplify) : {};
		const pairedItem = { item: this.getItemIndex() };
		// The whole list comes in one response; Limit (where the operation has it) keeps the first.
		const returnAll = this.getNodeParameter('returnAll', true) as boolean;
		const list = body[property] as unknown[];
		const kept = returnAll ? list : list.slice(0, this.getNodeParameter('limit', 50) as number);
		return kept.map((element) => ({
			json: { ...((simplify ? flatten(element) : element) as IDataObject), ...extra },
			pairedItem,
		}));
	};
}
