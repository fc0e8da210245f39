/*
 * API responses shaped exactly as the spec's tables: every wrapped field with its viewType.
 * The flatten tests walk these, so a wrapped field missing here is a field not tested.
 */
import type { IDataObject } from 'n8n-workflow';

export const userBadge = {
	userId: 'u1',
	name: 'Rita Recruiter',
	email: 'rita@agency.example',
	avatarUrl: 'https://img.example/rita.png',
	deactivatedAt: null,
};

export const personBadge = {
	id: 'u1',
	name: 'Rita Recruiter',
	avatarUrl: 'https://img.example/rita.png',
	deactivatedAt: null,
};

export const client = {
	id: 'co1',
	name: 'Acme GmbH',
	description: 'Rockets',
	domain: 'acme.example',
	logoUrl: 'https://img.example/acme.png',
	industry: 'Software Development',
	size: '51-200 employees',
};

export const location = {
	type: 'primary_work',
	street1: 'Hauptstr. 1',
	street2: '',
	postalCode: '10115',
	city: 'Berlin',
	region: 'Berlin',
	state: 'BE',
	country: 'Germany',
	rawCityCountry: 'Berlin, Germany',
	latitude: 52.52,
	longitude: 13.4,
	formattedAddress: 'Hauptstr. 1, 10115 Berlin, Germany',
};

export const stage = { id: 's1', order: 1, name: 'Sourcing', colorHex: '#00ff00' };

export const clientContact = {
	id: 'cc1',
	firstName: 'Carl',
	lastName: 'Client',
	middleName: '',
	secondLastName: '',
	avatarUrl: '',
	candidateId: 'c9',
	companyId: 'co1',
	companyName: 'Acme GmbH',
	companyLogoUrl: '',
};

export const taskDue = { id: 't1', content: 'Call back', dueDate: '2026-02-01T09:00:00.000Z' };

export const customImage = {
	value: { viewType: 'customImage', imageUrl: 'https://img.example/badge.png' },
	attributeDefinitionId: 'ad1',
	label: 'Badge',
	description: 'A badge',
	filledByAI: false,
	options: [],
};

export function vacancyListItem(id = 'v1', name = 'Backend Engineer'): IDataObject {
	return {
		id,
		client: { viewType: 'vacancyClient', client },
		name: { viewType: 'vacancyName', name },
		description: { viewType: 'vacancyDescription', description: 'Build APIs' },
		stage: { viewType: 'vacancyStage', stage },
		createdAt: { viewType: 'vacancyCreatedAt', createdAt: '2025-12-01T10:00:00.000Z' },
		startAt: { viewType: 'vacancyStartAt', startAt: '2026-03-01T00:00:00.000Z' },
		endAt: { viewType: 'vacancyEndAt', endAt: null },
		salaryRange: {
			viewType: 'vacancySalaryRange',
			salaryRange: { currency: 'EUR', min: 60000, max: 80000 },
		},
		location: { viewType: 'vacancyLocation', location },
		team: { viewType: 'vacancyTeam', team: [userBadge] },
		employmentType: { employmentType: 'fullTime', viewType: 'vacancyEmploymentType' },
		locationType: { locationType: 'hybrid', viewType: 'vacancyLocationType' },
		clientTeam: { viewType: 'vacancyClientTeam', clientTeam: [clientContact] },
		scorecard: {
			viewType: 'vacancyScorecard',
			scorecards: [{ group_name: 'Skills', attributes: [{ attribute: 'TypeScript' }] }],
		},
		nextTaskDue: { viewType: 'vacancyNextTaskDue', nextTaskDue: taskDue },
	};
}

export function vacancyDetail(id = 'v1'): IDataObject {
	return {
		...vacancyListItem(id),
		stage: { viewType: 'vacancyStage', stage: { ...stage, isOpen: true } },
		stageTotals: {
			viewType: 'vacancyStageTotals',
			totals: [{ type: 'sourcing', id: 's1', name: 'Sourcing', order: 1, total: 4 }],
		},
		customAttributes: [customImage],
		clientPortalId: 'portal-1',
		lastRankedAt: '2026-01-02T00:00:00.000Z',
		dealValue: { viewType: 'vacancyDealValue', dealValue: { currency: 'EUR', amount: 15000 } },
	};
}

