// @ts-check
'use strict';
/**
 * The node classes compiled by build.js, run through n8n-core's own engine the way
 * test/helpers/engine.ts (WorkflowExecute, Items → Recruiting) and test/trigger/harness.ts
 * (PollContext → poll(), static data kept across polls) do, in plain JavaScript so a
 * benchmark child process needs no ts-jest.
 *
 * N8N_USER_FOLDER must point somewhere harmless before this file is required (worker.js
 * does that): n8n-core reads its settings file from there.
 */
const path = require('node:path');

const { ExecutionLifecycleHooks, WorkflowExecute, PollContext } = require('n8n-core');
const { Workflow } = require('n8n-workflow');

const RECRUITING_TYPE = 'n8n-nodes-recruiting.recruiting';
const TRIGGER_TYPE = 'n8n-nodes-recruiting.recruitingTrigger';
const ITEMS_TYPE = 'test.items';

/**
 * Loads the compiled classes from `<pkgRoot>/dist`.
 * @param {string} pkgRoot
 */
function loadClasses(pkgRoot) {
	const dist = path.join(pkgRoot, 'dist');
	return {
		Recruiting: require(path.join(dist, 'nodes/Recruiting/Recruiting.node.js')).Recruiting,
		RecruitingTrigger: require(path.join(dist, 'nodes/RecruitingTrigger/RecruitingTrigger.node.js'))
			.RecruitingTrigger,
		RecruitingApi: require(path.join(dist, 'credentials/RecruitingApi.credentials.js'))
			.RecruitingApi,
	};
}

/** A source node that outputs one empty item (as the harness's Items node does). */
class ItemsNode {
	constructor() {
		this.description = {
			displayName: 'Items',
			name: 'items',
			group: ['input'],
			version: 1,
			description: 'Bench source',
			defaults: { name: 'Items' },
			inputs: [],
			outputs: ['main'],
			properties: [],
		};
	}

	async execute() {
		return [[{ json: {} }]];
	}
}

/**
 * The floors' only work: GET /v1/candidates page by page with n8n's own HTTP helper
 * (httpRequestWithAuthentication, the credential applied as for the Recruiting node), each
 * record pushed to `out` as it came, from `cursor` on until the list ends or `out` holds
 * `maxItems`. Returns the cursor to go on from (the last page's nextCursor at the end).
 * @param {any} context @param {string | undefined} cursor @param {any[]} out @param {number} maxItems
 * @returns {Promise<{ cursor: string | undefined, ended: boolean }>}
 */
async function floorPages(context, cursor, out, maxItems) {
	const { baseUrl } = await context.getCredentials('recruitingApi');
	for (;;) {
		/** @type {any} */
		const body = await context.helpers.httpRequestWithAuthentication.call(
			context,
			'recruitingApi',
			{
				method: 'GET',
				url: `${baseUrl}/v1/candidates`,
				qs: { limit: 50, ...(cursor && { cursor }) },
				json: true,
			},
		);
		for (const json of body.items) out.push({ json });
		if (!body.pageInfo.hasNextPage)
			return { cursor: body.pageInfo.nextCursor || undefined, ended: true };
		cursor = body.pageInfo.nextCursor;
		if (out.length >= maxItems) return { cursor, ended: false };
	}
}

/**
 * The floor for any n8n node: pages through the whole candidate list (floorPages) and outputs
 * each record as it came, with no routing, no checks and no flattening. What the
 * Recruiting node costs beyond this is its own doing.
 */
class HttpFloorNode {
	constructor() {
		this.description = {
			displayName: 'HTTP floor',
			name: 'httpFloor',
			group: ['transform'],
			version: 1,
			description: 'Bench probe',
			defaults: { name: 'HTTP floor' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: 'recruitingApi', required: true }],
			properties: [],
		};
	}

	/** @this {any} */
	async execute() {
		/** @type {any[]} */
		const out = [];
		await floorPages(this, undefined, out, Infinity);
		return [out];
	}
}

