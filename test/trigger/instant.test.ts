import { formatInstant, instant, nextInstant } from '../../nodes/shared/time';

describe('instant', () => {
	it('reads ISO 8601 date-times exactly, beyond milliseconds', () => {
		expect(instant('2026-03-01T00:00:00Z')).toBe(BigInt(Date.UTC(2026, 2, 1)) * BigInt(1_000_000));
		expect(instant('2026-03-01T00:00:00.000123Z')! - instant('2026-03-01T00:00:00Z')!).toBe(
			BigInt(123_000),
		);
		expect(instant('2026-03-01T00:00:00.0001Z')! < instant('2026-03-01T00:00:00.0002Z')!).toBe(
			true,
		);
	});

	it('treats a time without a zone as UTC and honours offsets', () => {
		expect(instant('2026-03-01T00:00:00')).toBe(instant('2026-03-01T00:00:00Z'));
		expect(instant('2026-03-01T01:00:00+01:00')).toBe(instant('2026-03-01T00:00:00Z'));
		expect(instant('2026-03-01T01:00:00+0100')).toBe(instant('2026-03-01T00:00:00Z'));
	});

	it('reads the usual millisecond form (its own fast path) exactly as every other form', () => {
		const ms = Date.UTC(2026, 2, 1, 12, 34, 56, 789);
		expect(instant('2026-03-01T12:34:56.789Z')).toBe(BigInt(ms) * BigInt(1_000_000));
		expect(instant('2026-03-01T12:34:56.789Z')).toBe(instant(' 2026-03-01T12:34:56.789Z '));
		expect(instant('2026-03-01T12:34:56.789Z')).toBe(instant('2026-03-01T13:34:56.789+01:00'));
		expect(instant('2026-03-01T12:34:56.789Z')).toBe(instant('2026-03-01T12:34:56.789000Z'));
	});

	it('rejects what is not a date-time', () => {
		for (const value of [
			'',
			'yesterday',
			'2026-13-45T00:00:00Z',
			'2026-13-45T00:00:00.000Z',
			12,
			null,
			undefined,
			{},
		]) {
			expect(instant(value)).toBeUndefined();
		}
	});

	it('formats an instant as UTC ISO with the requested precision', () => {
		expect(formatInstant(instant('2026-03-01T00:00:00.5Z')!)).toBe('2026-03-01T00:00:00.500Z');
		expect(formatInstant(instant('2026-03-01T00:00:00.000123Z')!, 6)).toBe(
			'2026-03-01T00:00:00.000123Z',
		);
	});

	it('steps to the next instant at the precision the time is written in', () => {
		expect(nextInstant('2026-03-01T00:00:00.123Z')).toBe('2026-03-01T00:00:00.124Z');
		expect(nextInstant('2026-03-01T00:00:59Z')).toBe('2026-03-01T00:01:00.000Z');
		expect(nextInstant('2026-03-01T00:00:00.999999Z')).toBe('2026-03-01T00:00:01.000000Z');
		expect(nextInstant('2026-12-31T23:59:59.999Z')).toBe('2027-01-01T00:00:00.000Z');
		expect(nextInstant('not a time')).toBeUndefined();
	});
});
