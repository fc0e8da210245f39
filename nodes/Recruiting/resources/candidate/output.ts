import {
	flattenCustomAttributes,
	flattenWith,
	mapList,
	rulesOf,
	spreadInto,
} from '../../../shared/flatten';
import { isRecord } from '../../../shared/values';

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

/** A candidate, list item or detail, with plain fields. */
export function flattenCandidate(raw: unknown): unknown {
	return flattenWith(CANDIDATE_RULES, raw);
}
