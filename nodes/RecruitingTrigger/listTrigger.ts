import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { toNodeError } from '../shared/errors';
import { flattenCandidate } from '../shared/records/candidate';
import { flattenVacancy } from '../shared/records/job';
import { formatInstant, nsFromMs, timestamp } from '../shared/time';
import { pacedRun } from '../shared/transport';
import type { PacedRun } from '../shared/transport';
import { isRecord, scalarText } from '../shared/values';
import type { Json } from '../shared/values';
import { LISTS, runPlan } from './lists';
import { PollPlan } from './plan';
import type { Emission, EventFilter } from './plan';
import { recordId } from './records';
import type { Resource } from './records';
import { stateSlot } from './slot';
import { emptyState, loadState } from './state';
import type { JobStage } from './state';

/*
 * The job and candidate triggers: records created or changed since the trigger's position,
 * read from the list by modification time (plan.ts and walks/), each change once. The job
 * trigger's Stage Changed compares each changed job's stage with the one it last saw: the job
 * list carries the stage, so it costs no request of its own, but the first poll reads the
 * whole job list once to know every job's stage.
 */

/** From Now: how far back the first poll reads to learn the API's own idea of "now". */
export const NOW_LOOKBACK_MS = 10 * 60_000;

/** Fetch Test Event: windows tried in turn, newest first, for the most recent record. */
const TEST_WINDOWS_HOURS = [1, 24, 24 * 30, 24 * 365, undefined];

/** Fetch Test Event: pages read per window at most. */
const TEST_MAX_PAGES = 20;

type Start = 'now' | 'date' | 'everything';

const CHANGES: string[] = ['createdOrUpdated', 'created', 'updated'];

/** The changes the list is read for: a stage change is one kind of update. */
function changesOf(event: ListEvent): EventFilter {
	return event === 'stageChanged' ? 'createdOrUpdated' : event;
}

type ListEvent = EventFilter | 'stageChanged';

interface Settings {
	resource: Resource;
	event: ListEvent;
	start: Start;
	maxItems: number;
	simplify: boolean;
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
		throw new NodeOperationError(node, `Unknown event "${String(event)}"`, {
			description: `Event is one of ${events.join(', ')} for the ${resource} resource.`,
		});
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

/** A job's stage as the list shows it ({ viewType, stage: { id, name, order } }). */
function jobStage(job: Json): JobStage {
	const wrapper = isRecord(job.stage) ? job.stage : {};
	const stage = isRecord(wrapper.stage) ? wrapper.stage : wrapper;
	return [
		scalarText(stage.id) ?? null,
		typeof stage.name === 'string' ? stage.name : null,
		typeof stage.order === 'number' ? stage.order : null,
	];
}

interface StageMove {
	/** null: not known (a job whose stage the trigger never saw, or Fetch Test Event). */
	from: IDataObject | null;
	to: IDataObject;
}

const stageView = ([id, name, order]: JobStage): IDataObject => ({ id, name, order });

/** The same stage: by id, or by name where the API gives no id. */
function sameStage(a: JobStage, b: JobStage): boolean {
	return a[0] !== null || b[0] !== null ? a[0] === b[0] : a[1] === b[1];
}

/** Every job's stage, from one read of the whole job list (Stage Changed's first poll). */
async function allJobStages(
	context: IPollFunctions,
	run: PacedRun,
	now: number,
): Promise<Record<string, JobStage>> {
	const stages: Record<string, JobStage> = {};
	const plan = new PollPlan(emptyState('job'), {
		resource: 'job',
		event: 'createdOrUpdated',
		maxItems: Infinity,
		now,
		keepsState: false,
	});
	await runPlan(context, plan, 'job', run, (emissions) => {
		for (const { record } of emissions) {
			const id = recordId(record);
			if (id !== undefined) stages[id] = jobStage(record);
		}
	});
	return stages;
}

function toItem(
	emission: Emission,
	{ resource, simplify }: Settings,
	moved?: StageMove,
): INodeExecutionData {
	const flatten = resource === 'job' ? flattenVacancy : flattenCandidate;
	const record = (simplify ? flatten(emission.record) : emission.record) as IDataObject;
	return {
		json: {
			event: moved ? 'stageChanged' : emission.event,
			resource,
			...(moved && { fromStage: moved.from, toStage: moved.to }),
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
			event: changesOf(options.event),
			maxItems: Infinity,
			now,
			maxPages: TEST_MAX_PAGES,
			keepsState: false,
		});
		let latest: Emission | undefined;
		await runPlan(context, plan, options.resource, await pacedRun.call(context), (emissions) => {
			if (emissions.length) latest = emissions[emissions.length - 1];
		});
		if (latest) {
			// Stage Changed: shaped as its events are; where it came from is not known here.
			const moved =
				options.event === 'stageChanged'
					? { from: null, to: stageView(jobStage(latest.record)) }
					: undefined;
			return [[toItem(latest, options, moved)]];
		}
		if (plan.stoppedEarly) break;
	}
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
					? `The test event is the most recently changed ${LISTS[options.resource].singular} that was created before the period looked at. Change one in the recruiting app and try again, or set Event to Created or Updated.`
					: `Create or change a ${LISTS[options.resource].singular} in the recruiting app and try again.`,
		},
	);
}

