import type { INodePropertyOptions } from 'n8n-workflow';

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
