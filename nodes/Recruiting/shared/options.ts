import type { INodePropertyOptions } from 'n8n-workflow';

/** The value sets the spec lists, as n8n option lists. */

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

export const ADDRESS_TYPES: INodePropertyOptions[] = [
	{ name: 'Headquarters', value: 'headquarters' },
	{ name: 'Primary Home', value: 'primary_home' },
	{ name: 'Primary Work', value: 'primary_work' },
	{ name: 'Regional Office', value: 'regional_office' },
	{ name: 'Secondary Home', value: 'secondary_home' },
];

export const SALARY_CURRENCY_CODES = [
	'USD',
	'EUR',
	'GBP',
	'JPY',
	'CNY',
	'INR',
	'SAR',
	'AED',
	'NOK',
	'SEK',
	'DKK',
	'MXN',
	'BRL',
	'ARS',
	'AUD',
	'CAD',
	'NZD',
	'EGP',
	'CHF',
	'SGD',
	'HKD',
	'KRW',
	'TWD',
	'THB',
	'VND',
	'IDR',
	'ILS',
	'TRY',
	'ZAR',
	'RUB',
	'PLN',
	'HUF',
	'RON',
	'BGN',
	'CZK',
] as const;

export const SALARY_CURRENCIES: INodePropertyOptions[] = [...SALARY_CURRENCY_CODES]
	.sort()
	.map((code) => ({ name: code, value: code }));

/** `none` clears the source (the API takes null); it is not sent as a string. */
export const NOTE_SOURCES: INodePropertyOptions[] = [
	{ name: 'Call Attempted', value: 'callAttempted' },
	{ name: 'In Person', value: 'inPerson' },
	{ name: 'None (Clear)', value: 'none' },
	{ name: 'Online Meeting', value: 'onlineMeeting' },
	{ name: 'Phone', value: 'phone' },
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
