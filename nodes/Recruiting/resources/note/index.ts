import type { Resource } from '../../resource';
import { outputWriteResult, sendBody, sendPath } from '../../hooks';
import { collection, requiredId } from '../../parameters';
import { noteBody } from './body';
import { noteUpdateDescription } from './update';

export const note: Resource = {
	option: { name: 'Note', value: 'note' },
	access: 'apiKey',
	subjects: { update: { label: 'note', idParameter: 'noteId' } },
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
						request: { method: 'PUT' },
						send: {
							preSend: [
								sendPath(function (id) {
									return `/notes/${id('noteId', 'Note ID')}`;
								}),
								sendBody(function () {
									return noteBody({
										content: this.getNodeParameter('content', ''),
										title: this.getNodeParameter('title', ''),
										pinned: this.getNodeParameter('pinned', false),
										additionalFields: collection.call(this, 'additionalFields'),
									});
								}),
							],
						},
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
