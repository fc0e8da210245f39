import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteSingleFunctions, PreSendAction } from 'n8n-workflow';

import { pathSegment } from './transport';

/** A required id parameter (plain or resource locator), trimmed; a clear error when empty. */
export function requiredId(this: IExecuteSingleFunctions, name: string, label: string): string {
	const value = this.getNodeParameter(name, undefined, { extractValue: true });
	const id = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
	if (!id) {
		throw new NodeOperationError(this.getNode(), `${label} is required`, {
			itemIndex: this.getItemIndex(),
			description: `Choose the ${label.toLowerCase()} from the list or enter its ID.`,
		});
	}
	return id;
}

/** preSend setting the request path from id parameters, each URL-encoded as one segment. */
export function sendPath(
	build: (this: IExecuteSingleFunctions, id: typeof segment) => string,
): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions) {
		return { ...requestOptions, url: build.call(this, segment) };
	};
}

function segment(this: IExecuteSingleFunctions, name: string, label: string): string {
	return pathSegment(requiredId.call(this, name, label));
}

export function collection(this: IExecuteSingleFunctions, name: string): IDataObject {
	return (this.getNodeParameter(name, {}) ?? {}) as IDataObject;
}
