import type { INodeProperties } from 'n8n-workflow';

import { getManyFields } from '../../descriptions';

export const jobGetManyDescription: INodeProperties[] = getManyFields(
	{ resource: ['job'], operation: ['getAll'] },
	'jobs',
);
