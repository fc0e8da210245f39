import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/** What an operation's request is about, so an error can say "no job with ID x". */
export interface Subject {
	/** e.g. 'job', 'candidate list', 'job posting' */
	label: string;
	/** The parameter holding the id of the record asked for, if any. */
	idParameter?: string;
}

/**
 * Everything the node needs to know of one resource; each resources/<resource>/index.ts
 * exports one, and Recruiting.node.ts lists them.
 */
export interface Resource {
	/** The Resource option (name and value), without routing: the node adds it. */
	option: Pick<INodePropertyOptions, 'name' | 'value' | 'description'>;
	/** `apiKey`: sent to the credential's API with its key; `public`: the job portal, no key. */
	access: 'apiKey' | 'public';
	/** Per operation value. */
	subjects: Record<string, Subject>;
	/** The Operation parameter and every field of every operation. */
	properties: INodeProperties[];
}
