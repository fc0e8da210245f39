import type { INodeProperties } from 'n8n-workflow';

import { additionalFields } from '../../descriptions';
import { locationValues } from '../../location';

const show = { resource: ['jobPortal'], operation: ['apply'] };

function requiredText(
	displayName: string,
	name: string,
	description: string,
	extra: Partial<INodeProperties> = {},
): INodeProperties {
	return {
		displayName,
		name,
		type: 'string',
		required: true,
		default: '',
		displayOptions: { show },
		description,
		...extra,
	};
}

export const jobPortalApplyDescription: INodeProperties[] = [
	// Version 1: text, as saved workflows have it.
	requiredText('Posting ID', 'postingId', 'ID of the job posting, as listed by Get Many Postings', {
		displayOptions: { show: { ...show, '@version': [1] } },
	}),
	{
		displayName: 'Posting',
		name: 'postingId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		displayOptions: { show: { ...show, '@version': [{ _cnd: { gte: 2 } }] } },
		description: 'The job posting to apply to',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a posting...',
				// Public: the picker reads the Portal URL and Tenant Slug, no credential.
				typeOptions: { searchListMethod: 'searchPostings', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. jp-123',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: '^[^/?#]*$',
							errorMessage: 'Posting ID cannot contain /, ? or #',
						},
					},
				],
			},
		],
	},
	requiredText('First Name', 'firstName', 'Up to 100 characters'),
	requiredText('Last Name', 'lastName', 'Up to 100 characters'),
	requiredText('Email', 'email', 'The applicant’s email address', {
		placeholder: 'name@email.com',
	}),
	requiredText('Phone Number', 'phoneNumber', 'Up to 20 characters, e.g. +49 30 1234567'),
	requiredText(
		'CV Attachment ID',
		'cvAttachmentId',
		'ID of the uploaded CV file, up to 100 characters',
	),
	{
		displayName: 'Network Profile URL',
		name: 'networkUrl',
		type: 'string',
		default: '',
		displayOptions: { show },
		description: 'Link to the applicant’s professional network profile; leave empty for none',
	},
	additionalFields(show, [
		{
			displayName: 'Channel ID',
			name: 'channelId',
			type: 'string',
			default: '',
			// Sent as the channelId query parameter by the operation's routing (index.ts).
			description: 'The job-distribution channel that sent the applicant',
		},
		{
			displayName: 'Location',
			name: 'location',
			type: 'fixedCollection',
			default: {},
			placeholder: 'Add Location',
			description: 'Where the applicant lives',
			options: [{ displayName: 'Location', name: 'values', values: locationValues('portal') }],
		},
	]),
];
