import {
	fieldOrder,
	flattenCustomAttributes,
	flattenWith,
	mapList,
	rulesOf,
	spreadInto,
} from '../flatten';
import type { RecordShape } from '../output';
import { isRecord } from '../values';
import type { Json } from '../values';

function flattenClientContact(raw: unknown): unknown {
	return isRecord(raw) && Array.isArray(raw.customAttributes)
		? { ...raw, customAttributes: flattenCustomAttributes(raw.customAttributes) }
		: raw;
}

/** A candidate's wrapped fields and the viewType the spec names for each. */
const CANDIDATE_RULES = rulesOf({
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
	customAttributes: { inner: flattenCustomAttributes },
});

/** Who first, how to reach them, where they stand; URLs and nested detail last. */
const CANDIDATE_ORDER = fieldOrder(
	[
		'id',
		'firstName',
		'lastName',
		'emails',
		'phoneNumbers',
		'locations',
		'status',
		'acquisitionSource',
		'createdAt',
		'modifiedAt',
		'lastActivityDate',
	],
	['avatarUrl', 'socialMedia', 'aiSummary', 'customAttributes', 'clientContacts'],
);

/** A candidate, list item or detail, with plain fields, in the order a person reads them. */
export function flattenCandidate(raw: unknown): unknown {
	return flattenWith(CANDIDATE_RULES, raw, CANDIDATE_ORDER);
}

/**
 * A person's full name (`firstName lastName`, either may be missing), or null when both are:
 * the candidate of an application, the candidate picker's entries.
 */
export function fullName(person: Json): string | null {
	const parts = [person.firstName, person.lastName].filter(
		(part): part is string => typeof part === 'string' && part.trim() !== '',
	);
	return parts.length ? parts.join(' ') : null;
}

/**
 * The primary entry of a list of email or phone entries (or the first), as its value; of a list
 * of plain values (an application list item's emails), the first.
 */
export function primary(list: unknown, key: 'email' | 'phoneNumber'): unknown {
	if (!Array.isArray(list)) return undefined;
	const entries = list.filter((entry) => isRecord(entry) || typeof entry === 'string');
	const entry = entries.find((one) => isRecord(one) && one.isPrimary === true) ?? entries[0];
	return isRecord(entry) ? entry[key] : entry;
}

/** A candidate in short: who, how to reach them, where they are in the funnel. */
export function simplifyCandidate(candidate: Json): Json {
	const locations = Array.isArray(candidate.locations) ? candidate.locations.filter(isRecord) : [];
	return {
		id: candidate.id,
		firstName: candidate.firstName,
		lastName: candidate.lastName,
		email: primary(candidate.emails, 'email'),
		phoneNumber: primary(candidate.phoneNumbers, 'phoneNumber'),
		city: locations[0]?.city,
		country: locations[0]?.country,
		status: candidate.status,
		acquisitionSource: candidate.acquisitionSource,
		createdAt: candidate.createdAt,
		modifiedAt: candidate.modifiedAt,
		lastActivityDate: candidate.lastActivityDate,
	};
}

export const candidateShape: RecordShape = {
	flatten: flattenCandidate,
	simplify: simplifyCandidate,
};
