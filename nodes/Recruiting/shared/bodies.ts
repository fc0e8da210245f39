import type { IDataObject } from 'n8n-workflow';

import { FieldError } from './errors';
import { JOB_LOCATION_FIELDS, PORTAL_LOCATION_FIELDS, SALARY_CURRENCY_CODES } from './options';

/*
 * Pure builders for the request bodies, from the node's parameter values. Each checks what
 * the spec says about its fields and throws a FieldError naming the field as the user sees
 * it in n8n, so the preSend that calls it can turn that into a NodeOperationError before
 * anything is sent (toNodeError in errors.ts).
 */

/**
 * A parameter as trimmed text. Numbers and booleans (from expressions) are written out; an
 * object or a list is refused rather than sent as "[object Object]".
 */
function text(value: unknown, field: string): string {
	if (value === undefined || value === null) return '';
	if (typeof value === 'string') return value.trim();
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	throw new FieldError(field, `must be text, not ${Array.isArray(value) ? 'a list' : 'an object'}`);
}

function isSet(value: unknown): boolean {
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

const HAS_ZONE = /(Z|[+-]\d\d:?\d\d)$/i;
const LOCAL_DATE_TIME =
	/^(\d{4})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d)(?::(\d\d)(?:\.(\d{1,3})\d*)?)?)?$/;

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
	const asUtc = Date.UTC(
		part('year'),
		part('month') - 1,
		part('day'),
		part('hour'),
		part('minute'),
		part('second'),
	);
	return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/** A wall-clock time without a zone, read in `timeZone`, as epoch milliseconds. */
export function zonedTimeToUtc(local: string, timeZone: string): number {
	const match = LOCAL_DATE_TIME.exec(local);
	if (!match) return NaN;
	const [, year, month, day, hour = '0', minute = '0', second = '0', millis = '0'] = match;
	if (
		+month < 1 ||
		+month > 12 ||
		+day < 1 ||
		+day > 31 ||
		+hour > 23 ||
		+minute > 59 ||
		+second > 59
	)
		return NaN;
	const wall = Date.UTC(+year, +month - 1, +day, +hour, +minute, +second, +millis.padEnd(3, '0'));
	// Twice, so a wall time just after a daylight-saving switch gets the offset in force then.
	const first = wall - zoneOffsetMs(wall, timeZone);
	return wall - zoneOffsetMs(first, timeZone);
}

/**
 * An ISO 8601 timestamp in UTC. n8n's date picker gives a wall-clock time without a zone,
 * meant in the workflow's time zone (UTC when none is given); values with a zone (from
 * expressions) keep theirs.
 */
export function timestamp(value: unknown, field: string, timeZone?: string): string {
	const raw =
		typeof value === 'object' && value !== null && 'toISO' in value
			? String((value as { toISO: () => string }).toISO())
			: text(value, field);
	let time: number;
	if (LOCAL_DATE_TIME.test(raw) && !HAS_ZONE.test(raw)) {
		try {
			time = zonedTimeToUtc(raw, timeZone ?? 'UTC');
		} catch {
			time = zonedTimeToUtc(raw, 'UTC'); // an unknown time zone name
		}
	} else {
		time = raw ? Date.parse(raw) : NaN;
	}
	if (Number.isNaN(time)) {
		throw new FieldError(
			field,
			`"${raw}" is not a date and time`,
			'Use the date picker or an ISO 8601 value such as 2026-03-01T09:00:00Z',
		);
	}
	return new Date(time).toISOString();
}

function finiteNumber(value: unknown, field: string): number {
	const shown = text(value, field);
	const number = typeof value === 'number' ? value : Number(shown);
	if (shown === '' || !Number.isFinite(number)) {
		throw new FieldError(field, `"${shown}" is not a number`);
	}
	return number;
}

function oneOf(value: unknown, allowed: readonly string[], field: string): string {
	const choice = text(value, field);
	if (!allowed.includes(choice)) {
		throw new FieldError(field, `"${choice}" is not one of ${allowed.join(', ')}`);
	}
	return choice;
}

