import type { INodeProperties } from 'n8n-workflow';

import { candidateLocator } from '../../descriptions';

export const candidateGetContactIdentifiersDescription: INodeProperties[] = [
	candidateLocator({ resource: ['candidate'], operation: ['getContactIdentifiers'] }),
];
