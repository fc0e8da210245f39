import { NodeConnectionTypes } from 'n8n-workflow';
import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { API_BASE_URL_EXPRESSION } from '../shared/address';
import { searchCandidates } from './listSearch/searchCandidates';
import { searchJobs } from '../shared/listSearch/searchJobs';
import { searchPostings } from './listSearch/searchPostings';
import type { Resource } from './resource';
import { application } from './resources/application';
import { candidate } from './resources/candidate';
import { job } from './resources/job';
import { jobPortal } from './resources/jobPortal';
import { note } from './resources/note';
import { resourceRouting } from './routing/sending';

/** Every resource of the node, in the order of the Resource list. */
const RESOURCES: Resource[] = [application, candidate, job, jobPortal, note];

export class Recruiting implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Recruiting',
		name: 'recruiting',
		icon: { light: 'file:recruiting.svg', dark: 'file:recruiting.dark.svg' },
		group: ['transform'],
		// A change that would alter what a saved workflow does gets a new version (CONTRIBUTING.md).
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
				// the request fails clearly when none is selected (routing/sending.ts).
				required: false,
				displayOptions: {
					hide: {
						resource: RESOURCES.filter((r) => r.access === 'public').map((r) => r.option.value),
					},
				},
			},
		],
		// Every request: the API's address from the credential (the Job Portal's replaces it), and
		// JSON. The rest of the sending is each resource's routing (routing/sending.ts).
		requestDefaults: {
			baseURL: API_BASE_URL_EXPRESSION,
			headers: { Accept: 'application/json' },
			json: true,
			// Errors are read by the resource's checkResponse, which knows the operation and the id.
			ignoreHttpStatusErrors: true,
		},
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: RESOURCES.map((resource) => ({
					...resource.option,
					routing: resourceRouting(resource),
				})),
				default: 'job',
			},
			...RESOURCES.flatMap((resource) => resource.properties),
		],
	};

	methods = {
		listSearch: {
			searchCandidates,
			searchJobs,
			searchPostings,
		},
	};
}
