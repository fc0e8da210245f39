import { NodeOperationError } from 'n8n-workflow';
import type {
	DeclarativeRestApiSettings,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyRouting,
	PreSendAction,
} from 'n8n-workflow';

import { apiBaseUrl, KEY_REQUEST_OPTIONS, siteRoot } from '../../shared/address';
import type { Subject } from '../../shared/errors';
import { withRetries } from '../../shared/retry';
import {
	cancelSignal,
	CREDENTIAL_TYPE,
	invalidBaseUrlError,
	requireCredential,
} from '../../shared/transport';
import type { Resource } from '../resource';
import { checkResponse } from './errors';
import { fillPathIds } from './request';
import type { IdLabel } from './request';

/*
 * How a resource's requests are sent. The node's requestDefaults give the API's base address
 * from the credential; the resource option's routing, which every operation of the resource
 * inherits (so none can forget it), adds what n8n's routing cannot:
 * - API requests: a clear error when no credential is selected or its Base URL is not an
 *   address, and no redirect followed (the key would go along);
 * - Job Portal requests: the Portal URL as the address, no key;
 * - both: the `{parameter}` IDs of the URL filled in, checked; errors read (errors.ts); and
 *   rate limits and passing faults waited out, in the one place n8n lets a node wrap its
 *   request: the operation's "pagination" (a Get Many replaces it with its paging).
 */

/** The routing of a resource option: how its requests are sent and their errors read. */
export function resourceRouting(resource: Resource): INodePropertyRouting {
	const portal = resource.access === 'public';
	return {
		send: {
			paginate: true,
			preSend: [portal ? toPortal : toApi, fillPathIds(idLabels(resource.properties))],
		},
		output: { postReceive: [checkResponse(subjectOf(resource))] },
		operations: { pagination: retrying },
	};
}

/** API requests: the credential must be there, its Base URL an address; no redirects. */
const toApi: PreSendAction = async function (this: IExecuteSingleFunctions, requestOptions) {
	requireCredential(this.getNode(), this.getItemIndex());
	const baseURL = apiBaseUrl(requestOptions.baseURL);
	if (baseURL === undefined) {
		// n8n gives requestDefaults no credential when it cannot load it: its own error says why.
		await this.getCredentials(CREDENTIAL_TYPE);
		throw invalidBaseUrlError(this.getNode());
	}
	return { ...requestOptions, baseURL, ...KEY_REQUEST_OPTIONS };
};

/**
 * Job Portal requests go to the Portal URL. No key is added: the credential is hidden for this
 * resource, so n8n neither loads it nor authenticates the request (tested: no x-api-key
 * reaches the portal), and a redirect is followed as a browser would.
 */
const toPortal: PreSendAction = async function (this: IExecuteSingleFunctions, requestOptions) {
	const baseURL = siteRoot(this.getNodeParameter('portalUrl'));
	if (baseURL === undefined) {
		throw new NodeOperationError(this.getNode(), 'Portal URL must be an http(s) address', {
			itemIndex: this.getItemIndex(),
			description: 'Enter the address of the job portal, for example https://api.example.com.',
		});
	}
	return { ...requestOptions, baseURL };
};

/**
 * A single request, repeated while the API asks to wait (429) or fails in passing (502-504, a
 * dropped connection). A POST is only repeated when nothing can have been applied (retry.ts).
 */
export async function retrying(
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

/**
 * How each ID parameter is named in errors: its display name and, for a typed ID, its
 * description as the hint.
 */
function idLabels(properties: INodeProperties[]): Record<string, IdLabel> {
	const labels: Record<string, IdLabel> = {};
	for (const property of properties) {
		if (labels[property.name] || property.name === 'operation') continue;
		labels[property.name] = {
			label: property.displayName,
			...(property.type !== 'resourceLocator' && { hint: property.description }),
		};
	}
	return labels;
}

/** What the request of this item is about, so a 404 can say "no job with ID x". */
function subjectOf(resource: Resource): (context: IExecuteSingleFunctions) => Subject {
	return (context) => {
		const operation = context.getNodeParameter('operation') as string;
		const { label, id } = resource.subjects[operation] ?? { label: 'record' };
		// The job portal is public: its errors must not send the user to an API key.
		const portal = resource.access === 'public' ? { portal: true } : {};
		if (id === undefined) return { label, ...portal };
		const value = context.getNodeParameter(id, undefined, { extractValue: true });
		return { label, id: String(value), ...portal };
	};
}
