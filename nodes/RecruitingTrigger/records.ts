import { createHash } from 'crypto';

export type Resource = 'job' | 'candidate';

export type Json = Record<string, unknown>;

/** JSON with object keys sorted at every level, so equal records give equal text. */
export function canonicalJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map((entry) => canonicalJson(entry ?? null)).join(',')}]`;
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

function text(value: unknown): string | undefined {
	if (typeof value === 'string' && value.trim() !== '') return value.trim();
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return undefined;
}

export function recordId(record: Json): string | undefined {
	return text(record.id);
}

/** modifiedAt as the API sent it (candidates only; job list items have none). */
export function modifiedAtOf(record: Json): string | undefined {
	return text(record.modifiedAt);
}

/** createdAt: plain on candidates, `{ viewType: 'vacancyCreatedAt', createdAt }` on jobs. */
export function createdAtOf(record: Json): string | undefined {
	const value = record.createdAt;
	if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
		return text((value as Json).createdAt);
	}
	return text(value);
}
