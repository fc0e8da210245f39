import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INode, INodeProperties } from 'n8n-workflow';

import { describeValue, isRecord } from './values';
import type { Json } from './values';

/*
 * What both nodes return for each record, defined and read here once: the Output option, as
 * n8n's newer nodes have it: Simplified (a short record of the most useful fields, for people
 * and AI agents), Flattened (every field, wrappers unwrapped: the default), Raw, or Selected
 * Fields. The record shapes are in records/.
 */

export type OutputMode = 'simplified' | 'flattened' | 'raw' | 'selected';

/** The Output option's modes as the editor names them; messages name them so too. */
const OUTPUT_MODES: Array<{ name: string; value: OutputMode }> = [
	{ name: 'Flattened (All Fields)', value: 'flattened' },
	{ name: 'Raw', value: 'raw' },
	{ name: 'Selected Fields', value: 'selected' },
	{ name: 'Simplified', value: 'simplified' },
];

/** How one kind of record is shown: its wrappers unwrapped, and its short form. */
export interface RecordShape {
	/** Every field, wrappers unwrapped (in the order a person reads them, where the shape has one). */
	flatten: (raw: unknown) => unknown;
	/** A few useful fields, from the flattened record. */
	simplify: (flat: Json) => Json;
}

type Show = NonNullable<NonNullable<INodeProperties['displayOptions']>['show']>;

/** The Output option, for records called `plural`. */
export function outputOption(plural: string): INodeProperties {
	const descriptions: Record<OutputMode, string> = {
		flattened: `Every field of the ${plural}, with the API’s { viewType, … } wrappers unwrapped`,
		raw: 'The API’s JSON as it came',
		selected: 'Only the fields you name (from the flattened fields)',
		simplified: `A short record of the most useful fields of the ${plural}, for people and AI agents`,
	};
	return {
		displayName: 'Output',
		name: 'output',
		type: 'options',
		noDataExpression: true,
		options: OUTPUT_MODES.map(({ name, value }) => ({
			name,
			value,
			description: descriptions[value],
		})),
		default: 'flattened',
		description: `How much of each of the ${plural} to return`,
	};
}

/** Fields to Include, shown beside an Output set to Selected Fields. */
export const fieldsToIncludeOption: INodeProperties = {
	displayName: 'Fields to Include',
	name: 'fieldsToInclude',
	type: 'string',
	default: 'id',
	placeholder: 'e.g. name, stage, createdAt',
	description: 'Comma-separated names of the fields to return (as in the Flattened output)',
};

/** Output and Fields to Include, for one operation. */
export function outputFields(show: Show, plural: string): INodeProperties[] {
	return [
		{ ...outputOption(plural), displayOptions: { show } },
		{ ...fieldsToIncludeOption, displayOptions: { show: { ...show, output: ['selected'] } } },
	];
}

/** The output as set: its mode and, for Selected Fields, the names of the fields. */
export interface Output {
	mode: OutputMode;
	names: string[];
}

/** Output and Fields to Include as set, read and checked: a wrong Output names itself. */
export function readOutput(node: INode, output: unknown, fieldsToInclude: unknown): Output {
	const mode = OUTPUT_MODES.find(({ value }) => value === (output ?? 'flattened'))?.value;
	if (mode === undefined) {
		const names = OUTPUT_MODES.map(({ name }) => name).join(', ');
		throw new NodeOperationError(node, `Output: ${describeValue(output)} is not one of ${names}`, {
			description: `Choose one of ${names} under Output.`,
		});
	}
	const names =
		mode === 'selected'
			? String(fieldsToInclude ?? 'id')
					.split(',')
					.map((name) => name.trim())
					.filter(Boolean)
			: [];
	return { mode, names };
}

/** What the output needs of n8n's context: the node (for errors) and its parameters. */
export interface OutputContext {
	getNode(): INode;
	getNodeParameter(name: string, fallbackValue?: unknown): unknown;
}

/** The Recruiting node's Output parameter. */
export function outputOf(context: OutputContext): Output {
	return readOutput(
		context.getNode(),
		context.getNodeParameter('output', 'flattened'),
		context.getNodeParameter('fieldsToInclude', 'id'),
	);
}

/** The named fields of a flattened record, in the order named; `id` always. */
function pick(record: Json, names: string[]): Json {
	const out: Json = {};
	for (const name of ['id', ...names]) {
		if (Object.prototype.hasOwnProperty.call(record, name)) out[name] = record[name];
	}
	return out;
}

/** The function that turns a raw record into its output. */
export function shapeRecord(
	{ mode, names }: Output,
	shape: RecordShape,
): (raw: unknown) => IDataObject {
	if (mode === 'raw') return (raw) => raw as IDataObject;
	if (mode === 'flattened') return (raw) => shape.flatten(raw) as IDataObject;
	const short = mode === 'simplified' ? shape.simplify : (flat: Json) => pick(flat, names);
	return (raw) => {
		const flat = shape.flatten(raw);
		return (isRecord(flat) ? short(flat) : flat) as IDataObject;
	};
}

/** shapeRecord as the Recruiting node's Output parameter says. */
export function shaper(context: OutputContext, shape: RecordShape): (raw: unknown) => IDataObject {
	return shapeRecord(outputOf(context), shape);
}
