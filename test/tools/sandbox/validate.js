// @ts-check
'use strict';

/**
 * Request validation against the spec's tables. Each check throws a 400
 * HttpError naming the offending field with a dotted path
 * (`location.latitude`, `scorecard[0].group_name`).
 *
 * Strictness choices where the spec is silent:
 * - unknown body fields are rejected (catches clients sending fields of
 *   another variant, e.g. `formattedAddress` in the job update location);
 * - a field is nullable only where the spec says "or null";
 * - "required" means the key must be present (a nullable required field may
 *   be null).
 */

const { badRequest } = require('./errors');
const data = require('./data');

/**
 * @typedef {(value: unknown, path: string) => void} Check
 * @typedef {Check & { required?: boolean }} FieldCheck
 */

/**
 * Mark a field as required (the key must be present).
 * @param {Check} check
 * @returns {FieldCheck}
 */
function req(check) {
	/** @type {FieldCheck} */
	const field = (value, path) => check(value, path);
	field.required = true;
	return field;
}

/**
 * @param {Check} check
 * @returns {Check}
 */
function nullable(check) {
	return (value, path) => {
		if (value !== null) check(value, path);
	};
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * @param {{ min?: number, max?: number, format?: 'email' | 'uri' }} [rules]
 * @returns {Check}
 */
function str(rules = {}) {
	return (value, path) => {
		if (typeof value !== 'string') throw badRequest(path, `${path} must be a string`);
		const { min, max, format } = rules;
		if ((min !== undefined && value.length < min) || (max !== undefined && value.length > max)) {
			throw badRequest(
				path,
				`${path} must be between ${min ?? 0} and ${max ?? 'any number of'} characters long`,
			);
		}
		if (format === 'email' && !EMAIL.test(value))
			throw badRequest(path, `${path} must be an email address`);
		if (format === 'uri' && !isAbsoluteUri(value))
			throw badRequest(path, `${path} must be an absolute URI`);
	};
}

/** @param {string} value */
function isAbsoluteUri(value) {
	try {
		new URL(value);
		return /^[a-z][a-z0-9+.-]*:/i.test(value);
	} catch {
		return false;
	}
}

/** @type {Check} */
const num = (value, path) => {
	if (typeof value !== 'number' || !Number.isFinite(value))
		throw badRequest(path, `${path} must be a number`);
};

/** @type {Check} */
const bool = (value, path) => {
	if (typeof value !== 'boolean') throw badRequest(path, `${path} must be a boolean`);
};

/**
 * @param {readonly string[]} values
 * @returns {Check}
 */
function oneOf(values) {
	return (value, path) => {
		if (typeof value !== 'string' || !values.includes(value)) {
			throw badRequest(path, `${path} must be one of: ${values.join(', ')}`);
		}
	};
}

// RFC 3339 date-time (the "ISO 8601 date-time" of the spec), offset required.
const DATE_TIME =
	/^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-](\d{2}):(\d{2}))$/i;

/**
 * Parse an RFC 3339 date-time to epoch ms; null when malformed or impossible
 * (e.g. February 30th, which Date.parse would silently roll over).
 * @param {string} text
 * @returns {number | null}
 */
function parseDateTime(text) {
	const m = DATE_TIME.exec(text);
	if (!m) return null;
	const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
	const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
	if (
		month < 1 ||
		month > 12 ||
		day < 1 ||
		day > daysInMonth ||
		hour > 23 ||
		minute > 59 ||
		second > 59
	)
		return null;
	if (m[9] !== undefined && (Number(m[9]) > 23 || Number(m[10]) > 59)) return null;
	const ms = Date.parse(text);
	return Number.isFinite(ms) ? ms : null;
}

/** @type {Check} */
const dateTime = (value, path) => {
	if (typeof value !== 'string' || parseDateTime(value) === null) {
		throw badRequest(
			path,
			`${path} must be an ISO 8601 date-time with a time zone, e.g. 2026-01-31T09:30:00.000Z`,
		);
	}
};

/**
 * @param {Check} item
 * @returns {Check}
 */
