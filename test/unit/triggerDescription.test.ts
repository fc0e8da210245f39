/*
 * The trigger's description as the editor reads it: which Options it offers for each resource
 * (n8n's own displayParameter, with the collection's values and the node's as the editor
 * passes them), and the defaults n8n fills in for a saved node.
 */
import { NodeHelpers } from 'n8n-workflow';
import type { INodeParameters, INodeProperties } from 'n8n-workflow';

import { Recruiting } from '../../nodes/Recruiting/Recruiting.node';
import { RecruitingTrigger } from '../../nodes/RecruitingTrigger/RecruitingTrigger.node';

const description = new RecruitingTrigger().description;
const collection = description.properties.find((property) => property.name === 'options');
const options = (collection?.options ?? []) as INodeProperties[];

/** The names of the Options the editor shows for these parameters. */
function shown(parameters: INodeParameters): string[] {
	const values = (parameters.options ?? {}) as INodeParameters;
	return options
		.filter((option) =>
			NodeHelpers.displayParameter(values, option, { typeVersion: 1 }, description, parameters),
		)
		.map((option) => option.name);
}

const selected = { options: { output: 'selected' } };

test.each([
	['application', ['jobsPerPoll', 'maxItemsPerPoll', 'output', 'stageTypes', 'stages']],
	['candidate', ['maxItemsPerPoll', 'output']],
	['job', ['maxItemsPerPoll', 'output']],
])('%s: Output in Options, and Fields to Include with Selected Fields', (resource, rest) => {
	expect(shown({ resource })).toEqual(rest);
	expect(shown({ resource, ...selected })).toEqual(['fieldsToInclude', ...rest]);
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
		expect(ofTrigger).toEqual([ofAction]);
	}
	expect(pick(action.find((p) => p.name === 'output') as INodeProperties).choices).toEqual([
		['Flattened (All Fields)', 'flattened'],
		['Raw', 'raw'],
		['Selected Fields', 'selected'],
		['Simplified', 'simplified'],
	]);
});

test('n8n fills in the defaults of a saved node, and keeps its Options', () => {
	const resolve = (parameters: INodeParameters) =>
		NodeHelpers.getNodeParameters(
			description.properties,
			parameters,
			true,
			false,
			{ typeVersion: 1 },
			description,
		);
	expect(resolve({ resource: 'candidate' })).toEqual({
		resource: 'candidate',
		event: 'createdOrUpdated',
		start: 'now',
		options: {},
	});
	const output = { output: 'selected', fieldsToInclude: 'lastName' };
	expect(resolve({ resource: 'job', options: output })).toEqual({
		resource: 'job',
		event: 'createdOrUpdated',
		start: 'now',
		options: output,
	});
	expect(resolve({ resource: 'application' })).toMatchObject({
		resource: 'application',
		events: ['newApplication', 'stageChanged'],
		watch: 'all',
		start: 'now',
		options: {},
	});
});