/**
 * The same floor as a polling trigger (scenario 5's reference): each poll pages on from the
 * cursor kept in the workflow's static data with n8n's HTTP helper until it holds `maxItems`
 * records or the list ends, and emits the records as they came. No watermark, no de-duplication,
 * no flattening: the least any polling node must do to drain a backlog through n8n.
 */
class HttpFloorTrigger {
	/** @param {number} maxItems */
	constructor(maxItems) {
		this.maxItems = maxItems;
		this.description = {
			displayName: 'HTTP floor trigger',
			name: 'httpFloorTrigger',
			group: ['trigger'],
			version: 1,
			description: 'Bench probe',
			defaults: { name: 'HTTP floor trigger' },
			polling: true,
			inputs: [],
			outputs: ['main'],
			credentials: [{ name: 'recruitingApi', required: true }],
			properties: [],
		};
		const maxItemsOf = () => this.maxItems;
		/** @this {any} */
		this.poll = async function () {
			const state = this.getWorkflowStaticData('node');
			if (state.done) return null;
			/** @type {any[]} */
			const out = [];
			const { cursor, ended } = await floorPages(this, state.cursor, out, maxItemsOf());
			// At the end of the list the API's last cursor (if it gives one) is where new records
			// will appear; without one there is nothing to resume from, so this floor stops.
			if (ended && !cursor) state.done = true;
			else state.cursor = cursor;
			return out.length ? [out] : null;
		};
	}
}

/** @param {Record<string, any>} types */
function nodeTypes(types) {
	/** @param {string} name */
	const get = (name) => {
		const type = types[name];
		if (!type) throw new Error(`unknown node type ${name}`);
		return type;
	};
	return { getByName: get, getByNameAndVersion: get, getKnownTypes: () => ({}) };
}

/**
 * Like n8n's CredentialsHelper: the stored data, with the credential's declared
 * `authenticate` block applied (its expressions resolved against the credential).
 * @param {any} RecruitingApi
 * @param {Record<string, string>} data
 */
function credentialsHelper(RecruitingApi, data) {
	const credentialType = new RecruitingApi();
	return {
		getParentTypes: () => [],
		isCredentialUsableByNode: () => true,
		preAuthentication: async () => undefined,
		/** @type {(c: any, t: string, options: any, workflow: any, node: any) => Promise<any>} */
		authenticate: async (credentials, _type, options, workflow, node) => {
			// As n8n's CredentialsHelper: a function is called, a generic block is resolved.
			if (typeof credentialType.authenticate === 'function')
				return await credentialType.authenticate(credentials, options);
			const headers = { ...(options.headers ?? {}) };
			for (const [name, value] of Object.entries(
				credentialType.authenticate.properties.headers ?? {},
			)) {
				headers[name] = workflow.expression.getParameterValue(
					value,
					null,
					0,
					0,
					node.name,
					[],
					'internal',
					{
						$credentials: credentials,
					},
				);
			}
			return { ...options, headers };
		},
		getDecrypted: async () => ({ ...data }),
		getCredentials: async () => {
			throw new Error('not used');
		},
		updateCredentials: async () => {},
		updateCredentialsOauthTokenData: async () => {},
		getCredentialsProperties: () => credentialType.properties,
	};
}

/**
 * @param {any} classes
 * @param {Record<string, string>} credentials
 * @param {string | undefined} executionId
 * @param {any} [workflowData]
 */
function additionalData(classes, credentials, executionId, workflowData = undefined) {
	/** @type {Record<string, unknown>} */
	const hooks = {};
	if (workflowData && executionId)
		hooks.hooks = new ExecutionLifecycleHooks('manual', executionId, workflowData);
	return {
		credentialsHelper: credentialsHelper(classes.RecruitingApi, credentials),
		...hooks,
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
	};
}