/** One poll of the job or candidate trigger. */
export async function pollList(context: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const options = settings(context);
	if (context.getMode() === 'manual') return await testEvent(context, options);

	const { resource, event, start, maxItems } = options;
	const changes = changesOf(event);
	const now = Date.now();
	const slot = stateSlot(context);
	// n8n starts a poll on schedule even while the previous one still runs (a poll waiting
	// out the API's rate limit can outlast the interval). Both start from this state; the
	// one that finishes first keeps its result, the other emits nothing (`overtaken`).
	const startedFrom = slot.read();
	const overtaken = () => slot.read() !== startedFrom;
	let state = loadState(startedFrom, resource);
	// One per poll: the credential read once, and after a 429 the rest of this poll's requests
	// spaced to the rate limit.
	const run = await pacedRun.call(context);
	const stages =
		event === 'stageChanged'
			? { ...(state?.jobStages ?? (await allJobStages(context, run, now))) }
			: undefined;

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
		await runPlan(context, plan, resource, run, () => undefined);
		if (!overtaken()) slot.write({ ...plan.nextState(), ...(stages && { jobStages: stages }) });
		return null;
	}
	state ??= emptyState(resource, start === 'date' ? startDate(context) : undefined);

	const plan = new PollPlan(state, { resource, event: changes, maxItems, now });
	const items: INodeExecutionData[] = [];
	// Stage Changed emits only some of the changed jobs: a notice the plan put on a job that is
	// not emitted goes on the next item emitted, or with the state to the next poll.
	const notices = new Set<string>();
	await runPlan(context, plan, resource, run, (emissions) => {
		for (const emission of emissions) {
			if (stages === undefined) {
				items.push(toItem(emission, options));
				continue;
			}
			const id = recordId(emission.record);
			const to = jobStage(emission.record);
			const from = id === undefined ? undefined : stages[id];
			if (id !== undefined) stages[id] = to;
			for (const line of emission.notice?.split('\n') ?? []) notices.add(line);
			// A job whose stage was never seen (listed past a stall when the stages were read)
			// and that existed before: its move is emitted, from a stage not known.
			const unknown = from === undefined && emission.event === 'updated';
			if (!unknown && (from === undefined || sameStage(from, to))) continue;
			const moved = { from: from ? stageView(from) : null, to: stageView(to) };
			const notice = notices.size ? [...notices].join('\n') : undefined;
			items.push(toItem({ ...emission, notice }, options, moved));
			notices.clear();
		}
	});
	// A poll that overlapped this one finished first and emitted from the same state: these
	// items would repeat its own, and what it did not reach the next poll reads.
	if (overtaken()) return null;
	// Only now, after every page was read: a poll that throws leaves the state as it was.
	const next = plan.nextState();
	const undelivered = [...new Set([...(next.notice?.split('\n') ?? []), ...notices])];
	slot.write({
		...next,
		...(undelivered.length > 0 && { notice: undelivered.join('\n') }),
		...(stages && { jobStages: stages }),
	});
	return items.length ? [items] : null;
}
