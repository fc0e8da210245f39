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
	requiredText('Posting ID', 'postingId', 'ID of the job posting, as listed by Get Many Postings'),
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
