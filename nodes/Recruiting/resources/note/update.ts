import type { INodeProperties } from 'n8n-workflow';

import { additionalFields } from '../../descriptions';
import { NOTE_SOURCES } from './options';

const show = { resource: ['note'], operation: ['update'] };

export const noteUpdateDescription: INodeProperties[] = [
	{
		displayName: 'Note ID',
		name: 'noteId',
		type: 'string',
		required: true,
		default: '',
		displayOptions: { show },
		description: 'ID of the note to update (an application lists its notes with their IDs)',
	},
	{
		displayName: 'Content',
		name: 'content',
		type: 'string',
		typeOptions: { rows: 5 },
		required: true,
		default: '',
		displayOptions: { show },
		description: 'The note text. HTML is allowed. Replaces the current content.',
	},
	{
		displayName: 'Title',
		name: 'title',
		type: 'string',
		default: '',
		displayOptions: { show },
		description: 'Leave empty for a note without a title',
	},
	{
		displayName: 'Pinned',
		name: 'pinned',
		type: 'boolean',
		default: false,
		displayOptions: { show },
		description: 'Whether the note is pinned to the top',
	},
	additionalFields(show, [
		{
			displayName: 'Label IDs',
			name: 'labelIds',
			type: 'string',
			default: '',
			description: 'Comma-separated IDs of the labels on the note',
		},
		{
			displayName: 'Source',
			name: 'source',
			type: 'options',
			options: NOTE_SOURCES,
			default: 'phone',
			description: 'How the conversation the note records took place',
		},
	]),
];
