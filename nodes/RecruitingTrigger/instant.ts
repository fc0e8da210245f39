/*
 * Timestamps as exact instants. The API's timestamps are ISO 8601 strings and may carry more
 * than millisecond precision, so they are compared as nanoseconds since the epoch (bigint)
 * rather than as Date values, which would make 12:00:00.0001 and 12:00:00.0002 equal.
 */

const ISO = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?)(?:[.,](\d+))?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

const NS_PER_MS = BigInt(1_000_000);

/** `2026-03-01T12:00:00.000Z`: the form the API (and JavaScript) writes, with milliseconds. */
const CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Nanoseconds since the epoch, or undefined for anything that is not an ISO date-time. */
export function instant(value: unknown): bigint | undefined {
	if (typeof value !== 'string') return undefined;
	// The trigger reads this for every record it lists: the common form skips the general parse.
	if (value.length === 24 && CANONICAL.test(value)) {
		const ms = Date.parse(value);
		return Number.isNaN(ms) ? undefined : BigInt(ms) * NS_PER_MS;
	}
	const match = ISO.exec(value.trim());
	if (!match) return undefined;
	const [, base, fraction = '', zone = 'Z'] = match;
	// Zone-less timestamps are UTC, as the spec says all of them are.
	const seconds = Date.parse(`${base.length === 16 ? `${base}:00` : base}${normaliseZone(zone)}`);
	if (Number.isNaN(seconds)) return undefined;
	const sub = BigInt((fraction + '000000000').slice(0, 9));
	return BigInt(seconds) * NS_PER_MS + sub;
}

function normaliseZone(zone: string): string {
	if (zone.toUpperCase() === 'Z') return 'Z';
	const digits = zone.slice(1).replace(':', '');
	return `${zone[0]}${digits.slice(0, 2)}:${(digits.slice(2) || '00').padEnd(2, '0')}`;
}

/** Digits after the seconds in an ISO string (0 when there are none). */
function fractionDigits(value: string): number {
	const match = ISO.exec(value.trim());
	return match?.[2]?.length ?? 0;
}

/** An instant as an ISO 8601 UTC string with `digits` fraction digits (at least 3). */
export function formatInstant(ns: bigint, digits = 3): string {
	const ms = ns / NS_PER_MS - (ns % NS_PER_MS < BigInt(0) ? BigInt(1) : BigInt(0));
	const iso = new Date(Number(ms)).toISOString();
	const places = Math.min(Math.max(digits, 3), 9);
	const billion = BigInt(1_000_000_000);
	const fraction = (((ns % billion) + billion) % billion)
		.toString()
		.padStart(9, '0')
		.slice(0, places);
	return `${iso.slice(0, 19)}.${fraction}Z`;
}

/**
 * The first instant after `value` at the precision `value` is written in: 12:00:00.123Z gives
 * 12:00:00.124Z, 12:00:00Z gives 12:00:01.000Z. Used to step past a modification time the
 * job cursor cannot page beyond, without skipping any later time the API can express.
 */
export function nextInstant(value: string): string | undefined {
	const ns = instant(value);
	if (ns === undefined) return undefined;
	const digits = Math.min(fractionDigits(value), 9);
	const step = BigInt(10) ** BigInt(9 - digits);
	return formatInstant(ns - (ns % step) + step, digits);
}

export function earlier(a: bigint, b: bigint): bigint {
	return a < b ? a : b;
}

export function later(a: bigint, b: bigint): bigint {
	return a > b ? a : b;
}

export function nsFromMs(ms: number): bigint {
	return BigInt(Math.trunc(ms)) * NS_PER_MS;
}
