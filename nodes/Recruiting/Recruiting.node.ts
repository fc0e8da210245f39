import { NodeConnectionTypes } from 'n8n-workflow';
import type {
	INodePropertyRouting,
	INodeType,
	INodeTypeDescription,
	PreSendAction,
} from 'n8n-workflow';

import { searchCandidates } from './listSearch/searchCandidates';
import { searchJobs } from './listSearch/searchJobs';
import { applicationDescription } from './resources/application';
import { candidateDescription } from './resources/candidate';
import { jobDescription } from './resources/job';
import { jobPortalDescription } from './resources/jobPortal';
import { noteDescription } from './resources/note';
import { checkResponse, sendWithRetries, useApiCredential, usePortal } from './shared/routing';

// Every resource gets its base URL, the error mapping and the retries here, once. List
// operations replace `sendWithRetries` with their own paging (which retries each page).
function resourceRouting(preSend: PreSendAction): INodePropertyRouting {
	return {
		send: { preSend: [preSend], paginate: true },
		output: { postReceive: [checkResponse] },
		operations: { pagination: sendWithRetries },
	};
}
const apiKeyRouting = resourceRouting(useApiCredential);

export class Recruiting implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Recruiting',
		name: 'recruiting',
		icon: { light: 'file:recruiting.svg', dark: 'file:recruiting.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Read and update jobs, candidates, applications and notes in the recruiting (applicant-tracking) API, and use the public job portal',
		defaults: { name: 'Recruiting' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: 'recruitingApi',
				// Not required: the public Job Portal endpoints take no key. For the other resources
				// useApiCredential fails clearly when none is selected.
				required: false,
				displayOptions: { hide: { resource: ['jobPortal'] } },
			},
		],
		requestDefaults: {
			headers: { Accept: 'application/json' },
			json: true,
			// Errors are read by checkResponse, which knows the operation and the id involved.
			ignoreHttpStatusErrors: true,
		},
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Application', value: 'application', routing: apiKeyRouting },
					{ name: 'Candidate', value: 'candidate', routing: apiKeyRouting },
					{ name: 'Job', value: 'job', routing: apiKeyRouting },
					{
						name: 'Job Portal',
						value: 'jobPortal',
						routing: resourceRouting(usePortal),
					},
					{ name: 'Note', value: 'note', routing: apiKeyRouting },
				],
				default: 'job',
			},
			...applicationDescription,
			...candidateDescription,
			...jobDescription,
			...jobPortalDescription,
			...noteDescription,
		],
	};

	methods = {
		listSearch: {
			searchCandidates,
			searchJobs,
		},
	};
}
