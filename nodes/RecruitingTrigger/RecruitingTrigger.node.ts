import { NodeConnectionTypes } from 'n8n-workflow';
import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';

import { searchJobs } from '../shared/listSearch/searchJobs';
import { applicationTestEvent, pollApplications } from './applications/trigger';
import { listTestEvent, pollList } from './lists/trigger';
import { triggerProperties } from './properties';
import { stateSlot } from './slot';

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
		// A change that would alter what a saved workflow does gets a new version (CONTRIBUTING.md).
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

	/**
	 * Applications are watched by reading the watched jobs (applications/), jobs and
	 * candidates by their lists' modification times (lists/). Either way a poll starts from the
	 * stored state and returns the items and the state to store; storing is done here, once.
	 */
	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const applications = this.getNodeParameter('resource') === 'application';
		if (this.getMode() === 'manual') {
			// Fetch Test Event: nothing is read from or written to the stored state.
			return [applications ? await applicationTestEvent(this) : await listTestEvent(this)];
		}
		const slot = stateSlot(this);
		const { items, state } = applications
			? await pollApplications(this, slot.read())
			: await pollList(this, slot.read());
		// n8n starts a poll on schedule even while the previous one still runs (a poll waiting
		// out the API's rate limit can outlast the interval). Both start from one state; the one
		// that finishes first keeps its result, the other emits nothing and stores nothing: what
		// it read, the next poll reads again.
		if (slot.moved()) return null;
		// Only now, after the whole poll succeeded: a poll that throws leaves the state as it was.
		slot.write(state);
		return items.length ? [items] : null;
	}
}
