import type {
	IDataObject,
	IExecuteSingleFunctions,
	INodeProperties,
	PostReceiveAction,
} from 'n8n-workflow';

import { outputFields, outputOf, shaper } from '../../../shared/output';
import { applicationListItemShape } from '../../../shared/records/application';
import { jobName, vacancyShape } from '../../../shared/records/job';
import { isRecord, scalarText } from '../../../shared/values';
import { jobLocator, returnAllFields } from '../../descriptions';
import { collection } from '../../parameters';
import { unexpectedBody } from '../../routing/errors';
import { listed } from '../../routing/output';

const show = { resource: ['application'], operation: ['getAllForJob'] };

export const applicationGetManyForJobDescription: INodeProperties[] = [
	jobLocator(show),
	...returnAllFields(show),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Include Job',
				name: 'includeJob',
				type: 'boolean',
				default: false,
				description:
					'Whether to add the job (with stage totals and custom attributes) to every application as "job"',
			},
		],
	},
	...outputFields(show, 'applications'),
];

/**
 * postReceive of Get Many for a Job. The response holds the job (with stage totals, custom
 * attributes, deal value) and its applications: one item per application, with the job added
 * as `job` when Include Job is on; a job without applications then still yields one item, its
 * job. Raw output returns the response as it came, job and applications together.
 */
export const outputApplicationsOfJob: PostReceiveAction = async function (
	this: IExecuteSingleFunctions,
	items,
	response,
) {
	const body = response.body;
	if (!isRecord(body) || !Array.isArray(body.applications)) {
		throw unexpectedBody.call(this, body, 'an object with a "applications" list');
	}
	const pairedItem = { item: this.getItemIndex() };
	if (outputOf(this).mode === 'raw') return [{ json: body as IDataObject, pairedItem }];
	const vacancy = isRecord(body.vacancy) ? body.vacancy : {};
	const job = collection.call(this, 'options').includeJob
		? { job: shaper(this, vacancyShape)(body.vacancy) }
		: undefined;
	const output = shaper(
		this,
		applicationListItemShape({ id: scalarText(vacancy.id) ?? null, title: jobName(vacancy) }),
	);
	const applications = listed(this, body.applications as unknown[]).map((application) => ({
		json: { ...output(application), ...job },
		pairedItem,
	}));
	return applications.length === 0 && job ? [{ json: job, pairedItem }] : applications;
};
