// @ts-check
'use strict';
/**
 * Where a real n8n's main process spends an execution, from a V8 CPU profile (`node
 * --cpu-prof`). Each sample goes to the first category below whose test matches a frame of
 * its stack (or, for the leaf-only ones, its leaf), so time spent inside n8n's credential
 * helper while it serves a request counts as the credential's, not the HTTP client's. Only
 * samples inside the execution's own startedAt → stoppedAt count toward "in the execution";
 * the rest is split into before (start-up) and after (saving the execution, printing the run
 * data, exit). The profile's clock is CLOCK_MONOTONIC, like process.hrtime, so one reading of
 * both clocks at spawn maps it onto the execution's wall-clock times.
 */
const fs = require('node:fs');

/** @typedef {{ functionName: string, url: string }} Frame */

const WAITING = 'Waiting (the API, the task runner, timers)';

/** @type {{ name: string, leaf?: boolean, test: (frame: Frame) => boolean }[]} */
const CATEGORIES = [
	{
		name: WAITING,
		leaf: true,
		test: (f) => f.functionName === '(idle)',
	},
	{ name: 'Garbage collection', leaf: true, test: (f) => f.functionName === '(garbage collector)' },
	{ name: 'Loading modules', test: (f) => /node:internal\/modules/.test(f.url) },
	{
		name: 'The credential read, decrypted and resolved for each request (getCredentials)',
		test: (f) =>
			/credentials-helper/.test(f.url) &&
			/getDecrypted|applyDefaultsAndOverwrites/.test(f.functionName),
	},
	{
		name: "The credential's authenticate, for each request (its header expression)",
		test: (f) => /credentials-helper/.test(f.url) && f.functionName === 'authenticate',
	},
	{
		name: 'The node: shaping records (flatten)',
		test: (f) =>
			/node_modules\/n8n-nodes-recruiting\/dist\/nodes\/shared\/(flatten|output|records)/.test(
				f.url,
			),
	},
	{
		name: 'HTTP client (axios, sockets, JSON.parse of the response)',
		test: (f) => /axios|backend-network|node:(net|_http|http|stream|internal\/stream)/.test(f.url),
	},
	{
		name: "Routing: postReceive and the response's items",
		test: (f) =>
			/routing-node|RoutingNode/.test(f.url) && /postProcess|PostReceive/.test(f.functionName),
	},
	{
		name: 'The node: paging, retries, pre-send',
		test: (f) => /node_modules\/n8n-nodes-recruiting\//.test(f.url),
	},
	{
		name: 'Routing: requestDefaults and parameters resolved (expressions)',
		test: (f) => /routing-node|RoutingNode/.test(f.url),
	},
	{
		name: 'Expressions elsewhere',
		test: (f) => /expression-runtime|workflow-expression|\/expression\.js/.test(f.url),
	},
	{ name: 'Database (SQLite, TypeORM)', test: (f) => /sqlite3|typeorm|@n8n\/db/.test(f.url) },
	{
		name: 'Run data: serialising (flatted, JSON)',
		test: (f) => /flatted|safe-stable-stringify/.test(f.url) || f.functionName === 'stringify',
	},
	{
		name: "n8n's engine (workflow-execute, hooks, node contexts)",
		test: (f) =>
			/n8n-core|n8n-workflow|execution-lifecycle|workflow-runner|active-executions/.test(f.url),
	},
];
const OTHER = 'Other';

/** Names in the order of the table. */
const categoryNames = () => [...CATEGORIES.map((c) => c.name), OTHER];

/**
 * Milliseconds per category before, in and after the window.
 * @param {string} file a .cpuprofile
 * @param {{ monoUs: number, wallMs: number }} clock one reading of both clocks
 * @param {{ startMs: number, stopMs: number }} window the execution's wall-clock times
 */
function summarize(file, clock, window) {
	const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
	/** @type {Map<number, any>} */
	const nodes = new Map(profile.nodes.map((/** @type {any} */ n) => [n.id, n]));
	/** @type {Map<number, number>} */
	const parent = new Map();
	for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
	/** @type {Map<number, string>} the category of each leaf node, computed once */
	const categoryOf = new Map();
	const categorize = (/** @type {number} */ id) => {
		const leaf = nodes.get(id).callFrame;
		const stack = [];
		for (let at = /** @type {number | undefined} */ (id); at !== undefined; at = parent.get(at))
			stack.push(nodes.get(at).callFrame);
		for (const category of CATEGORIES) {
			if (category.leaf ? category.test(leaf) : stack.some(category.test)) return category.name;
		}
		return OTHER;
	};
	const toWallMs = (/** @type {number} */ us) => clock.wallMs + (us - clock.monoUs) / 1000;
	/** @type {Record<'before' | 'in' | 'after', Record<string, number>>} */
	const out = { before: {}, in: {}, after: {} };
	let at = profile.startTime;
	for (let i = 0; i < profile.samples.length; i++) {
		at += profile.timeDeltas[i];
		const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
		const id = profile.samples[i];
		if (!categoryOf.has(id)) categoryOf.set(id, categorize(id));
		const name = /** @type {string} */ (categoryOf.get(id));
		const wall = toWallMs(at);
		const part = wall < window.startMs ? 'before' : wall <= window.stopMs ? 'in' : 'after';
		out[part][name] = (out[part][name] ?? 0) + ms;
	}
	return out;
}

module.exports = { summarize, categoryNames, WAITING };
