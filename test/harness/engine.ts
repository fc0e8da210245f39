/*
 * The Recruiting node from its sources, run through n8n's own engine (n8n.ts) the way an n8n
 * server would, with the package's credential type applied as n8n's CredentialsHelper does.
 * Every run is scanned for the API key.
 */
import type {
	ExecutionError,
	ICredentialDataDecryptedObject,
	IDataObject,
	INodeParameters,
	INodeType,
} from 'n8n-workflow';
import { LoadOptionsContext } from 'n8n-core';
import nock from 'nock';

import { RecruitingApi } from '../../credentials/RecruitingApi.credentials';
import { Recruiting } from '../../nodes/Recruiting/Recruiting.node';
import type { NodeRunOptions, RunResult, Setup } from './n8n';
import { credentialsHelper, runNode, setupNode } from './n8n';
import { API_KEY } from './secrets';

export const API = 'http://api.test';
export const PORTAL = 'https://careers.example';
export { API_KEY };
export type { RunResult, Setup };
const RECRUITING_TYPE = 'n8n-nodes-recruiting.recruiting';

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
	/** n8n fails to load the selected credential with this error. */
	credentialsError?: Error;
	/** Counts every time n8n decrypts the credential (the node's reads and n8n's own). */
	credentialReads?: { count: number };
}

/** What the engine needs: the Recruiting node (or `nodeType`) and the credential as given. */
function nodeRun({
	credentials = { baseUrl: API, apiKey: API_KEY },
	nodeType,
	credentialsError,
	credentialReads,
	...rest
}: RunOptions): NodeRunOptions {
	return {
		...rest,
		nodeType: nodeType ?? new Recruiting(),
		type: nodeType ? 'test.custom' : RECRUITING_TYPE,
		credentialsHelper: credentialsHelper(new RecruitingApi(), {
			data: credentials ?? undefined,
			loadError: credentialsError,
			reads: credentialReads,
		}),
		hasCredential: credentials !== null,
	};
}

/** The workflow Items → Recruiting (or `nodeType`), and what n8n would hand the engine. */
export function setup(options: RunOptions): Setup {
	return setupNode(nodeRun(options));
}

/** Runs the workflow through WorkflowExecute and returns what the node output. */
export async function runRecruiting(options: RunOptions): Promise<RunResult> {
	const result = await runNode(nodeRun(options));
	assertNoSecret(result);
	return result;
}

/**
 * Every run of every test is checked: the API key must not appear in an output item, an error
 * (message, description, cause, context) or anything else n8n keeps of the run.
 */
function assertNoSecret(result: RunResult): void {
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

/** The API, answering only requests that carry the key. */
export function api(): nock.Scope {
	return nock(API, { reqheaders: { 'x-api-key': API_KEY } });
}

/** A job portal: it is public, so a request that carries x-api-key fails the match. */
export function portal(url = PORTAL): nock.Scope {
	return nock(url, { badheaders: ['x-api-key'] });
}

/** A resource locator, By ID. */
export function byId(value: string): INodeParameters {
	return { __rl: true, mode: 'id', value };
}

/** The applicant of Job Portal: Apply in OPERATIONS. */
export const APPLICANT = {
	firstName: 'Ada',
	lastName: 'Lovelace',
	email: 'ada@example.com',
	phoneNumber: '+49 30 1234567',
	cvAttachmentId: 'cv-1',
};

/** Parameters each operation runs with: job v1, candidate c1, application a1, note n1, posting jp1. */
export const OPERATIONS = {
	candidateGet: { resource: 'candidate', operation: 'get', candidateId: byId('c1') },
	contactIdentifiers: {
		resource: 'candidate',
		operation: 'getContactIdentifiers',
		candidateId: byId('c1'),
	},
	candidateGetAll: { resource: 'candidate', operation: 'getAll', returnAll: true },
	jobGetAll: { resource: 'job', operation: 'getAll' },
	jobUpdate: {
		resource: 'job',
		operation: 'update',
		jobId: byId('v1'),
		updateFields: { name: 'X' },
	},
	applicationGet: { resource: 'application', operation: 'get', applicationId: 'a1' },
	applicationsOfJob: { resource: 'application', operation: 'getAllForJob', jobId: byId('v1') },
	applicationCreate: {
		resource: 'application',
		operation: 'create',
		jobId: byId('v1'),
		candidateId: byId('c1'),
		stageId: 's1',
	},
	noteUpdate: { resource: 'note', operation: 'update', noteId: 'n1', content: 'x', pinned: false },
	postings: {
		resource: 'jobPortal',
		operation: 'getAllPostings',
		portalUrl: PORTAL,
		tenantSlug: 'acme',
	},
	apply: {
		resource: 'jobPortal',
		operation: 'apply',
		portalUrl: PORTAL,
		tenantSlug: 'acme',
		postingId: byId('jp1'),
		...APPLICANT,
	},
} satisfies Record<string, INodeParameters>;

/** The test file runs offline: only nock answers, and its interceptors go after each test. */
export function offline(): void {
	beforeAll(() => nock.disableNetConnect());
	afterEach(() => nock.cleanAll());
}

/** One operation of the node: `run(parameters, options)` runs it with `parameters` over `base`. */
export function operation(base: INodeParameters) {
	return async (
		parameters: INodeParameters = {},
		options: Omit<RunOptions, 'parameters'> = {},
	): Promise<RunResult> =>
		await runRecruiting({ ...options, parameters: { ...base, ...parameters } });
}

/** Requests nock had no interceptor for (another host, or a method not set up) while `run` ran. */
export async function straysDuring<T>(
	run: () => Promise<T>,
): Promise<{ outcome: T; strays: string[] }> {
	const strays: string[] = [];
	const onStray = (request: { method?: string; host?: string; hostname?: string; path?: string }) =>
		strays.push(`${request.method} ${request.host ?? request.hostname}${request.path}`);
	nock.emitter.on('no match', onStray);
	try {
		return { outcome: await run(), strays };
	} finally {
		nock.emitter.removeListener('no match', onStray);
	}
}

/** A list-search call as the editor makes it for a picker of Application: Create. */
export function pickerContext(parameter: string): LoadOptionsContext {
	const { workflow, node, additionalData } = setup({
		parameters: { resource: 'application', operation: 'create' },
	});
	return new LoadOptionsContext(workflow, node, additionalData, parameter);
}

/** The run succeeded, after every request `scope` expects; the JSON of its output. */
export async function succeeds(
	scope: nock.Scope,
	run: RunResult | Promise<RunResult>,
): Promise<IDataObject[]> {
	const result = await run;
	expect(result.error).toBeUndefined();
	expect(scope.isDone()).toBe(true);
	return jsonOf(result);
}

/** The run failed, after every request `scope` expects; its error. */
export async function failsAfter(
	scope: nock.Scope,
	run: Promise<RunResult>,
): Promise<ExecutionError> {
	const { error } = await run;
	expect(scope.isDone()).toBe(true);
	expect(error).toBeDefined();
	return error as ExecutionError;
}
