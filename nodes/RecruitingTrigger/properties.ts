import type { INodeProperties } from 'n8n-workflow';

import { fieldsToIncludeOption, outputOption } from '../shared/output';
import { jobsPerPollOption, maxItemsPerPollOption } from '../shared/pollOptions';
import { APPLICATION_STAGE_TYPES } from './applications/events';

/*
 * The trigger's parameters. Jobs and candidates are read from their lists by modification
 * time (lists/); applications by reading the applications of the watched jobs (applications/),
 * so they have their own Events, Start and options.
 */

const lists = { resource: ['candidate', 'job'] };
const applications = { resource: ['application'] };

const OUTPUT: INodeProperties = {
	...outputOption('records'),
	description:
		'How much of the record each item carries (an application’s: under "application"), beside the item’s own fields such as "event"',
};

const CHANGE_EVENTS = [
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
];

const EVENT_DESCRIPTION =
	'Which changes start the workflow. Each item’s "event" field says which it was.';

/** The hint under Jobs per Poll: what the cost and the staleness are, in numbers. */
const JOBS_PER_POLL_HINT =
	'A poll costs 1 request for the job list plus 1 per job read: at most Jobs per Poll, and as many more while jobs are first taken in. Every watched job is read at least once every ceil(jobs ÷ Jobs per Poll) polls while polls stay under Max Items per Poll: 200 jobs at 20 a poll, every 10 polls (10 minutes when polling every minute).';

export const triggerProperties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Application',
				value: 'application',
				description: 'New applications and their moves through the pipeline',
			},
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
		displayOptions: { show: { resource: ['candidate'] } },
		options: CHANGE_EVENTS,
		default: 'createdOrUpdated',
		description: EVENT_DESCRIPTION,
	},
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['job'] } },
		// Written out: n8n's lint reads the default against the options it sees here.
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
			{
				name: 'Stage Changed',
				value: 'stageChanged',
				description:
					'Only jobs moved to another stage (the item says from which to which), as the job list shows it',
			},
		],
		default: 'createdOrUpdated',
		description: EVENT_DESCRIPTION,
	},
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		displayOptions: { show: applications },
		options: [
			{
				name: 'Interview Scheduled',
				value: 'interviewScheduled',
				description: 'The next interview is a new one (or moved to another time)',
			},
			{
				name: 'New Application',
				value: 'newApplication',
				description: 'An application the job did not list before',
			},
			{ name: 'Placed', value: 'placed', description: 'The application is now placed' },
			{
				name: 'Removed',
				value: 'removed',
				description: 'An application the job no longer lists (or the job is gone)',
			},
			{
				name: 'Stage Changed',
				value: 'stageChanged',
				description: 'Moved to another stage: the item says from which to which',
			},
			{
				name: 'State Changed',
				value: 'stateChanged',
				description: 'Its state (for example for-review) is another one',
			},
		],
		default: ['newApplication', 'stageChanged'],
		description:
			'Which changes start the workflow, one item each. The API has no feed of application changes: the trigger compares each read of a job’s applications with the one before, so A → B → C between two reads is one move A → C, and an application created and removed between two reads is not seen.',
	},
	{
		displayName: 'Jobs to Watch',
		name: 'watch',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: applications },
		options: [
			{ name: 'All Jobs', value: 'all', description: 'Every job of the job list' },
			{
				name: 'Open Jobs Only',
				value: 'open',
				description:
					'Jobs whose stage is open; nothing of a closed job is emitted, and it is read again only when the job list shows it changed',
			},
			{ name: 'Picked Jobs', value: 'picked', description: 'Only the jobs picked below' },
		],
		default: 'all',
	},
	{
		displayName: 'Jobs',
		name: 'pickedJobs',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Job',
		default: {},
		displayOptions: { show: { ...applications, watch: ['picked'] } },
		options: [
			{
				displayName: 'Job',
				name: 'jobs',
				values: [
					{
						displayName: 'Job',
						name: 'job',
						type: 'resourceLocator',
						default: { mode: 'list', value: '' },
						description: 'A job whose applications are watched',
						modes: [
							{
								displayName: 'From List',
								name: 'list',
								type: 'list',
								placeholder: 'Select a job...',
								typeOptions: { searchListMethod: 'searchJobs', searchable: true },
							},
							{
								displayName: 'By ID',
								name: 'id',
								type: 'string',
								placeholder: 'e.g. 6651f0c2a1',
							},
						],
					},
				],
			},
		],
	},
	{
		displayName: 'Start',
		name: 'start',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: lists },
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
		displayName: 'Start',
		name: 'start',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: applications },
		options: [
			{
				name: 'Everything',
				value: 'everything',
				description: 'Emit every existing application as New Application first, then the changes',
			},
			{
				name: 'From Now',
				value: 'now',
				description:
					'The first polls read every watched job once, silently (Jobs per Poll a poll); then its changes are emitted',
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
		displayOptions: { show: { ...lists, start: ['date'] } },
		description: 'Records modified at or after this time are emitted on the first poll',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{ ...fieldsToIncludeOption, displayOptions: { show: { output: ['selected'] } } },
			{
				...jobsPerPollOption,
				displayOptions: { show: { '/resource': ['application'] } },
				hint: JOBS_PER_POLL_HINT,
			},
			maxItemsPerPollOption,
			OUTPUT,
			{
				displayName: 'Target Stage Types',
				name: 'stageTypes',
				type: 'multiOptions',
				displayOptions: { show: { '/resource': ['application'] } },
				options: APPLICATION_STAGE_TYPES.map((type) => ({
					name: type.charAt(0).toUpperCase() + type.slice(1),
					value: type,
				})),
				default: [],
				description:
					'Only events of applications now in a stage of these types (a removed one: its last stage). With Target Stages, either matches.',
			},
			{
				displayName: 'Target Stages',
				name: 'stages',
				type: 'string',
				default: '',
				placeholder: 'e.g. Interview, astage-offer',
				displayOptions: { show: { '/resource': ['application'] } },
				description:
					'Only events of applications now in one of these stages, by name or ID, comma-separated (case does not matter)',
			},
		],
	},
];
