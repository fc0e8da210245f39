// @ts-check
'use strict';
/**
 * README's importable workflows (examples/workflows/) in a real n8n, after the demo's (README.md
 * beside it). Their trigger workflows' polls run in `npm test` (test/docs/workflows.test.ts).
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { REPO_ROOT } = require('../lib/util');
const { importEntities } = require('../lib/n8n');
const { PKG } = require('../lib/pkg');
const { loadWorkflows } = require('../lib/workflows');
const { check, expect, expectFields, show, itemsOf } = require('../lib/checks');

const DIR = path.join(REPO_ROOT, 'examples', 'workflows');

/**
 * @param {object} o
 * @param {import('../lib/n8n').N8nInstall} o.n8n
 * @param {string} o.userFolder
 * @param {any} o.sandbox
 * @param {{ id: string, name: string }} o.credential
 * @param {(file: string, set: Record<string, any>) => Promise<{ r: any, requests: any[] }>} o.execute
 * @param {BuiltTypes} o.builtTypes
 */
async function exampleChecks({ n8n, userFolder, sandbox, credential, execute, builtTypes }) {
	const set = loadWorkflows({}, { dir: DIR });
	const files = Object.keys(set).map((key) => `${key}.json`);
	Object.values(set).forEach((w, i) => {
		w.id = `rcExample${String(i).padStart(7, '0')}`;
		for (const node of w.nodes)
			if (node.type === `${PKG.name}.recruitingTrigger`)
				node.credentials = { recruitingApi: credential };
	});
	const form = set['form-to-job-portal-apply'];
	const formNode = form.nodes.find(
		(/** @type {any} */ n) => n.type === 'n8n-nodes-base.formTrigger',
	);
	const apply = form.nodes.find((/** @type {any} */ n) => n.type === `${PKG.name}.recruiting`);
	const posting = sandbox.fixtures().postings[0].id;
	// The Recruiting part: the form's answer as n8n's Form Trigger gives it (one field per label),
	// then the workflow's own Apply node, pointed at the sandbox's portal and first posting.
	const answers = /** @type {Record<string, string>} */ ({
		'First Name': 'Ada',
		'Last Name': 'Lovelace',
		Email: 'ada.example@example.com',
		Phone: '+49 30 1234567',
		'CV Attachment ID': 'cv-ada',
		'Profile URL': 'https://network.example/in/ada',
	});
	set['form-recruiting-part'] = {
		id: 'rcExampleFormRun',
		name: 'e2e: the Recruiting part of form-to-job-portal-apply',
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				parameters: {},
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
			},
			{
				parameters: {
					mode: 'manual',
					assignments: {
						assignments: formNode.parameters.formFields.values.map(
							(/** @type {any} */ f, /** @type {number} */ i) => ({
								id: `f${i}`,
								name: f.fieldLabel,
								value: answers[f.fieldLabel] ?? '',
								type: 'string',
							}),
						),
					},
					options: {},
				},
				name: formNode.name,
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [200, 0],
			},
			{
				...apply,
				parameters: {
					...apply.parameters,
					portalUrl: sandbox.url,
					tenantSlug: sandbox.tenantSlug,
					postingId: { __rl: true, mode: 'id', value: posting },
				},
			},
		],
		connections: {
			Start: { main: [[{ node: formNode.name, type: 'main', index: 0 }]] },
			[formNode.name]: { main: [[{ node: apply.name, type: 'main', index: 0 }]] },
		},
	};

	await check(
		`n8n import:workflow takes the ${files.length} workflows of examples/workflows/ (README's)`,
		async () => {
			await importEntities(n8n, userFolder, 'workflow', Object.values(set));
			return files.join(', ');
		},
	);
	await check("the examples' n8n nodes are this n8n's own, at versions it has", () => {
		const others = Object.values(set)
			.flatMap((w) => w.nodes)
			.filter((/** @type {any} */ n) => !n.type.startsWith(`${PKG.name}.`));
		const versions = n8nNodeVersions(
			n8n,
			[...new Set(others.map((/** @type {any} */ n) => n.type))].map(String),
		);
		const wrong = others
			.filter((/** @type {any} */ n) => !(versions[n.type] || []).includes(Number(n.typeVersion)))
			.map((/** @type {any} */ n) => `${n.type} v${n.typeVersion} (has ${show(versions[n.type])})`);
		expect(wrong.length === 0, wrong.join('; '));
		return [...new Set(others.map((/** @type {any} */ n) => `${n.type} v${n.typeVersion}`))].join(
			', ',
		);
	});
	await check("the examples' Recruiting parameters are the node's own", () => {
		const problems = problemsOf(nodesOf(set, builtTypes), builtTypes);
		expect(problems.length === 0, problems.join('; '));
	});
	const { r, requests } = await execute('form-recruiting-part', set);
	await check(
		'example "n8n form → Job Portal Apply": its Apply node applies with the form\'s answer',
		() => {
			expectFields(itemsOf(r, apply.name), {
				length: 1,
				'0.applied': true,
				'0.email': answers.Email,
			});
			expectFields(
				requests.find((q) => q.method === 'POST' && q.surface === 'public'),
				{ apiKeyPresent: false, 'body.firstName': 'Ada' },
				'the POST',
			);
			return `posting ${posting}`;
		},
	);
}

/**
 * The versions this n8n has of each of `types` (n8n-nodes-base.*), read by n8n's own Node from
 * its n8n-nodes-base.
 * @param {import('../lib/n8n').N8nInstall} n8n
 * @param {string[]} types
 * @returns {Record<string, number[]>}
 */
