import type {
	ICredentialDataDecryptedObject,
	IAuthenticateRuleResponseCode,
	IAuthenticateRuleResponseSuccessBody,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { API_BASE_URL_EXPRESSION, KEY_REQUEST_OPTIONS } from '../nodes/shared/address';

export class RecruitingApi implements ICredentialType {
	name = 'recruitingApi';

	displayName = 'Recruiting API';

	icon: Icon = {
		light: 'file:../nodes/Recruiting/recruiting.svg',
		dark: 'file:../nodes/Recruiting/recruiting.dark.svg',
	};

	documentationUrl = 'https://github.com/n8n-nodes-recruiting/n8n-nodes-recruiting#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'https://api.example.com',
			description:
				'Address of the Recruiting API. With or without the /v1 suffix; a trailing slash is fine.',
		},
		{
			// Shown for http: to any host but this machine; the request still goes out (an API on a
			// private network may have no https), but the user knows what travels in clear.
			displayName:
				'This Base URL uses http: the API key and candidates’ data travel unencrypted. Use https unless the API runs on this machine.',
			name: 'plainHttpNotice',
			type: 'notice',
			default: '',
			displayOptions: {
				show: { baseUrl: [{ _cnd: { regex: '^\\s*[hH][tT][tT][pP]:' } }] },
				hide: {
					baseUrl: [
						{
							_cnd: {
								regex:
									'^\\s*[hH][tT][tT][pP]://(localhost|127(\\.\\d{1,3}){3}|\\[::1\\])(:\\d+)?(/.*)?$',
							},
						},
					],
				},
			},
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description:
				'Created or copied in the tenant dashboard under Settings, API Keys. Use a separate key per environment.',
		},
		{
			displayName: 'Rate Limit (Requests per Minute)',
			name: 'requestsPerMinute',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 1000,
			description:
				'The API allows 1,000 requests per minute per key; raise this only if the API operator raised the limit of this key. Once a run that reads page after page reaches the limit, its further requests are spaced to stay below this rate.',
		},
	];

	// The header n8n's generic `={{$credentials.apiKey}}` would set, as a function: n8n evaluates
	// that expression for every request, 8-9 % of a Get Many in real n8n (BENCHMARKS.md).
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const apiKey = String(credentials.apiKey ?? '');
		return { ...requestOptions, headers: { ...requestOptions.headers, 'x-api-key': apiKey } };
	}

	// The cheapest authenticated call: one job, at the node's own address, following no redirect.
	test: ICredentialTestRequest = {
		request: {
			baseURL: API_BASE_URL_EXPRESSION,
			url: '/vacancies',
			method: 'GET',
			qs: { limit: 1 },
			...KEY_REQUEST_OPTIONS,
		},
		// n8n's tester walks every rule by its type; the declared type only admits one kind per list.
		// n8n 1.123 shows its own sentence for 401/403/404 (its error loses the status the
		// responseCode rules read); the body rule catches a web page or another API answering 200.
		rules: [
			...[301, 302, 303, 307, 308].map((value) => ({
				type: 'responseCode' as const,
				properties: {
					value,
					message: `The Base URL redirects elsewhere (HTTP ${value}) and the API key is not sent after a redirect: enter the address the API redirects to`,
				},
			})),
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message: 'The API key was not accepted: copy it again from Settings, API Keys',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message: 'The API key is not allowed to read jobs: check its permissions',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message: 'No Recruiting API at this Base URL: check the address',
				},
			},
			{
				// A web page or another API answering 200: it has no job list to page through.
				type: 'responseSuccessBody',
				properties: {
					key: 'pageInfo',
					value: undefined,
					message: 'This address answers, but not like the Recruiting API: check the Base URL',
				},
			},
		] as Array<
			IAuthenticateRuleResponseCode | IAuthenticateRuleResponseSuccessBody
		> as IAuthenticateRuleResponseCode[],
	};
}
