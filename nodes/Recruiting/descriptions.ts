import type { INodeProperties } from 'n8n-workflow';

import { outputFields } from '../shared/output';
import { PAGE_SIZE } from '../shared/paging';
import { dateTime, toQuery } from './routing/request';

/*
 * Parameters several operations share; `show` is the displayOptions.show of the operation.
 * A parameter that goes into the request says so in its routing; Return All, Limit and an
 * ID in the URL are read by the operation's paging and routing.
 */
type Show = NonNullable<NonNullable<INodeProperties['displayOptions']>['show']>;

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
			`The API sends at most ${PAGE_SIZE} ${plural} a page; a higher limit reads several pages`,
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
					routing: toQuery('modifiedSince', dateTime('Modified Since')),
				},
			],
		},
		...outputFields(show, plural),
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
						properties: {
							regex: '^[^/?#]*$',
							errorMessage: `${displayName} ID cannot contain /, ? or #`,
						},
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
