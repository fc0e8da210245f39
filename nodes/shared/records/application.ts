import { dropViewType, flattenWith, rulesOf } from '../flatten';
import type { FieldRule } from '../flatten';
import type { RecordShape } from '../output';
import { isRecord } from '../values';
import type { Json } from '../values';
import { fullName } from './candidate';
import { nameOf } from './job';

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
		candidateName: fullName(candidate) ?? undefined,
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
		candidateName: fullName(candidate) ?? undefined,
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
