import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

/*
 * Value checks shared by every request body and parameter. They are pure: a value the API
 * would refuse throws a FieldError naming the field as the user sees it in n8n, and the
 * routing hook or node that called them turns it into a NodeOperationError (toNodeError).
 */

/** A JSON object as the API sends it. */
export type Json = Record<string, unknown>;

export class FieldError extends Error {
	constructor(
		readonly field: string,
		readonly problem: string,
		readonly hint?: string,
	) {
		super(`${field}: ${problem}`);
		this.name = 'FieldError';
	}
}

/** A plain object (not null, not a list). */
export function isRecord(value: unknown): value is Json {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A parameter as trimmed text. Numbers and booleans (from expressions) are written out; an
 * object or a list is refused rather than sent as "[object Object]".
 */
export function fieldText(value: unknown, field: string): string {
	if (value === undefined || value === null) return '';
	if (typeof value === 'string') return value.trim();
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	throw new FieldError(field, `must be text, not ${Array.isArray(value) ? 'a list' : 'an object'}`);
}

/** A record's own text field (an id, a timestamp): trimmed text or a number, else undefined. */
export function scalarText(value: unknown): string | undefined {
	if (typeof value === 'string' && value.trim() !== '') return value.trim();
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return undefined;
}

/** Whether a parameter was filled in (not absent, null or blank). */
export function isSet(value: unknown): boolean {
	return (
		value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '')
	);
}

/** What a value is, for a message: "a list", "an object", "the number 5", "true". */
export function describeValue(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'a list';
	if (typeof value === 'object') return 'an object';
	if (typeof value === 'string') return `"${value.length > 60 ? `${value.slice(0, 60)}…` : value}"`;
	if (typeof value === 'number') return `the number ${value}`;
	return String(value);
}

const INVALID_JSON = Symbol('invalid JSON');

function parseJson(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return INVALID_JSON;
	}
}

const ID_LIST_HINT =
	'Example: abc123, def456 (or a list from an expression, or ["abc123","def456"])';

/** One entry of an id list: text or a number, trimmed. */
function idEntry(entry: unknown, field: string): string {
	if (typeof entry !== 'string' && typeof entry !== 'number') {
		throw new FieldError(
			field,
			`must be a list of IDs (text), but one entry is ${describeValue(entry)}`,
			ID_LIST_HINT,
		);
	}
	return String(entry).trim();
}

/**
 * A list of ids: a comma-separated list typed in the UI, a list from an expression, or a
 * JSON list pasted as text (`["u1","u2"]`), as trimmed strings, empties dropped.
 */
export function idList(value: unknown, field: string): string[] {
	let entries: unknown[];
	if (Array.isArray(value)) entries = value;
	else if (typeof value === 'number') entries = [value];
	else if (typeof value === 'string' && value.trim().startsWith('[')) {
		const parsed = parseJson(value);
		if (parsed === INVALID_JSON) {
			throw new FieldError(field, `${describeValue(value)} is not a valid JSON list`, ID_LIST_HINT);
		}
		if (!Array.isArray(parsed)) {
			throw new FieldError(field, `${describeValue(value)} is not a list`, ID_LIST_HINT);
		}
		entries = parsed;
	} else if (typeof value === 'string') entries = value.split(',');
	else {
		throw new FieldError(
			field,
			`must be a comma-separated list of IDs, not ${describeValue(value)}`,
			ID_LIST_HINT,
		);
	}
	const ids = entries.map((entry) => idEntry(entry, field)).filter(Boolean);
	const quoted = ids.find((id) => /["'[\]]/.test(id));
	if (quoted !== undefined) {
		throw new FieldError(
			field,
			`must be a list of IDs, but ${describeValue(quoted)} has quotes or brackets`,
			ID_LIST_HINT,
		);
	}
	return ids;
}

export function finiteNumber(value: unknown, field: string): number {
	const shown = fieldText(value, field);
	const number = typeof value === 'number' ? value : Number(shown);
	if (shown === '' || !Number.isFinite(number)) {
		throw new FieldError(field, `"${shown}" is not a number`);
	}
	return number;
}

/** One of the values of an n8n option list: the list the user picks from is the one checked. */
export function oneOf(value: unknown, options: INodePropertyOptions[], field: string): string {
	const choice = fieldText(value, field);
	if (!options.some((option) => option.value === choice)) {
		const allowed = options.map((option) => String(option.value)).join(', ');
		throw new FieldError(field, `"${choice}" is not one of ${allowed}`);
	}
	return choice;
}

/** Characters as the API counts them: Unicode code points (an emoji is one, not two). */
export function characterCount(text: string): number {
	return [...text].length;
}

export function boundedText(value: unknown, field: string, min: number, max: number): string {
	const result = fieldText(value, field);
	const length = characterCount(result);
	if (length < min || length > max) {
		throw new FieldError(
			field,
			length < min ? 'is required' : `is ${length} characters long; at most ${max} are allowed`,
		);
	}
	return result;
}

/** An http(s) URL (a web address), or a FieldError naming the field. */
export function webUrl(value: string, field: string, example: string): string {
	let url: URL | undefined;
	try {
		url = new URL(value);
	} catch {
		url = undefined;
	}
	if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.host) {
		throw new FieldError(field, `${describeValue(value)} is not an http(s) address`, example);
	}
	return value;
}

/**
 * Limit, as typed or from an expression: a whole number of at least 1 (a number, or digits as
 * text). Anything else is refused rather than sent as it is or read as "everything".
 */
export function readLimit(value: unknown, field = 'Limit'): number {
	const number =
		typeof value === 'number'
			? value
			: typeof value === 'string' && /^\s*\d+\s*$/.test(value)
				? Number(value)
				: NaN;
	if (!Number.isInteger(number) || number < 1) {
		throw new FieldError(
			field,
			`must be a whole number of at least 1, not ${describeValue(value)}`,
			'Enter how many results to return, or turn on Return All',
		);
	}
	return number;
}

/** The first entry of a fixed collection (`{ values: {...} }`), or undefined. */
export function fixedValues(value: unknown): IDataObject | undefined {
	if (!isRecord(value)) return undefined;
	const values = value.values;
	return isRecord(values) ? (values as IDataObject) : undefined;
}