function n8nNodeVersions(n8n, types) {
	const from = n8n.baseArgs[0] || n8n.cmd;
	const base = path.dirname(
		require.resolve('n8n-nodes-base/package.json', {
			paths: [path.dirname(fs.realpathSync(from)), path.join(path.dirname(from), '..')],
		}),
	);
	const node = n8n.baseArgs.length ? n8n.cmd : process.execPath;
	const script = `
		const path = require('node:path');
		const base = ${JSON.stringify(base)};
		const files = require(path.join(base, 'package.json')).n8n.nodes;
		const out = {};
		for (const type of ${JSON.stringify(types)}) {
			const name = type.replace('n8n-nodes-base.', '').toLowerCase();
			const file = files.find((f) => path.basename(f, '.node.js').toLowerCase() === name);
			if (!file) continue;
			const mod = require(path.join(base, file));
			const NodeType = Object.values(mod)[0];
			const t = new NodeType();
			out[type] = t.nodeVersions
				? Object.keys(t.nodeVersions).map(Number)
				: [].concat(t.description.version);
		}
		console.log(JSON.stringify(out));`;
	const r = spawnSync(node, ['-e', script], { encoding: 'utf8', cwd: base });
	if (r.status !== 0) throw new Error(`reading n8n-nodes-base failed: ${r.stderr.slice(-1000)}`);
	return JSON.parse(r.stdout.trim().split('\n').pop() || '{}');
}

/** @typedef {Record<string, { name: string, version: unknown, properties: any[] }>} BuiltTypes */

/**
 * The package's node types from the built package (dist/), by n8n type name: the version and
 * the properties.
 * @returns {BuiltTypes}
 */
function builtNodeTypes() {
	/** @type {BuiltTypes} */
	const out = {};
	for (const file of PKG.n8n.nodes) {
		const mod = require(path.join(REPO_ROOT, file));
		const NodeType = mod[path.basename(file, '.node.js')];
		const d = new NodeType().description;
		out[`${PKG.name}.${d.name}`] = {
			name: d.displayName,
			version: d.version,
			properties: d.properties,
		};
	}
	return out;
}

/**
 * What in a node's saved `parameters` its description does not have: a parameter no property
 * of the node's resource and operation is named, an option value it does not list, an option
 * of a collection it lacks. Expressions are not judged.
 * @param {any[]} properties
 * @param {Record<string, any>} parameters
 * @returns {string[]}
 */
function parameterProblems(properties, parameters) {
	/** @type {string[]} */
	const problems = [];
	const shown = (/** @type {any} */ p) => {
		const when = (p.displayOptions && p.displayOptions.show) || {};
		return ['resource', 'operation'].every(
			(k) => !when[k] || parameters[k] === undefined || when[k].includes(parameters[k]),
		);
	};
	const isExpression = (/** @type {unknown} */ v) => typeof v === 'string' && v.startsWith('=');
	/** @param {any} p @param {any} value @returns {string} what is wrong ('' when nothing) */
	const wrong = (p, value) => {
		if (isExpression(value)) return '';
		const values = (p.options || []).map((/** @type {any} */ o) => o.value ?? o.name);
		if (p.type === 'options')
			return values.includes(value) ? '' : `${show(value)} is not one of ${show(values)}`;
		if (p.type === 'multiOptions') {
			if (!Array.isArray(value)) return `${show(value)} is not a list`;
			const bad = value.filter((v) => !values.includes(v));
			return bad.length ? `${show(bad)} not among ${show(values)}` : '';
		}
		if (p.type === 'collection' || p.type === 'fixedCollection') {
			if (!value || typeof value !== 'object') return `${show(value)} is not an object`;
			const bad = Object.entries(value)
				.map(([k, v]) => {
					const options = (p.options || []).filter((/** @type {any} */ o) => o.name === k);
					if (!options.length) return `option ${k} is not there`;
					if (p.type === 'fixedCollection') return '';
					const why = options.map((/** @type {any} */ o) => wrong(o, v));
					return why.includes('') ? '' : `${k}: ${why[0]}`;
				})
				.filter(Boolean);
			return bad.join(', ');
		}
		return '';
	};
	for (const [name, value] of Object.entries(parameters)) {
		// Polling nodes get pollTimes from n8n, not from their description.
		if (name === 'pollTimes') continue;
		const candidates = properties.filter((p) => p.name === name && shown(p));
		if (!candidates.length) {
			problems.push(`no parameter "${name}"`);
			continue;
		}
		const why = candidates.map((p) => wrong(p, value));
		if (!why.includes('')) problems.push(`${name}: ${why[0]}`);
	}
	return problems;
}

/**
 * This package's nodes in the workflows of `set`, each with its workflow's name.
 * @param {Record<string, any>} set @param {BuiltTypes} builtTypes @returns {any[]}
 */
const nodesOf = (set, builtTypes) =>
	Object.values(set).flatMap((w) =>
		w.nodes
			.filter((/** @type {any} */ n) => builtTypes[n.type])
			.map((/** @type {any} */ n) => ({ ...n, workflow: w.name })),
	);

/**
 * parameterProblems() of each of `nodes` (nodesOf), one line each.
 * @param {any[]} nodes @param {BuiltTypes} builtTypes
 */
const problemsOf = (nodes, builtTypes) =>
	nodes.flatMap((n) =>
		parameterProblems(builtTypes[n.type].properties, n.parameters).map(
			(p) => `${n.workflow} / ${n.name}: ${p}`,
		),
	);

module.exports = { exampleChecks, builtNodeTypes, nodesOf, problemsOf };
