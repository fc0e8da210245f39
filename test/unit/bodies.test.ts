import { jobUpdateBody } from '../../nodes/Recruiting/resources/job/body';
import { timestamp, zonedTimeToUtc } from '../../nodes/shared/time';
import { FieldError, idList } from '../../nodes/shared/values';

describe('timestamp', () => {
	test.each([
		['2026-01-15T09:30:00', 'Europe/Berlin', '2026-01-15T08:30:00.000Z'],
		['2026-07-15T09:30:00', 'Europe/Berlin', '2026-07-15T07:30:00.000Z'],
		['2026-07-15T09:30:00', 'America/New_York', '2026-07-15T13:30:00.000Z'],
		['2026-03-29T03:30:00', 'Europe/Berlin', '2026-03-29T01:30:00.000Z'],
		['2026-07-15', 'UTC', '2026-07-15T00:00:00.000Z'],
		['2026-07-15T09:30:00Z', 'Europe/Berlin', '2026-07-15T09:30:00.000Z'],
		['2026-07-15T09:30:00+02:00', 'America/New_York', '2026-07-15T07:30:00.000Z'],
	])('%s in %s is %s', (value, zone, expected) => {
		expect(timestamp(value, 'X', zone)).toBe(expected);
	});

	test('years before 100 are read as written (not as 19xx); year 0 and impossible days are refused', () => {
		expect(timestamp('0099-03-01', 'X', 'UTC')).toBe('0099-03-01T00:00:00.000Z');
		expect(timestamp('2024-02-29', 'X', 'UTC')).toBe('2024-02-29T00:00:00.000Z');
		expect(() => timestamp('0000-01-01', 'X', 'UTC')).toThrow(FieldError);
		expect(() => timestamp('2023-02-29', 'X', 'UTC')).toThrow(FieldError);
		expect(() => timestamp('1900-02-29', 'X', 'UTC')).toThrow(FieldError);
	});

	test('a Luxon DateTime from an expression is taken as it is', () => {
		expect(timestamp({ toISO: () => '2026-01-01T10:00:00.000+01:00' }, 'X', 'UTC')).toBe(
			'2026-01-01T09:00:00.000Z',
		);
	});

	test.each(['', 'soon', '2026-13-45T99:00:00', {}])('%j is refused naming the field', (value) => {
		expect(() => timestamp(value, 'Start At', 'UTC')).toThrow(FieldError);
		expect(() => timestamp(value, 'Start At', 'UTC')).toThrow(/^Start At: /);
	});

	test('without a zone name, or with an unknown one, a wall-clock time is read as UTC', () => {
		expect(zonedTimeToUtc('2026-01-01T00:00:00', 'UTC')).toBe(Date.UTC(2026, 0, 1));
		expect(timestamp('2026-01-01T10:00:00', 'X')).toBe('2026-01-01T10:00:00.000Z');
		expect(timestamp('2026-01-01T10:00:00', 'X', 'Not/AZone')).toBe('2026-01-01T10:00:00.000Z');
		expect(timestamp('2026-01-01T10:00:00Z', 'X', 'Not/AZone')).toBe('2026-01-01T10:00:00.000Z');
	});
});

describe('idList', () => {
	test('comma lists and arrays, trimmed, empties dropped', () => {
		expect(idList(' a, b ,,c ', 'X')).toEqual(['a', 'b', 'c']);
		expect(idList(['a', 2, ' '], 'X')).toEqual(['a', '2']);
		expect(idList('', 'X')).toEqual([]);
	});
	test('anything else names the field', () => {
		expect(() => idList([{}], 'Team User IDs')).toThrow(/^Team User IDs: must be a list of IDs/);
		expect(() => idList(true, 'Team User IDs')).toThrow(
			/^Team User IDs: must be a comma-separated list/,
		);
	});
});

describe('jobUpdateBody', () => {
	test('huge and non-numeric numbers are refused', () => {
		expect(() =>
			jobUpdateBody({ salaryRange: { values: { currency: 'EUR', min: 'lots', max: 1 } } }),
		).toThrow(/^Salary Range minimum: "lots" is not a number/);
		expect(() =>
			jobUpdateBody({ dealValue: { values: { currency: 'EUR', amount: Infinity } } }),
		).toThrow(/is not a number/);
	});
	test('an unknown salary currency is refused', () => {
		expect(() =>
			jobUpdateBody({ salaryRange: { values: { currency: 'XYZ', min: 1, max: 2 } } }),
		).toThrow(/^Salary Range currency: "XYZ" is not one of AED, ARS, AUD, .*, USD, VND, ZAR$/);
	});
	test('a salary range sends only the bounds given, and needs at least one', () => {
		expect(
			jobUpdateBody({ salaryRange: { values: { currency: 'EUR', min: '70000', max: '' } } }),
		).toEqual({ salaryRange: { currency: 'EUR', min: 70000 } });
		expect(jobUpdateBody({ salaryRange: { values: { currency: 'EUR', max: 90000 } } })).toEqual({
			salaryRange: { currency: 'EUR', max: 90000 },
		});
		expect(() =>
			jobUpdateBody({ salaryRange: { values: { currency: 'EUR', min: '', max: '' } } }),
		).toThrow(/^Salary Range: has neither a minimum nor a maximum/);
	});
	test('an empty team field leaves the team as it is; an empty list from an expression empties it', () => {
		expect(jobUpdateBody({ name: 'X', teamUserIds: '', clientTeamUserIds: ' ' })).toEqual({
			name: 'X',
		});
		expect(jobUpdateBody({ teamUserIds: [], clientTeamUserIds: 'u1, u2' })).toEqual({
			teamUserIds: [],
			clientTeamUserIds: ['u1', 'u2'],
		});
	});
	test('a scorecard group needs a name', () => {
		expect(() =>
			jobUpdateBody({ scorecard: { groups: [{ groupName: ' ', attributes: 'a' }] } }),
		).toThrow(/^Scorecard group name: is required/);
	});
});
