import { candidateShape } from '../../../shared/records/candidate';
import type { Resource } from '../../resource';
import { outputRecord } from '../../routing/output';
import { cursorPagination } from '../../routing/paging';
import { candidateGetDescription } from './get';
import { candidateGetManyDescription } from './getAll';
import { candidateGetContactIdentifiersDescription } from './getContactIdentifiers';

export const candidate: Resource = {
	option: { name: 'Candidate', value: 'candidate' },
	access: 'apiKey',
	subjects: {
		get: { label: 'candidate', id: 'candidateId' },
		getContactIdentifiers: { label: 'candidate', id: 'candidateId' },
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
						request: { method: 'GET', url: '/candidates/{candidateId}' },
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
						request: { method: 'GET', url: '/candidates/{candidateId}/contact-identifiers' },
						// { emails, phoneNumbers, networkUrl }: no wrapped fields, nothing to flatten.
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
