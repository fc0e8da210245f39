import { PORTAL_JOBS_PATH, PORTAL_POSTING_PATH } from '../../../shared/address';
import { requiredId } from '../../parameters';
import type { Resource } from '../../resource';
import { outputList, outputWriteResult } from '../../routing/output';
import { jobPortalApplyDescription } from './apply';
import { jobPortalGetManyPostingsDescription } from './getAllPostings';

// Public: no credential, no key; the address is the Portal URL (routing/sending.ts).
export const jobPortal: Resource = {
	option: { name: 'Job Portal', value: 'jobPortal' },
	access: 'public',
	subjects: {
		getAllPostings: { label: 'tenant' },
		apply: { label: 'job posting', id: 'postingId' },
	},
	properties: [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: ['jobPortal'] } },
			options: [
				{
					name: 'Apply',
					value: 'apply',
					action: 'Apply to a posted job',
					description:
						'Submit a candidate’s application to a publicly posted job (no API key needed)',
					routing: {
						request: { method: 'POST', url: PORTAL_POSTING_PATH },
						output: {
							postReceive: [
								outputWriteResult(function () {
									return {
										postingId: requiredId.call(this, 'postingId', 'Posting ID'),
										email: String(this.getNodeParameter('email', '')).trim(),
										applied: true,
									};
								}),
							],
						},
					},
				},
				{
					name: 'Get Many Postings',
					value: 'getAllPostings',
					action: 'Get many job postings',
					description:
						'List every job the tenant posts publicly on its career site (no API key needed)',
					routing: {
						request: { method: 'GET', url: PORTAL_JOBS_PATH },
						output: { postReceive: [outputList('publicJobBoardPostings')] },
					},
				},
			],
			default: 'getAllPostings',
		},
		{
			displayName: 'Portal URL',
			name: 'portalUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'https://api.example.com',
			displayOptions: { show: { resource: ['jobPortal'] } },
			description:
				'Address of the public job portal API. No credential is used: the portal is public.',
		},
		{
			displayName: 'Tenant Slug',
			name: 'tenantSlug',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. acme',
			displayOptions: { show: { resource: ['jobPortal'] } },
			description: 'The tenant’s public name in career-site addresses',
		},
		...jobPortalGetManyPostingsDescription,
		...jobPortalApplyDescription,
	],
};
