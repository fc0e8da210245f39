import { FieldError, fieldText } from './values';

/*
 * Time in the two forms the package meets it:
 * - a date parameter (the date picker, an expression, a Luxon DateTime), read in the
 *   workflow's time zone and sent as ISO 8601 UTC (`timestamp`);
 * - the API's own timestamps, compared as exact instants: they may carry more than
 *   millisecond precision, so they are nanoseconds since the epoch (bigint) rather than Date
 *   values, which would make 12:00:00.0001 and 12:00:00.0002 equal (`instant`).
 */

/**
 * ISO 8601 as people and n8n write it: a date, or a date and time (seconds and fraction
 * optional), with `T` or a space, and a zone (`Z`, `+02:00`, `+0200`) or none.
 */
const ISO_INPUT =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?:(Z)|([+-])(\d{2}):?(\d{2}))?)?$/i;

function daysInMonth(year: number, month: number): number {
	const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
	return month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Milliseconds `timeZone` is ahead of UTC at the instant `utcMs`. */
function zoneOffsetMs(utcMs: number, timeZone: string): number {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
	}).formatToParts(new Date(utcMs));
	const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
	const asUtc = new Date(Date.UTC(2000, 0, 1, part('hour'), part('minute'), part('second')));
	// setUTCFullYear: Date.UTC reads a year below 100 as 19xx.
	asUtc.setUTCFullYear(part('year'), part('month') - 1, part('day'));
	return asUtc.getTime() - Math.floor(utcMs / 1000) * 1000;
}

/** A wall-clock time in `timeZone` (unknown names: UTC) as epoch milliseconds. */
function wallClockToUtc(wall: number, timeZone: string): number {
	try {
		// Twice, so a wall time just after a daylight-saving switch gets the offset in force then.
		const first = wall - zoneOffsetMs(wall, timeZone);
		return wall - zoneOffsetMs(first, timeZone);
	} catch {
		return wall; // an unknown time zone name
	}
}

/**
 * An ISO 8601 date or date-time as epoch milliseconds, or NaN when it is not one or names a
 * day, hour or zone that does not exist (2024-02-30 is refused, not read as 1 March). Without
 * a zone it is a wall-clock time in `timeZone`.
 */
export function parseIsoTime(text: string, timeZone = 'UTC'): number {
	const match = ISO_INPUT.exec(text);
	if (!match) return NaN;
	const [, y, mo, d, h = '0', mi = '0', sec = '0', fraction = '', z, sign, zh, zm] = match;
	const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, sec].map(Number);
	if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return NaN;
	if (hour > 23 || minute > 59 || second > 59) return NaN;
	if (year === 0) return NaN;
	const millis = Number(fraction.padEnd(3, '0').slice(0, 3));
	const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second, millis));
	// setUTCFullYear: Date.UTC reads a year below 100 as 19xx.
	const wall = date.setUTCFullYear(year, month - 1, day);
	if (z !== undefined) return wall;
	if (sign !== undefined) {
		const offsetMinutes = Number(zh) * 60 + Number(zm);
		if (Number(zh) > 23 || Number(zm) > 59) return NaN;
		return wall - (sign === '-' ? -1 : 1) * offsetMinutes * 60_000;
	}
	return wallClockToUtc(wall, timeZone);
}

/** A wall-clock time without a zone, read in `timeZone`, as epoch milliseconds. */
export function zonedTimeToUtc(local: string, timeZone: string): number {
	return /[zZ]$|[+-]\d\d:?\d\d$/.test(local) ? NaN : parseIsoTime(local, timeZone);
}

/** A Luxon DateTime (n8n's `$now`, `DateTime.fromISO(...)`) or a JavaScript Date, as ISO text. */
function dateObjectText(value: object): string | undefined {
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
	const { toISO, isValid } = value as { toISO?: unknown; isValid?: unknown };
	if (typeof toISO !== 'function') return undefined;
	if (isValid === false) return '';
	const text: unknown = toISO.call(value);
	return typeof text === 'string' ? text : '';
}

/**
 * A date parameter as an ISO 8601 timestamp in UTC. n8n's date picker gives a wall-clock time
 * without a zone, meant in the workflow's time zone (UTC when none is given); values with a
 * zone (from expressions, Luxon DateTime and Date objects) keep theirs. Anything else (US
 * dates, day names, impossible dates) is refused naming the field.
 */
export function timestamp(value: unknown, field: string, timeZone?: string): string {
	const fromObject =
		typeof value === 'object' && value !== null ? dateObjectText(value) : undefined;
	const raw = fromObject ?? fieldText(value, field);
	const time = parseIsoTime(raw, timeZone ?? 'UTC');
	if (Number.isNaN(time)) {
		throw new FieldError(
			field,
			raw === '' ? 'is not a date and time' : `"${raw}" is not a date and time`,
			'Use the date picker or an ISO 8601 value such as 2026-03-01T09:00:00Z (or an n8n DateTime)',
		);
	}
	return new Date(time).toISOString();
}

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

export function nsFromMs(ms: number): bigint {
	return BigInt(Math.trunc(ms)) * NS_PER_MS;
}
