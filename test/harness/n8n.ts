/*
 * The n8n side of every in-process run: n8n-core's own engine (WorkflowExecute, which hands
 * declarative nodes to RoutingNode) for an action node, and PollContext → poll() as n8n's
 * poller calls it (ActiveWorkflows.activatePolling → TriggersAndPollers.runPoll) for a trigger.
 *
 * Nothing here imports the package: the classes come in as arguments. The node and trigger
 * tests bind it to the TypeScript sources (engine.ts, trigger.ts); the benchmarks compile this
 * one file and bind it to the build of the revision they measure (test/tools/bench/lib).
 */
import { ExecutionLifecycleHooks, PollContext, WorkflowExecute } from 'n8n-core';
import { Workflow } from 'n8n-workflow';
import type {
	ExecutionError,
	ICredentialDataDecryptedObject,
	ICredentialsHelper,
	ICredentialType,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IRun,
	IVersionedNodeType,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';

const ITEMS_TYPE = 'test.items';
const CREDENTIAL = { recruitingApi: { id: '1', name: 'Recruiting account' } };

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

/** n8n's node type registry, holding just the given types. */
function nodeTypes(types: Record<string, INodeType>): INodeTypes {
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

export interface CredentialsOptions {
	/** Undefined: the node has no credential, as when none is selected. */
	data: ICredentialDataDecryptedObject | undefined;
	/** The credential is selected but n8n cannot load it (deleted, not shared with the workflow). */
	loadError?: Error;
	/** Counts every time n8n decrypts the credential (the node's reads and n8n's own). */
	reads?: { count: number };
}

/**
 * Like n8n's CredentialsHelper: "decrypts" to the given data and applies the credential type's
 * `authenticate` (a function is called; a generic block has its expressions resolved against
 * the credential).
 */
export function credentialsHelper(
	credentialType: ICredentialType,
	{ data, loadError, reads }: CredentialsOptions,
): ICredentialsHelper {
	return {
		getParentTypes: () => [],
		isCredentialUsableByNode: () => true,
		preAuthentication: async () => undefined,
		authenticate: async (
			credentials: ICredentialDataDecryptedObject,
			_type: string,
			options: IHttpRequestOptions,
			workflow: Workflow,
			node: INode,
		) => {
			const { authenticate } = credentialType;
			if (typeof authenticate === 'function') return await authenticate(credentials, options);
			const headers: IDataObject = { ...(options.headers ?? {}) };
			for (const [name, value] of Object.entries(authenticate?.properties.headers ?? {})) {
				headers[name] = workflow.expression.getParameterValue(
					value as string,
					null,
					0,
					0,
					node.name,
					[],
					'internal',
					{ $credentials: credentials },
				) as string;
			}
			return { ...options, headers };
		},
		getDecrypted: async () => {
			if (reads) reads.count++;
			if (loadError) throw loadError;
			if (!data) throw new Error('Node does not have any credentials set');
			return { ...data };
		},
		getCredentials: async () => {
			throw new Error('not used');
		},
		updateCredentials: async () => {},
		updateCredentialsOauthTokenData: async () => {},
		getCredentialsProperties: () => credentialType.properties,
	} as unknown as ICredentialsHelper;
}

/** What n8n hands a node besides the workflow: URLs, the credentials helper, the hooks. */
function additionalData(
	helper: ICredentialsHelper,
	executionId: string | undefined,
	hooks?: ExecutionLifecycleHooks,
): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper: helper,
		...(hooks && { hooks }),
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
		executionId,
		userId: 'user',
		currentNodeParameters: undefined,
		executionTimeoutTimestamp: undefined,
		logAiEvent: () => {},
		getRunExecutionData: async () => undefined,
		startRunnerTask: async () => {
			throw new Error('not used');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
}

export interface NodeRunOptions {
	/** The node under test and the type name it is registered under. */
	nodeType: INodeType;
	type: string;
	parameters: INodeParameters;
	/** Input items; one empty item by default. */
	items?: IDataObject[];
	credentialsHelper: ICredentialsHelper;
	/** False: no credential selected on the node. */
	hasCredential?: boolean;
	continueOnFail?: boolean;
	/** The workflow's time zone setting. */
	timezone?: string;
	/** The node's version in the workflow (default 1, as saved workflows have). */
	typeVersion?: number;
}

export interface Setup {
	workflow: Workflow;
	source: INode;
	node: INode;
	additionalData: IWorkflowExecuteAdditionalData;
}

export interface RunResult {
	items: INodeExecutionData[];
	error?: ExecutionError;
	run: IRun;
}

/** The workflow Items → the node (named Recruiting), and what n8n would hand the engine. */
export function setupNode({
	nodeType,
	type,
	parameters,
	items = [{}],
	credentialsHelper: helper,
	hasCredential = true,
	continueOnFail = false,
	timezone,
	typeVersion = 1,
}: NodeRunOptions): Setup {
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
		...(hasCredential ? { credentials: CREDENTIAL } : {}),
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
		nodeTypes: nodeTypes({ [type]: nodeType, [ITEMS_TYPE]: new ItemsNode() }),
	});
	const hooks = new ExecutionLifecycleHooks('manual', 'exec-1', workflowData);
	return { workflow, source, node, additionalData: additionalData(helper, 'exec-1', hooks) };
}

