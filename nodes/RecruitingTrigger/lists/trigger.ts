import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { toNodeError } from '../../shared/errors';
import { readOutput, shapeRecord } from '../../shared/output';
import { candidateShape } from '../../shared/records/candidate';
import { jobStage, vacancyShape } from '../../shared/records/job';
import { formatInstant, nsFromMs, timestamp } from '../../shared/time';
import { maxItemsPerPollOption, pollDeadline, pollOption } from '../../shared/pollOptions';
import { pacedRun } from '../../shared/transport';
import type { Json } from '../../shared/values';
import { LISTS, planPages, recentRecords, wholeList } from './read';
import { PollPlan } from './plan';
import { recordId } from './records';
import type { Resource } from './records';
import { emptyState, loadState } from './state';
import type { KnownStage, TriggerState } from './state';
import type { Emission, EventFilter } from './walk';

/*
 * The job and candidate triggers: records created or changed since the trigger's position,
 * read from the list by modification time (plan.ts and the resource's walk), each change
 * once. The job trigger's Stage Changed compares each changed job's stage with the one it last
 * saw: the job list carries the stage, so it costs no request of its own, but the first poll
 * reads the whole job list once to know every job's stage.
 */

/** From Now: how far back the first poll reads to learn the API's own idea of "now". */
const NOW_LOOKBACK_MS = 10 * 60_000;

type Start = 'now' | 'date' | 'everything';

const CHANGES: string[] = ['createdOrUpdated', 'created', 'updated'];

/** The changes the list is read for: a stage change is one kind of update. */
function changesOf(event: ListEvent): EventFilter {
	return event === 'stageChanged' ? 'createdOrUpdated' : event;
}

type ListEvent = EventFilter | 'stageChanged';

/** The Event option's names, as the editor shows them (properties.ts), for messages. */
const EVENT_NAMES: Record<ListEvent, string> = {
	created: 'Created',
	createdOrUpdated: 'Created or Updated',
	updated: 'Updated',
	stageChanged: 'Stage Changed',
};

interface Settings {
	resource: Resource;
	event: ListEvent;
	start: Start;
	maxItems: number;
	/** The record as the Output option shows it. */
	output: (raw: unknown) => IDataObject;
}

