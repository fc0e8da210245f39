import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/**
 * Everything the node needs to know of one resource; each resources/<resource>/index.ts
 * exports one, and Recruiting.node.ts lists them.
 */
export interface Resource {
	/** The Resource option (name and value), without routing: the node adds it (routing/sending.ts). */
	option: Pick<INodePropertyOptions, 'name' | 'value' | 'description'>;
	/** `apiKey`: sent to the credential's API with its key; `public`: the job portal, no key. */
	access: 'apiKey' | 'public';
	/**
	 * Per operation: what its request is about, for errors ("No job with ID x"): a label, and
	 * the parameter holding the ID of the record asked for, if any.
	 */
	subjects: Record<string, { label: string; id?: string }>;
	/** The Operation parameter (its options carry each operation's routing) and every field. */
	properties: INodeProperties[];
}
