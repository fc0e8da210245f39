import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';

import { isRecord } from '../shared/values';
import type { Json } from '../shared/values';

/*
 * What an operation returns for each record. Version 1 of the node has Simplify (on: the
 * flattened record, off: the API's JSON); version 2 has Output, as n8n's newer nodes do:
 * Simplified (a short record of the most useful fields, for people and AI agents), Flattened
 * (every field, wrappers unwrapped: version 1's default), Raw, or Selected Fields.
 */

export type OutputMode = 'simplified' | 'flattened' | 'raw' | 'selected';

/** How one kind of record is shown: its wrappers unwrapped, and its short form. */
export interface RecordShape {
	flatten: (raw: unknown) => unknown;
	/** A few useful fields, from the flattened record. */
	simplify: (flat: Json) => Json;
}

type Show = NonNullable<NonNullable<INodeProperties['displayOptions']>['show']>;

/** Simplify (version 1), Output and Fields to Include (version 2), for one operation. */
export function outputFields(show: Show, plural: string): INodeProperties[] {
	return [
		{
			displayName: 'Simplify',
			name: 'simplify',
			type: 'boolean',
			default: true,
			displayOptions: { show: { ...show, '@version': [1] } },
			description:
				'Whether to return plain fields (name: "Backend Engineer") instead of the API’s { viewType, name } wrappers',
		},
		{
			displayName: 'Output',
			name: 'output',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { ...show, '@version': [{ _cnd: { gte: 2 } }] } },
			options: [
				{
					name: 'Flattened (All Fields)',
					value: 'flattened',
					description: `Every field of the ${plural}, with the API’s { viewType, … } wrappers unwrapped`,
				},
				{
					name: 'Raw',
					value: 'raw',
					description: 'The API’s JSON as it came',
				},
				{
					name: 'Selected Fields',
					value: 'selected',
					description: 'Only the fields you name (from the flattened fields)',
				},
				{
					name: 'Simplified',
					value: 'simplified',
					description: `A short record of the most useful fields of the ${plural}, for people and AI agents`,
				},
			],
			default: 'flattened',
			description: `How much of each of the ${plural} to return`,
		},
		{
			displayName: 'Fields to Include',
			name: 'fieldsToInclude',
			type: 'string',
			default: 'id',
			placeholder: 'e.g. name, stage, createdAt',
			displayOptions: {
				show: { ...show, '@version': [{ _cnd: { gte: 2 } }], output: ['selected'] },
			},
			description: 'Comma-separated names of the fields to return (as in the Flattened output)',
		},
	];
}

/** The output mode of this item: Output (version 2) or Simplify (version 1). */
export function outputMode(context: IExecuteSingleFunctions): OutputMode {
	if (context.getNode().typeVersion < 2) {
		return context.getNodeParameter('simplify', true) === false ? 'raw' : 'flattened';
	}
	const mode = context.getNodeParameter('output', 'flattened');
	return mode === 'simplified' || mode === 'raw' || mode === 'selected' ? mode : 'flattened';
}

/** The named fields of a flattened record, in the order named; `id` always. */
function pick(record: Json, names: string[]): Json {
	const out: Json = {};
	for (const name of ['id', ...names]) {
		if (Object.prototype.hasOwnProperty.call(record, name)) out[name] = record[name];
	}
	return out;
}

/** The function that turns each raw record of this item into its output. */
export function shaper(
	context: IExecuteSingleFunctions,
	shape: RecordShape,
): (raw: unknown) => IDataObject {
	const mode = outputMode(context);
	if (mode === 'raw') return (raw) => raw as IDataObject;
	if (mode === 'flattened') return (raw) => shape.flatten(raw) as IDataObject;
	if (mode === 'simplified') {
		return (raw) => {
			const flat = shape.flatten(raw);
			return (isRecord(flat) ? shape.simplify(flat) : flat) as IDataObject;
		};
	}
	const names = String(context.getNodeParameter('fieldsToInclude', 'id'))
		.split(',')
		.map((name) => name.trim())
		.filter(Boolean);
	return (raw) => {
		const flat = shape.flatten(raw);
		return (isRecord(flat) ? pick(flat, names) : flat) as IDataObject;
	};
}
