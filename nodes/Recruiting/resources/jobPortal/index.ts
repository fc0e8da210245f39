import type { Resource } from '../../resource';
import { outputList, outputWriteResult, sendBody, sendQuery } from '../../hooks';
import { collection, requiredId } from '../../parameters';
import { jobPortalApplyDescription } from './apply';
import { channelQuery, portalApplicationBody } from './body';
import { jobPortalGetManyPostingsDescription } from './getAllPostings';

export const jobPortal: Resource = {
	option: { name: 'Job Portal', value: 'jobPortal' },
	access: 'public',
	subjects: {
		getAllPostings: { label: 'tenant' },
		apply: { label: 'job posting', idParameter: 'postingId' },
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
						request: { method: 'POST' },
						send: {
							preSend: [
								sendBody(function () {
									return portalApplicationBody({
										firstName: this.getNodeParameter('firstName', ''),
										lastName: this.getNodeParameter('lastName', ''),
										email: this.getNodeParameter('email', ''),
										phoneNumber: this.getNodeParameter('phoneNumber', ''),
										cvAttachmentId: this.getNodeParameter('cvAttachmentId', ''),
										networkUrl: this.getNodeParameter('networkUrl', ''),
										location: collection.call(this, 'additionalFields').location,
									});
								}),
								sendQuery(function () {
									return channelQuery(collection.call(this, 'additionalFields').channelId);
								}),
							],
						},
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
						request: { method: 'GET' },
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
