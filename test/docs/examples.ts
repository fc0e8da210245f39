/*
 * README's examples, each made by running the node as README names it: the Recruiting node
 * through n8n-core's engine (harness/engine.ts) and the Recruiting Trigger through n8n-core's
 * poll context (harness/trigger.ts), against the bundled sandbox API (tools/sandbox/), seeded
 * the same way every time. Each example is one emitted item. readme.test.ts compares README's
 * JSON blocks with these; write-examples.script.ts writes them into README.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { API_KEY, jsonOf, runRecruiting } from '../harness/engine';
import { TriggerHarness, itemsOf } from '../harness/trigger';
import { APPLICATION_EVENTS } from '../../nodes/RecruitingTrigger/applications/events';
import { createSandbox } from '../tools/sandbox';
import type { Sandbox } from '../tools/sandbox';

export interface Example {
	/** What README's <summary> says: the call and its settings. */
	title: string;
	run: (sandbox: Sandbox) => Promise<IDataObject>;
}

const locator = (value: string) => ({ __rl: true, mode: 'id', value });

/** The first item the Recruiting node outputs. */
async function node(sandbox: Sandbox, parameters: INodeParameters): Promise<IDataObject> {
	const result = await runRecruiting({
		parameters,
		credentials: { baseUrl: sandbox.url, apiKey: API_KEY },
	});
	if (result.error) throw result.error;
	const [first] = jsonOf(result);
	if (!first) throw new Error(`no item for ${JSON.stringify(parameters)}`);
	return first;
}

const DAY = 86_400_000;

/** Jobs and candidates: Output Simplified, as applications. */
const LIST_OUTPUT = 'Simplified';
const listOptions: INodeParameters = { output: 'simplified' };

/**
 * The trigger with `parameters`, From Now: a first poll that only learns, then `change`, three
 * days later a poll; its first item of `event`. The trigger's clock (Date.now) is the sandbox's.
 */
export async function trigger(
	sandbox: Sandbox,
	parameters: INodeParameters,
	change: () => void,
	event: string,
): Promise<IDataObject> {
	const now = jest.spyOn(Date, 'now').mockImplementation(() => sandbox.clock.peek());
	try {
		const credentials = { baseUrl: sandbox.url, apiKey: API_KEY };
		const watch = new TriggerHarness(parameters, credentials);
		await watch.poll();
		sandbox.clock.advance(60_000);
		change();
		sandbox.clock.advance(3 * DAY);
		const items = itemsOf(await watch.poll());
		const item = items.find((one) => one.event === event);
		if (!item) throw new Error(`no ${event} item among ${JSON.stringify(items)}`);
		return item;
	} finally {
		now.mockRestore();
	}
}

/** Every event the trigger offers, so that each example's event is among those chosen. */
const ALL_EVENTS = [...APPLICATION_EVENTS];

/**
 * The Output of the application examples: New Application shows `application` as Simplified
 * gives it; the others only its id (Selected Fields), so that the event's own fields stand out
 * (`application` is the same whatever the event).
 */
const FULL = { output: 'simplified' };
const ID_ONLY = { output: 'selected', fieldsToInclude: 'id' };

/** An application event: the trigger on every event, one application of the first job changed. */
function applicationEvent(
	event: string,
	change: (sandbox: Sandbox, applicationId: string, jobId: string) => void,
	options: INodeParameters = ID_ONLY,
): Example['run'] {
	return async (sandbox) => {
		// The first application still open (neither rejected nor placed), and its job.
		const [jobId, first] = sandbox
			.fixtures()
			.vacancyIds.flatMap((job) =>
				(sandbox.applicationsOf(job) as Array<{ id: string }>).map((a) => [job, a.id]),
			)
			.find(([, id]) =>
				['for-review', 'in-progress'].includes(
					(sandbox.store.getApplication(id) as { state: string }).state,
				),
			)!;
		return trigger(
			sandbox,
			{ resource: 'application', events: ALL_EVENTS, options },
			() => change(sandbox, first, jobId),
			event,
		);
	};
}

/** A candidate who has not applied to the job applies to it, in the first stage. */
export function newApplication(sandbox: Sandbox, jobId: string): void {
	const stage = sandbox.fixtures().applicationStages[0];
	const applied = new Set(
		(sandbox.applicationsOf(jobId) as Array<{ candidate?: { id?: string } }>).map(
			(application) => application.candidate?.id,
		),
	);
	sandbox.store.createApplication({
		vacancyId: jobId,
		candidateId: sandbox.fixtures().candidates.firstIds.find((id) => !applied.has(id)),
		stageId: stage.id,
		statusId: stage.statusIds[0],
	});
}

export const interviewStage = (sandbox: Sandbox) =>
	sandbox.fixtures().applicationStages.find((stage) => stage.type === 'interview')!;

