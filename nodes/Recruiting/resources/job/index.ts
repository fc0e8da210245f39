import type { Resource } from '../../resource';
import { cursorPagination } from '../../getMany';
import { outputWriteResult, sendBody, sendModifiedSince, sendPath } from '../../hooks';
import { collection, requiredId } from '../../parameters';
import { jobUpdateBody } from './body';
import { jobGetManyDescription } from './getAll';
import { vacancyShape } from '../../../shared/records/job';
import { jobUpdateDescription } from './update';

export const job: Resource = {
	option: { name: 'Job', value: 'job' },
	access: 'apiKey',
	subjects: {
		getAll: { label: 'job list' },
		update: { label: 'job', idParameter: 'jobId' },
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
						send: { preSend: [sendModifiedSince], paginate: true },
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
						request: { method: 'PUT' },
						send: {
							preSend: [
								sendPath(function (id) {
									return `/vacancies/${id('jobId', 'Job')}`;
								}),
								sendBody(function () {
									return jobUpdateBody(collection.call(this, 'updateFields'), this.getTimezone());
								}),
							],
						},
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
