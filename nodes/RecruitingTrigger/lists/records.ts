import { createHash } from 'crypto';

import { scalarText } from '../../shared/values';
import type { Json } from '../../shared/values';

export type Resource = 'job' | 'candidate';

/** JSON with object keys sorted at every level, so equal records give equal text. */
function canonicalJson(value: unknown): string {
	if (Array.isArray(value))
		return `[${value.map((entry) => canonicalJson(entry ?? null)).join(',')}]`;
	if (typeof value === 'object' && value !== null) {
		const entries = Object.keys(value)
			.filter((key) => (value as Json)[key] !== undefined)
			.sort()
			.map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Json)[key])}`);
		return `{${entries.join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}

/** A short stable digest of a raw record: changes whenever any field of it changes. */
export function fingerprint(record: Json): string {
	return createHash('sha1').update(canonicalJson(record)).digest('base64url');
}

export function recordId(record: Json): string | undefined {
	return scalarText(record.id);
}

/** modifiedAt as the API sent it (candidates only; job list items have none). */
export function modifiedAtOf(record: Json): string | undefined {
	return scalarText(record.modifiedAt);
}

/** createdAt: plain on candidates, `{ viewType: 'vacancyCreatedAt', createdAt }` on jobs. */
export function createdAtOf(record: Json): string | undefined {
	const value = record.createdAt;
	if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
		return scalarText((value as Json).createdAt);
	}
	return scalarText(value);
}

const CONTENT_KEY = /#[A-Za-z0-9_-]{27}$/;

/**
 * The key a handled version of a record is remembered by: `id@modifiedAt` when the record
 * has both (candidates), otherwise `id#fingerprint` (jobs, and candidates without a
 * modifiedAt), where the version is the content itself.
 */
export function recordKey(record: Json, modifiedAt?: string): string {
	const id = recordId(record);
	return id !== undefined && modifiedAt !== undefined
		? `${id}@${modifiedAt}`
		: `${id ?? ''}#${fingerprint(record)}`;
}

/** The record id in a key made by recordKey ('' when the record had none). */
export function idOfKey(key: string): string {
	return CONTENT_KEY.test(key) ? key.slice(0, -28) : key.slice(0, key.lastIndexOf('@'));
}
