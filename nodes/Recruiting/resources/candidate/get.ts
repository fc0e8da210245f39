import type { INodeProperties } from 'n8n-workflow';

import { candidateLocator } from '../../descriptions';
import { outputFields } from '../../../shared/output';

const show = { resource: ['candidate'], operation: ['get'] };

export const candidateGetDescription: INodeProperties[] = [
	candidateLocator(show),
	...outputFields(show, 'candidate'),
];
