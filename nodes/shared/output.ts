import type { IDataObject, INode, INodeProperties } from 'n8n-workflow';

import { isRecord } from './values';
import type { Json } from './values';

/*
 * What both nodes return for each record. Version 1 of the Recruiting node and the trigger's
 * job and candidate items have Simplify (on: the flattened record, off: the API's JSON);
 * version 2 of the node has Output, as n8n's newer nodes do: Simplified (a short record of
 * the most useful fields, for people and AI agents), Flattened (every field, wrappers
 * unwrapped: version 1's default), Raw, or Selected Fields. The record shapes are in records/.
 */

export type OutputMode = 'simplified' | 'flattened' | 'raw' | 'selected';

/** How one kind of record is shown: its wrappers unwrapped, and its short form. */
export interface RecordShape {
	/** `ordered`: the fields in the order a person reads them, where the shape has one. */
	flatten: (raw: unknown, ordered?: boolean) => unknown;
	/** A few useful fields, from the flattened record. */
	simplify: (flat: Json) => Json;
}

type Show = NonNullable<NonNullable<INodeProperties['displayOptions']>['show']>;

const SIMPLIFY_DESCRIPTION =
	'Whether to return plain fields (name: "Backend Engineer") instead of the API’s { viewType, name } wrappers';

/** Simplify, as the trigger offers it in its Options. */
export const simplifyOption: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: SIMPLIFY_DESCRIPTION,
};

/** Simplify (version 1), Output and Fields to Include (version 2), for one operation. */
export function outputFields(show: Show, plural: string): INodeProperties[] {
	return [
		{
			...simplifyOption,
			displayOptions: { show: { ...show, '@version': [1] } },
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

/** What the output needs of n8n's context: the node (its version) and its parameters. */
export interface OutputContext {
	getNode(): INode;
	getNodeParameter(name: string, fallbackValue?: unknown): unknown;
}

/** The output mode of this item: Output (version 2) or Simplify (version 1). */
export function outputMode(context: OutputContext): OutputMode {
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

/**
 * The function that turns a raw record into its output in `mode` (`names`: Selected Fields;
 * `ordered`: Flattened in the order a person reads the fields).
 */
export function shapeRecord(
	mode: OutputMode,
	shape: RecordShape,
	names: string[] = [],
	ordered = false,
): (raw: unknown) => IDataObject {
	if (mode === 'raw') return (raw) => raw as IDataObject;
	if (mode === 'flattened') return (raw) => shape.flatten(raw, ordered) as IDataObject;
	const short = mode === 'simplified' ? shape.simplify : (flat: Json) => pick(flat, names);
	return (raw) => {
		const flat = shape.flatten(raw);
		return (isRecord(flat) ? short(flat) : flat) as IDataObject;
	};
}

/** shapeRecord as this item's Output (or Simplify) parameter says. */
export function shaper(context: OutputContext, shape: RecordShape): (raw: unknown) => IDataObject {
	const mode = outputMode(context);
	const names =
		mode === 'selected'
			? String(context.getNodeParameter('fieldsToInclude', 'id'))
					.split(',')
					.map((name) => name.trim())
					.filter(Boolean)
			: [];
	// Version 3 orders the Flattened fields; saved workflows keep the order their columns came in.
	return shapeRecord(mode, shape, names, context.getNode().typeVersion >= 3);
}
