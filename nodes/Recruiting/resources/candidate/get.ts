import type { INodeProperties } from 'n8n-workflow';

import { candidateLocator, simplifyField } from '../../descriptions';

const show = { resource: ['candidate'], operation: ['get'] };

export const candidateGetDescription: INodeProperties[] = [
	candidateLocator(show),
	simplifyField(show),
];
