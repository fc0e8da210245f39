import type { INodeProperties } from 'n8n-workflow';

import { noteBody } from '../../shared/bodies';
import { collection, requiredId, sendPath } from '../../shared/parameters';
import { outputWriteResult, sendBody } from '../../shared/routing';
import { noteUpdateDescription } from './update';

export const noteDescription: INodeProperties[] = [
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
								return `/notes/${id.call(this, 'noteId', 'Note ID')}`;
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
];
