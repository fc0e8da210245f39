import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { shapeRecord } from '../shared/output';
import type { OutputMode } from '../shared/output';
import { applicationListItemShape } from '../shared/records/application';
import { pacedRun } from '../shared/transport';
import type { PacedRun } from '../shared/transport';
import { isRecord } from '../shared/values';
import { APPLICATION_EVENTS } from './applications/events';
import type { ApplicationEvent } from './applications/events';
import { loadApplicationState } from './applications/state';
import { APPLICATION_STAGE_TYPES } from './properties';
import { stateSlot } from './slot';
import { emptyApplicationState } from './applications/state';
import { runPlan } from './lists';
import { PollPlan } from './plan';
import { recordId } from './records';
import { emptyState } from './state';
import { pollApplications, scopeOf } from './walks/applications';
import type { ApplicationSettings } from './walks/applications';

/*
 * The application trigger: reading its settings, Fetch Test Event, and storing what a poll
 * leaves (walks/applications.ts does the reading).
 */

const OUTPUT_MODES: OutputMode[] = ['flattened', 'simplified', 'raw', 'selected'];

function fail(context: IPollFunctions, message: string, description: string): never {
	throw new NodeOperationError(context.getNode(), message, { description });
}

/** A resource locator's value (`{ __rl, mode, value }`), or the value itself. */
function locatorValue(value: unknown): string {
	const inner = isRecord(value) ? value.value : value;
	return typeof inner === 'string' || typeof inner === 'number' ? String(inner).trim() : '';
}

function wholeNumber(context: IPollFunctions, value: unknown, fallback: number, label: string) {
	const number = value === undefined ? fallback : Number(value);
	if (!Number.isInteger(number) || number < 1) {
		fail(context, `${label} must be a whole number of at least 1`, `It is ${String(value)}.`);
	}
	return number;
}

function applicationSettings(context: IPollFunctions): ApplicationSettings {
	const events = context.getNodeParameter('events', []) as ApplicationEvent[];
	if (!Array.isArray(events) || events.length === 0) {
		fail(
			context,
			'Events: choose at least one',
			'Pick the changes that start the workflow, for example New Application and Stage Changed.',
		);
	}
	const unknown = events.find((event) => !APPLICATION_EVENTS.includes(event));
	if (unknown !== undefined) {
		fail(
			context,
			`Events: "${String(unknown)}" is not an event`,
			`Events are ${APPLICATION_EVENTS.join(', ')}.`,
		);
	}
	const jobs = context.getNodeParameter('watch', 'all') as ApplicationSettings['jobs'];
	if (!['all', 'open', 'picked'].includes(jobs)) {
		fail(
			context,
			`Jobs to Watch: "${String(jobs)}" is not one of All Jobs, Open Jobs Only, Picked Jobs`,
			'Choose which jobs’ applications are watched.',
		);
	}
	const picked =
		jobs === 'picked'
			? ((context.getNodeParameter('pickedJobs.jobs', []) as IDataObject[]) ?? [])
					.map((entry) => locatorValue(entry.job))
					.filter(Boolean)
			: [];
	if (jobs === 'picked' && picked.length === 0) {
		fail(
			context,
			'Jobs: no job is picked',
			'Add the jobs to watch under Jobs, or set Jobs to Watch to All Jobs or Open Jobs Only.',
		);
	}
	const start = context.getNodeParameter('start', 'now') as 'now' | 'everything';
	if (start !== 'now' && start !== 'everything') {
		fail(
			context,
			`Start: "${String(start)}" is not one of From Now, Everything`,
			'Applications start From Now or with Everything.',
		);
	}
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const stageTypes = Array.isArray(options.stageTypes) ? (options.stageTypes as string[]) : [];
	const wrongType = stageTypes.find((type) => !APPLICATION_STAGE_TYPES.includes(type));
	if (wrongType !== undefined) {
		fail(
			context,
			`Target Stage Types: "${String(wrongType)}" is not a stage type`,
			`Stage types are ${APPLICATION_STAGE_TYPES.join(', ')}.`,
		);
	}
	const mode = (options.output ?? 'flattened') as OutputMode;
	if (!OUTPUT_MODES.includes(mode)) {
		fail(
			context,
			`Output: "${String(mode)}" is not one of Flattened, Simplified, Raw, Selected Fields`,
			'Choose how much of the application each item carries.',
		);
	}
	const names = String(options.fieldsToInclude ?? 'id')
		.split(',')
		.map((name) => name.trim())
		.filter(Boolean);
	return {
		events,
		jobs,
		picked,
		stageTypes,
		stages: String(options.stages ?? '')
			.split(',')
			.map((stage) => stage.trim().toLowerCase())
			.filter(Boolean),
		jobsPerPoll: wholeNumber(context, options.jobsPerPoll, 20, 'Jobs per Poll'),
		maxItems: wholeNumber(context, options.maxItemsPerPoll, 1000, 'Max Items per Poll'),
		start,
		output: shapeRecord(mode, applicationListItemShape, names),
	};
}

