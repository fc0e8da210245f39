import type { INodeProperties } from 'n8n-workflow';

import { jobLocator } from '../../descriptions';
import { locationValues } from '../../location';
import { bodyFrom } from '../../routing/request';
import {
	CLEARABLE_FIELDS,
	EMPLOYMENT_TYPES,
	jobUpdateBody,
	LOCATION_TYPES,
	SALARY_CURRENCIES,
} from './body';

const show = { resource: ['job'], operation: ['update'] };

/** The fields a job update can set, as offered under Update Fields. */
const UPDATE_FIELDS: INodeProperties[] = [
	{
		displayName: 'Client Team User IDs',
		name: 'clientTeamUserIds',
		type: 'string',
		default: '',
		description:
			'Comma-separated IDs of the client’s contacts on the job; replaces the current list. Empty: the list is left as it is.',
	},
	{
		displayName: 'Company ID',
		name: 'companyId',
		type: 'string',
		default: '',
		description: 'ID of the client company the job is for',
	},
	{
		displayName: 'Deal Value',
		name: 'dealValue',
		type: 'fixedCollection',
		default: {},
		placeholder: 'Add Deal Value',
		options: [
			{
				displayName: 'Deal Value',
				name: 'values',
				values: [
					{ displayName: 'Amount', name: 'amount', type: 'number', default: 0 },
					{
						displayName: 'Currency',
						name: 'currency',
						type: 'string',
						default: 'EUR',
						description: 'Three-letter currency code, e.g. EUR',
					},
				],
			},
		],
	},
	{
		displayName: 'Description',
		name: 'description',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
	},
	{
		displayName: 'Employment Type',
		name: 'employmentType',
		type: 'options',
		options: EMPLOYMENT_TYPES,
		default: 'fullTime',
	},
	{
		displayName: 'End At',
		name: 'endAt',
		type: 'dateTime',
		default: '',
		description: 'When the job ends',
	},
	{
		displayName: 'Location',
		name: 'location',
		type: 'fixedCollection',
		default: {},
		placeholder: 'Add Location',
		options: [{ displayName: 'Location', name: 'values', values: locationValues('job') }],
	},
	{
		displayName: 'Location Type',
		name: 'locationType',
		type: 'options',
		options: LOCATION_TYPES,
		default: 'onsite',
	},
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		description: 'The job title',
	},
	{
		displayName: 'Salary Range',
		name: 'salaryRange',
		type: 'fixedCollection',
		default: {},
		placeholder: 'Add Salary Range',
		options: [
			{
				displayName: 'Salary Range',
				name: 'values',
				values: [
					{
						displayName: 'Currency',
						name: 'currency',
						type: 'options',
						options: SALARY_CURRENCIES,
						default: 'EUR',
					},
					{
						displayName: 'Maximum',
						name: 'max',
						type: 'string',
						default: '',
						placeholder: 'e.g. 90000',
						description: 'Leave empty for no upper bound',
					},
					{
						displayName: 'Minimum',
						name: 'min',
						type: 'string',
						default: '',
						placeholder: 'e.g. 70000',
						description: 'Leave empty for no lower bound',
					},
				],
			},
		],
	},
	{
		displayName: 'Scorecard',
		name: 'scorecard',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		default: {},
		placeholder: 'Add Scorecard Group',
		description: 'Replaces the job’s scorecard with these groups',
		options: [
			{
				displayName: 'Group',
				name: 'groups',
				values: [
					{
						displayName: 'Attributes',
						name: 'attributes',
						type: 'string',
						default: '',
						description: 'Comma-separated attributes to rate, e.g. Communication, Ownership',
					},
					{ displayName: 'Group Name', name: 'groupName', type: 'string', default: '' },
				],
			},
		],
	},
	{
		displayName: 'Stage ID',
		name: 'stageId',
		type: 'string',
		default: '',
		description: 'Move the job to this pipeline stage',
	},
	{
		displayName: 'Start At',
		name: 'startAt',
		type: 'dateTime',
		default: '',
		description: 'When the job starts',
	},
	{
		displayName: 'Team User IDs',
		name: 'teamUserIds',
		type: 'string',
		default: '',
		description:
			'Comma-separated IDs of the team members on the job; replaces the current team. Empty: the team is left as it is.',
	},
];

/** The name a job update field has in the editor, for messages. */
function jobFieldLabel(name: string): string {
	return UPDATE_FIELDS.find((field) => field.name === name)?.displayName ?? name;
}

const clearFields: INodeProperties = {
	displayName: 'Clear Fields',
	name: 'clearFields',
	type: 'multiOptions',
	default: [],
	description: 'Fields to empty on the job (sent as null)',
	options: CLEARABLE_FIELDS.map((name) => ({ name: jobFieldLabel(name), value: name })),
};

export const jobUpdateDescription: INodeProperties[] = [
	jobLocator(show),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: [clearFields, ...UPDATE_FIELDS],
		// The body of PUT /vacancies/{jobId}, built as a whole (body.ts): Clear Fields sends nulls,
		// and ranges and a field both set and cleared are rules across the fields.
		routing: bodyFrom('updateFields', (fields, context) =>
			jobUpdateBody(fields, context.getTimezone(), jobFieldLabel),
		),
	},
];
