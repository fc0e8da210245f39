import type { Resource } from '../../resource';
import { outputRecord, sendBody, sendPath } from '../../hooks';
import { collection } from '../../parameters';
import { applicationBody } from './body';
import { applicationCreateDescription } from './create';
import { applicationGetDescription } from './get';
import { applicationGetManyForJobDescription } from './getAllForJob';
import { applicationShape } from '../../../shared/records/application';
import { outputApplicationsOfJob } from './output';

export const application: Resource = {
	option: { name: 'Application', value: 'application' },
	access: 'apiKey',
	subjects: {
		get: { label: 'application', idParameter: 'applicationId' },
		getAllForJob: { label: 'job', idParameter: 'jobId' },
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
						send: {
							preSend: [
								sendBody(function () {
									return applicationBody({
										jobId: this.getNodeParameter('jobId', '', { extractValue: true }),
										candidateId: this.getNodeParameter('candidateId', '', { extractValue: true }),
										stageId: this.getNodeParameter('stageId', ''),
										statusId: this.getNodeParameter('statusId', ''),
										additionalFields: collection.call(this, 'additionalFields'),
									});
								}),
							],
						},
						output: { postReceive: [outputRecord()] },
					},
				},
				{
					name: 'Get',
					value: 'get',
					action: 'Get an application',
					description:
						'Get one application with its stage, state, comments, interviews and placements',
					routing: {
						request: { method: 'GET' },
						send: {
							preSend: [
								sendPath(function (id) {
									return `/applications/${id('applicationId', 'Application ID')}`;
								}),
							],
						},
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
						request: { method: 'GET' },
						send: {
							preSend: [
								sendPath(function (id) {
									return `/applications/vacancy/${id('jobId', 'Job')}`;
								}),
							],
						},
						output: {
							postReceive: [outputApplicationsOfJob],
						},
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
