import type { INodeProperties } from 'n8n-workflow';

import { FieldError, fieldText } from '../../../shared/values';
import { additionalFields } from '../../descriptions';
import { boolean, ids, option, text, toBody } from '../../routing/request';
import type { Check } from '../../routing/request';
import { NOTE_SOURCES } from './options';

const show = { resource: ['note'], operation: ['update'] };

/** The note's HTML, sent as written (not trimmed); it must hold more than spaces. */
const content: Check = (value) => {
	const html = typeof value === 'string' ? value : fieldText(value, 'Content');
	if (!html.trim())
		throw new FieldError('Content', 'is required', 'The note text; HTML is allowed');
	return html;
};

// PUT /notes/{noteId}: content, title and pinned are required by the API; title is nullable.
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
		routing: toBody('content', content),
	},
	{
		displayName: 'Title',
		name: 'title',
		type: 'string',
		default: '',
		displayOptions: { show },
		description: 'Leave empty for a note without a title',
		routing: toBody('title', text('Title', null)),
	},
	{
		displayName: 'Pinned',
		name: 'pinned',
		type: 'boolean',
		default: false,
		displayOptions: { show },
		description: 'Whether the note is pinned to the top',
		routing: toBody('pinned', boolean('Pinned')),
	},
	additionalFields(show, [
		{
			displayName: 'Label IDs',
			name: 'labelIds',
			type: 'string',
			default: '',
			description: 'Comma-separated IDs of the labels on the note',
			// An empty field is not sent; an empty list from an expression is.
			routing: toBody('labelIds', ids('Label IDs')),
		},
		{
			displayName: 'Source',
			name: 'source',
			type: 'options',
			options: NOTE_SOURCES,
			default: 'phone',
			description: 'How the conversation the note records took place',
			routing: toBody('source', option('Source', NOTE_SOURCES)),
		},
	]),
];
