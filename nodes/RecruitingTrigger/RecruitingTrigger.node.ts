import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';

import { toNodeError } from '../shared/errors';
import { simplifyOption } from '../shared/output';
import { flattenCandidate } from '../shared/records/candidate';
import { flattenVacancy } from '../shared/records/job';
import { formatInstant, nsFromMs, timestamp } from '../shared/time';
import { pacedRun } from '../shared/transport';
import { LISTS, runPlan } from './lists';
import { PollPlan } from './plan';
import type { Emission, EventFilter } from './plan';
import type { Resource } from './records';
import { emptyState, loadState } from './state';
import type { TriggerState } from './state';

/** From Now: how far back the first poll reads to learn the API's own idea of "now". */
export const NOW_LOOKBACK_MS = 10 * 60_000;

/** Fetch Test Event: windows tried in turn, newest first, for the most recent record. */
const TEST_WINDOWS_HOURS = [1, 24, 24 * 30, 24 * 365, undefined];

/** Fetch Test Event: pages read per window at most. */
const TEST_MAX_PAGES = 20;

type Start = 'now' | 'date' | 'everything';

interface Settings {
	resource: Resource;
	event: EventFilter;
	start: Start;
	maxItems: number;
	simplify: boolean;
}

function settings(context: IPollFunctions): Settings {
	const node = context.getNode();
	const resource = context.getNodeParameter('resource') as Resource;
	const event = context.getNodeParameter('event') as EventFilter;
	const start = context.getNodeParameter('start') as Start;
	if (!(resource in LISTS))
		throw new NodeOperationError(node, `Unknown resource "${String(resource)}"`);
	if (!['createdOrUpdated', 'created', 'updated'].includes(event)) {
		throw new NodeOperationError(node, `Unknown event "${String(event)}"`);
	}
	if (!['now', 'date', 'everything'].includes(start)) {
		throw new NodeOperationError(node, `Unknown start "${String(start)}"`);
	}
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const maxItems = Number(options.maxItemsPerPoll ?? 1000);
	if (!Number.isInteger(maxItems) || maxItems < 1) {
		throw new NodeOperationError(node, 'Max Items per Poll must be a whole number of at least 1', {
			description: `It is ${String(options.maxItemsPerPoll)}.`,
		});
	}
	return { resource, event, start, maxItems, simplify: options.simplify !== false };
}

function startDate(context: IPollFunctions): string {
	const value = context.getNodeParameter('startDate', '');
	if (value === '' || value === null || value === undefined) {
		throw new NodeOperationError(
			context.getNode(),
			'Start Date is required when Start is From a Date',
			{
				description:
					'Pick the date from which changed records are emitted, or set Start to From Now.',
			},
		);
	}
	try {
		return timestamp(value, 'Start Date', context.getTimezone());
	} catch (error) {
		throw toNodeError(context.getNode(), error);
	}
}

/**
 * Where the trigger's state is kept: the workflow's global static data under this node's id,
 * so that renaming the node keeps it (n8n keys a node's own static data by the node's name: a
 * renamed trigger would start over, missing or repeating changes). A state an earlier version
 * kept under the node's name is read from there and moved on the next save.
 */
function stateSlot(context: IPollFunctions): { read(): unknown; write(state: TriggerState): void } {
	const { id } = context.getNode();
	// Asked for only when needed: n8n adds an empty entry for the node whenever it is asked.
	const byName = () => context.getWorkflowStaticData('node');
	if (!id) {
		return {
			read: () => byName().state,
			write: (state) => (byName().state = state as unknown as IDataObject),
		};
	}
	const global = context.getWorkflowStaticData('global');
	const key = `recruitingTrigger:${id}`;
	let legacy = false;
	return {
		read: () => {
			if (global[key] !== undefined) return global[key];
			const stored = byName().state;
			legacy = stored !== undefined;
			return stored;
		},
		write: (state) => {
			global[key] = state as unknown as IDataObject;
			if (legacy) delete byName().state;
		},
	};
}

function toItem(emission: Emission, { resource, simplify }: Settings): INodeExecutionData {
	const flatten = resource === 'job' ? flattenVacancy : flattenCandidate;
	const record = (simplify ? flatten(emission.record) : emission.record) as IDataObject;
	return {
		json: {
			event: emission.event,
			resource,
			...record,
			...(emission.notice !== undefined && { notice: emission.notice }),
		},
	};
}

/**
 * Fetch Test Event: the most recent matching record, found by reading recent windows of the
 * list (the API lists oldest first and cannot sort). Stored state is neither read nor written.
 */
