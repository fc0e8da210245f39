// @ts-check
'use strict';
/**
 * The benchmarks' side of the one in-process harness (test/harness/n8n.ts: n8n-core's
 * WorkflowExecute for Get Many, PollContext → poll() for the trigger), which build.js compiles
 * next to each measured build, bound here to that build's classes; plus the floors, n8n nodes
 * that do the least any node must, to measure the Recruiting nodes against.
 *
 * N8N_USER_FOLDER must point somewhere harmless before this file is required (worker.js
 * does that): n8n-core reads its settings file from there.
 */
const path = require('node:path');

const RECRUITING_TYPE = 'n8n-nodes-recruiting.recruiting';
const TRIGGER_TYPE = 'n8n-nodes-recruiting.recruitingTrigger';

/**
 * Loads the compiled classes from `<pkgRoot>/dist` and the harness build.js compiled beside them.
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
		/** @type {typeof import('../../../harness/n8n')} */
		harness: require(path.join(pkgRoot, 'harness', 'n8n.js')),
	};
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
 * A floor's node description: the least an n8n node declares, with the Recruiting credential.
 * @param {Record<string, unknown>} own
 */
const floorDescription = (own) => ({
	version: 1,
	description: 'Bench probe',
	outputs: ['main'],
	credentials: [{ name: 'recruitingApi', required: true }],
	properties: [],
	...own,
});

/**
 * The floor for any n8n node: pages through the whole candidate list (floorPages) and outputs
 * each record as it came, with no routing, no checks and no flattening. What the
 * Recruiting node costs beyond this is its own doing.
 */
const httpFloorNode = () => ({
	description: floorDescription({
		displayName: 'HTTP floor',
		name: 'httpFloor',
		group: ['transform'],
		defaults: { name: 'HTTP floor' },
		inputs: ['main'],
	}),
	/** @this {any} */
	async execute() {
		/** @type {any[]} */
		const out = [];
		await floorPages(this, undefined, out, Infinity);
		return [out];
	},
});

/**
 * The same floor as a polling trigger (scenario 5's reference): each poll pages on from the
 * cursor kept in the workflow's static data with n8n's HTTP helper until it holds `maxItems`
 * records or the list ends, and emits the records as they came. No watermark, no de-duplication,
 * no flattening: the least any polling node must do to drain a backlog through n8n.
 * @param {number} maxItems
 */
const httpFloorTrigger = (maxItems) => ({
	description: floorDescription({
		displayName: 'HTTP floor trigger',
		name: 'httpFloorTrigger',
		group: ['trigger'],
		defaults: { name: 'HTTP floor trigger' },
		polling: true,
		inputs: [],
	}),
	/** @this {any} */
	async poll() {
		const state = this.getWorkflowStaticData('node');
		if (state.done) return null;
		/** @type {any[]} */
		const out = [];
		const { cursor, ended } = await floorPages(this, state.cursor, out, maxItems);
		// At the end of the list the API's last cursor (if it gives one) is where new records
		// will appear; without one there is nothing to resume from, so this floor stops.
		if (ended && !cursor) state.done = true;
		else state.cursor = cursor;
		return out.length ? [out] : null;
	},
});

/**
 * Runs Items → Recruiting of the build in `pkgRoot` once through WorkflowExecute (manual mode,
 * as the tests do); with `floor`, the floor node takes the Recruiting node's place.
 * @param {string} pkgRoot
 * @param {{ parameters: Record<string, unknown>, credentials: Record<string, string>, floor?: boolean }} options
 * @returns {Promise<{ items: any[], error: any }>}
 */
async function runRecruiting(pkgRoot, { parameters, credentials, floor = false }) {
	const classes = loadClasses(pkgRoot);
	const { harness } = classes;
	const { items, error } = await harness.runNode({
		nodeType: floor ? /** @type {any} */ (httpFloorNode()) : new classes.Recruiting(),
		type: RECRUITING_TYPE,
		parameters: /** @type {any} */ (parameters),
		credentialsHelper: harness.credentialsHelper(new classes.RecruitingApi(), {
			data: credentials,
		}),
	});
	return { items, error };
}

/**
 * The Recruiting Trigger of the build in `pkgRoot` as n8n's poller runs it (the harness's
 * PollHarness: static data carried from poll to poll, `saved` after a poll that emitted items);
 * with `floorMaxItems`, the floor trigger (that many records a poll) in its place. `items()`
 * polls once and resolves to the emitted items ([] when the poll returned null).
 * @param {string} pkgRoot
 * @param {{ parameters: Record<string, unknown>, credentials: Record<string, string>, floorMaxItems?: number }} options
 */
function pollingTrigger(pkgRoot, { parameters, credentials, floorMaxItems }) {
	const classes = loadClasses(pkgRoot);
	const { harness } = classes;
	const polling = new harness.PollHarness(
		floorMaxItems
			? /** @type {any} */ (httpFloorTrigger(floorMaxItems))
			: new classes.RecruitingTrigger(),
		TRIGGER_TYPE,
		/** @type {any} */ (parameters),
		harness.credentialsHelper(new classes.RecruitingApi(), { data: credentials }),
		{ name: 'Recruiting Trigger' },
	);
	return Object.assign(polling, {
		/** @returns {Promise<any[]>} */
		items: async () => (await polling.poll())?.[0] ?? [],
	});
}

module.exports = { loadClasses, runRecruiting, pollingTrigger };