export const emailEntry = { purpose: 'personal', email: 'ada@example.com', isPrimary: true };
export const phoneEntry = { purpose: 'personal', phoneNumber: '+49 30 123', isPrimary: true };

export function candidate(id = 'c1', modifiedAt = '2026-01-05T10:00:00.000Z'): IDataObject {
	return {
		id,
		name: {
			viewType: 'candidateName',
			avatarUrl: 'https://img.example/ada.png',
			firstName: 'Ada',
			lastName: 'Lovelace',
		},
		gender: { viewType: 'candidateGender', gender: 'female' },
		nationality: { viewType: 'candidateNationality', nationality: ['British'] },
		status: { viewType: 'candidateStatus', status: ['actively_looking'] },
		emails: { viewType: 'candidateEmails', emails: [emailEntry] },
		phoneNumbers: { viewType: 'candidatePhoneNumbers', phoneNumbers: [phoneEntry] },
		locations: { viewType: 'candidateLocation', locations: [location] },
		dateOfBirth: { viewType: 'candidateDateOfBirth', dateOfBirth: '1990-12-10T00:00:00.000Z' },
		socialMedia: {
			viewType: 'candidateSocialMedia',
			socialMedia: [{ url: 'https://network.example/ada', type: 'NETWORK', isPrimary: true }],
		},
		lastInteractionDate: {
			viewType: 'candidateLastInteractionDate',
			lastInteractionDate: '2026-01-04T00:00:00.000Z',
		},
		lastInteractionWith: { viewType: 'candidateLastInteractionWith', user: userBadge },
		nextInteractionDate: {
			viewType: 'candidateNextInteractionDate',
			nextInteractionDate: '2026-01-09T00:00:00.000Z',
		},
		nextInteractionWith: { viewType: 'candidateNextInteractionWith', user: userBadge },
		mainContact: { viewType: 'candidateMainContact', user: userBadge },
		languages: {
			viewType: 'candidateLanguages',
			languages: [{ language: 'English', id: 'l1', fluency: 'Native or bilingual proficiency' }],
		},
		compensation: {
			viewType: 'candidateCompensation',
			compensation: {
				currency: 'EUR',
				id: 'comp1',
				totalCompensation: 90000,
				baseCompensation: 80000,
			},
		},
		currentPlacements: {
			viewType: 'candidateCurrentPlacements',
			hasCurrentPlacement: true,
			placements: [
				{
					id: 'p1',
					company: { id: 'co1', name: 'Acme GmbH', logoUrl: '' },
					startDate: '2025-01-01',
					endDate: null,
				},
			],
		},
		nextTaskDue: { viewType: 'candidateNextTaskDue', nextTaskDue: taskDue },
		createdAt: '2025-11-01T00:00:00.000Z',
		modifiedAt,
		lastActivityDate: '2026-01-04T00:00:00.000Z',
		acquisitionSource: { viewType: 'candidateAcquisitionSource', acquisitionSource: 'manual' },
		lastNetworkDiffAt: null,
		isDiffingNetwork: false,
		customAttributes: [customImage],
		aiSummary: 'Strong engineer',
	};
}

export function candidateDetail(id = 'c1'): IDataObject {
	return {
		...candidate(id),
		clientContacts: {
			viewType: 'candidateClientContacts',
			clientContacts: [
				{
					id: 'cc1',
					company: { id: 'co1', name: 'Acme GmbH', logoUrl: '' },
					role: 'CTO',
					department: 'Engineering',
					startDate: '2024-01-01',
					endDate: null,
					active: true,
					emailAddresses: [emailEntry],
					phoneNumbers: [phoneEntry],
					stage,
					customAttributes: [customImage],
				},
			],
		},
		isVisibleIfClientContact: true,
		hasClientContacts: true,
		hasActiveClientContacts: true,
	};
}

export const applicationStage = {
	type: 'sourcing',
	templateType: 'DEFAULT_STANDARD',
	viewType: 'applicationStage',
	id: 'as1',
	name: 'Sourced',
	order: 1,
	status: { id: 'st1', name: 'New', colorHex: '#fff' },
	colorHex: '#fff',
	templateId: 'tpl1',
};

const latestActivity = {
	type: 'applicationCreated',
	isInbound: false,
	date: '2026-01-03T00:00:00.000Z',
	triggeredByUserId: 'u1',
	triggeredByUserName: 'Rita Recruiter',
	triggeredByUserAvatarUrl: '',
};

