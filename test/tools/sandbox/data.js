// @ts-check
'use strict';

/**
 * The spec's enumerations the sandbox validates against and renders (copied verbatim where the
 * spec lists them exhaustively; open value sets use the spec's known value plus plausible
 * siblings), and its pipeline stages. The vocabulary the seeded world draws its names, cities
 * and phrases from is data, in vocabulary.json.
 */

/** Salary range currency enum: the complete list of 35 codes from the spec. */
const SALARY_CURRENCIES = Object.freeze([
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
]);

const EMPLOYMENT_TYPES = Object.freeze(['fullTime', 'partTime', 'temporary', 'internship']);
const LOCATION_TYPES = Object.freeze(['remote', 'hybrid', 'onsite']);
const LOCATION_KINDS = Object.freeze([
	'primary_home',
	'secondary_home',
	'primary_work',
	'headquarters',
	'regional_office',
]);
const NOTE_SOURCES = Object.freeze(['phone', 'inPerson', 'onlineMeeting', 'callAttempted']);

const GENDERS = Object.freeze(['male', 'female', 'non_binary']);
const CANDIDATE_STATUSES = Object.freeze([
	'actively_looking',
	'open_to_offers',
	'not_looking',
	'placed',
]);
const ACQUISITION_SOURCES = Object.freeze([
	'manual',
	'sourced',
	'referral',
	'import',
	'vacancyPortal',
]);
const APPLICATION_STATES = Object.freeze(['for-review', 'in-progress', 'rejected', 'placed']);

/** Job (vacancy) pipeline stages. `isOpen` is only rendered in the detail variant. */
const VACANCY_STAGES = Object.freeze([
	{ id: 'vstage-intake', order: 1, name: 'Intake', colorHex: '#9E9E9E', isOpen: true },
	{ id: 'vstage-sourcing', order: 2, name: 'Sourcing', colorHex: '#2196F3', isOpen: true },
	{ id: 'vstage-interviewing', order: 3, name: 'Interviewing', colorHex: '#FF9800', isOpen: true },
	{ id: 'vstage-offer', order: 4, name: 'Offer', colorHex: '#9C27B0', isOpen: true },
	{ id: 'vstage-on-hold', order: 5, name: 'On hold', colorHex: '#795548', isOpen: false },
	{ id: 'vstage-filled', order: 6, name: 'Filled', colorHex: '#4CAF50', isOpen: false },
	{ id: 'vstage-cancelled', order: 7, name: 'Cancelled', colorHex: '#F44336', isOpen: false },
]);

/**
 * Application pipeline stages, one template per templateType. Each stage has
 * statuses (the `statusId` of POST /applications refers to these).
 */
const APPLICATION_STAGES = Object.freeze(
	[
		['astage-speculative', 'speculative', 'DEFAULT_SPECULATIVE', 'Speculative', '#607D8B'],
		['astage-applied', 'application', 'DEFAULT_STANDARD', 'Applied', '#03A9F4'],
		['astage-sourced', 'sourcing', 'DEFAULT_STANDARD', 'Sourced', '#3F51B5'],
		['astage-contacted', 'outreach', 'DEFAULT_STANDARD', 'Contacted', '#009688'],
		['astage-interview', 'interview', 'DEFAULT_STANDARD', 'Interview', '#FF9800'],
		['astage-presented', 'presentation', 'DEFAULT_STANDARD', 'Presented to client', '#9C27B0'],
		['astage-result', 'result', 'DEFAULT_STANDARD', 'Result', '#4CAF50'],
	].map(([id, type, templateType, name, colorHex], index) => ({
		id,
		type,
		templateType,
		templateId: templateType === 'DEFAULT_SPECULATIVE' ? 'tmpl-speculative' : 'tmpl-standard',
		name,
		order: templateType === 'DEFAULT_SPECULATIVE' ? 1 : index,
		colorHex,
		statuses: [
			{ id: `${id}-status-new`, name: 'New', colorHex: '#BDBDBD' },
			{ id: `${id}-status-active`, name: 'In progress', colorHex: '#FFC107' },
			{ id: `${id}-status-done`, name: 'Done', colorHex: '#8BC34A' },
		],
	})),
);

module.exports = {
	SALARY_CURRENCIES,
	EMPLOYMENT_TYPES,
	LOCATION_TYPES,
	LOCATION_KINDS,
	NOTE_SOURCES,
	GENDERS,
	CANDIDATE_STATUSES,
	ACQUISITION_SOURCES,
	APPLICATION_STATES,
	VACANCY_STAGES,
	APPLICATION_STAGES,
};
