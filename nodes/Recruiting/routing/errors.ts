import { NodeApiError } from 'n8n-workflow';
import type {
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	JsonObject,
	PostReceiveAction,
} from 'n8n-workflow';

import { describeBody, httpError } from '../../shared/errors';
import type { Subject } from '../../shared/errors';

/*
 * Errors of the declarative operations: n8n's routing hands a non-2xx answer on as data
 * (requestDefaults.ignoreHttpStatusErrors), so that this one postReceive, attached to every
 * operation by its resource, can say what failed in words a recruiter can act on.
 */

/** What an operation is about: its label, and the ID the user gave for it, if its URL has one. */
export type SubjectOf = (context: IExecuteSingleFunctions) => Subject;

/** postReceive of every operation: an HTTP error becomes a NodeApiError naming what failed. */
export function checkResponse(subjectOf: SubjectOf): PostReceiveAction {
	return async function (
		this: IExecuteSingleFunctions,
		items: INodeExecutionData[],
		response: IN8nHttpFullResponse,
	) {
		if (response.statusCode >= 300) {
			throw httpError(this.getNode(), response, subjectOf(this), this.getItemIndex());
		}
		return items;
	};
}

/** The API answered 2xx with something other than the spec's shape. */
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
