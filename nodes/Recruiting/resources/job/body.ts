import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

import { timestamp } from '../../../shared/time';
import {
	boundedText,
	FieldError,
	fieldText,
	finiteNumber,
	fixedValues,
	idList,
	isSet,
	oneOf,
} from '../../../shared/values';
import { JOB_LOCATION_FIELDS, locationBody } from '../../location';

/** The job value sets the spec lists: the UI offers them and the body is checked against them. */

export const EMPLOYMENT_TYPES: INodePropertyOptions[] = [
	{ name: 'Full Time', value: 'fullTime' },
	{ name: 'Internship', value: 'internship' },
	{ name: 'Part Time', value: 'partTime' },
	{ name: 'Temporary', value: 'temporary' },
];

export const LOCATION_TYPES: INodePropertyOptions[] = [
	{ name: 'Hybrid', value: 'hybrid' },
	{ name: 'Onsite', value: 'onsite' },
	{ name: 'Remote', value: 'remote' },
];

export const SALARY_CURRENCIES: INodePropertyOptions[] = [
	'AED',
	'ARS',
	'AUD',
	'BGN',
	'BRL',
	'CAD',
	'CHF',
	'CNY',
	'CZK',
	'DKK',
	'EGP',
	'EUR',
	'GBP',
	'HKD',
	'HUF',
	'IDR',
	'ILS',
	'INR',
	'JPY',
	'KRW',
	'MXN',
	'NOK',
	'NZD',
	'PLN',
	'RON',
	'RUB',
	'SAR',
	'SEK',
	'SGD',
	'THB',
	'TRY',
	'TWD',
	'USD',
	'VND',
	'ZAR',
].map((code) => ({ name: code, value: code }));

/** Update fields PUT /vacancies/{id} takes as null: offered under Clear Fields. */
export const CLEARABLE_FIELDS = [
	'description',
	'employmentType',
	'endAt',
	'locationType',
	'startAt',
];

/**
 * The body of PUT /vacancies/{id} from Update Fields; a FieldError names a refused field as
 * `jobFieldLabel` shows it. Built as a whole: nulls (Clear Fields), ranges and a field both set
 * and cleared are rules across the fields.
 */
export function jobUpdateBody(
	updateFields: IDataObject,
	timeZone?: string,
	jobFieldLabel: (name: string) => string = (name) => name,
): IDataObject {
	const body: IDataObject = {};
	const fields = updateFields ?? {};
	for (const key of ['name', 'description', 'companyId', 'stageId'] as const) {
		if (isSet(fields[key])) body[key] = fieldText(fields[key], jobFieldLabel(key));
	}
	if (isSet(fields.employmentType)) {
		body.employmentType = oneOf(
			fields.employmentType,
			EMPLOYMENT_TYPES,
			jobFieldLabel('employmentType'),
		);
	}
	if (isSet(fields.locationType)) {
		body.locationType = oneOf(fields.locationType, LOCATION_TYPES, jobFieldLabel('locationType'));
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
	const jobLocation = locationBody(fields.location, JOB_LOCATION_FIELDS);
	if (jobLocation) body.location = jobLocation;

	const salary = fixedValues(fields.salaryRange);
	if (salary) body.salaryRange = salaryRange(salary);

	const deal = fixedValues(fields.dealValue);
	if (deal) {
		const currency = fieldText(deal.currency, 'Deal Value currency').toUpperCase();
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

	const cleared = Array.isArray(fields.clearFields) ? (fields.clearFields as unknown[]) : [];
	for (const key of cleared) {
		if (typeof key !== 'string' || !CLEARABLE_FIELDS.includes(key)) {
			throw new FieldError('Clear Fields', `"${String(key)}" cannot be cleared`);
		}
		if (key in body) {
			throw new FieldError(
				jobFieldLabel(key),
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

function salaryRange(salary: IDataObject): IDataObject {
	const range: IDataObject = {
		currency: oneOf(salary.currency, SALARY_CURRENCIES, 'Salary Range currency'),
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
	return range;
}