function settings(context: IPollFunctions): Settings {
	const node = context.getNode();
	const resource = context.getNodeParameter('resource') as Resource;
	const event = context.getNodeParameter('event') as ListEvent;
	const start = context.getNodeParameter('start') as Start;
	if (!(resource in LISTS))
		throw new NodeOperationError(node, `Unknown resource "${String(resource)}"`);
	const events = resource === 'job' ? [...CHANGES, 'stageChanged'] : CHANGES;
	if (!events.includes(event)) {
		// Reachable from the editor: n8n keeps Stage Changed when Resource goes from Job to Candidate.
		const names = events.map((value) => EVENT_NAMES[value as ListEvent]).join(', ');
		throw new NodeOperationError(
			node,
			`Event "${EVENT_NAMES[event] ?? String(event)}" is not an event of the ${resource} trigger`,
			{
				description: `Pick one of ${names} under Event.${event === 'stageChanged' ? ' Stage Changed is an event of the Job resource only.' : ''}`,
			},
		);
	}
	if (!['now', 'date', 'everything'].includes(start)) {
		throw new NodeOperationError(node, `Unknown start "${String(start)}"`, {
			description: 'Start is one of From Now, From a Date, Everything.',
		});
	}
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const output = readOutput(node, options.output, options.fieldsToInclude);
	return {
		resource,
		event,
		start,
		maxItems: pollOption(context, maxItemsPerPollOption),
		output: shapeRecord(output, resource === 'job' ? vacancyShape : candidateShape),
	};
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

/** A job's stage as Stage Changed remembers it: [id, name, order]. */
function stageOfJob(job: Json): KnownStage {
	const { id, name, order } = jobStage(job);
	return [id, name, order];
}

interface StageMove {
	/** null: not known (Fetch Test Event). */
	from: IDataObject | null;
	to: IDataObject;
}

const stageView = ([id, name, order]: KnownStage): IDataObject => ({ id, name, order });

/** The same stage: by id, or by name where the API gives no id. */
function sameStage(a: KnownStage, b: KnownStage): boolean {
	return a[0] !== null || b[0] !== null ? a[0] === b[0] : a[1] === b[1];
}

/**
 * Stage Changed: whether a changed job moved, from the stage last seen to the one listed now.
 * A job created since, or one whose stage the trigger never saw (the first poll could not page
 * to it: more than 50 jobs at one time), did not move as far as anyone can tell: its stage is
 * learnt now, and its next move is emitted. A rename, or any other change, is never a move.
 */
function stageMove(from: KnownStage | undefined, to: KnownStage): StageMove | undefined {
	if (from === undefined || sameStage(from, to)) return undefined;
	return { from: stageView(from), to: stageView(to) };
}

function toItem(
	emission: Emission,
	{ resource, output }: Settings,
	moved?: StageMove,
): INodeExecutionData {
	return {
		json: {
			event: moved ? 'stageChanged' : emission.event,
			resource,
			...(moved && { fromStage: moved.from, toStage: moved.to }),
			...output(emission.record),
			...(emission.notice !== undefined && { notice: emission.notice }),
		},
	};
}

/**
 * Fetch Test Event: the most recent matching record (recent windows of the list, read.ts).
 * Stored state is neither read nor written.
 */
export async function listTestEvent(context: IPollFunctions): Promise<INodeExecutionData[]> {
	const options = settings(context);
	const run = await pacedRun.call(context);
	const recent = await recentRecords(context, options.resource, run, {
		event: changesOf(options.event),
	});
	const latest = recent[recent.length - 1];
	if (latest) {
		// Stage Changed: shaped as its events are; where it came from is not known here.
		const moved =
			options.event === 'stageChanged'
				? { from: null, to: stageView(stageOfJob(latest.record)) }
				: undefined;
		return [toItem(latest, options, moved)];
	}
	const { plural, singular } = LISTS[options.resource];
	const what =
		options.event === 'createdOrUpdated' || options.event === 'stageChanged'
			? ''
			: ` ${options.event}`;
	throw new NodeOperationError(
		context.getNode(),
		`No${what} ${plural} found to use as a test event`,
		{
			description:
				options.event === 'updated'
					? `The test event is the most recently changed ${singular} that was created before the period looked at. Change one in the recruiting app and try again, or set Event to Created or Updated.`
					: `Create or change a ${singular} in the recruiting app and try again.`,
		},
	);
}

/**
 * One poll of the job or candidate trigger, from the state stored before (`stored`, as n8n
 * keeps it): the items to emit and the state to store once the poll has succeeded.
 */
export async function pollList(
	context: IPollFunctions,
	stored: unknown,
): Promise<{ items: INodeExecutionData[]; state: TriggerState }> {
	const options = settings(context);
	const { resource, event, start, maxItems } = options;
	const changes = changesOf(event);
	const now = Date.now();
	let state = loadState(stored, resource);
	// One per poll: the credential read once, and after a 429 the rest of this poll's requests
	// spaced to the rate limit.
	const run = await pacedRun.call(context);
	let stages: Record<string, KnownStage> | undefined;
	if (event === 'stageChanged') {
		stages = { ...state?.jobStages };
		if (state?.jobStages === undefined) {
			for (const { record } of await wholeList(context, 'job', run)) {
				const id = recordId(record);
				if (id !== undefined) stages[id] = stageOfJob(record);
			}
		}
	}

	if (state === undefined && start === 'now') {
		// First poll: read what changed in the last minutes, only to learn where the API's
		// list ends now, and remember it. Nothing is emitted.
		const since = formatInstant(nsFromMs(now - NOW_LOOKBACK_MS));
		const plan = new PollPlan(emptyState(resource, since), {
			resource,
			event: changes,
			maxItems: Infinity,
			now,
			emit: false,
		});
		for await (const page of planPages(context, plan, run)) void page;
		return { items: [], state: { ...plan.nextState(), ...(stages && { jobStages: stages }) } };
	}
	state ??= emptyState(resource, start === 'date' ? startDate(context) : undefined);

	const plan = new PollPlan(state, {
		resource,
		event: changes,
		maxItems,
		now,
		stopAt: pollDeadline(context, now),
	});
	const items: INodeExecutionData[] = [];
	// Stage Changed emits only some of the changed jobs: a notice the plan put on a job that is
	// not emitted goes on the next item emitted, or with the state to the next poll.
	const notices = new Set<string>();
	for await (const emissions of planPages(context, plan, run)) {
		for (const emission of emissions) {
			if (stages === undefined) {
				items.push(toItem(emission, options));
				continue;
			}
			const id = recordId(emission.record);
			const to = stageOfJob(emission.record);
			const moved = stageMove(id === undefined ? undefined : stages[id], to);
			if (id !== undefined) stages[id] = to;
			for (const line of emission.notice?.split('\n') ?? []) notices.add(line);
			if (!moved) continue;
			const notice = notices.size ? [...notices].join('\n') : undefined;
			items.push(toItem({ ...emission, notice }, options, moved));
			notices.clear();
		}
	}
	const next = plan.nextState();
	const undelivered = [...new Set([...(next.notice?.split('\n') ?? []), ...notices])];
	return {
		items,
		state: {
			...next,
			...(undelivered.length > 0 && { notice: undelivered.join('\n') }),
			...(stages && { jobStages: stages }),
		},
	};
}
