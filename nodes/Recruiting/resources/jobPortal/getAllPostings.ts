import type { INodeProperties } from 'n8n-workflow';

import { returnAllFields } from '../../descriptions';

// Postings have no wrapped fields and no paging: the API sends them all in one response.
export const jobPortalGetManyPostingsDescription: INodeProperties[] = returnAllFields({
	resource: ['jobPortal'],
	operation: ['getAllPostings'],
});