function arrayOf(item) {
	return (value, path) => {
		if (!Array.isArray(value)) throw badRequest(path, `${path} must be an array`);
		value.forEach((v, i) => item(v, `${path}[${i}]`));
	};
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
const isPlainObject = (value) =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * @param {Record<string, FieldCheck>} shape
 * @returns {Check}
 */
function object(shape) {
	return (value, path) => {
		if (!isPlainObject(value)) {
			throw path
				? badRequest(path, `${path} must be an object`)
				: badRequest('body', 'request body must be a JSON object');
		}
		const prefix = path ? `${path}.` : '';
		for (const key of Object.keys(value)) {
			if (!Object.prototype.hasOwnProperty.call(shape, key))
				throw badRequest(prefix + key, `${prefix + key} is not a known field`);
		}
		for (const [key, check] of Object.entries(shape)) {
			if (!Object.prototype.hasOwnProperty.call(value, key) || value[key] === undefined) {
				if (check.required) throw badRequest(prefix + key, `${prefix + key} is required`);
				continue;
			}
			check(value[key], prefix + key);
		}
	};
}

const LOCATION_UPDATE_SHAPE = {
	type: oneOf(data.LOCATION_KINDS),
	street1: str(),
	street2: str(),
	postalCode: str(),
	city: str(),
	region: str(),
	state: str(),
	country: str(),
	latitude: num,
	longitude: num,
};

/** Job update sends ten location fields; the portal submission all twelve. */
const locationUpdate = object(LOCATION_UPDATE_SHAPE);
const locationFull = object({
	...LOCATION_UPDATE_SHAPE,
	rawCityCountry: str(),
	formattedAddress: str(),
});

/** Money currencies are "the same kind of code": three upper-case letters. */
const currencyCode = (/** @type {unknown} */ value, /** @type {string} */ path) => {
	if (typeof value !== 'string' || !/^[A-Z]{3}$/.test(value))
		throw badRequest(path, `${path} must be a three-letter currency code`);
};

const validateVacancyUpdate = object({
	employmentType: nullable(oneOf(data.EMPLOYMENT_TYPES)),
	locationType: nullable(oneOf(data.LOCATION_TYPES)),
	companyId: str(),
	description: nullable(str()),
	location: locationUpdate,
	salaryRange: object({ currency: oneOf(data.SALARY_CURRENCIES), min: num, max: num }),
	startAt: nullable(dateTime),
	endAt: nullable(dateTime),
	teamUserIds: arrayOf(str()),
	clientTeamUserIds: arrayOf(str()),
	stageId: str(),
	name: str(),
	scorecard: arrayOf(
		object({ group_name: req(str()), attributes: req(arrayOf(object({ attribute: req(str()) }))) }),
	),
	dealValue: object({ currency: req(currencyCode), amount: req(num) }),
});

const validateNoteUpdate = object({
	content: req(str()),
	title: req(nullable(str())),
	pinned: req(bool),
	source: nullable(oneOf(data.NOTE_SOURCES)),
	labelIds: arrayOf(str()),
});

const validateApplicationCreate = object({
	vacancyId: req(nullable(str())),
	candidateId: req(str()),
	stageId: req(str()),
	statusId: req(nullable(str())),
	clientId: str(),
	teamUserIds: arrayOf(str()),
	clientTeamContactIds: arrayOf(str()),
	position: object({ previousId: str(), nextId: str() }),
});

/**
 * Portal submission. `location` is tolerated when absent (the spec shows a
 * variant without it) and the 1-20 phoneNumber limit applies.
 */
const validatePortalApplication = object({
	firstName: req(str({ min: 1, max: 100 })),
	lastName: req(str({ min: 1, max: 100 })),
	cvAttachmentId: req(str({ min: 1, max: 100 })),
	email: req(str({ min: 3, max: 254, format: 'email' })),
	phoneNumber: req(str({ min: 1, max: 20 })),
	networkUrl: req(nullable(str({ min: 1, max: 2048, format: 'uri' }))),
	location: locationFull,
});

/** The candidate fields the control API's create and touch may set (the rest is generated). */
const validateCandidateFields = object({
	firstName: str(),
	lastName: str(),
	email: str(),
	phoneNumber: str(),
	networkUrl: nullable(str()),
	acquisitionSource: str(),
	location: locationFull,
});

/**
 * Run a check on a request body.
 * @param {Check} check
 * @param {unknown} body
 * @returns {Record<string, unknown>}
 */
function validateBody(check, body) {
	check(body, '');
	return /** @type {Record<string, unknown>} */ (body);
}

/**
 * `limit` query parameter: an integer 1..50 written in plain digits.
 * @param {string | null} raw
 * @returns {number}
 */
function parseLimit(raw) {
	if (raw === null) return 25;
	if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 50) {
		throw badRequest('limit', 'limit must be an integer between 1 and 50');
	}
	return Number(raw);
}

/**
 * @param {string | null} raw
 * @param {string} name
 * @returns {number | null}
 */
function parseDateTimeParam(raw, name) {
	if (raw === null) return null;
	dateTime(raw, name);
	return /** @type {number} */ (parseDateTime(raw));
}

module.exports = {
	validateBody,
	validateVacancyUpdate,
	validateNoteUpdate,
	validateApplicationCreate,
	validatePortalApplication,
	validateCandidateFields,
	parseLimit,
	parseDateTime,
	parseDateTimeParam,
	isPlainObject,
};
