import { vacancyShape } from '../../../shared/records/job';
import { requiredId } from '../../parameters';
import type { Resource } from '../../resource';
import { outputWriteResult } from '../../routing/output';
import { cursorPagination } from '../../routing/paging';
import { jobGetManyDescription } from './getAll';
import { jobUpdateDescription } from './update';

export const job: Resource = {
	option: { name: 'Job', value: 'job' },
	access: 'apiKey',
	subjects: {
		getAll: { label: 'job list' },
		update: { label: 'job', id: 'jobId' },
	},
	properties: [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: ['job'] } },
			options: [
				{
					name: 'Get Many',
					value: 'getAll',
					action: 'Get many jobs',
					description:
						'List jobs, oldest change first, optionally only those modified since a time',
					routing: {
						request: { method: 'GET', url: '/vacancies' },
						operations: {
							pagination: cursorPagination({
								label: 'job',
								shape: vacancyShape,
								timestampCursor: true,
							}),
						},
					},
				},
				{
					name: 'Update',
					value: 'update',
					action: 'Update a job',
					description: 'Change a job’s fields, stage, team, salary or scorecard',
					routing: {
						request: { method: 'PUT', url: '/vacancies/{jobId}' },
						output: {
							postReceive: [
								outputWriteResult(function () {
									return { id: requiredId.call(this, 'jobId', 'Job'), updated: true };
								}),
							],
						},
					},
				},
			],
			default: 'getAll',
		},
		...jobGetManyDescription,
		...jobUpdateDescription,
	],
};
