import type { INodeProperties } from 'n8n-workflow';

import { candidateLocator } from '../../descriptions';

// The response ({ emails, phoneNumbers, networkUrl }) has no wrapped fields: nothing to simplify.
export const candidateGetContactIdentifiersDescription: INodeProperties[] = [
	candidateLocator({ resource: ['candidate'], operation: ['getContactIdentifiers'] }),
];
