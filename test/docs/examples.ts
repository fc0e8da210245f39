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
import type { ApplicationEvent } from '../../nodes/RecruitingTrigger/applications/events';
import { createSandbox } from '../tools/sandbox';
import type { ApplicationMove, Sandbox } from '../tools/sandbox';

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

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A change in the sandbox, then a poll: the item of `event` it emits is the step's. */
export interface Step {
	/** Days after the trigger's first poll: the change at 09:00, the poll at 09:05. */
	day: number;
	change: () => void;
	event: string;
}

/**
 * The trigger with `parameters`, From Now: a first poll that only learns, then each step; the
 * last step's item. The trigger's clock (Date.now) is the sandbox's, which is fixed: it starts
 * at 2026-01-01T00:00:00.000Z and moves only where a step sets it (and 1 ms a write).
 */
export async function trigger(
	sandbox: Sandbox,
	parameters: INodeParameters,
	steps: Step[],
): Promise<IDataObject> {
	const now = jest.spyOn(Date, 'now').mockImplementation(() => sandbox.clock.peek());
	try {
		const start = sandbox.clock.peek();
		const watch = new TriggerHarness(parameters, { baseUrl: sandbox.url, apiKey: API_KEY });
		await watch.poll();
		let item: IDataObject | undefined;
		for (const { day, change, event } of steps) {
			sandbox.clock.set(start + day * DAY + 540 * MINUTE);
			change();
			sandbox.clock.set(start + day * DAY + 545 * MINUTE);
			const items = itemsOf(await watch.poll());
			item = items.find((one) => one.event === event);
			if (!item) throw new Error(`no ${event} item among ${JSON.stringify(items)}`);
		}
		return item!;
	} finally {
		now.mockRestore();
	}
}

/** The first candidate who has not applied to the job, and the Applied stage. */
function applicant(sandbox: Sandbox, jobId: string) {
	const stage = sandbox.fixtures().applicationStages.find((one) => one.type === 'application')!;
	const applied = new Set(
		(sandbox.applicationsOf(jobId) as Array<{ candidate?: { id?: string } }>).map(
			(application) => application.candidate?.id,
		),
	);
	const candidateId = sandbox.fixtures().candidates.firstIds.find((id) => !applied.has(id))!;
	return { candidateId, stageId: stage.id, statusId: stage.statusIds[0] };
}

/** That candidate applies to the job (as Application → Create does); the application's id. */
export function newApplication(sandbox: Sandbox, jobId: string): string {
	return sandbox.store.createApplication({ vacancyId: jobId, ...applicant(sandbox, jobId) }).id;
}

export const interviewStage = (sandbox: Sandbox) =>
	sandbox.fixtures().applicationStages.find((stage) => stage.type === 'interview')!;

/**
 * README's application examples tell one story: one application of the first job followed
 * through its events, each a later poll of one trigger on every event, up to `until`. New
 * Application shows the default Output (Flattened); the others only the application's id
 * (Selected Fields), so that the event's own fields stand out.
 */
function story(until: ApplicationEvent): Example['run'] {
	return (sandbox) => {
		const [jobId] = sandbox.fixtures().vacancyIds;
		let id = '';
		const move = (fields: ApplicationMove) => () => sandbox.moveApplication(id, fields);
		const steps: Array<Step & { event: ApplicationEvent }> = [
			{ day: 1, event: 'newApplication', change: () => (id = newApplication(sandbox, jobId)) },
			{ day: 2, event: 'stateChanged', change: move({ state: 'in-progress' }) },
			{ day: 5, event: 'stageChanged', change: move({ stageId: interviewStage(sandbox).id }) },
			{ day: 6, event: 'interviewScheduled', change: move({ interview: true }) },
			{ day: 20, event: 'placed', change: move({ state: 'placed' }) },
			{ day: 45, event: 'removed', change: () => sandbox.removeApplication(id) },
		];
		const options = until === 'newApplication' ? {} : { output: 'selected', fieldsToInclude: 'id' };
		return trigger(
			sandbox,
			{ resource: 'application', events: [...APPLICATION_EVENTS], options },
			steps.slice(0, steps.findIndex((step) => step.event === until) + 1),
		);
	};
}

/** The first job moved to the stage after its own. */
function nextJobStage(sandbox: Sandbox, jobId: string): string {
	const { stageId } = sandbox.store.getVacancy(jobId)!;
	const stages = sandbox.fixtures().vacancyStages;
	return stages[stages.findIndex((stage) => stage.id === stageId) + 1].id;
}

export const EXAMPLES: Record<string, Example> = {
	'job-get-many': {
		title: 'Job → Get Many (Output: Flattened, the default), the first item',
		run: (sandbox) => node(sandbox, { resource: 'job', operation: 'getAll', limit: 1 }),
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
		run: (sandbox) => {
			const [jobId] = sandbox.fixtures().vacancyIds;
			const { candidateId, stageId, statusId } = applicant(sandbox, jobId);
			return node(sandbox, {
				resource: 'application',
				operation: 'create',
				jobId: locator(jobId),
				candidateId: locator(candidateId),
				stageId,
				statusId,
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
		title: 'Job: Created or Updated (Output: Flattened, the default)',
		run: (sandbox) => {
			const [jobId] = sandbox.fixtures().vacancyIds;
			const change = () => sandbox.touchVacancy(jobId, { name: 'Senior Frontend Developer' });
			return trigger(sandbox, { resource: 'job' }, [{ day: 1, change, event: 'updated' }]);
		},
	},
	'job-stage-changed': {
		title: 'Job: Stage Changed (Output: Simplified)',
		run: (sandbox) => {
			const [jobId] = sandbox.fixtures().vacancyIds;
			const change = () => sandbox.touchVacancy(jobId, { stageId: nextJobStage(sandbox, jobId) });
			const event = 'stageChanged';
			const options = { output: 'simplified' };
			return trigger(sandbox, { resource: 'job', event, options }, [{ day: 1, change, event }]);
		},
	},
	'candidate-created': {
		title: 'Candidate: Created or Updated (Output: Flattened, the default)',
		run: (sandbox) => {
			const change = () => sandbox.createCandidate();
			return trigger(sandbox, { resource: 'candidate' }, [{ day: 1, change, event: 'created' }]);
		},
	},
	'new-application': {
		title: 'Application: New Application (Output: Flattened, the default)',
		run: story('newApplication'),
	},
	'state-changed': {
		title: 'Application: State Changed (Output: Selected Fields, id)',
		run: story('stateChanged'),
	},
	'stage-changed': {
		title: 'Application: Stage Changed (Output: Selected Fields, id)',
		run: story('stageChanged'),
	},
	'interview-scheduled': {
		title: 'Application: Interview Scheduled (Output: Selected Fields, id)',
		run: story('interviewScheduled'),
	},
	placed: {
		title: 'Application: Placed (Output: Selected Fields, id)',
		run: story('placed'),
	},
	removed: {
		title: 'Application: Removed (Output: Selected Fields, id)',
		run: story('removed'),
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
