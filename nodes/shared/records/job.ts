import {
	fieldOrder,
	flattenCustomAttributes,
	flattenWith,
	otherKeys,
	rulesOf,
	unwrapSingle,
} from '../flatten';
import type { RecordShape } from '../output';
import { isRecord, scalarText } from '../values';
import type { Json } from '../values';

/** A job's wrapped fields and the viewType the spec names for each (list item and detail). */
const VACANCY_RULES = rulesOf({
	client: { viewType: 'vacancyClient' },
	name: { viewType: 'vacancyName' },
	description: { viewType: 'vacancyDescription' },
	stage: { viewType: 'vacancyStage' },
	createdAt: { viewType: 'vacancyCreatedAt' },
	startAt: { viewType: 'vacancyStartAt' },
	endAt: { viewType: 'vacancyEndAt' },
	salaryRange: {
		viewType: 'vacancySalaryRange',
		// The spec does not name the inner key: accept `{ salaryRange: {…} }` and the flat form.
		unwrap: (wrapper, field, out) => {
			if (unwrapSingle(wrapper, field, out)) return true;
			const keys = otherKeys(wrapper);
			if (!keys.every((key) => ['currency', 'min', 'max'].includes(key))) return false;
			out[field] = Object.fromEntries(keys.map((key) => [key, wrapper[key]]));
			return true;
		},
	},
	location: { viewType: 'vacancyLocation' },
	team: { viewType: 'vacancyTeam' },
	employmentType: { viewType: 'vacancyEmploymentType' },
	locationType: { viewType: 'vacancyLocationType' },
	clientTeam: {},
	scorecard: { viewType: 'vacancyScorecard' },
	nextTaskDue: { viewType: 'vacancyNextTaskDue' },
	stageTotals: { viewType: 'vacancyStageTotals' },
	dealValue: { viewType: 'vacancyDealValue' },
	customAttributes: { inner: flattenCustomAttributes },
});

/** What the job is, for whom, where it stands; long text and nested detail last. */
const VACANCY_ORDER = fieldOrder(
	[
		'id',
		'name',
		'client',
		'stage',
		'employmentType',
		'locationType',
		'location',
		'salaryRange',
		'startAt',
		'endAt',
		'createdAt',
	],
	['description', 'team', 'clientTeam', 'scorecard', 'stageTotals', 'customAttributes'],
);

/** A job (vacancy), list item or detail, with plain fields, in the order a person reads them. */
export function flattenVacancy(raw: unknown): unknown {
	return flattenWith(VACANCY_RULES, raw, VACANCY_ORDER);
}

/** A job's pipeline stage; null where the API leaves a field out. */
export interface JobStage {
	id: string | null;
	name: string | null;
	order: number | null;
	/** Whether the stage is open (the job detail says; the job list may not). */
	isOpen: boolean | null;
}

/**
 * A job's stage, from a list item or a detail as the API sends it (`{ viewType: 'vacancyStage',
 * stage: {…} }`, or the stage itself): the one reader of it for the trigger's job Stage Changed,
 * Open Jobs Only and the application trigger.
 */
export function jobStage(raw: Json): JobStage {
	const wrapper = isRecord(raw.stage) ? raw.stage : {};
	const stage = isRecord(wrapper.stage) ? wrapper.stage : wrapper;
	return {
		id: scalarText(stage.id) ?? null,
		name: typeof stage.name === 'string' ? stage.name : null,
		order: typeof stage.order === 'number' ? stage.order : null,
		isOpen: typeof stage.isOpen === 'boolean' ? stage.isOpen : null,
	};
}

/** A job's name, from a list item or a detail as the API sends it (`{ viewType, name }`). */
export function jobName(raw: Json): string | null {
	const name = isRecord(raw.name) ? raw.name.name : raw.name;
	return typeof name === 'string' ? name : null;
}

/** The name of a nested object (`{ name }`), or undefined. */
export function nameOf(value: unknown): unknown {
	return isRecord(value) ? value.name : undefined;
}

/** A job in short: what a recruiter scans a list for. */
export function simplifyVacancy(job: Json): Json {
	const location = isRecord(job.location) ? job.location : {};
	// The stage as the job trigger's Stage Changed shows fromStage and toStage.
	const { id, name, order } = jobStage(job);
	return {
		id: job.id,
		name: job.name,
		stage: { id, name, order },
		client: nameOf(job.client),
		employmentType: job.employmentType,
		locationType: job.locationType,
		city: location.city,
		country: location.country,
		startAt: job.startAt,
		endAt: job.endAt,
		createdAt: job.createdAt,
	};
}

export const vacancyShape: RecordShape = { flatten: flattenVacancy, simplify: simplifyVacancy };
