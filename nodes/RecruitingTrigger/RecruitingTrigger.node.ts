import { NodeConnectionTypes } from 'n8n-workflow';
import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';

import { searchJobs } from '../shared/listSearch/searchJobs';
import { pollApplicationTrigger } from './applicationTrigger';
import { pollList } from './listTrigger';
import { triggerProperties } from './properties';

export { NOW_LOOKBACK_MS } from './listTrigger';

// A polling trigger starts workflows on its own schedule; an AI agent cannot call it as a tool.
export class RecruitingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Recruiting Trigger',
		name: 'recruitingTrigger',
		icon: {
			light: 'file:../Recruiting/recruiting.svg',
			dark: 'file:../Recruiting/recruiting.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: '={{($parameter["event"] || "changes") + ": " + $parameter["resource"]}}',
		description:
			'Starts the workflow when jobs, candidates or applications change in the recruiting API',
		defaults: { name: 'Recruiting Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'recruitingApi', required: true }],
		properties: triggerProperties,
	};

	methods = { listSearch: { searchJobs } };

	// The one place that picks how a resource is watched: jobs and candidates by their lists'
	// modification times (listTrigger.ts), applications by reading the watched jobs
	// (applicationTrigger.ts).
	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return this.getNodeParameter('resource') === 'application'
			? await pollApplicationTrigger(this)
			: await pollList(this);
	}
}
