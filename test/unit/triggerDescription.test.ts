/*
 * The trigger's description as the editor reads it: which Options each version offers for each
 * resource (n8n's own displayParameter, with the collection's values and the node's as the
 * editor passes them), and the defaults n8n fills in for a saved node of either version.
 */
import { NodeHelpers } from 'n8n-workflow';
import type { INodeParameters, INodeProperties } from 'n8n-workflow';

import { Recruiting } from '../../nodes/Recruiting/Recruiting.node';
import { RecruitingTrigger } from '../../nodes/RecruitingTrigger/RecruitingTrigger.node';

const description = new RecruitingTrigger().description;
const collection = description.properties.find((property) => property.name === 'options');
const options = (collection?.options ?? []) as INodeProperties[];

/** The names of the Options the editor shows for these parameters at this version. */
function shown(typeVersion: number, parameters: INodeParameters): string[] {
	const values = (parameters.options ?? {}) as INodeParameters;
	return options
		.filter((option) =>
			NodeHelpers.displayParameter(values, option, { typeVersion }, description, parameters),
		)
		.map((option) => option.name);
}

const selected = { options: { output: 'selected' } };

test('version 2 is the one a new node gets; version 1 stays for saved workflows', () => {
	expect(description.version).toEqual([1, 2]);
	expect(description.defaultVersion).toBe(2);
});

describe.each([1, 2])('version %d: applications have Output in Options', (version) => {
	test('Output, and Fields to Include with Selected Fields', () => {
		const application = { resource: 'application' };
		const rest = ['jobsPerPoll', 'maxItemsPerPoll', 'output', 'stageTypes', 'stages'];
		expect(shown(version, application)).toEqual(rest);
		expect(shown(version, { ...application, ...selected })).toEqual(['fieldsToInclude', ...rest]);
	});
});

describe.each(['candidate', 'job'])('%s', (resource) => {
	test('version 1: Simplify, never Output or Fields to Include', () => {
		expect(shown(1, { resource })).toEqual(['maxItemsPerPoll', 'simplify']);
		// An Output left from Resource set to Application before.
		expect(shown(1, { resource, ...selected })).toEqual(['maxItemsPerPoll', 'simplify']);
	});

	test('version 2: Output, and Fields to Include with Selected Fields; no Simplify', () => {
		expect(shown(2, { resource })).toEqual(['maxItemsPerPoll', 'output']);
		expect(shown(2, { resource, ...selected })).toEqual([
			'fieldsToInclude',
			'maxItemsPerPoll',
			'output',
		]);
	});
});

test('the trigger’s Output and Fields to Include are the Recruiting node’s: the same choices and names', () => {
	const action = new Recruiting().description.properties;
	const pick = ({ name, type, default: value, options: choices }: INodeProperties) => ({
		name,
		type,
		default: value,
		choices: (choices ?? []).map((choice) =>
			'value' in choice ? [choice.name, choice.value] : [],
		),
	});
	for (const name of ['output', 'fieldsToInclude']) {
		const ofAction = pick(action.find((property) => property.name === name) as INodeProperties);
		const ofTrigger = options.filter((option) => option.name === name).map(pick);
		expect(ofTrigger).toEqual([ofAction, ofAction]);
	}
	expect(pick(action.find((p) => p.name === 'output') as INodeProperties).choices).toEqual([
		['Flattened (All Fields)', 'flattened'],
		['Raw', 'raw'],
		['Selected Fields', 'selected'],
		['Simplified', 'simplified'],
	]);
});

test.each([1, 2])(
	'version %d: n8n fills in the defaults of a saved node; it keeps the Options the version shows',
	(typeVersion) => {
		const resolve = (parameters: INodeParameters) =>
			NodeHelpers.getNodeParameters(
				description.properties,
				parameters,
				true,
				false,
				{ typeVersion },
				description,
			);
		expect(resolve({ resource: 'candidate' })).toEqual({
			resource: 'candidate',
			event: 'createdOrUpdated',
			start: 'now',
			options: {},
		});
		const output = { output: 'selected', fieldsToInclude: 'lastName' };
		// Version 1 shows no Output for jobs: n8n drops one left from Resource set to Application.
		expect(resolve({ resource: 'job', options: { ...output, simplify: false } })).toEqual({
			resource: 'job',
			event: 'createdOrUpdated',
			start: 'now',
			options: typeVersion === 1 ? { simplify: false } : output,
		});
		expect(resolve({ resource: 'application' })).toMatchObject({
			resource: 'application',
			events: ['newApplication', 'stageChanged'],
			watch: 'all',
			start: 'now',
			options: {},
		});
	},
);
