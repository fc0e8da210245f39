/*
 * Runs the real RecruitingTrigger through n8n-core's PollContext, the way n8n's poller does
 * (ActiveWorkflows.activatePolling → TriggersAndPollers.runPoll → nodeType.poll.call(ctx)),
 * carrying the workflow's static data across polls, and mimicking when n8n saves it: only
 * after a poll that emitted items (the execution it starts saves changed static data).
 * `restart()` rebuilds the workflow from what was saved, as after an n8n restart.
 *
 * PollContext is imported from its module: n8n-core's index also loads langchain, whose
 * ESM-only dependencies jest cannot load untransformed. It is the same class.
 */
import { PollContext } from 'n8n-core/dist/execution-engine/node-execution-context/poll-context';
import { Workflow } from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import { RecruitingTrigger } from '../../nodes/RecruitingTrigger/RecruitingTrigger.node';
import { credentialsHelper } from './credentials';
import { API, API_KEY } from './engine';

export const TRIGGER_TYPE = 'n8n-nodes-recruiting.recruitingTrigger';
export const NODE_NAME = 'Recruiting Trigger';

function nodeTypes(): INodeTypes {
	const trigger = new RecruitingTrigger();
	const get = (name: string): INodeType => {
		if (name !== TRIGGER_TYPE) throw new Error(`unknown node type ${name}`);
		return trigger;
	};
	return {
		getByName: get,
		getByNameAndVersion: get,
		getKnownTypes: () => ({}),
	};
}

export type PollResult = INodeExecutionData[][] | null;

export class TriggerHarness {
	workflow!: Workflow;

	/** The static data as n8n last saved it (JSON), or undefined before any save. */
	saved: string | undefined;

	private readonly additionalData: IWorkflowExecuteAdditionalData;

	constructor(
		private readonly parameters: INodeParameters,
		credentials: ICredentialDataDecryptedObject = { baseUrl: API, apiKey: API_KEY },
		/** Static data saved before (e.g. by an earlier version of the node). */
		staticData?: IDataObject,
	) {
		this.additionalData = {
			credentialsHelper: credentialsHelper(credentials),
			restApiUrl: 'http://localhost:5678/rest',
			instanceBaseUrl: 'http://localhost:5678',
			webhookBaseUrl: '',
			webhookWaitingBaseUrl: '',
			webhookTestBaseUrl: '',
			formWaitingBaseUrl: '',
			variables: {},
			executionId: undefined,
			userId: 'user',
			currentNodeParameters: undefined,
			executionTimeoutTimestamp: undefined,
		} as unknown as IWorkflowExecuteAdditionalData;
		this.build(
			staticData === undefined
				? undefined
				: (JSON.parse(JSON.stringify(staticData)) as IDataObject),
		);
	}

	/** The trigger node's name (the user may rename it). */
	private name = NODE_NAME;

	private build(staticData: IDataObject | undefined): void {
		const node: INode = {
			id: 'trigger',
			name: this.name,
			type: TRIGGER_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: JSON.parse(JSON.stringify(this.parameters)) as INodeParameters,
			credentials: { recruitingApi: { id: '1', name: 'Recruiting account' } },
		};
		this.workflow = new Workflow({
			id: 'wf',
			name: 'trigger test',
			nodes: [node],
			connections: {},
			active: true,
			nodeTypes: nodeTypes(),
			staticData,
			settings: {},
		});
	}

	get node(): INode {
		return this.workflow.getNode(this.name) as INode;
	}

	/** Renames the trigger node on the active workflow (the user edits and re-saves it). */
	rename(name: string): void {
		this.name = name;
		this.build(JSON.parse(JSON.stringify(this.workflow.staticData)) as IDataObject);
	}

	/** Changes node parameters on the active workflow (the user edits and re-saves it). */
	setParameters(parameters: INodeParameters): void {
		Object.assign(this.parameters, parameters);
		const staticData = JSON.parse(JSON.stringify(this.workflow.staticData)) as IDataObject;
		this.build(staticData);
	}

	/** One poll as the active workflow's poller runs it; saves static data as n8n does. */
	async poll(mode: WorkflowExecuteMode = 'trigger'): Promise<PollResult> {
		const nodeType = this.workflow.nodeTypes.getByNameAndVersion(TRIGGER_TYPE) as INodeType;
		const context = new PollContext(
			this.workflow,
			this.node,
			this.additionalData,
			mode,
			mode === 'manual' ? 'manual' : 'activate',
		);
		const result = (await nodeType.poll!.call(context)) as PollResult;
		if (result !== null && mode !== 'manual') this.saved = JSON.stringify(this.workflow.staticData);
		return result;
	}

	/** The trigger's stored state (in memory, as the next poll sees it). */
	state(): IDataObject | undefined {
		const global = this.workflow.staticData.global as IDataObject | undefined;
		const byName = this.workflow.staticData[`node:${this.name}`] as IDataObject | undefined;
		const state = global?.[`recruitingTrigger:${this.node.id}`] ?? byName?.state;
		return state === undefined ? undefined : (JSON.parse(JSON.stringify(state)) as IDataObject);
	}

	/** The workflow's static data as n8n would save it. */
	staticData(): IDataObject {
		return JSON.parse(JSON.stringify(this.workflow.staticData)) as IDataObject;
	}

	/** n8n restarts: the workflow is activated again from the static data it last saved. */
	restart(): void {
		this.build(this.saved === undefined ? undefined : (JSON.parse(this.saved) as IDataObject));
	}
}

/** The JSON of the emitted items of one poll ([] for null). */
export function itemsOf(result: PollResult): IDataObject[] {
	return result === null ? [] : result[0].map((item) => item.json);
}
