import type { INodeProperties } from 'n8n-workflow';

import { jobLocator, returnAllFields } from '../../descriptions';
import { outputFields } from '../../../shared/output';

const show = { resource: ['application'], operation: ['getAllForJob'] };

export const applicationGetManyForJobDescription: INodeProperties[] = [
	jobLocator(show),
	...returnAllFields(show),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Include Job',
				name: 'includeJob',
				type: 'boolean',
				default: false,
				description:
					'Whether to add the job (with stage totals and custom attributes) to every application as "job"',
			},
		],
	},
	...outputFields(show, 'applications'),
];