/**
 * Runs Items → Recruiting once through WorkflowExecute (manual mode, as the harness does);
 * with `floor`, the HttpFloorNode takes the Recruiting node's place.
 * @param {any} classes
 * @param {{ parameters: Record<string, unknown>, credentials: Record<string, string>, floor?: boolean }} options
 * @returns {Promise<{ items: any[], error: any }>}
 */
async function runRecruiting(classes, { parameters, credentials, floor = false }) {
	const source = {
		id: 'source',
		name: 'Items',
		type: ITEMS_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const node = {
		id: 'recruiting',
		name: 'Recruiting',
		type: RECRUITING_TYPE,
		typeVersion: 1,
		position: [200, 0],
		parameters,
		credentials: { recruitingApi: { id: '1', name: 'Recruiting account' } },
	};
	/** @type {any} */
	const workflowData = {
		id: 'wf',
		name: 'bench',
		active: false,
		nodes: [source, node],
		connections: { Items: { main: [[{ node: 'Recruiting', type: 'main', index: 0 }]] } },
		settings: {},
		staticData: {},
		createdAt: new Date(),
		updatedAt: new Date(),
		isArchived: false,
		activeVersionId: null,
	};
	const workflow = new Workflow({
		...workflowData,
		nodeTypes: /** @type {any} */ (
			nodeTypes({
				[RECRUITING_TYPE]: floor ? new HttpFloorNode() : new classes.Recruiting(),
				[ITEMS_TYPE]: new ItemsNode(),
			})
		),
	});
	const data = /** @type {any} */ (additionalData(classes, credentials, 'exec-1', workflowData));
	const run = await new WorkflowExecute(data, 'manual').run({
		workflow,
		startNode: /** @type {any} */ (source),
	});
	const taskData = run.data.resultData.runData.Recruiting?.[0];
	return {
		items: taskData?.data?.main?.[0] ?? [],
		error: run.data.resultData.error ?? taskData?.error,
	};
}

/**
 * The Recruiting Trigger as n8n's poller runs it: PollContext → poll(), the workflow's static
 * data carried from poll to poll and saved (JSON) after a poll that emitted items.
 */
class TriggerHarness {
	/**
	 * @param {any} classes
	 * With `floorMaxItems`, the HttpFloorTrigger (that many records a poll) takes the trigger's place.
	 * @param {{ parameters: Record<string, unknown>, credentials: Record<string, string>, floorMaxItems?: number }} options
	 */
	constructor(classes, { parameters, credentials, floorMaxItems }) {
		this.trigger = floorMaxItems
			? new HttpFloorTrigger(floorMaxItems)
			: new classes.RecruitingTrigger();
		this.data = additionalData(classes, credentials, undefined);
		/** @type {string | undefined} */
		this.saved = undefined;
		const node = {
			id: 'trigger',
			name: 'Recruiting Trigger',
			type: TRIGGER_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters,
			credentials: { recruitingApi: { id: '1', name: 'Recruiting account' } },
		};
		this.workflow = new Workflow({
			id: 'wf',
			name: 'bench trigger',
			nodes: /** @type {any} */ ([node]),
			connections: {},
			active: true,
			nodeTypes: /** @type {any} */ (nodeTypes({ [TRIGGER_TYPE]: this.trigger })),
			staticData: undefined,
			settings: {},
		});
		this.node = this.workflow.getNode('Recruiting Trigger');
	}

	/** One poll; returns the emitted items ([] when the poll returned null). */
	async poll() {
		const context = new PollContext(
			this.workflow,
			/** @type {any} */ (this.node),
			/** @type {any} */ (this.data),
			'trigger',
			'activate',
		);
		const result = await this.trigger.poll.call(context);
		if (result !== null) this.saved = JSON.stringify(this.workflow.staticData);
		return result === null ? [] : result[0];
	}
}

module.exports = { loadClasses, runRecruiting, TriggerHarness, RECRUITING_TYPE, TRIGGER_TYPE };
