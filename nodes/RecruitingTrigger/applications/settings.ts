import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { readOutput, shapeRecord } from '../../shared/output';
import { applicationListItemShape } from '../../shared/records/application';
import type { ApplicationJob } from '../../shared/records/application';
import { jobsPerPollOption, maxItemsPerPollOption, pollOption } from '../../shared/pollOptions';
import { isRecord } from '../../shared/values';
import { APPLICATION_EVENTS, APPLICATION_STAGE_TYPES } from './events';
import type { ApplicationEvent } from './events';
import { JOBS_TO_WATCH } from './state';
import type { JobsToWatch } from './state';

/** The application trigger's parameters, read and checked: a wrong one names itself. */
export interface ApplicationSettings {
	events: ApplicationEvent[];
	watch: JobsToWatch;
	/** The picked jobs' ids (Picked Jobs). */
	picked: string[];
	/** Target stage: the event's stage is one of these types or stages (ids or names); empty: any. */
	stageTypes: string[];
	stages: string[];
	jobsPerPoll: number;
	maxItems: number;
	start: 'now' | 'everything';
	/** An application of `job`'s list as the Output option shows it. */
	output: (raw: unknown, job: ApplicationJob) => IDataObject;
}

function fail(context: IPollFunctions, message: string, description: string): never {
	throw new NodeOperationError(context.getNode(), message, { description });
}

/** A resource locator's value (`{ __rl, mode, value }`), or the value itself. */
function locatorValue(value: unknown): string {
	const inner = isRecord(value) ? value.value : value;
	return typeof inner === 'string' || typeof inner === 'number' ? String(inner).trim() : '';
}

export function applicationSettings(context: IPollFunctions): ApplicationSettings {
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
	const watch = context.getNodeParameter('watch', 'all') as ApplicationSettings['watch'];
	if (!JOBS_TO_WATCH.includes(watch)) {
		fail(
			context,
			`Jobs to Watch: "${String(watch)}" is not one of All Jobs, Open Jobs Only, Picked Jobs`,
			'Choose which jobs’ applications are watched.',
		);
	}
	const picked =
		watch === 'picked'
			? ((context.getNodeParameter('pickedJobs.jobs', []) as IDataObject[]) ?? [])
					.map((entry) => locatorValue(entry.job))
					.filter(Boolean)
			: [];
	if (watch === 'picked' && picked.length === 0) {
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
	const output = readOutput(context.getNode(), options.output, options.fieldsToInclude);
	return {
		events,
		watch,
		picked,
		stageTypes,
		stages: String(options.stages ?? '')
			.split(',')
			.map((stage) => stage.trim().toLowerCase())
			.filter(Boolean),
		jobsPerPoll: pollOption(context, jobsPerPollOption),
		maxItems: pollOption(context, maxItemsPerPollOption),
		start,
		output: (raw, job) => shapeRecord(output, applicationListItemShape(job))(raw),
	};
}
