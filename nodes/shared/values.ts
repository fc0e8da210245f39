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

/** A comma-separated list from the UI, or a list from an expression, as trimmed strings. */
export function idList(value: unknown, field: string): string[] {
	if (Array.isArray(value)) {
		return value
			.map((entry) => {
				if (typeof entry !== 'string' && typeof entry !== 'number') {
					throw new FieldError(field, 'must be a list of IDs (text)', 'Example: abc123, def456');
				}
				return String(entry).trim();
			})
			.filter(Boolean);
	}
	if (typeof value !== 'string' && typeof value !== 'number') {
		throw new FieldError(field, 'must be a comma-separated list of IDs', 'Example: abc123, def456');
	}
	return String(value)
		.split(',')
		.map((entry) => entry.trim())
		.filter(Boolean);
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

export function boundedText(value: unknown, field: string, min: number, max: number): string {
	const result = fieldText(value, field);
	if (result.length < min || result.length > max) {
		throw new FieldError(
			field,
			result.length < min
				? 'is required'
				: `is ${result.length} characters long; at most ${max} are allowed`,
		);
	}
	return result;
}

/** The first entry of a fixed collection (`{ values: {...} }`), or undefined. */
export function fixedValues(value: unknown): IDataObject | undefined {
	if (!isRecord(value)) return undefined;
	const values = value.values;
	return isRecord(values) ? (values as IDataObject) : undefined;
}
