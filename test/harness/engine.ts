/*
 * Runs the real node classes through n8n's own engine (n8n-core's WorkflowExecute, which
 * hands declarative nodes to RoutingNode), the way an n8n server would, with a credentials
 * helper that applies the credential's declared `authenticate` block like n8n's does.
 */
import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import { Workflow } from 'n8n-workflow';
import type {
	ExecutionError,
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IRun,
	IVersionedNodeType,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';

import { Recruiting } from '../../nodes/Recruiting/Recruiting.node';
import { credentialsHelper } from './credentials';
import { API_KEY } from './secrets';

export const API = 'http://api.test';
export { API_KEY };
export const RECRUITING_TYPE = 'n8n-nodes-recruiting.recruiting';
const ITEMS_TYPE = 'test.items';

/** A source node that outputs the items given in its `items` parameter (JSON). */
class ItemsNode implements INodeType {
	description = {
		displayName: 'Items',
		name: 'items',
		group: ['input'],
		version: 1,
		description: 'Test source',
		defaults: { name: 'Items' },
		inputs: [],
		outputs: ['main'],
		properties: [{ displayName: 'Items', name: 'items', type: 'json', default: '[{}]' }],
	} as unknown as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = JSON.parse(this.getNodeParameter('items', 0) as string) as IDataObject[];
		return [items.map((json) => ({ json }))];
	}
}

export function nodeTypes(extra: Record<string, INodeType> = {}): INodeTypes {
	const types: Record<string, INodeType> = {
		[RECRUITING_TYPE]: new Recruiting(),
		[ITEMS_TYPE]: new ItemsNode(),
		...extra,
	};
	const get = (name: string) => {
		const type = types[name];
		if (!type) throw new Error(`unknown node type ${name}`);
		return type;
	};
	return {
		getByName: (name: string) => get(name) as INodeType | IVersionedNodeType,
		getByNameAndVersion: (name: string) => get(name),
		getKnownTypes: () => ({}),
	};
}

export interface RunOptions {
	parameters: INodeParameters;
	/** Input items; one empty item by default. */
	items?: IDataObject[];
	/** The credential's data; default points at API with API_KEY. null: no credential on the node. */
	credentials?: ICredentialDataDecryptedObject | null;
	continueOnFail?: boolean;
	/** Run this node type instead of the Recruiting node (e.g. a credential test request). */
	nodeType?: INodeType;
	/** The workflow's time zone setting. */
	timezone?: string;
	/**
	 * Scan the whole run for the API key (default). Off only for n8n's own credential-test
	 * machinery, whose thrown HTTP errors carry the request; there the test checks what the
	 * user is shown.
	 */
	scanForKey?: boolean;
	/** n8n fails to load the selected credential with this error. */
	credentialsError?: Error;
	/** Counts every time n8n decrypts the credential (the node's reads and n8n's own). */
	credentialReads?: { count: number };
	/** The Recruiting node's version in the workflow (default 1, as saved workflows have). */
	typeVersion?: number;
}

export interface RunResult {
	items: INodeExecutionData[];
	error?: ExecutionError;
	run: IRun;
}

export interface Setup {
	workflow: Workflow;
	source: INode;
	node: INode;
	additionalData: IWorkflowExecuteAdditionalData;
}

/** The workflow Items → Recruiting (or `nodeType`), and what n8n would hand the engine. */
export function setup({
	parameters,
	items = [{}],
	credentials = { baseUrl: API, apiKey: API_KEY },
	continueOnFail = false,
	nodeType,
	timezone,
	credentialsError,
	credentialReads,
	typeVersion = 1,
}: RunOptions): Setup {
	const type = nodeType ? 'test.custom' : RECRUITING_TYPE;
	const source: INode = {
		id: 'source',
		name: 'Items',
		type: ITEMS_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: { items: JSON.stringify(items) },
	};
	const node: INode = {
		id: 'recruiting',
		name: 'Recruiting',
		type,
		typeVersion,
		position: [200, 0],
		parameters,
		...(credentials
			? { credentials: { recruitingApi: { id: '1', name: 'Recruiting account' } } }
			: {}),
		...(continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
	};
	const workflowData = {
		id: 'wf',
		name: 'test',
		active: false,
		nodes: [source, node],
		connections: { Items: { main: [[{ node: 'Recruiting', type: 'main' as const, index: 0 }]] } },
		settings: timezone ? { timezone } : {},
		staticData: {},
		createdAt: new Date(),
		updatedAt: new Date(),
		isArchived: false,
		activeVersionId: null,
	};
	const workflow = new Workflow({
		...workflowData,
		nodeTypes: nodeTypes(nodeType ? { [type]: nodeType } : {}),
	});
	const additionalData = {
		credentialsHelper: credentialsHelper(
			credentials ?? undefined,
			credentialsError,
			credentialReads,
		),
		hooks: new ExecutionLifecycleHooks('manual', 'exec-1', workflowData),
		executeWorkflow: async () => {
			throw new Error('not used');
		},
		restApiUrl: 'http://localhost:5678/rest',
		instanceBaseUrl: 'http://localhost:5678',
		formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
		webhookBaseUrl: 'http://localhost:5678/webhook',
		webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://localhost:5678/webhook-test',
		variables: {},
		executionId: 'exec-1',
		userId: 'user',
		currentNodeParameters: undefined,
		executionTimeoutTimestamp: undefined,
		logAiEvent: () => {},
		getRunExecutionData: async () => undefined,
		startRunnerTask: async () => {
			throw new Error('not used');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
	return { workflow, source, node, additionalData };
}

/** Runs the workflow through WorkflowExecute and returns what the node output. */
export async function runRecruiting(options: RunOptions): Promise<RunResult> {
	const { workflow, source, additionalData } = setup(options);
	const run = await new WorkflowExecute(additionalData, 'manual').run({
		workflow,
		startNode: source,
	});
	const taskData = run.data.resultData.runData.Recruiting?.[0];
	const result = {
		items: taskData?.data?.main?.[0] ?? [],
		error: run.data.resultData.error ?? taskData?.error,
		run,
	};
	if (options.scanForKey !== false) assertNoSecret(result);
	return result;
}

/**
 * Every run of every test is checked: the API key must not appear in an output item, an error
 * (message, description, cause, context) or anything else n8n keeps of the run.
 */
export function assertNoSecret(result: RunResult): void {
	const { error } = result;
	const seen = new WeakSet<object>();
	const text = JSON.stringify(
		{
			run: result.run,
			error: error && {
				...error,
				message: error.message,
				description: error.description,
				stack: error.stack,
				cause: (error as { cause?: unknown }).cause,
			},
		},
		(_key, value: unknown) => {
			if (typeof value === 'object' && value !== null) {
				if (seen.has(value)) return '[seen]';
				seen.add(value);
			}
			return value;
		},
	);
	if (text.includes(API_KEY)) throw new Error('The API key leaked into the run data or the error');
}

/** The JSON of each output item. */
export function jsonOf(result: RunResult): IDataObject[] {
	return result.items.map((item) => item.json);
}