async function testEvent(
	context: IPollFunctions,
	options: Settings,
): Promise<INodeExecutionData[][]> {
	const now = Date.now();
	const { plural } = LISTS[options.resource];
	for (const hours of TEST_WINDOWS_HOURS) {
		const since =
			hours === undefined ? undefined : formatInstant(nsFromMs(now - hours * 3_600_000));
		const plan = new PollPlan(emptyState(options.resource, since), {
			resource: options.resource,
			event: options.event,
			maxItems: Infinity,
			now,
			maxPages: TEST_MAX_PAGES,
			keepsState: false,
		});
		let latest: Emission | undefined;
		await runPlan(context, plan, options.resource, await pacedRun.call(context), (emissions) => {
			if (emissions.length) latest = emissions[emissions.length - 1];
		});
		if (latest) return [[toItem(latest, options)]];
		if (plan.stoppedEarly) break;
	}
	const what = options.event === 'createdOrUpdated' ? '' : ` ${options.event}`;
	throw new NodeOperationError(
		context.getNode(),
		`No${what} ${plural} found to use as a test event`,
		{
			description:
				options.event === 'updated'
					? `The test event is the most recently changed ${LISTS[options.resource].singular} that was created before the period looked at. Change one in the recruiting app and try again, or set Event to Created or Updated.`
					: `Create or change a ${LISTS[options.resource].singular} in the recruiting app and try again.`,
		},
	);
}

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
		subtitle: '={{$parameter["event"] + ": " + $parameter["resource"]}}',
		description:
			'Starts the workflow when jobs or candidates are created or updated in the recruiting API',
		defaults: { name: 'Recruiting Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'recruitingApi', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Candidate', value: 'candidate' },
					{ name: 'Job', value: 'job' },
				],
				default: 'candidate',
			},
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Created',
						value: 'created',
						description: 'Only records created since the previous poll',
					},
					{
						name: 'Created or Updated',
						value: 'createdOrUpdated',
						description: 'Every record created or changed since the previous poll',
					},
					{
						name: 'Updated',
						value: 'updated',
						description: 'Only changes to records that existed before the previous poll',
					},
				],
				default: 'createdOrUpdated',
				description:
					'Which changes start the workflow. Each item’s "event" field says created or updated.',
			},
			{
				displayName: 'Start',
				name: 'start',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Everything',
						value: 'everything',
						description: 'Emit every existing record first (as created), then the changes',
					},
					{
						name: 'From a Date',
						value: 'date',
						description: 'Emit records changed since a date, then the changes',
					},
					{
						name: 'From Now',
						value: 'now',
						description: 'Emit only changes made after the workflow is activated',
					},
				],
				default: 'now',
				description: 'Where the trigger starts when the workflow is first activated',
			},
			{
				displayName: 'Start Date',
				name: 'startDate',
				type: 'dateTime',
				required: true,
				default: '',
				displayOptions: { show: { start: ['date'] } },
				description: 'Records modified at or after this time are emitted on the first poll',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add option',
				default: {},
				options: [
					{
						displayName: 'Max Items per Poll',
						name: 'maxItemsPerPoll',
						type: 'number',
						typeOptions: { minValue: 1 },
						default: 1000,
						description:
							'The most items one poll emits. A larger backlog is emitted over the next polls, in order, with nothing skipped.',
					},
					simplifyOption,
				],
			},
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const options = settings(this);
		if (this.getMode() === 'manual') return await testEvent(this, options);

		const { resource, event, start, maxItems } = options;
		const now = Date.now();
		const slot = stateSlot(this);
		// n8n starts a poll on schedule even while the previous one still runs (a poll waiting
		// out the API's rate limit can outlast the interval). Both start from this state; the
		// one that finishes first keeps its result, the other emits nothing (`overtaken`).
		const startedFrom = slot.read();
		const overtaken = () => slot.read() !== startedFrom;
		let state = loadState(startedFrom, resource);

		if (state === undefined && start === 'now') {
			// First poll: read what changed in the last minutes, only to learn where the API's
			// list ends now, and remember it. Nothing is emitted.
			const since = formatInstant(nsFromMs(now - NOW_LOOKBACK_MS));
			const plan = new PollPlan(emptyState(resource, since), {
				resource,
				event,
				maxItems: Infinity,
				now,
				emit: false,
			});
			await runPlan(this, plan, resource, await pacedRun.call(this), () => undefined);
			if (!overtaken()) slot.write(plan.nextState());
			return null;
		}
		state ??= emptyState(resource, start === 'date' ? startDate(this) : undefined);

		const plan = new PollPlan(state, { resource, event, maxItems, now });
		const items: INodeExecutionData[] = [];
		await runPlan(this, plan, resource, await pacedRun.call(this), (emissions) => {
			for (const emission of emissions) items.push(toItem(emission, options));
		});
		// A poll that overlapped this one finished first and emitted from the same state: these
		// items would repeat its own, and what it did not reach the next poll reads.
		if (overtaken()) return null;
		// Only now, after every page was read: a poll that throws leaves the state as it was.
		slot.write(plan.nextState());
		return items.length ? [items] : null;
	}
}
