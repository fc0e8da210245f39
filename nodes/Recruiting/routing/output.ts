import type { IDataObject, IExecuteSingleFunctions, PostReceiveAction } from 'n8n-workflow';

import { shaper } from '../../shared/output';
import type { RecordShape } from '../../shared/output';
import { isRecord } from '../../shared/values';
import { limitOf } from '../parameters';
import { unexpectedBody } from './errors';

/*
 * What an operation returns: its postReceive, after the error check. The record shapes (how a
 * job, a candidate, an application is flattened and simplified) are below both nodes, in
 * shared/records; the Output option is shared/output.ts.
 */

/** postReceive for a single record, shaped as the Output parameter says. */
export function outputRecord(shape?: RecordShape): PostReceiveAction {
	return async function (this: IExecuteSingleFunctions, items, response) {
		if (!isRecord(response.body)) throw unexpectedBody.call(this, response.body, 'a JSON object');
		const json = shape ? shaper(this, shape)(response.body) : (response.body as IDataObject);
		return [{ json, pairedItem: { item: this.getItemIndex() } }];
	};
}

/**
 * postReceive for writes whose success body the spec leaves open: the API may answer with
 * nothing, so the item says what was done and keeps whatever the API did return under
 * `response` (so a reply such as { success: false, id: "other" } cannot pass for the node's own
 * fields).
 */
export function outputWriteResult(
	fields: (this: IExecuteSingleFunctions) => IDataObject,
): PostReceiveAction {
	return async function (this: IExecuteSingleFunctions, items, response) {
		const returned = isRecord(response.body) ? (response.body as IDataObject) : {};
		const json = {
			success: true,
			...fields.call(this),
			...(Object.keys(returned).length > 0 && { response: returned }),
		};
		return [{ json, pairedItem: { item: this.getItemIndex() } }];
	};
}

/**
 * postReceive for a list carried in one property of the response (no paging): one item per
 * element, each shaped as the Output parameter says when a shape is given.
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
