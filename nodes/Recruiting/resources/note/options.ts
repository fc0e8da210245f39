import type { INodePropertyOptions } from 'n8n-workflow';

/** A note's sources as the spec lists them; `none` clears the source (the API takes null). */
export const NOTE_SOURCES: INodePropertyOptions[] = [
	{ name: 'Call Attempted', value: 'callAttempted' },
	{ name: 'In Person', value: 'inPerson' },
	{ name: 'None (Clear)', value: 'none' },
	{ name: 'Online Meeting', value: 'onlineMeeting' },
	{ name: 'Phone', value: 'phone' },
];
