import { dropViewType, flattenWith, rulesOf } from '../flatten';
import type { FieldRule } from '../flatten';
import type { RecordShape } from '../output';
import { isRecord, scalarText } from '../values';
import type { Json } from '../values';
import { fullName, primary } from './candidate';
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

/** An application's stage as every item about an application shows it. */
export interface StageView {
	id: string | null;
	name: string | null;
	type: string | null;
	order: number | null;
}

/** The stage of an application, detail or list item, raw or flattened. */
export function applicationStage(application: Json): StageView {
	const stage = isRecord(application.stage) ? application.stage : {};
	const order = stage.order;
	return {
		id: scalarText(stage.id) ?? null,
		name: typeof stage.name === 'string' ? stage.name : null,
		type: typeof stage.type === 'string' ? stage.type : null,
		order: typeof order === 'number' && Number.isFinite(order) ? order : null,
	};
}

/** `applicationState.state` (the spec wraps it; flattened, or a plain string, is read too). */
export function applicationState(application: Json): string | null {
	const wrapper = application.applicationState;
	const state = isRecord(wrapper) ? wrapper.state : wrapper;
	// An empty state is no state: the trigger stores the two as one, so they must compare equal.
	return typeof state === 'string' && state !== '' ? state : null;
}

/** The job of an application: the detail names it; a job's list does not, its read does. */
export interface ApplicationJob {
	id: string | null;
	title: string | null;
}

function jobOf(application: Json): ApplicationJob {
	const job = isRecord(application.vacancy) ? application.vacancy : {};
	return {
		id: scalarText(job.id) ?? null,
		title: typeof job.title === 'string' ? job.title : null,
	};
}

/** Whether it is placed: a list item says so, the detail lists its placements. */
function placedOf({ placements, isPlaced }: Json): boolean | null {
	if (Array.isArray(placements)) return placements.length > 0;
	return typeof isPlaced === 'boolean' ? isPlaced : null;
}

/**
 * An application in short, from the detail or a job's list item (flattened), for the
 * Recruiting node and the trigger alike: who, how to reach them, for which job, where it
 * stands. The detail's candidate has Email entries and its placements; a list item's candidate
 * has plain emails and `isPlaced`. Every field is there, null where the record does not say.
 */
export function simplifyApplication(application: Json, job = jobOf(application)): Json {
	const candidate = isRecord(application.candidate) ? application.candidate : {};
	const activity = isRecord(application.latestActivity) ? application.latestActivity : {};
	return {
		id: application.id ?? null,
		candidateId: candidate.id ?? null,
		candidateName: fullName(candidate),
		email: primary(candidate.emails, 'email') ?? null,
		jobId: job.id,
		jobTitle: job.title,
		stage: applicationStage(application),
		state: applicationState(application),
		owner: nameOf(application.owner) ?? null,
		isPlaced: placedOf(application),
		lastActivity: activity.type ?? null,
		lastActivityAt: activity.date ?? null,
	};
}

export const applicationShape: RecordShape = {
	flatten: flattenApplication,
	simplify: simplifyApplication,
};

/** The applications of `job`'s list: Simplified names the job, which its items do not. */
export function applicationListItemShape(job: ApplicationJob): RecordShape {
	return {
		flatten: flattenApplicationListItem,
		simplify: (application) => simplifyApplication(application, job),
	};
}
