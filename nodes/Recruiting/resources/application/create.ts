import type { INodeProperties } from 'n8n-workflow';

import { additionalFields, candidateLocator, jobLocator } from '../../descriptions';

const show = { resource: ['application'], operation: ['create'] };

export const applicationCreateDescription: INodeProperties[] = [
	{
		...jobLocator(show, false),
		description: 'The job to apply to; leave empty for a speculative application',
	},
	candidateLocator(show),
	{
		displayName: 'Stage ID',
		name: 'stageId',
		type: 'string',
		required: true,
		default: '',
		displayOptions: { show },
		description: 'ID of the pipeline stage the application starts in',
	},
	{
		displayName: 'Status ID',
		name: 'statusId',
		type: 'string',
		default: '',
		displayOptions: { show },
		description: 'ID of the status within the stage; leave empty for none',
	},
	additionalFields(show, [
		{
			displayName: 'Client ID',
			name: 'clientId',
			type: 'string',
			default: '',
			description: 'ID of the client company',
		},
		{
			displayName: 'Client Team Contact IDs',
			name: 'clientTeamContactIds',
			type: 'string',
			default: '',
			description: 'Comma-separated IDs of client contacts to add to the application',
		},
		{
			displayName: 'Position',
			name: 'position',
			type: 'fixedCollection',
			default: {},
			placeholder: 'Add Position',
			description: 'Where the application goes in the stage: between these two applications',
			options: [
				{
					displayName: 'Position',
					name: 'values',
					values: [
						{
							displayName: 'Next ID',
							name: 'nextId',
							type: 'string',
							default: '',
							description: 'ID of the application that should follow this one',
						},
						{
							displayName: 'Previous ID',
							name: 'previousId',
							type: 'string',
							default: '',
							description: 'ID of the application that should come before this one',
						},
					],
				},
			],
		},
		{
			displayName: 'Team User IDs',
			name: 'teamUserIds',
			type: 'string',
			default: '',
			description: 'Comma-separated IDs of team members to add to the application',
		},
	]),
];