const interview = {
	id: 'i1',
	title: 'Tech interview',
	meetingId: 'm1',
	startTime: '2026-01-10T10:00:00.000Z',
	endTime: '2026-01-10T11:00:00.000Z',
};

export function applicationDetail(id = 'a1'): IDataObject {
	return {
		id,
		candidateApplicationType: 'standardApplication',
		latestActivity,
		comments: [
			{
				id: 'cm1',
				content: 'Great',
				canEdit: true,
				createdBy: personBadge,
				createdAt: '2026-01-03T00:00:00.000Z',
				modifiedAt: '2026-01-03T00:00:00.000Z',
			},
		],
		interviews: [interview],
		candidate: {
			lastInteractionWith: personBadge,
			lastInteractionDate: '2026-01-04T00:00:00.000Z',
			emails: [emailEntry],
			id: 'c1',
			firstName: 'Ada',
			lastName: 'Lovelace',
			middleName: '',
			secondLastName: '',
			avatarUrl: '',
		},
		rejection: null,
		internalTeam: { viewType: 'applicationInternalTeam', internalTeam: [personBadge] },
		notes: {
			viewType: 'applicationNotes',
			notes: [{ noteId: 'n1', title: 'Call', createdAt: '2026-01-03T00:00:00.000Z' }],
		},
		stage: applicationStage,
		owner: { viewType: 'applicationOwner', owner: personBadge },
		applicationState: { state: 'for-review', viewType: 'applicationState' },
		placements: [],
		commentCount: 1,
		client: { viewType: 'applicationClient', client },
		clientTeam: { viewType: 'applicationClientTeam', clientTeam: [clientContact] },
		vacancy: {
			viewType: 'applicationVacancy',
			id: 'v1',
			title: 'Backend Engineer',
			description: 'Build APIs',
			location,
			client,
			stage: { ...stage, isOpen: true },
		},
	};
}

export function applicationListItem(id = 'a1'): IDataObject {
	return {
		latestActivity,
		id,
		stage: applicationStage,
		owner: { viewType: 'applicationOwner', owner: personBadge },
		candidate: {
			viewType: 'applicationCandidate',
			id: 'c1',
			firstName: 'Ada',
			lastName: 'Lovelace',
			avatarUrl: '',
			emails: ['ada@example.com'],
			lastWorkExperience: {
				companySize: '51-200 employees',
				id: 'we1',
				companyName: 'Acme GmbH',
				companyId: 'co1',
				jobTitle: 'Engineer',
				description: '',
				startDate: '2024-01-01',
				endDate: null,
			},
			lastActivityAt: '2026-01-04T00:00:00.000Z',
			lastInteractionWith: personBadge,
			lastInteractionDate: '2026-01-04T00:00:00.000Z',
		},
		isPlaced: false,
		applicationState: { state: 'for-review', viewType: 'applicationState' },
		noteCount: 1,
		commentCount: 1,
		uncompletedTaskCount: 0,
		nextInterview: interview,
	};
}

/**
 * Application a1 (applicationDetail, applicationListItem in job v1) as Simplified gives it,
 * from the Recruiting node and the trigger alike.
 */
export const SIMPLIFIED_A1 = {
	id: 'a1',
	candidateId: 'c1',
	candidateName: 'Ada Lovelace',
	email: 'ada@example.com',
	jobId: 'v1',
	jobTitle: 'Backend Engineer',
	stage: { id: 'as1', name: 'Sourced', type: 'sourcing', order: 1 },
	state: 'for-review',
	owner: 'Rita Recruiter',
	isPlaced: false,
	lastActivity: 'applicationCreated',
	lastActivityAt: '2026-01-03T00:00:00.000Z',
};

export const posting = {
	id: 'jp1',
	externalJobTitle: 'Backend Engineer (m/f/d)',
	jobDescription: '<p>Build APIs</p>',
	locationType: 'hybrid',
	employmentType: 'fullTime',
	location,
	publishedAt: '2026-01-01T00:00:00.000Z',
};

export function page(items: IDataObject[], nextCursor: string, hasNextPage: boolean): IDataObject {
	return { items, pageInfo: { nextCursor, hasNextPage } };
}
