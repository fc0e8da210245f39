import { requiredId } from '../../parameters';
import type { Resource } from '../../resource';
import { outputWriteResult } from '../../routing/output';
import { noteUpdateDescription } from './update';

export const note: Resource = {
	option: { name: 'Note', value: 'note' },
	access: 'apiKey',
	subjects: { update: { label: 'note', id: 'noteId' } },
	properties: [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: ['note'] } },
			options: [
				{
					name: 'Update',
					value: 'update',
					action: 'Update a note',
					description: 'Replace a note’s content, title and pinned state',
					routing: {
						request: { method: 'PUT', url: '/notes/{noteId}' },
						output: {
							postReceive: [
								outputWriteResult(function () {
									return { id: requiredId.call(this, 'noteId', 'Note ID'), updated: true };
								}),
							],
						},
					},
				},
			],
			default: 'update',
		},
		...noteUpdateDescription,
	],
};