/** Runs Items → node once through WorkflowExecute (manual mode) and returns what it output. */
export async function runNode(options: NodeRunOptions): Promise<RunResult> {
	const { workflow, source, node, additionalData: data } = setupNode(options);
	const run = await new WorkflowExecute(data, 'manual').run({ workflow, startNode: source });
	const taskData = run.data.resultData.runData[node.name]?.[0];
	return {
		items: taskData?.data?.main?.[0] ?? [],
		error: run.data.resultData.error ?? taskData?.error,
		run,
	};
}

export type PollResult = INodeExecutionData[][] | null;

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * A polling trigger in an active workflow: its static data carried from poll to poll, and
 * saved when n8n saves it: only after a poll that emitted items (the execution it starts saves
 * changed static data). `restart()` activates the workflow again from what was saved.
 *
 * `durable`: n8n 2.x's durable poll cursors (N8N_POLLER_DURABLE_CURSORS_ENABLED) on its
 * scheduler, as its TriggerExecutionContextFactory and PollTriggerTaskHandler run a poll: each
 * scheduled poll is a task that loads the workflow as last saved; the node's own static data is
 * a plain copy of a cursor kept by node id (seeded once from the node's static data), committed
 * when the poll changed it: with the execution an emitting poll starts, or alone after a poll
 * that returned null; the workflow's static data is saved beside it, as in the default mode.
 * `activate()` is the poll n8n runs when it activates the workflow.
 */
export class PollHarness {
	workflow!: Workflow;

	/** The static data as n8n last saved it (JSON), or undefined before any save. */
	saved: string | undefined;

	/** The trigger node's name (the user may rename it). */
	protected name: string;

	private readonly additionalData: IWorkflowExecuteAdditionalData;

	/** The node's version in the workflow (default 1, as saved workflows have). */
	private readonly typeVersion: number;

	/** With durable poll cursors: the node's cursor as n8n last committed it (JSON). */
	cursor: string | undefined;

	/** The time a poll may take (getPollBudgetMs); undefined: n8n-core's default, 5 minutes. */
	budgetMs: number | undefined;

	private readonly durable: boolean;

	constructor(
		private readonly trigger: INodeType,
		private readonly type: string,
		private readonly parameters: INodeParameters,
		helper: ICredentialsHelper,
		{
			name,
			staticData,
			typeVersion = 1,
			durable = false,
		}: { name: string; staticData?: IDataObject; typeVersion?: number; durable?: boolean },
	) {
		this.name = name;
		this.typeVersion = typeVersion;
		this.durable = durable;
		this.saved = staticData === undefined ? undefined : JSON.stringify(staticData);
		this.additionalData = additionalData(helper, undefined);
		this.build(staticData === undefined ? undefined : copy(staticData));
	}

	private build(staticData: IDataObject | undefined): void {
		const node: INode = {
			id: 'trigger',
			name: this.name,
			type: this.type,
			typeVersion: this.typeVersion,
			position: [0, 0],
			parameters: copy(this.parameters),
			credentials: CREDENTIAL,
		};
		this.workflow = new Workflow({
			id: 'wf',
			name: 'trigger test',
			nodes: [node],
			connections: {},
			active: true,
			nodeTypes: nodeTypes({ [this.type]: this.trigger }),
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
		this.build(this.staticData());
	}

	/** Changes node parameters on the active workflow (the user edits and re-saves it). */
	setParameters(parameters: INodeParameters): void {
		Object.assign(this.parameters, parameters);
		this.build(this.staticData());
	}

	/** One poll as the active workflow's poller runs it; saves static data as n8n does. */
	async poll(mode: WorkflowExecuteMode = 'trigger'): Promise<PollResult> {
		if (this.durable && mode !== 'manual') this.restart();
		return await this.run(mode, false);
	}

	/**
	 * The poll n8n runs when it activates the workflow (ActiveWorkflowTriggers, a test poll):
	 * its items start an execution; with durable cursors a poll that emits nothing commits no
	 * cursor; the workflow's static data is saved after it (WorkflowTriggerActivator).
	 */
	async activate(): Promise<PollResult> {
		const result = await this.run('trigger', true);
		this.saved = JSON.stringify(this.workflow.staticData);
		return result;
	}

	private async run(mode: WorkflowExecuteMode, activation: boolean): Promise<PollResult> {
		// n8n creates the cursor from the node's static data on the first poll with the cursors on.
		if (this.durable && mode !== 'manual')
			this.cursor ??= JSON.stringify(this.workflow.getStaticData('node', this.node));
		const seed = mode === 'manual' ? undefined : this.cursor;
		const snapshot = seed === undefined ? undefined : (JSON.parse(seed) as IDataObject);
		const context = new PollContext(
			this.workflow,
			this.node,
			this.additionalData,
			mode,
			mode === 'manual' ? 'manual' : 'activate',
			undefined,
			undefined,
			undefined,
			undefined,
			snapshot && (() => snapshot),
			this.budgetMs === undefined ? undefined : () => this.budgetMs as number,
		);
		const result = (await this.trigger.poll!.call(context)) as PollResult;
		const commit = result !== null || !activation;
		if (snapshot && commit && JSON.stringify(snapshot) !== seed)
			this.cursor = JSON.stringify(snapshot);
		if (result !== null && mode !== 'manual') this.saved = JSON.stringify(this.workflow.staticData);
		return result;
	}

	/** The workflow's static data as n8n would save it. */
	staticData(): IDataObject {
		return copy(this.workflow.staticData) as IDataObject;
	}

	/** n8n restarts: the workflow is activated again from the static data it last saved. */
	restart(): void {
		this.build(this.saved === undefined ? undefined : (JSON.parse(this.saved) as IDataObject));
	}
}