function boundedText(value: unknown, field: string, min: number, max: number): string {
	const result = text(value, field);
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
function fixedValues(value: unknown): IDataObject | undefined {
	if (typeof value !== 'object' || value === null) return undefined;
	const values = (value as IDataObject).values;
	return typeof values === 'object' && values !== null && !Array.isArray(values)
		? (values as IDataObject)
		: undefined;
}

export function location(
	value: unknown,
	fields: readonly string[],
	field = 'Location',
): IDataObject | undefined {
	const values = fixedValues(value);
	if (!values) return undefined;
	const result: IDataObject = {};
	for (const key of fields) {
		if (!isSet(values[key])) continue;
		if (key === 'latitude' || key === 'longitude') {
			const number = finiteNumber(values[key], `${field} ${key}`);
			const bound = key === 'latitude' ? 90 : 180;
			if (Math.abs(number) > bound)
				throw new FieldError(`${field} ${key}`, `must be between -${bound} and ${bound}`);
			result[key] = number;
		} else {
			result[key] = text(values[key], `${field} ${key}`);
		}
	}
	return Object.keys(result).length ? result : undefined;
}

/** Fields of PUT /vacancies/{id} that accept null, offered under Clear Fields. */
export const CLEARABLE_JOB_FIELDS = [
	'description',
	'employmentType',
	'locationType',
	'startAt',
	'endAt',
] as const;

const JOB_FIELD_NAMES: Record<string, string> = {
	name: 'Name',
	companyId: 'Company ID',
	stageId: 'Stage ID',
	description: 'Description',
	employmentType: 'Employment Type',
	locationType: 'Location Type',
	startAt: 'Start At',
	endAt: 'End At',
};

export function jobUpdateBody(updateFields: IDataObject, timeZone?: string): IDataObject {
	const body: IDataObject = {};
	const fields = updateFields ?? {};
	for (const key of ['name', 'description', 'companyId', 'stageId'] as const) {
		if (isSet(fields[key])) body[key] = text(fields[key], JOB_FIELD_NAMES[key]);
	}
	if (isSet(fields.employmentType)) {
		body.employmentType = oneOf(
			fields.employmentType,
			['fullTime', 'partTime', 'temporary', 'internship'],
			'Employment Type',
		);
	}
	if (isSet(fields.locationType)) {
		body.locationType = oneOf(fields.locationType, ['remote', 'hybrid', 'onsite'], 'Location Type');
	}
	if (isSet(fields.startAt)) body.startAt = timestamp(fields.startAt, 'Start At', timeZone);
	if (isSet(fields.endAt)) body.endAt = timestamp(fields.endAt, 'End At', timeZone);
	if (
		typeof body.startAt === 'string' &&
		typeof body.endAt === 'string' &&
		body.endAt < body.startAt
	) {
		throw new FieldError('End At', 'is before Start At');
	}
	// An empty field is not sent: sending [] would silently empty the job's team. A list
	// from an expression is sent as it is, so an empty one ([]) does empty it.
	if (isSet(fields.teamUserIds)) body.teamUserIds = idList(fields.teamUserIds, 'Team User IDs');
	if (isSet(fields.clientTeamUserIds)) {
		body.clientTeamUserIds = idList(fields.clientTeamUserIds, 'Client Team User IDs');
	}
	const jobLocation = location(fields.location, JOB_LOCATION_FIELDS);
	if (jobLocation) body.location = jobLocation;

	const salary = fixedValues(fields.salaryRange);
	if (salary) {
		const range: IDataObject = {
			currency: oneOf(salary.currency, SALARY_CURRENCY_CODES, 'Salary Range currency'),
		};
		if (isSet(salary.min)) range.min = finiteNumber(salary.min, 'Salary Range minimum');
		if (isSet(salary.max)) range.max = finiteNumber(salary.max, 'Salary Range maximum');
		if (range.min === undefined && range.max === undefined) {
			throw new FieldError(
				'Salary Range',
				'has neither a minimum nor a maximum',
				'Enter the Minimum, the Maximum or both, or remove the Salary Range',
			);
		}
		if (typeof range.min === 'number' && typeof range.max === 'number' && range.min > range.max) {
			throw new FieldError('Salary Range', 'the minimum is above the maximum');
		}
		body.salaryRange = range;
	}

	const deal = fixedValues(fields.dealValue);
	if (deal) {
		const currency = text(deal.currency, 'Deal Value currency').toUpperCase();
		if (!/^[A-Z]{3}$/.test(currency)) {
			throw new FieldError(
				'Deal Value currency',
				`"${currency}" is not a three-letter currency code`,
				'Example: EUR',
			);
		}
		body.dealValue = { currency, amount: finiteNumber(deal.amount, 'Deal Value amount') };
	}

	const groups = (fields.scorecard as IDataObject | undefined)?.groups;
	if (Array.isArray(groups)) {
		body.scorecard = (groups as IDataObject[]).map((group) => ({
			group_name: boundedText(group.groupName, 'Scorecard group name', 1, Infinity),
			attributes: idList(group.attributes ?? '', 'Scorecard attributes').map((attribute) => ({
				attribute,
			})),
		}));
	}

	const cleared = Array.isArray(fields.clearFields) ? (fields.clearFields as string[]) : [];
	for (const key of cleared) {
		if (!(CLEARABLE_JOB_FIELDS as readonly string[]).includes(key)) {
			throw new FieldError('Clear Fields', `"${key}" cannot be cleared`);
		}
		if (key in body) {
			throw new FieldError(
				JOB_FIELD_NAMES[key],
				'is both set and cleared',
				'Remove it from Clear Fields or leave it empty',
			);
		}
		body[key] = null;
	}

	if (Object.keys(body).length === 0) {
		throw new FieldError(
			'Update Fields',
			'nothing to update',
			'Add at least one field under Update Fields (or Clear Fields)',
		);
	}
	return body;
}

export interface ApplicationInput {
	jobId: unknown;
	candidateId: unknown;
	stageId: unknown;
	statusId: unknown;
	additionalFields: IDataObject;
}

export function applicationBody(input: ApplicationInput): IDataObject {
	const candidateId = text(input.candidateId, 'Candidate');
	if (!candidateId) throw new FieldError('Candidate', 'is required');
	const stageId = text(input.stageId, 'Stage ID');
	if (!stageId)
		throw new FieldError('Stage ID', 'is required', 'The pipeline stage the application starts in');
	const body: IDataObject = {
		// Both are required by the API and nullable: empty means a speculative application / no status.
		vacancyId: text(input.jobId, 'Job') || null,
		candidateId,
		stageId,
		statusId: text(input.statusId, 'Status ID') || null,
	};
	const extra = input.additionalFields ?? {};
	if (isSet(extra.clientId)) body.clientId = text(extra.clientId, 'Client ID');
	if (isSet(extra.teamUserIds)) body.teamUserIds = idList(extra.teamUserIds, 'Team User IDs');
	if (isSet(extra.clientTeamContactIds)) {
		body.clientTeamContactIds = idList(extra.clientTeamContactIds, 'Client Team Contact IDs');
	}
	const position = fixedValues(extra.position);
	if (position) {
		const previousId = text(position.previousId, 'Position Previous ID');
		const nextId = text(position.nextId, 'Position Next ID');
		if (!previousId && !nextId)
			throw new FieldError('Position', 'give the Previous ID, the Next ID or both');
		body.position = { ...(previousId && { previousId }), ...(nextId && { nextId }) };
	}
	return body;
}

export interface NoteInput {
	content: unknown;
	title: unknown;
	pinned: unknown;
	additionalFields: IDataObject;
}

export function noteBody(input: NoteInput): IDataObject {
	const content =
		typeof input.content === 'string' ? input.content : text(input.content, 'Content');
	if (!content.trim())
		throw new FieldError('Content', 'is required', 'The note text; HTML is allowed');
	if (typeof input.pinned !== 'boolean') throw new FieldError('Pinned', 'must be true or false');
	const body: IDataObject = {
		content,
		// Required and nullable: an empty title removes it.
		title: text(input.title, 'Title') || null,
		pinned: input.pinned,
	};
	const extra = input.additionalFields ?? {};
	if (isSet(extra.source)) {
		const source = oneOf(
			extra.source,
			['phone', 'inPerson', 'onlineMeeting', 'callAttempted', 'none'],
			'Source',
		);
		body.source = source === 'none' ? null : source;
	}
	// As for a job's team: an empty field is not sent, an empty list from an expression is.
	if (isSet(extra.labelIds)) body.labelIds = idList(extra.labelIds, 'Label IDs');
	return body;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface PortalApplicationInput {
	firstName: unknown;
	lastName: unknown;
	email: unknown;
	phoneNumber: unknown;
	cvAttachmentId: unknown;
	networkUrl: unknown;
	location?: unknown;
}

export function portalApplicationBody(input: PortalApplicationInput): IDataObject {
	const email = boundedText(input.email, 'Email', 3, 254);
	if (!EMAIL.test(email)) throw new FieldError('Email', `"${email}" is not an email address`);
	const body: IDataObject = {
		firstName: boundedText(input.firstName, 'First Name', 1, 100),
		lastName: boundedText(input.lastName, 'Last Name', 1, 100),
		cvAttachmentId: boundedText(input.cvAttachmentId, 'CV Attachment ID', 1, 100),
		email,
		phoneNumber: boundedText(input.phoneNumber, 'Phone Number', 1, 20),
		networkUrl: null,
	};
	const networkUrl = text(input.networkUrl, 'Network Profile URL');
	if (networkUrl) {
		boundedText(networkUrl, 'Network Profile URL', 1, 2048);
		let valid = false;
		try {
			valid = /^[a-z][a-z0-9+.-]*:/i.test(networkUrl) && Boolean(new URL(networkUrl));
		} catch {
			valid = false;
		}
		if (!valid)
			throw new FieldError(
				'Network Profile URL',
				`"${networkUrl}" is not a URL`,
				'Example: https://network.example/in/jane',
			);
		body.networkUrl = networkUrl;
	}
	const portalLocation = location(input.location, PORTAL_LOCATION_FIELDS);
	if (portalLocation) body.location = portalLocation;
	return body;
}
