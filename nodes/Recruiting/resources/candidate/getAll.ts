import type { INodeProperties } from 'n8n-workflow';

import { getManyFields } from '../../descriptions';

export const candidateGetManyDescription: INodeProperties[] = getManyFields(
	{ resource: ['candidate'], operation: ['getAll'] },
	'candidates',
);
