import type { INodeProperties } from 'n8n-workflow';

import { FieldError, fieldText, fixedValues } from '../../../shared/values';
import { additionalFields, candidateLocator, jobLocator } from '../../descriptions';
import { ids, requiredText, text, toBody } from '../../routing/request';
import type { Check } from '../../routing/request';

const show = { resource: ['application'], operation: ['create'] };

/** Where the application goes in the stage: between two applications, at least one given. */
const position: Check = (value) => {
	const values = fixedValues(value);
	if (!values) return undefined;
	const previousId = fieldText(values.previousId, 'Position Previous ID');
	const nextId = fieldText(values.nextId, 'Position Next ID');
	if (!previousId && !nextId) {
		throw new FieldError('Position', 'give the Previous ID, the Next ID or both');
	}
	return { ...(previousId && { previousId }), ...(nextId && { nextId }) };
};

// POST /applications: vacancyId and statusId are required by the API and nullable.
export const applicationCreateDescription: INodeProperties[] = [
	{
		...jobLocator(show, false),
		description: 'The job to apply to; leave empty for a speculative application',
		routing: toBody('vacancyId', text('Job', null)),
	},
	{
		...candidateLocator(show),
		routing: toBody('candidateId', requiredText('Candidate')),
	},
	{
		displayName: 'Stage ID',
		name: 'stageId',
		type: 'string',
		required: true,
		default: '',
		displayOptions: { show },
		description: 'ID of the pipeline stage the application starts in',
		routing: toBody(
			'stageId',
			requiredText('Stage ID', 'The pipeline stage the application starts in'),
		),
	},
	{
		displayName: 'Status ID',
		name: 'statusId',
		type: 'string',
		default: '',
		displayOptions: { show },
		description: 'ID of the status within the stage; leave empty for none',
		routing: toBody('statusId', text('Status ID', null)),
	},
	additionalFields(show, [
		{
			displayName: 'Client ID',
			name: 'clientId',
			type: 'string',
			default: '',
			description: 'ID of the client company',
			routing: toBody('clientId', text('Client ID')),
		},
		{
			displayName: 'Client Team Contact IDs',
			name: 'clientTeamContactIds',
			type: 'string',
			default: '',
			description: 'Comma-separated IDs of client contacts to add to the application',
			routing: toBody('clientTeamContactIds', ids('Client Team Contact IDs')),
		},
		{
			displayName: 'Position',
			name: 'position',
			type: 'fixedCollection',
			default: {},
			placeholder: 'Add Position',
			description: 'Where the application goes in the stage: between these two applications',
			routing: toBody('position', position),
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
			routing: toBody('teamUserIds', ids('Team User IDs')),
		},
	]),
];
