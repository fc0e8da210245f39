import type { INodeProperties } from 'n8n-workflow';

// Postings have no wrapped fields and no paging: Portal URL and Tenant Slug are all it needs.
export const jobPortalGetManyPostingsDescription: INodeProperties[] = [];
