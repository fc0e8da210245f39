import type { INodeProperties } from 'n8n-workflow';

import { boundedText, FieldError, webUrl } from '../../../shared/values';
import { additionalFields } from '../../descriptions';
import { locationBody, locationValues, PORTAL_LOCATION_FIELDS } from '../../location';
import { bounded, text, toBody, toQuery } from '../../routing/request';
import type { Check } from '../../routing/request';

const show = { resource: ['jobPortal'], operation: ['apply'] };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const email: Check = (value) => {
	const address = boundedText(value, 'Email', 3, 254);
	if (!EMAIL.test(address)) throw new FieldError('Email', `"${address}" is not an email address`);
	return address;
};

/** Required by the API and nullable: empty is sent as null. */
const networkUrl: Check = (value) => {
	const url = boundedText(value, 'Network Profile URL', 0, 2048);
	return url
		? webUrl(url, 'Network Profile URL', 'Example: https://network.example/in/jane')
		: null;
};

function requiredText(
	displayName: string,
	name: string,
	description: string,
	check: Check,
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
		routing: toBody(name, check),
		...extra,
	};
}

// POST /{tenantSlug}/vacancy-portal/jobs/{postingId}, checked against the spec's lengths and
// formats before anything is sent; the location is optional (the spec shows the body both ways).
export const jobPortalApplyDescription: INodeProperties[] = [
	{
		displayName: 'Posting',
		name: 'postingId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		displayOptions: { show },
		description: 'The job posting to apply to',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a posting...',
				// Public: the picker reads the Portal URL and Tenant Slug, no credential. The editor
				// runs a list search only when a credential is selected, unless told to skip that.
				typeOptions: {
					searchListMethod: 'searchPostings',
					searchable: true,
					skipCredentialsCheckInRLC: true,
				},
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
	requiredText('First Name', 'firstName', 'Up to 100 characters', bounded('First Name', 1, 100)),
	requiredText('Last Name', 'lastName', 'Up to 100 characters', bounded('Last Name', 1, 100)),
	requiredText('Email', 'email', 'The applicant’s email address', email, {
		placeholder: 'name@email.com',
	}),
	requiredText(
		'Phone Number',
		'phoneNumber',
		'Up to 20 characters, e.g. +49 30 1234567',
		bounded('Phone Number', 1, 20),
	),
	requiredText(
		'CV Attachment ID',
		'cvAttachmentId',
		'ID of the uploaded CV file, up to 100 characters',
		bounded('CV Attachment ID', 1, 100),
	),
	{
		displayName: 'Network Profile URL',
		name: 'networkUrl',
		type: 'string',
		default: '',
		displayOptions: { show },
		description: 'Link to the applicant’s professional network profile; leave empty for none',
		routing: toBody('networkUrl', networkUrl),
	},
	additionalFields(show, [
		{
			displayName: 'Channel ID',
			name: 'channelId',
			type: 'string',
			default: '',
			description: 'The job-distribution channel that sent the applicant',
			routing: toQuery('channelId', text('Channel ID')),
		},
		{
			displayName: 'Location',
			name: 'location',
			type: 'fixedCollection',
			default: {},
			placeholder: 'Add Location',
			description: 'Where the applicant lives',
			routing: toBody('location', (value) => locationBody(value, PORTAL_LOCATION_FIELDS)),
			options: [{ displayName: 'Location', name: 'values', values: locationValues('portal') }],
		},
	]),
];
