import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { FieldError, finiteNumber, fieldText, fixedValues, isSet } from '../shared/values';

/*
 * The spec's shared Location object, used by two resources: a job update sends ten of its
 * fields, a job portal application all twelve. Its options, fields and body builder live here.
 */

export const ADDRESS_TYPES: INodePropertyOptions[] = [
	{ name: 'Headquarters', value: 'headquarters' },
	{ name: 'Primary Home', value: 'primary_home' },
	{ name: 'Primary Work', value: 'primary_work' },
	{ name: 'Regional Office', value: 'regional_office' },
	{ name: 'Secondary Home', value: 'secondary_home' },
];

/** Location fields the update-job body takes (the spec's ten). */
export const JOB_LOCATION_FIELDS = [
	'type',
	'street1',
	'street2',
	'postalCode',
	'city',
	'region',
	'state',
	'country',
	'latitude',
	'longitude',
] as const;

/** Location fields the portal submission takes (all twelve). */
export const PORTAL_LOCATION_FIELDS = [
	...JOB_LOCATION_FIELDS,
	'rawCityCountry',
	'formattedAddress',
] as const;

/** The Location fixed collection's fields: ten on a job update, twelve on a portal application. */
export function locationValues(body: 'job' | 'portal'): INodeProperties[] {
	const fields: INodeProperties[] = [
		body === 'job'
			? {
					displayName: 'Address Type',
					name: 'type',
					type: 'options',
					// Not sent unless chosen: a default would overwrite the job's address type.
					options: [...ADDRESS_TYPES, { name: 'Not Set', value: '' }].sort((a, b) =>
						a.name.localeCompare(b.name),
					),
					default: '',
					description: 'Not Set keeps the job’s current address type',
				}
			: {
					displayName: 'Address Type',
					name: 'type',
					type: 'options',
					options: ADDRESS_TYPES,
					// The applicant's location: where they live.
					default: 'primary_home',
				},
		{ displayName: 'City', name: 'city', type: 'string', default: '' },
		{ displayName: 'Country', name: 'country', type: 'string', default: '' },
		// Text, not number: an empty coordinate is left out rather than sent as 0.
		{
			displayName: 'Latitude',
			name: 'latitude',
			type: 'string',
			default: '',
			placeholder: 'e.g. 52.52',
		},
		{
			displayName: 'Longitude',
			name: 'longitude',
			type: 'string',
			default: '',
			placeholder: 'e.g. 13.40',
		},
		{ displayName: 'Postal Code', name: 'postalCode', type: 'string', default: '' },
		{ displayName: 'Region', name: 'region', type: 'string', default: '' },
		{ displayName: 'State', name: 'state', type: 'string', default: '' },
		{ displayName: 'Street 1', name: 'street1', type: 'string', default: '' },
		{ displayName: 'Street 2', name: 'street2', type: 'string', default: '' },
	];
	if (body === 'portal') {
		fields.push(
			{ displayName: 'Formatted Address', name: 'formattedAddress', type: 'string', default: '' },
			{
				displayName: 'Raw City and Country',
				name: 'rawCityCountry',
				type: 'string',
				default: '',
				placeholder: 'e.g. Berlin, Germany',
			},
		);
		fields.sort((a, b) => a.displayName.localeCompare(b.displayName));
	}
	return fields;
}

/** The Location fixed collection as the body's `location`, only the fields filled in. */
export function locationBody(
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
			result[key] = fieldText(values[key], `${field} ${key}`);
		}
	}
	return Object.keys(result).length ? result : undefined;
}