export const EXAMPLES: Record<string, Example> = {
	'job-get-many': {
		title: 'Job → Get Many (Output: Simplified), the first item',
		run: (sandbox) =>
			node(sandbox, { resource: 'job', operation: 'getAll', limit: 1, output: 'simplified' }),
	},
	'candidate-get': {
		title: 'Candidate → Get (Output: Simplified)',
		run: (sandbox) =>
			node(sandbox, {
				resource: 'candidate',
				operation: 'get',
				candidateId: locator(sandbox.fixtures().candidates.firstIds[0]),
				output: 'simplified',
			}),
	},
	'application-get': {
		title: 'Application → Get (Output: Simplified)',
		run: (sandbox) =>
			node(sandbox, {
				resource: 'application',
				operation: 'get',
				applicationId: sandbox.fixtures().applicationIds[0],
				output: 'simplified',
			}),
	},
	'application-create': {
		title: 'Application → Create (If Already Applied: Return the Existing Application)',
		run: async (sandbox) => {
			const fixtures = sandbox.fixtures();
			const jobId = fixtures.vacancyIds[0];
			const applied = new Set(
				(sandbox.applicationsOf(jobId) as Array<{ candidate?: { id?: string } }>).map(
					(application) => application.candidate?.id,
				),
			);
			const candidateId = fixtures.candidates.firstIds.find((id) => !applied.has(id))!;
			const stage = fixtures.applicationStages[0];
			return node(sandbox, {
				resource: 'application',
				operation: 'create',
				jobId: locator(jobId),
				candidateId: locator(candidateId),
				stageId: stage.id,
				statusId: stage.statusIds[0],
			});
		},
	},
	'note-update': {
		title: 'Note → Update',
		run: (sandbox) =>
			node(sandbox, {
				resource: 'note',
				operation: 'update',
				noteId: sandbox.fixtures().noteIds[0],
				content: '<p>Called, interested</p>',
				title: 'Phone screen',
			}),
	},
	'portal-apply': {
		title: 'Job Portal → Apply',
		run: (sandbox) =>
			node(sandbox, {
				resource: 'jobPortal',
				operation: 'apply',
				portalUrl: sandbox.url,
				tenantSlug: sandbox.tenantSlug,
				postingId: locator(sandbox.fixtures().postings[0].id),
				firstName: 'Ada',
				lastName: 'Lovelace',
				email: 'ada@example.com',
				phoneNumber: '+49 30 1234567',
				cvAttachmentId: 'cv-1',
				networkUrl: 'https://network.example/in/ada',
			}),
	},
	'job-updated': {
		title: `Job: Created or Updated (Output: ${LIST_OUTPUT})`,
		run: (sandbox) => {
			const [jobId] = sandbox.fixtures().vacancyIds;
			return trigger(
				sandbox,
				{ resource: 'job', options: listOptions },
				() => sandbox.touchVacancy(jobId, { name: 'Senior Backend Engineer' }),
				'updated',
			);
		},
	},
	'job-stage-changed': {
		title: `Job: Stage Changed (Output: ${LIST_OUTPUT})`,
		run: (sandbox) => {
			const [jobId] = sandbox.fixtures().vacancyIds;
			const { stageId } = sandbox.store.getVacancy(jobId) as { stageId: string };
			const other = sandbox.fixtures().vacancyStages.find((stage) => stage.id !== stageId)!;
			return trigger(
				sandbox,
				{ resource: 'job', event: 'stageChanged', options: listOptions },
				() => sandbox.touchVacancy(jobId, { stageId: other.id }),
				'stageChanged',
			);
		},
	},
	'candidate-created': {
		title: `Candidate: Created or Updated (Output: ${LIST_OUTPUT})`,
		run: (sandbox) =>
			trigger(
				sandbox,
				{ resource: 'candidate', options: listOptions },
				() => sandbox.createCandidate({ firstName: 'Grace', lastName: 'Hopper' }),
				'created',
			),
	},
	'new-application': {
		title: 'Application: New Application (Output: Simplified)',
		run: applicationEvent(
			'newApplication',
			(sandbox, _id, jobId) => newApplication(sandbox, jobId),
			FULL,
		),
	},
	'stage-changed': {
		title: 'Application: Stage Changed (Output: Selected Fields, id)',
		run: applicationEvent('stageChanged', (sandbox, id) =>
			sandbox.moveApplication(id, { stageId: interviewStage(sandbox).id }),
		),
	},
	'state-changed': {
		title: 'Application: State Changed (Output: Selected Fields, id)',
		run: applicationEvent('stateChanged', (sandbox, id) =>
			sandbox.moveApplication(id, { state: 'rejected' }),
		),
	},
	placed: {
		title: 'Application: Placed (Output: Selected Fields, id)',
		run: applicationEvent('placed', (sandbox, id) =>
			sandbox.moveApplication(id, { state: 'placed' }),
		),
	},
	'interview-scheduled': {
		title: 'Application: Interview Scheduled (Output: Selected Fields, id)',
		run: applicationEvent('interviewScheduled', (sandbox, id) =>
			sandbox.moveApplication(id, { interview: true }),
		),
	},
	removed: {
		title: 'Application: Removed (Output: Selected Fields, id)',
		run: applicationEvent('removed', (sandbox, id) => sandbox.removeApplication(id)),
	},
};

/** A small sandbox, seeded as always: the same records every run. */
export function exampleSandbox(): Promise<Sandbox> {
	return createSandbox({
		apiKey: API_KEY,
		candidates: 6,
		vacancies: 2,
		applicationsPerVacancy: 2,
		notes: 2,
		rateLimit: false,
	});
}

/** The item an example emits, from a fresh sandbox. */
export async function emit(id: string): Promise<IDataObject> {
	const sandbox = await exampleSandbox();
	try {
		return await EXAMPLES[id].run(sandbox);
	} finally {
		await sandbox.close();
	}
}