/** Fetch Test Event: windows of the job list tried in turn, newest first. */
const TEST_WINDOWS_HOURS = [1, 24, 24 * 30, 24 * 365, undefined];

/** Fetch Test Event reads the applications of this many jobs at most. */
const TEST_JOBS = 5;

/**
 * The most recently changed jobs (the job list is oldest first and cannot be sorted, so recent
 * windows of it are read, newest first), or the first picked ones.
 */
async function recentJobs(
	context: IPollFunctions,
	settings: ApplicationSettings,
	run: PacedRun,
	now: number,
): Promise<string[]> {
	if (settings.jobs === 'picked') return settings.picked.slice(0, TEST_JOBS);
	for (const hours of TEST_WINDOWS_HOURS) {
		const since = hours === undefined ? undefined : new Date(now - hours * 3_600_000).toISOString();
		const plan = new PollPlan(emptyState('job', since), {
			resource: 'job',
			event: 'createdOrUpdated',
			maxItems: Infinity,
			now,
			maxPages: 20,
			keepsState: false,
		});
		const ids: string[] = [];
		await runPlan(context, plan, 'job', run, (emissions) => {
			for (const { record } of emissions) {
				const id = recordId(record);
				if (id !== undefined && !ids.includes(id)) ids.push(id);
			}
		});
		if (ids.length > 0) return ids.slice(-TEST_JOBS).reverse();
	}
	return [];
}

/**
 * Fetch Test Event: the applications of the most recently changed watched jobs (up to 5),
 * and the most recently active one shown as the first selected event. Nothing is stored.
 * From-fields (the stage or state before) are unknown here: null.
 */
async function testEvent(
	context: IPollFunctions,
	settings: ApplicationSettings,
): Promise<INodeExecutionData[][]> {
	const now = Date.now();
	const run = await pacedRun.call(context);
	const jobs = await recentJobs(context, settings, run, now);
	// Those jobs as new to a trigger that has just read the job list: each read emits its
	// applications as New Application.
	const picked = { jobs: 'picked' as const, picked: jobs };
	const { items } = await pollApplications(
		context,
		{
			...settings,
			...picked,
			events: ['newApplication'],
			jobsPerPoll: TEST_JOBS,
			maxItems: Infinity,
		},
		{
			...emptyApplicationState(emptyState('job', new Date(now).toISOString())),
			scope: scopeOf(picked),
			watch: Object.fromEntries(jobs.map((id) => [id, { r: -1, n: 1 as const }])),
		},
		run,
		now,
	);
	const activity = (item: INodeExecutionData) => {
		const application = item.json.application as IDataObject | undefined;
		const latest = application?.latestActivity as IDataObject | undefined;
		return String(latest?.date ?? '');
	};
	const latest = [...items].sort((a, b) => activity(b).localeCompare(activity(a)))[0];
	if (!latest) {
		fail(
			context,
			'No applications found to use as a test event',
			`The ${jobs.length || 'no'} most recently changed watched job(s) have no applications (matching Target Stage, where set). Add an application to a job in the recruiting app, or widen Jobs to Watch, and try again.`,
		);
	}
	const event = settings.events[0];
	const json: IDataObject = { ...latest.json, event };
	if (event === 'stageChanged') {
		Object.assign(json, {
			fromStage: null,
			toStage: latest.json.stage,
			inFromStageSince: null,
			daysInFromStage: null,
		});
	}
	if (event === 'stateChanged')
		Object.assign(json, { fromState: null, toState: latest.json.state });
	if (event === 'interviewScheduled') {
		const application = latest.json.application as IDataObject | undefined;
		json.interview = application?.nextInterview ?? null;
	}
	return [[{ json }]];
}

/** One poll of the application trigger. */
export async function pollApplicationTrigger(
	context: IPollFunctions,
): Promise<INodeExecutionData[][] | null> {
	const settings = applicationSettings(context);
	if (context.getMode() === 'manual') return await testEvent(context, settings);
	const slot = stateSlot(context);
	// As for jobs and candidates: of two overlapping polls, the one that finishes first emits.
	const startedFrom = slot.read();
	const run = await pacedRun.call(context);
	const { items, state } = await pollApplications(
		context,
		settings,
		loadApplicationState(startedFrom),
		run,
		Date.now(),
	);
	if (slot.read() !== startedFrom) return null;
	// Only now, after every job was read: a poll that throws leaves the state as it was.
	slot.write(state);
	return items.length ? [items] : null;
}
