import type { IDataObject } from 'n8n-workflow';

import { FieldError, fieldText, idList, isSet, oneOf } from '../../../shared/values';
import { NOTE_SOURCES } from './options';

export interface NoteInput {
	content: unknown;
	title: unknown;
	pinned: unknown;
	additionalFields: IDataObject;
}

/** The body of PUT /notes/{id}; a FieldError names a refused field. */
export function noteBody(input: NoteInput): IDataObject {
	const content =
		typeof input.content === 'string' ? input.content : fieldText(input.content, 'Content');
	if (!content.trim())
		throw new FieldError('Content', 'is required', 'The note text; HTML is allowed');
	if (typeof input.pinned !== 'boolean') throw new FieldError('Pinned', 'must be true or false');
	const body: IDataObject = {
		content,
		// Required and nullable: an empty title removes it.
		title: fieldText(input.title, 'Title') || null,
		pinned: input.pinned,
	};
	const extra = input.additionalFields ?? {};
	if (isSet(extra.source)) {
		const source = oneOf(extra.source, NOTE_SOURCES, 'Source');
		body.source = source === 'none' ? null : source;
	}
	// As for a job's team: an empty field is not sent, an empty list from an expression is.
	if (isSet(extra.labelIds)) body.labelIds = idList(extra.labelIds, 'Label IDs');
	return body;
}
