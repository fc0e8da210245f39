import type { INodeProperties } from 'n8n-workflow';

import { simplifyField } from '../../descriptions';

const show = { resource: ['application'], operation: ['get'] };

export const applicationGetDescription: INodeProperties[] = [
	{
		displayName: 'Application ID',
		name: 'applicationId',
		type: 'string',
		required: true,
		default: '',
		displayOptions: { show },
		description: 'ID of the application, as returned by Create or Get Many for a Job',
	},
	simplifyField(show),
];
