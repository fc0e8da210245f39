import type { INodeProperties } from 'n8n-workflow';

import { flattenVacancy } from '../../shared/flatten';
import { cursorPagination } from '../../shared/pagination';
import { jobGetManyDescription } from './getAll';
import { jobUpdateDescription, jobUpdateRouting } from './update';

const showOnlyForJobs = { resource: ['job'] };

export const jobDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: showOnlyForJobs },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many jobs',
				description: 'List jobs, oldest change first, optionally only those modified since a time',
				routing: {
					request: { method: 'GET', url: '/vacancies' },
					send: { paginate: true },
					operations: {
						pagination: cursorPagination({
							label: 'job',
							flatten: flattenVacancy,
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
				routing: jobUpdateRouting,
			},
		],
		default: 'getAll',
	},
	...jobGetManyDescription,
	...jobUpdateDescription,
];
