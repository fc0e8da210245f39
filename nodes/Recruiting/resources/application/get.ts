import type { INodeProperties } from 'n8n-workflow';

import { outputFields } from '../../../shared/output';

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
	...outputFields(show, 'application'),
];
