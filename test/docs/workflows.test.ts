/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: runs under jest, never ships (package.json files: dist only; the scanner reads nodes/ and credentials/) */
/*
 * The workflows README offers for import (examples/workflows/): each one's Recruiting part run
 * against the sandbox through n8n-core, as the workflow sets it, and every `$json` field the
 * next node maps found in what it emits. (The e2e imports the same files into real n8n:
 * test/tools/e2e/legs/examples.js.)
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

import nock from 'nock';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { API_KEY, jsonOf, runRecruiting } from '../harness/engine';
import type { Sandbox } from '../tools/sandbox';
import { exampleSandbox, interviewStage, newApplication, trigger } from './examples';
import type { Step } from './examples';

const DIR = resolve(__dirname, '../../examples/workflows');
const PACKAGE = 'n8n-nodes-recruiting.';

interface WorkflowNode {
	name: string;
	type: string;
	typeVersion: number;
	parameters: INodeParameters;
}
interface Workflow {
	nodes: WorkflowNode[];
	connections: Record<string, { main: Array<Array<{ node: string }>> }>;
}

const files = readdirSync(DIR).filter((file) => file.endsWith('.json'));
const load = (file: string) => JSON.parse(readFileSync(join(DIR, file), 'utf8')) as Workflow;

/** Every `$json…` path in the node's parameters, as a list of keys. */
function mappedPaths(node: WorkflowNode): string[][] {
	const text = JSON.stringify(node.parameters);
	return [
		...text.matchAll(/\$json((?:\.[A-Za-z_]\w*|\[\d+\]|\[\\?['"][^'"\\\]]+\\?['"]\])+)/g),
	].map(([, path]) =>
		[...path.matchAll(/\.(\w+)|\[(\d+)\]|\[\\?['"]([^'"\\]+)\\?['"]\]/g)].map(
			(m) => m[1] ?? m[2] ?? m[3],
		),
	);
}

/** The paths of `paths` that `item` does not have. */
function missing(item: unknown, paths: string[][]): string[] {
	return paths
		.filter((path) => {
			let value: unknown = item;
			for (const key of path) {
				if (value === null || typeof value !== 'object') return true;
				value = (value as Record<string, unknown>)[key];
			}
			return value === undefined;
		})
		.map((path) => path.join('.'));
}

/** The change each trigger workflow waits for, made in the sandbox. */
function changeFor(sandbox: Sandbox, parameters: INodeParameters): Step {
	const [jobId] = sandbox.fixtures().vacancyIds;
	if (parameters.resource === 'candidate') {
		const change = () => sandbox.createCandidate({ firstName: 'Grace', lastName: 'Hopper' });
		return { day: 1, change, event: 'created' };
	}
	const [event] = parameters.events as string[];
	const [first] = sandbox.applicationsOf(jobId) as Array<{ id: string }>;
	if (event === 'newApplication')
		return { day: 1, change: () => newApplication(sandbox, jobId), event };
	if (event === 'stageChanged') {
		const change = () => sandbox.moveApplication(first.id, { stageId: interviewStage(sandbox).id });
		return { day: 1, change, event };
	}
	throw new Error(`no change for ${event}: add one`);
}

let sandbox: Sandbox;

beforeAll(() => {
	nock.disableNetConnect();
	nock.enableNetConnect('127.0.0.1');
});
afterAll(() => nock.enableNetConnect());
beforeEach(async () => {
	sandbox = await exampleSandbox();
});
afterEach(async () => {
	await sandbox.close();
});

test('README links every example workflow', () => {
	const readme = readFileSync(resolve(__dirname, '../../README.md'), 'utf8');
	expect(files.length).toBeGreaterThanOrEqual(4);
	expect(files.filter((file) => !readme.includes(`(examples/workflows/${file})`))).toEqual([]);
});

test.each(files)('%s: its Recruiting part runs and emits what the next node maps', async (file) => {
	const workflow = load(file);
	const ours = workflow.nodes.filter((node) => node.type.startsWith(PACKAGE));
	expect(ours).toHaveLength(1);
	const [recruiting] = ours;
	// The one version each node has.
	expect(recruiting.typeVersion).toBe(1);
	const start = workflow.nodes.find(
		(node) =>
			!Object.values(workflow.connections).some((c) =>
				c.main.flat().some((to) => to.node === node.name),
			),
	)!;

	if (recruiting.type === `${PACKAGE}recruitingTrigger`) {
		const { pollTimes, ...parameters } = recruiting.parameters;
		expect(pollTimes).toBeDefined();
		const item = await trigger(sandbox, parameters, [changeFor(sandbox, parameters)]);
		const next = workflow.connections[recruiting.name].main[0].map(
			(to) => workflow.nodes.find((node) => node.name === to.node)!,
		);
		for (const node of next) {
			const paths = mappedPaths(node);
			expect(paths.length).toBeGreaterThan(0);
			expect({ node: node.name, missing: missing(item, paths) }).toEqual({
				node: node.name,
				missing: [],
			});
		}
		return;
	}

	// An action node after a form: the form's answer (n8n's Form Trigger names each field by its
	// label), the node's address and posting set to the sandbox's.
	expect(start.type).toBe('n8n-nodes-base.formTrigger');
	const labels = (
		start.parameters.formFields as { values: Array<{ fieldLabel: string; fieldType?: string }> }
	).values.map((field) => field.fieldLabel);
	const answers: Record<string, string> = {
		'First Name': 'Ada',
		'Last Name': 'Lovelace',
		Email: 'ada@example.com',
		Phone: '+49 30 1234567',
		'CV Attachment ID': 'cv-ada',
		'Profile URL': 'https://network.example/in/ada',
	};
	const form: IDataObject = Object.fromEntries(labels.map((label) => [label, answers[label]]));
	expect(missing(form, mappedPaths(recruiting))).toEqual([]);
	const result = await runRecruiting({
		items: [{ ...form, submittedAt: '2026-01-01T00:00:00.000Z', formMode: 'production' }],
		parameters: {
			...recruiting.parameters,
			portalUrl: sandbox.url,
			tenantSlug: sandbox.tenantSlug,
			postingId: { __rl: true, mode: 'id', value: sandbox.fixtures().postings[0].id },
		},
		credentials: { baseUrl: sandbox.url, apiKey: API_KEY },
	});
	expect(result.error).toBeUndefined();
	expect(jsonOf(result)).toEqual([
		expect.objectContaining({ applied: true, email: 'ada@example.com' }),
	]);
});
