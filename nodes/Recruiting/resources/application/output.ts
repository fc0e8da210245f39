import { dropViewType, flattenWith, rulesOf } from '../../../shared/flatten';
import type { FieldRule } from '../../../shared/flatten';
import { isRecord } from '../../../shared/values';
import type { Json } from '../../../shared/values';
import type { RecordShape } from '../../output';
import type { IDataObject, IExecuteSingleFunctions, PostReceiveAction } from 'n8n-workflow';

import { listed, unexpectedBody } from '../../hooks';
import { outputMode, shaper } from '../../output';
import { collection } from '../../parameters';
import { nameOf, vacancyShape } from '../job/output';

const APPLICATION_STAGE_RULE: FieldRule = { viewType: 'applicationStage', unwrap: dropViewType };

const APPLICATION_RULES = rulesOf({
	internalTeam: {},
	notes: {},
	stage: APPLICATION_STAGE_RULE,
	owner: { viewType: 'applicationOwner' },
	applicationState: {},
	client: {},
	clientTeam: {},
	vacancy: { viewType: 'applicationVacancy', unwrap: dropViewType },
});

/** An application as returned by GET /applications/{id}, with plain fields. */
export function flattenApplication(raw: unknown): unknown {
	return flattenWith(APPLICATION_RULES, raw);
}

const APPLICATION_LIST_ITEM_RULES = rulesOf({
	stage: APPLICATION_STAGE_RULE,
	owner: { viewType: 'applicationOwner' },
	applicationState: {},
	candidate: { viewType: 'applicationCandidate', unwrap: dropViewType },
});

/** An application inside the applications-by-job response, with plain fields. */
export function flattenApplicationListItem(raw: unknown): unknown {
	return flattenWith(APPLICATION_LIST_ITEM_RULES, raw);
}

function fullName(person: unknown): string | undefined {
	if (!isRecord(person)) return undefined;
	const name = [person.firstName, person.lastName].filter(
		(part) => typeof part === 'string' && part,
	);
	return name.length ? name.join(' ') : undefined;
}

function latest(activity: unknown): Json {
	return isRecord(activity) ? { lastActivity: activity.type, lastActivityAt: activity.date } : {};
}

/** An application in short: who, for which job, where it stands. */
export function simplifyApplication(application: Json): Json {
	const candidate = isRecord(application.candidate) ? application.candidate : {};
	const job = isRecord(application.vacancy) ? application.vacancy : {};
	return {
		id: application.id,
		candidateId: candidate.id,
		candidateName: fullName(candidate),
		jobId: job.id,
		jobTitle: job.title,
		stage: nameOf(application.stage),
		state: application.applicationState,
		owner: nameOf(application.owner),
		...latest(application.latestActivity),
	};
}

/** An application of a job's list in short. */
export function simplifyApplicationListItem(application: Json): Json {
	const candidate = isRecord(application.candidate) ? application.candidate : {};
	const emails = Array.isArray(candidate.emails) ? candidate.emails : [];
	return {
		id: application.id,
		candidateId: candidate.id,
		candidateName: fullName(candidate),
		email: emails[0],
		stage: nameOf(application.stage),
		state: application.applicationState,
		owner: nameOf(application.owner),
		isPlaced: application.isPlaced,
		...latest(application.latestActivity),
	};
}

export const applicationShape: RecordShape = {
	flatten: flattenApplication,
	simplify: simplifyApplication,
};

export const applicationListItemShape: RecordShape = {
	flatten: flattenApplicationListItem,
	simplify: simplifyApplicationListItem,
};

/**
 * postReceive of Get Many for a Job. The response holds the job (with stage totals, custom
 * attributes, deal value) and its applications: one item per application, with the job added
 * as `job` when Include Job is on; a job without applications then still yields one item, its
 * job. Raw output (version 2) returns the response as it came, job and applications together.
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
	if (this.getNode().typeVersion >= 2 && outputMode(this) === 'raw') {
		return [{ json: body as IDataObject, pairedItem }];
	}
	const job = collection.call(this, 'options').includeJob
		? { job: shaper(this, vacancyShape)(body.vacancy) }
		: undefined;
	const output = shaper(this, applicationListItemShape);
	const applications = listed(this, body.applications as unknown[]).map((application) => ({
		json: { ...output(application), ...job },
		pairedItem,
	}));
	return applications.length === 0 && job ? [{ json: job, pairedItem }] : applications;
};
