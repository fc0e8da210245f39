/*
 * The address facts of nodes/shared/address.ts. The `/v1` rule is written once as code (the
 * trigger and the list searches) and once as the n8n expression n8n evaluates for the node's
 * requestDefaults and the credential's test: both are run here, the expression through n8n's
 * own expression engine, on the same inputs.
 */
import { setup } from '../harness/engine';
import { Recruiting } from '../../nodes/Recruiting/Recruiting.node';
import {
	API_BASE_URL_EXPRESSION,
	apiBaseUrl,
	fillPath,
	pathSegment,
	PORTAL_POSTING_PATH,
} from '../../nodes/shared/address';

/** The expression as n8n evaluates it for a node whose credential holds `baseUrl`. */
function evaluated(baseUrl: unknown): unknown {
	const { workflow, node } = setup({ nodeType: new Recruiting(), parameters: {} });
	return workflow.expression.getParameterValue(
		API_BASE_URL_EXPRESSION,
		null,
		0,
		0,
		node.name,
		[],
		'manual',
		{ $credentials: baseUrl === undefined ? undefined : { baseUrl } },
	);
}

describe('the /v1 rule', () => {
	test.each([
		['https://api.example.com', 'https://api.example.com/v1'],
		['https://api.example.com/', 'https://api.example.com/v1'],
		['https://api.example.com/v1', 'https://api.example.com/v1'],
		['https://api.example.com/V1/', 'https://api.example.com/v1'],
		['  https://api.example.com/v1//  ', 'https://api.example.com/v1'],
		['https://api.example.com/recruiting', 'https://api.example.com/recruiting/v1'],
		['http://localhost:5680', 'http://localhost:5680/v1'],
	])('%j: the code and the expression give %j', (input, expected) => {
		expect(apiBaseUrl(input)).toBe(expected);
		expect(evaluated(input)).toBe(expected);
	});

	test('without a credential the expression gives a path the portal replaces, not an error', () => {
		expect(evaluated(undefined)).toBe('/v1');
	});

	test('what is not an http(s) URL is refused by the code the request passes through', () => {
		for (const input of ['api.example.com', 'ftp://api.example.com', 'https://a.example?x=1', '']) {
			expect(apiBaseUrl(input)).toBeUndefined();
		}
	});
});

describe('paths', () => {
	test('a template names its parameters and is filled with checked, encoded segments', () => {
		const values: Record<string, string> = { tenantSlug: 'acme', postingId: 'jp 1' };
		expect(fillPath(PORTAL_POSTING_PATH, (name) => pathSegment(values[name], name))).toBe(
			'/acme/vacancy-portal/jobs/jp%201',
		);
		expect(() => fillPath('/notes/{noteId}', () => pathSegment('..', 'Note ID'))).toThrow(
			'Note ID: ".." cannot be used as an ID',
		);
	});
});
