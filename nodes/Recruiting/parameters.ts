import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

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

/** A collection parameter (Additional Fields, Options...) as an object, {} when unset. */
export function collection(this: IExecuteSingleFunctions, name: string): IDataObject {
	return (this.getNodeParameter(name, {}) ?? {}) as IDataObject;
}
