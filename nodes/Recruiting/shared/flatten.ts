/*
 * The API wraps most fields as `{ viewType: <constant>, <inner>: value }`. Users want plain
 * fields, so each resource shape has a table of its wrapped fields and one pure function that
 * unwraps them in a single pass. Two rules keep data safe:
 * - a wrapper is only unwrapped when its viewType is the one the spec names for that field
 *   (or any string where the spec leaves it open) and its keys are the ones expected; anything
 *   else (an unknown viewType, an extra key) passes through unchanged, so nothing is lost;
 * - fields the tables do not name are copied as they are.
 */

type Json = Record<string, unknown>;

interface FieldRule {
	/** The viewType the spec names for this field; undefined when the spec leaves it open. */
	viewType?: string;
	/** Turns a recognised wrapper into output fields; returns undefined to keep the field raw. */
	unwrap?: (wrapper: Json, field: string) => Json | undefined;
	/** Flattens the unwrapped value itself (a nested shape with wrappers of its own). */
	inner?: (value: unknown) => unknown;
}

type Rules = Record<string, FieldRule>;

function isObject(value: unknown): value is Json {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function otherKeys(wrapper: Json): string[] {
	return Object.keys(wrapper).filter((key) => key !== 'viewType');
}

/** `{ viewType, x: v }` → `{ [field]: v }`; `{ viewType }` alone → `{ [field]: null }`. */
function unwrapSingle(wrapper: Json, field: string): Json | undefined {
	const keys = otherKeys(wrapper);
	if (keys.length === 0) return { [field]: null };
	if (keys.length === 1) return { [field]: wrapper[keys[0]] };
	return undefined;
}

/** Copies the wrapper's inner keys to the top level under new names; all keys must be known. */
function spreadInto(names: Record<string, string>) {
	return (wrapper: Json): Json | undefined => {
		const out: Json = {};
		for (const key of otherKeys(wrapper)) {
			if (!(key in names)) return undefined;
			out[names[key]] = wrapper[key];
		}
		return out;
	};
}

/** Drops only the viewType of an object whose other keys are real fields (a stage, a vacancy). */
function dropViewType(wrapper: Json, field: string): Json {
	const rest: Json = {};
	for (const key of otherKeys(wrapper)) rest[key] = wrapper[key];
	return { [field]: rest };
}

function flattenWith(rules: Rules, raw: unknown): unknown {
	if (!isObject(raw)) return raw;
	const out: Json = {};
	for (const [field, value] of Object.entries(raw)) {
		const rule = rules[field];
		if (!rule) {
			out[field] = value;
			continue;
		}
		let fields: Json | undefined;
		if (
			isObject(value) &&
			typeof value.viewType === 'string' &&
			(rule.viewType === undefined || rule.viewType === value.viewType)
		) {
			fields = (rule.unwrap ?? unwrapSingle)(value, field);
		} else if (rule.inner && !isObject(value)) {
			// Some shapes (a stage, a list of attributes) are not wrapped but hold wrappers.
			fields = { [field]: rule.inner(value) };
		}
		if (fields === undefined) {
			out[field] = value;
			continue;
		}
		for (const [key, unwrapped] of Object.entries(fields)) {
			out[key] = rule.inner && key === field ? rule.inner(unwrapped) : unwrapped;
		}
	}
	return out;
}

function mapList(flatten: (value: unknown) => unknown) {
	return (value: unknown): unknown => (Array.isArray(value) ? value.map(flatten) : value);
}

/** Custom attribute: the `value` variant `customImage` becomes its URL; other variants stay. */
export function flattenCustomAttribute(raw: unknown): unknown {
	if (!isObject(raw) || !isObject(raw.value)) return raw;
	const { value } = raw;
	const keys = otherKeys(value);
	if (value.viewType === 'customImage' && keys.every((key) => key === 'imageUrl')) {
		return { ...raw, value: value.imageUrl ?? null, valueType: 'customImage' };
	}
	return raw;
}

const customAttributes = mapList(flattenCustomAttribute);

function flattenClientContact(raw: unknown): unknown {
	return isObject(raw) && Array.isArray(raw.customAttributes)
		? { ...raw, customAttributes: customAttributes(raw.customAttributes) }
		: raw;
}

const VACANCY_RULES: Rules = {
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
		unwrap: (wrapper, field) =>
			unwrapSingle(wrapper, field) ??
			(otherKeys(wrapper).every((key) => ['currency', 'min', 'max'].includes(key))
				? { [field]: Object.fromEntries(otherKeys(wrapper).map((key) => [key, wrapper[key]])) }
				: undefined),
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
	customAttributes: { inner: customAttributes },
};

/** A job (vacancy), list item or detail. */
export function flattenVacancy(raw: unknown): unknown {
	return flattenWith(VACANCY_RULES, raw);
}

const CANDIDATE_RULES: Rules = {
	name: {
		viewType: 'candidateName',
		unwrap: spreadInto({ firstName: 'firstName', lastName: 'lastName', avatarUrl: 'avatarUrl' }),
	},
	gender: { viewType: 'candidateGender' },
	nationality: { viewType: 'candidateNationality' },
	status: { viewType: 'candidateStatus' },
	emails: { viewType: 'candidateEmails' },
	phoneNumbers: { viewType: 'candidatePhoneNumbers' },
	locations: { viewType: 'candidateLocation' },
	dateOfBirth: { viewType: 'candidateDateOfBirth' },
	socialMedia: { viewType: 'candidateSocialMedia' },
	lastInteractionDate: { viewType: 'candidateLastInteractionDate' },
	lastInteractionWith: { viewType: 'candidateLastInteractionWith' },
	nextInteractionDate: { viewType: 'candidateNextInteractionDate' },
	nextInteractionWith: { viewType: 'candidateNextInteractionWith' },
	mainContact: { viewType: 'candidateMainContact' },
	languages: { viewType: 'candidateLanguages' },
	compensation: { viewType: 'candidateCompensation' },
	currentPlacements: {
		viewType: 'candidateCurrentPlacements',
		unwrap: spreadInto({
			hasCurrentPlacement: 'hasCurrentPlacement',
			placements: 'currentPlacements',
		}),
	},
	nextTaskDue: { viewType: 'candidateNextTaskDue' },
	acquisitionSource: { viewType: 'candidateAcquisitionSource' },
	clientContacts: { viewType: 'candidateClientContacts', inner: mapList(flattenClientContact) },
	customAttributes: { inner: customAttributes },
};

/** A candidate, list item or detail. */
export function flattenCandidate(raw: unknown): unknown {
	return flattenWith(CANDIDATE_RULES, raw);
}

const APPLICATION_STAGE_RULE: FieldRule = { viewType: 'applicationStage', unwrap: dropViewType };

const APPLICATION_RULES: Rules = {
	internalTeam: {},
	notes: {},
	stage: APPLICATION_STAGE_RULE,
	owner: { viewType: 'applicationOwner' },
	applicationState: {},
	client: {},
	clientTeam: {},
	vacancy: { viewType: 'applicationVacancy', unwrap: dropViewType },
};

/** An application as returned by GET /applications/{id}. */
export function flattenApplication(raw: unknown): unknown {
	return flattenWith(APPLICATION_RULES, raw);
}

const APPLICATION_LIST_ITEM_RULES: Rules = {
	stage: APPLICATION_STAGE_RULE,
	owner: { viewType: 'applicationOwner' },
	applicationState: {},
	candidate: { viewType: 'applicationCandidate', unwrap: dropViewType },
};

/** An application inside the applications-by-job response. */
export function flattenApplicationListItem(raw: unknown): unknown {
	return flattenWith(APPLICATION_LIST_ITEM_RULES, raw);
}
