import { NodeOperationError } from 'n8n-workflow';
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { pathSegment } from '../../../shared/address';
import { recruitingApiRequest } from '../../../shared/transport';
import { FieldError, fieldText, fixedValues, isRecord, scalarText } from '../../../shared/values';
import { additionalFields, candidateLocator, jobLocator } from '../../descriptions';
import { namingTheField, ids, requiredText, text, toBody } from '../../routing/request';
import type { Check } from '../../routing/request';
import { retrying } from '../../routing/sending';

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

type IfAlreadyApplied = 'createAnyway' | 'returnExisting' | 'fail';

const ifAlreadyApplied: INodeProperties = {
	displayName: 'If Already Applied',
	name: 'ifAlreadyApplied',
	type: 'options',
	displayOptions: { show },
	options: [
		{
			name: 'Create Anyway',
			value: 'createAnyway',
			description: 'Send the application whatever the job already lists',
		},
		{
			name: 'Fail',
			value: 'fail',
			description: 'Stop with an error naming the application the candidate already has',
		},
		{
			name: 'Return the Existing Application',
			value: 'returnExisting',
			description: 'Create nothing; return the application the candidate already has for the job',
		},
	],
	default: 'returnExisting',
	description:
		'What to do when the candidate already applied to the job: one extra request reads the job’s applications first, so a workflow that runs twice does not apply twice (two runs at the same instant still can: the API has no idempotency key). A speculative application (no job) is always created.',
};

/**
 * The sending of Create (its routing's pagination slot, where n8n lets a node skip or wrap
 * the request): unless If Already Applied is Create Anyway, the job's applications are read
 * first and the candidate's existing one returned, or named in an error.
 */
export async function createOnce(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const mode = this.getNodeParameter('ifAlreadyApplied', 'returnExisting') as IfAlreadyApplied;
	const body = (requestData.options.body ?? {}) as IDataObject;
	const jobId = typeof body.vacancyId === 'string' ? body.vacancyId : undefined;
	if (mode === 'createAnyway' || jobId === undefined) return await retrying.call(this, requestData);
	const candidateId = String(body.candidateId);
	const existing = await applicationOf.call(this, jobId, candidateId);
	const pairedItem = { item: this.getItemIndex() };
	if (existing === undefined) {
		const created = await retrying.call(this, requestData);
		return created.map((item) => ({ ...item, json: { ...item.json, alreadyApplied: false } }));
	}
	if (mode === 'fail') {
		throw new NodeOperationError(
			this.getNode(),
			`Candidate "${candidateId}" already applied to job "${jobId}" (application "${existing}")`,
			{
				itemIndex: this.getItemIndex(),
				description:
					'Set If Already Applied to Return the Existing Application to go on with it, or to Create Anyway to add another application.',
			},
		);
	}
	return [{ json: { id: existing, alreadyApplied: true }, pairedItem }];
}

/** The id of the candidate's application to the job, from GET /applications/vacancy/{jobId}. */
async function applicationOf(
	this: IExecutePaginationFunctions,
	jobId: string,
	candidateId: string,
): Promise<string | undefined> {
	const path = `/applications/vacancy/${namingTheField(this, () => pathSegment(jobId, 'Job'))}`;
	const body = await recruitingApiRequest.call(this, {
		method: 'GET',
		path,
		subject: { label: 'job', id: jobId },
	});
	const applications = isRecord(body) && Array.isArray(body.applications) ? body.applications : [];
	for (const application of applications) {
		if (!isRecord(application) || !isRecord(application.candidate)) continue;
		if (scalarText(application.candidate.id) === candidateId) return scalarText(application.id);
	}
	return undefined;
}

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
	ifAlreadyApplied,
];
