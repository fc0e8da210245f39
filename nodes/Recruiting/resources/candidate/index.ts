import type { Resource } from '../../resource';
import { cursorPagination } from '../../getMany';
import { outputRecord, sendModifiedSince, sendPath } from '../../hooks';
import { candidateGetDescription } from './get';
import { candidateGetManyDescription } from './getAll';
import { candidateGetContactIdentifiersDescription } from './getContactIdentifiers';
import { candidateShape } from '../../../shared/records/candidate';

export const candidate: Resource = {
	option: { name: 'Candidate', value: 'candidate' },
	access: 'apiKey',
	subjects: {
		get: { label: 'candidate', idParameter: 'candidateId' },
		getContactIdentifiers: { label: 'candidate', idParameter: 'candidateId' },
		getAll: { label: 'candidate list' },
	},
	properties: [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: ['candidate'] } },
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
									return `/candidates/${id('candidateId', 'Candidate')}`;
								}),
							],
						},
						output: { postReceive: [outputRecord(candidateShape)] },
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
									return `/candidates/${id('candidateId', 'Candidate')}/contact-identifiers`;
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
						send: { preSend: [sendModifiedSince], paginate: true },
						operations: {
							pagination: cursorPagination({
								label: 'candidate',
								shape: candidateShape,
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
	],
};
