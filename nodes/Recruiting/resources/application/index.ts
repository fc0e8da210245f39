import { applicationShape } from '../../../shared/records/application';
import type { Resource } from '../../resource';
import { outputRecord } from '../../routing/output';
import { applicationCreateDescription, createOnce } from './create';
import { applicationGetDescription } from './get';
import { applicationGetManyForJobDescription, outputApplicationsOfJob } from './getAllForJob';

export const application: Resource = {
	option: { name: 'Application', value: 'application' },
	access: 'apiKey',
	subjects: {
		get: { label: 'application', id: 'applicationId' },
		getAllForJob: { label: 'job', id: 'jobId' },
		create: { label: 'job, candidate or stage' },
	},
	properties: [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: ['application'] } },
			options: [
				{
					name: 'Create',
					value: 'create',
					action: 'Create an application',
					description: 'Add a candidate to a job’s pipeline at a stage',
					routing: {
						request: { method: 'POST', url: '/applications' },
						// { id }: the new application's id; If Already Applied may answer without it.
						output: { postReceive: [outputRecord()] },
						operations: { pagination: createOnce },
					},
				},
				{
					name: 'Get',
					value: 'get',
					action: 'Get an application',
					description:
						'Get one application with its stage, state, comments, interviews and placements',
					routing: {
						request: { method: 'GET', url: '/applications/{applicationId}' },
						output: { postReceive: [outputRecord(applicationShape)] },
					},
				},
				{
					name: 'Get Many for a Job',
					value: 'getAllForJob',
					action: 'Get many applications for a job',
					description:
						'List all applications to one job, one item per application, with the job where asked',
					routing: {
						request: { method: 'GET', url: '/applications/vacancy/{jobId}' },
						output: { postReceive: [outputApplicationsOfJob] },
					},
				},
			],
			default: 'get',
		},
		...applicationCreateDescription,
		...applicationGetDescription,
		...applicationGetManyForJobDescription,
	],
};
