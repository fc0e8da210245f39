import type { INodeProperties } from 'n8n-workflow';

import { flattenCandidate } from '../../shared/flatten';
import { cursorPagination } from '../../shared/pagination';
import { sendPath } from '../../shared/parameters';
import { outputRecord } from '../../shared/routing';
import { candidateGetDescription } from './get';
import { candidateGetManyDescription } from './getAll';
import { candidateGetContactIdentifiersDescription } from './getContactIdentifiers';

const showOnlyForCandidates = { resource: ['candidate'] };

export const candidateDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: showOnlyForCandidates },
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get a candidate',
				description:
					'Get one candidate with personal details, contact information and client contacts',
				routing: {
					request: { method: 'GET' },
					send: {
						preSend: [
							sendPath(function (id) {
								return `/candidates/${id.call(this, 'candidateId', 'Candidate')}`;
							}),
						],
					},
					output: { postReceive: [outputRecord(flattenCandidate)] },
				},
			},
			{
				name: 'Get Contact Identifiers',
				value: 'getContactIdentifiers',
				action: 'Get contact identifiers of a candidate',
				description:
					'Get the emails, phone numbers and network profile URL of a candidate and their client contacts',
				routing: {
					request: { method: 'GET' },
					send: {
						preSend: [
							sendPath(function (id) {
								return `/candidates/${id.call(this, 'candidateId', 'Candidate')}/contact-identifiers`;
							}),
						],
					},
					output: { postReceive: [outputRecord()] },
				},
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many candidates',
				description:
					'List candidates, oldest change first, optionally only those modified since a time',
				routing: {
					request: { method: 'GET', url: '/candidates' },
					send: { paginate: true },
					operations: {
						pagination: cursorPagination({
							label: 'candidate',
							flatten: flattenCandidate,
							timestampCursor: false,
						}),
					},
				},
			},
		],
		default: 'get',
	},
	...candidateGetDescription,
	...candidateGetContactIdentifiersDescription,
	...candidateGetManyDescription,
];
