import type { INodeProperties } from 'n8n-workflow';

import { ADDRESS_TYPES } from './options';
import { MAX_PAGE_SIZE } from './pagination';
import { sendModifiedSince } from './routing';

/** Parameters several operations share; `show` is the displayOptions.show of the operation. */
type Show = NonNullable<NonNullable<INodeProperties['displayOptions']>['show']>;

/** Simplify, as the node and the trigger both offer it. */
export const simplifyOption: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description:
		'Whether to return plain fields (name: "Backend Engineer") instead of the API’s { viewType, name } wrappers',
};

export function simplifyField(show: Show): INodeProperties {
	return { ...simplifyOption, displayOptions: { show } };
}

/** The optional fields of a write, in n8n's usual "Add Field" collection. */
export function additionalFields(show: Show, options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options,
	};
}

/**
 * Return All and Limit. For a list the API sends in one response (no paging), Limit keeps the
 * first results; `pageHint` explains the paged lists' page size.
 */
export function returnAllFields(show: Show, pageHint?: string): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			displayOptions: { show },
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			displayOptions: { show: { ...show, returnAll: [false] } },
			description: 'Max number of results to return',
			...(pageHint && { hint: pageHint }),
		},
	];
}

export function getManyFields(show: Show, plural: string): INodeProperties[] {
	return [
		...returnAllFields(
			show,
			`The API sends at most ${MAX_PAGE_SIZE} ${plural} a page; a higher limit reads several pages`,
		),
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			displayOptions: { show },
			options: [
				{
					displayName: 'Modified Since',
					name: 'modifiedSince',
					type: 'dateTime',
					default: '',
					description: `Only ${plural} modified at or after this time`,
					routing: { send: { preSend: [sendModifiedSince] } },
				},
			],
		},
		simplifyField(show),
	];
}

function locator(
	name: string,
	displayName: string,
	searchListMethod: string,
	show: Show,
	required = true,
): INodeProperties {
	const noun = displayName.toLowerCase();
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required,
		displayOptions: { show },
		description: `The ${noun} to use`,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select a ${noun}...`,
				typeOptions: { searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 6651f0c2a1',
				validation: [
					{
						type: 'regex',
						properties: { regex: '^[^/?#]*$', errorMessage: 'An ID cannot contain /, ? or #' },
					},
				],
			},
		],
	};
}

export function jobLocator(show: Show, required = true): INodeProperties {
	return locator('jobId', 'Job', 'searchJobs', show, required);
}

export function candidateLocator(show: Show): INodeProperties {
	return locator('candidateId', 'Candidate', 'searchCandidates', show);
}

/** The Location object's fields: ten on a job update, twelve on a portal application. */
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
