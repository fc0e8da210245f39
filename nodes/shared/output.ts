import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INode, INodeProperties } from 'n8n-workflow';

import { isRecord } from './values';
import type { Json } from './values';

/*
 * What both nodes return for each record, defined and read here once. Version 1 of the
 * Recruiting node and version 1 of the trigger's job and candidate items have Simplify (on: the
 * flattened record, off: the API's JSON); the newer versions, and the trigger's applications in
 * every version, have Output, as n8n's newer nodes do: Simplified (a short record of the most
 * useful fields, for people and AI agents), Flattened (every field, wrappers unwrapped: version
 * 1's default), Raw, or Selected Fields. The record shapes are in records/.
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
	/** `ordered`: the fields in the order a person reads them, where the shape has one. */
	flatten: (raw: unknown, ordered?: boolean) => unknown;
	/** A few useful fields, from the flattened record. */
	simplify: (flat: Json) => Json;
}

type Show = NonNullable<NonNullable<INodeProperties['displayOptions']>['show']>;

const SIMPLIFY_DESCRIPTION =
	'Whether to return plain fields (name: "Backend Engineer") instead of the API’s { viewType, name } wrappers';

/** Simplify (version 1 of both nodes). */
export const simplifyOption: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: SIMPLIFY_DESCRIPTION,
};

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

/** Simplify (version 1), Output and Fields to Include (version 2), for one operation. */
export function outputFields(show: Show, plural: string): INodeProperties[] {
	const output = { ...show, '@version': [{ _cnd: { gte: 2 } }] };
	return [
		{ ...simplifyOption, displayOptions: { show: { ...show, '@version': [1] } } },
		{ ...outputOption(plural), displayOptions: { show: output } },
		{ ...fieldsToIncludeOption, displayOptions: { show: { ...output, output: ['selected'] } } },
	];
}

/** The output as set: its mode and, for Selected Fields, the names of the fields. */
export interface Output {
	mode: OutputMode;
	names: string[];
}

/** Simplify as an output: on, Flattened; off, Raw. */
export function simplifyOutput(simplify: unknown): Output {
	return { mode: simplify === false ? 'raw' : 'flattened', names: [] };
}

/** Output and Fields to Include as set, read and checked: a wrong Output names itself. */
export function readOutput(node: INode, output: unknown, fieldsToInclude: unknown): Output {
	const mode = OUTPUT_MODES.find(({ value }) => value === (output ?? 'flattened'))?.value;
	if (mode === undefined) {
		const names = OUTPUT_MODES.map(({ name }) => name).join(', ');
		throw new NodeOperationError(node, `Output: "${String(output)}" is not one of ${names}`, {
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

/** What the output needs of n8n's context: the node (its version) and its parameters. */
export interface OutputContext {
	getNode(): INode;
	getNodeParameter(name: string, fallbackValue?: unknown): unknown;
}

/** The Recruiting node's output: Output (version 2 and later) or Simplify (version 1). */
export function outputOf(context: OutputContext): Output {
	if (context.getNode().typeVersion < 2) {
		return simplifyOutput(context.getNodeParameter('simplify', true));
	}
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

/**
 * The function that turns a raw record into its output (`ordered`: Flattened in the order a
 * person reads the fields).
 */
export function shapeRecord(
	{ mode, names }: Output,
	shape: RecordShape,
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

/** shapeRecord as the Recruiting node's Output (or Simplify) parameter says. */
export function shaper(context: OutputContext, shape: RecordShape): (raw: unknown) => IDataObject {
	// Version 3 orders the Flattened fields; saved workflows keep the order their columns came in.
	return shapeRecord(outputOf(context), shape, context.getNode().typeVersion >= 3);
}
