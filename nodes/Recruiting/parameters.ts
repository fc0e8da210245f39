import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { toNodeError } from '../shared/errors';
import { describeValue, readLimit } from '../shared/values';

/**
 * A required id parameter (plain or resource locator, typed or from an expression), trimmed;
 * a clear error when it is empty or not an id at all (an object, a list).
 */
export function requiredId(
	this: IExecuteSingleFunctions,
	name: string,
	label: string,
	hint = `Choose the ${label.toLowerCase()} from the list or enter its ID.`,
): string {
	const value = this.getNodeParameter(name, undefined, { extractValue: true });
	const fail = (message: string) =>
		new NodeOperationError(this.getNode(), message, {
			itemIndex: this.getItemIndex(),
			description: hint,
		});
	if ((typeof value === 'object' && value !== null) || typeof value === 'boolean') {
		throw fail(`${label} must be an ID (text), not ${describeValue(value)}`);
	}
	const id = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
	if (!id) throw fail(`${label} is required`);
	return id;
}

/** A collection parameter (Additional Fields, Options...) as an object, {} when unset. */
export function collection(this: IExecuteSingleFunctions, name: string): IDataObject {
	return (this.getNodeParameter(name, {}) ?? {}) as IDataObject;
}

/** The Limit parameter, checked at run time too (an expression can give -5, 2.5 or "abc"). */
export function limitOf(context: IExecuteSingleFunctions): number {
	try {
		return readLimit(context.getNodeParameter('limit', 50));
	} catch (error) {
		throw toNodeError(context.getNode(), error, context.getItemIndex());
	}
}
