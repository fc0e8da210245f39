// @ts-check
'use strict';

/**
 * Wire views: turns internal records into the spec's JSON shapes.
 *
 * Conventions where the spec is silent (documented in README.md):
 * - A wrapped field whose value is absent keeps its wrapper with a null inner
 *   value (`{ viewType: 'vacancyStartAt', startAt: null }`), so the shape of
 *   every item is constant.
 * - Absent strings inside objects are null (never omitted); absent lists are [].
 * - Wrapped timestamps use the field name as inner key.
 */

const data = require('./data');
const { candidateProfile, applicationExtras } = require('./profile');
const { slug } = require('./fixtures');

/** @import { Client, ClientContact, Posting, User, World } from './fixtures' */
/** @import { CandidateProfile, ApplicationExtras } from './profile' */
/** @import { ApplicationRecord, CandidateRecord, Location, VacancyRecord } from './index' */
/** @typedef {Record<string, unknown>} Json */

/**
 * @param {number | null | undefined} ms
 * @returns {string | null}
 */
const iso = (ms) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

/**
 * @param {string} viewType
 * @param {string} key
 * @param {unknown} value
 */
const wrap = (viewType, key, value) => ({ viewType, [key]: value });

/**
 * The spec's usual wrapper of a field: its viewType is the prefix and the field's name,
 * its inner key the field's name (or `inner`).
 * @param {string} prefix
 */
const wrapperOf =
	(prefix) =>
	(/** @type {string} */ key, /** @type {unknown} */ value, inner = key) =>
		wrap(`${prefix}${key[0].toUpperCase()}${key.slice(1)}`, inner, value);

const LOCATION_FIELDS = /** @type {const} */ ([
	'type',
	'street1',
	'street2',
	'postalCode',
	'city',
	'region',
	'state',
	'country',
	'rawCityCountry',
	'latitude',
	'longitude',
	'formattedAddress',
]);

/** @param {Location | null | undefined} loc */
function location(loc) {
	/** @type {Json} */
	const out = {};
	for (const field of LOCATION_FIELDS) out[field] = loc?.[field] ?? null;
	return out;
}

/** @param {User} user */
function userBadge(user) {
	return {
		userId: user.id,
		name: `${user.firstName} ${user.lastName}`,
		email: user.email,
		avatarUrl: user.avatarUrl,
		deactivatedAt: iso(user.deactivatedAt),
	};
}

/** @param {User} user */
function personBadge(user) {
	return {
		id: user.id,
		name: `${user.firstName} ${user.lastName}`,
		avatarUrl: user.avatarUrl,
		deactivatedAt: iso(user.deactivatedAt),
	};
}

/**
 * @param {World} world
 * @param {string | null} userId
 * @param {(user: User) => Json} view
 */
function userView(world, userId, view) {
	const user = userId === null ? undefined : world.usersById.get(userId);
	return user ? view(user) : null;
}

/** @param {Client} client the record is the spec's Client */
const clientView = (client) => ({ ...client });

/** @param {Client | undefined} client */
const companyBadge = (client) =>
	client ? { id: client.id, name: client.name, logoUrl: client.logoUrl } : null;

/**
 * The spec's "Client contact" (clientTeam item).
 * @param {World} world
 * @param {ClientContact} contact
 */
function clientContactView(world, contact) {
	const candidate = world.candidates.get(contact.candidateId);
	const profile = candidate ? candidateProfile(world, candidate) : null;
	const company = world.clients.get(contact.companyId);
	return {
		id: contact.id,
		firstName: profile?.firstName ?? null,
		lastName: profile?.lastName ?? null,
		middleName: profile?.middleName ?? null,
		secondLastName: profile?.secondLastName ?? null,
		avatarUrl: profile?.avatarUrl ?? null,
		candidateId: contact.candidateId,
		companyId: contact.companyId,
		companyName: company?.name ?? null,
		companyLogoUrl: company?.logoUrl ?? null,
	};
}

/**
 * @param {World} world
 * @param {string[]} contactIds
 * @param {string} viewType
 */
function clientTeam(world, contactIds, viewType) {
	const contacts = contactIds
		.map((id) => world.clientContacts.get(id))
		.filter((c) => c !== undefined);
	return wrap(
		viewType,
		'clientTeam',
		contacts.map((c) => clientContactView(world, c)),
	);
}

/**
 * @param {string} stageId
 * @param {boolean} withIsOpen the job detail variant adds `isOpen`
 */
function vacancyStage(stageId, withIsOpen) {
	const stage = data.VACANCY_STAGES.find((s) => s.id === stageId) ?? data.VACANCY_STAGES[0];
	/** @type {Json} */
	const out = { id: stage.id, order: stage.order, name: stage.name, colorHex: stage.colorHex };
	if (withIsOpen) out.isOpen = stage.isOpen;
	return out;
}

/**
 * Vacancy list item. modifiedAt is deliberately not rendered: the list item
 * has no such field; only the pagination cursor reveals it.
 * @param {World} world
 * @param {VacancyRecord} v
 * @param {boolean} [detail]
 */
function vacancyListItem(world, v, detail = false) {
	const client = world.clients.get(v.clientId);
	const w = wrapperOf('vacancy');
	const salary = v.salaryRange;
	const task = v.nextTaskDue;
	return {
		id: v.id,
		client: w('client', client ? clientView(client) : null),
		name: w('name', v.name),
		description: w('description', v.description),
		stage: w('stage', vacancyStage(v.stageId, detail)),
		createdAt: w('createdAt', iso(v.createdAt)),
		startAt: w('startAt', iso(v.startAt)),
		endAt: w('endAt', iso(v.endAt)),
		salaryRange: w(
			'salaryRange',
			salary
				? { currency: salary.currency ?? null, min: salary.min ?? null, max: salary.max ?? null }
				: null,
		),
		location: w('location', location(v.location)),
		team: w('team', v.teamUserIds.map((id) => userView(world, id, userBadge)).filter(Boolean)),
		employmentType: { employmentType: v.employmentType, viewType: 'vacancyEmploymentType' },
		locationType: { locationType: v.locationType, viewType: 'vacancyLocationType' },
		clientTeam: clientTeam(world, v.clientTeamContactIds, 'vacancyClientTeam'),
		scorecard: w(
			'scorecard',
			v.scorecard.map((g) => ({
				group_name: g.group_name,
				attributes: g.attributes.map((a) => ({ attribute: a.attribute })),
			})),
			'scorecards',
		),
		nextTaskDue: w(
			'nextTaskDue',
			task ? { id: task.id, content: task.content, dueDate: iso(task.dueDate) } : null,
		),
	};
}

/**
 * Vacancy detail (inside GET /applications/vacancy/{id}).
 * @param {World} world
 * @param {VacancyRecord} v
 */
function vacancyDetail(world, v) {
	const applicationIds = world.applicationsByVacancy.get(v.id) ?? [];
	/** @type {Map<string, number>} */
	const perStage = new Map();
	for (const id of applicationIds) {
		const app = world.applications.get(id);
		if (app) perStage.set(app.stageId, (perStage.get(app.stageId) ?? 0) + 1);
	}
	const totals = data.APPLICATION_STAGES.filter((s) => s.templateType === 'DEFAULT_STANDARD').map(
		(s) => ({
			type: s.type,
			id: s.id,
			name: s.name,
			order: s.order,
			total: perStage.get(s.id) ?? 0,
		}),
	);
	return {
		...vacancyListItem(world, v, true),
		stageTotals: { viewType: 'vacancyStageTotals', totals },
		customAttributes: v.customAttributes.map((a) => ({
			...a,
			options: a.options.slice(),
			value: { ...a.value },
		})),
		clientPortalId: v.clientPortalId,
		lastRankedAt: iso(v.lastRankedAt),
		dealValue: wrap('vacancyDealValue', 'dealValue', v.dealValue ? { ...v.dealValue } : null),
	};
}

/**
 * @param {World} world
 * @param {CandidateRecord} rec
 * @param {boolean} detail
 */
function candidateView(world, rec, detail) {
	const p = candidateProfile(world, rec);
	const w = wrapperOf('candidate');
	/** @param {string | null} id */
	const user = (id) => userView(world, id, userBadge);
	/** @type {Json} */
	const out = {
		id: rec.id,
		name: {
			viewType: 'candidateName',
			avatarUrl: p.avatarUrl,
			firstName: p.firstName,
			lastName: p.lastName,
		},
		gender: w('gender', p.gender),
		nationality: w('nationality', p.nationality),
		status: w('status', p.status),
		emails: w('emails', p.emails),
		phoneNumbers: w('phoneNumbers', p.phoneNumbers),
		locations: wrap('candidateLocation', 'locations', p.locations.map(location)),
		dateOfBirth: w('dateOfBirth', iso(p.dateOfBirth)),
		socialMedia: w('socialMedia', p.socialMedia),
		lastInteractionDate: w('lastInteractionDate', iso(p.lastInteractionDate)),
		lastInteractionWith: w('lastInteractionWith', user(p.lastInteractionWithUserId), 'user'),
		nextInteractionDate: w('nextInteractionDate', iso(p.nextInteractionDate)),
		nextInteractionWith: w('nextInteractionWith', user(p.nextInteractionWithUserId), 'user'),
		mainContact: w('mainContact', user(p.mainContactUserId), 'user'),
		languages: w('languages', p.languages),
		compensation: w('compensation', p.compensation),
		currentPlacements: {
			viewType: 'candidateCurrentPlacements',
			hasCurrentPlacement: p.placements.length > 0,
			placements: p.placements.map((pl) => ({
				id: pl.id,
				company: companyBadge(world.clients.get(pl.companyId)),
				startDate: iso(pl.startDate),
				endDate: iso(pl.endDate),
			})),
		},
		nextTaskDue: w(
			'nextTaskDue',
			p.nextTaskDue ? { ...p.nextTaskDue, dueDate: iso(p.nextTaskDue.dueDate) } : null,
		),
		createdAt: iso(rec.createdAt),
		modifiedAt: iso(rec.modifiedAt),
		lastActivityDate: iso(rec.lastActivityAt),
		acquisitionSource: w('acquisitionSource', p.acquisitionSource),
		lastNetworkDiffAt: iso(p.lastNetworkDiffAt),
		isDiffingNetwork: p.isDiffingNetwork,
		customAttributes: p.customAttributes,
		aiSummary: p.aiSummary,
	};
	if (detail) Object.assign(out, candidateDetailExtras(world, rec, p));
	return out;
}

/**
 * @param {World} world
 * @param {CandidateRecord} rec
 * @param {CandidateProfile} p
 */
function candidateDetailExtras(world, rec, p) {
	const contacts = world.contactsByCandidate.get(rec.id) ?? [];
	return {
		clientContacts: wrap(
			'candidateClientContacts',
			'clientContacts',
			contacts.map((c) => {
				const company = world.clients.get(c.companyId);
				return {
					id: c.id,
					company: companyBadge(company),
					role: c.role,
					department: c.department,
					startDate: iso(c.startDate),
					endDate: iso(c.endDate),
					active: c.active,
					emailAddresses: [{ purpose: 'work', email: contactEmail(p, company), isPrimary: true }],
					phoneNumbers: p.phoneNumbers.filter((ph) => ph.purpose === 'work'),
					stage: vacancyStage(c.stageId, false),
					customAttributes: [],
				};
			}),
		),
		// Client contacts are visible to the recruiting team unless archived.
		isVisibleIfClientContact: true,
		hasClientContacts: contacts.length > 0,
		hasActiveClientContacts: contacts.some((c) => c.active),
	};
}

/**
 * Work email of a candidate at a client company.
 * @param {CandidateProfile} p
 * @param {Client | undefined} company
 */
function contactEmail(p, company) {
	return `${slug(p.firstName)}.${slug(p.lastName)}@${company?.domain ?? 'client.example.com'}`;
}

/**
 * Contact identifiers: the candidate's own plus those of any linked client contacts.
 * @param {World} world
 * @param {CandidateRecord} rec
 */
function contactIdentifiers(world, rec) {
	const p = candidateProfile(world, rec);
	const contacts = world.contactsByCandidate.get(rec.id) ?? [];
	const emails = p.emails.slice();
	for (const c of contacts)
		emails.push({
			purpose: 'work',
			email: contactEmail(p, world.clients.get(c.companyId)),
			isPrimary: false,
		});
	return { emails, phoneNumbers: p.phoneNumbers.slice(), networkUrl: p.networkUrl };
}

/**
 * @param {ApplicationRecord} app
 */
function applicationStage(app) {
	const stage =
		data.APPLICATION_STAGES.find((s) => s.id === app.stageId) ?? data.APPLICATION_STAGES[1];
	const status = stage.statuses.find((s) => s.id === app.statusId) ?? null;
	return {
		type: stage.type,
		templateType: stage.templateType,
		viewType: 'applicationStage',
		id: stage.id,
		name: stage.name,
		order: stage.order,
		status: status ? { ...status } : null,
		colorHex: stage.colorHex,
		templateId: stage.templateId,
	};
}

/**
 * @param {World} world
 * @param {ApplicationExtras} extras
 */
function latestActivity(world, extras) {
	const user = world.usersById.get(extras.latestActivity.userId);
	return {
		type: extras.latestActivity.type,
		isInbound: extras.latestActivity.isInbound,
		date: iso(extras.latestActivity.date),
		triggeredByUserId: user?.id ?? null,
		triggeredByUserName: user ? `${user.firstName} ${user.lastName}` : null,
		triggeredByUserAvatarUrl: user?.avatarUrl ?? null,
	};
}

/** @param {ApplicationRecord} app */
const applicationType = (app) =>
	app.vacancyId === null || app.stageId === 'astage-speculative'
		? 'speculativeApplication'
		: 'standardApplication';

/**
 * @param {World} world
 * @param {ApplicationRecord} app
 */
function applicationDetail(world, app) {
	const extras = applicationExtras(world, app);
	const candidateRec = world.candidates.get(app.candidateId);
	const p = candidateRec ? candidateProfile(world, candidateRec) : null;
	const vacancy = app.vacancyId ? world.vacancies.get(app.vacancyId) : undefined;
	const client = world.clients.get(app.clientId ?? vacancy?.clientId ?? '');
	const noteIds = world.notesByApplication.get(app.id) ?? [];
	return {
		id: app.id,
		candidateApplicationType: applicationType(app),
		latestActivity: latestActivity(world, extras),
		comments: extras.comments.map((c) => ({
			id: c.id,
			content: c.content,
			canEdit: c.canEdit,
			createdBy: userView(world, c.createdByUserId, personBadge),
			createdAt: iso(c.createdAt),
			modifiedAt: iso(c.modifiedAt),
		})),
		interviews: extras.interviews.map(interviewView),
		candidate: {
			lastInteractionWith: p ? userView(world, p.lastInteractionWithUserId, personBadge) : null,
			lastInteractionDate: iso(p?.lastInteractionDate),
			emails: p ? p.emails : [],
			id: app.candidateId,
			firstName: p?.firstName ?? null,
			lastName: p?.lastName ?? null,
			middleName: p?.middleName ?? null,
			secondLastName: p?.secondLastName ?? null,
			avatarUrl: p?.avatarUrl ?? null,
		},
		rejection: extras.rejection
			? {
					id: extras.rejection.id,
					applicationId: app.id,
					createdAt: iso(extras.rejection.createdAt),
					modifiedAt: iso(extras.rejection.createdAt),
					reason: extras.rejection.reason,
					createdBy: userView(world, extras.rejection.createdByUserId, personBadge),
				}
			: null,
		internalTeam: wrap(
			'applicationInternalTeam',
			'internalTeam',
			app.teamUserIds.map((id) => userView(world, id, personBadge)).filter(Boolean),
		),
		notes: wrap(
			'applicationNotes',
			'notes',
			noteIds
				.map((id) => world.notes.get(id))
				.filter((n) => n !== undefined)
				.map((n) => ({ noteId: n.id, title: n.title, createdAt: iso(n.createdAt) })),
		),
		stage: applicationStage(app),
		owner: wrap('applicationOwner', 'owner', userView(world, app.ownerUserId, personBadge)),
		applicationState: { state: app.state, viewType: 'applicationState' },
		placements: extras.placements.map((pl) => ({
			id: pl.id,
			placedByUserBadge: userView(world, pl.placedByUserId, personBadge),
			placedAt: iso(pl.placedAt),
			startDate: iso(pl.startDate),
			endDate: iso(pl.endDate),
			fee: { ...pl.fee },
		})),
		commentCount: extras.comments.length,
		client: wrap('applicationClient', 'client', client ? clientView(client) : null),
		clientTeam: clientTeam(world, app.clientTeamContactIds, 'applicationClientTeam'),
		vacancy: vacancy
			? {
					viewType: 'applicationVacancy',
					id: vacancy.id,
					title: vacancy.name,
					description: vacancy.description,
					location: location(vacancy.location),
					client: world.clients.has(vacancy.clientId)
						? clientView(/** @type {Client} */ (world.clients.get(vacancy.clientId)))
						: null,
					stage: vacancyStage(vacancy.stageId, true),
				}
			: null,
	};
}

/** @param {{ id: string, title: string, meetingId: string, startTime: number, endTime: number }} i */
function interviewView(i) {
	return {
		id: i.id,
		title: i.title,
		meetingId: i.meetingId,
		startTime: iso(i.startTime),
		endTime: iso(i.endTime),
	};
}

/**
 * Application list item (inside GET /applications/vacancy/{id}).
 * @param {World} world
 * @param {ApplicationRecord} app
 */
function applicationListItem(world, app) {
	const extras = applicationExtras(world, app);
	const candidateRec = world.candidates.get(app.candidateId);
	const p = candidateRec ? candidateProfile(world, candidateRec) : null;
	const work = p?.lastWorkExperience;
	return {
		latestActivity: latestActivity(world, extras),
		id: app.id,
		stage: applicationStage(app),
		owner: wrap('applicationOwner', 'owner', userView(world, app.ownerUserId, personBadge)),
		candidate: {
			viewType: 'applicationCandidate',
			id: app.candidateId,
			firstName: p?.firstName ?? null,
			lastName: p?.lastName ?? null,
			avatarUrl: p?.avatarUrl ?? null,
			emails: p ? p.emails.map((e) => e.email) : [],
			lastWorkExperience: work
				? { ...work, startDate: iso(work.startDate), endDate: iso(work.endDate) }
				: null,
			lastActivityAt: iso(candidateRec?.lastActivityAt),
			lastInteractionWith: p ? userView(world, p.lastInteractionWithUserId, personBadge) : null,
			lastInteractionDate: iso(p?.lastInteractionDate),
		},
		isPlaced: app.state === 'placed',
		applicationState: { state: app.state, viewType: 'applicationState' },
		noteCount: (world.notesByApplication.get(app.id) ?? []).length,
		commentCount: extras.comments.length,
		uncompletedTaskCount: extras.uncompletedTaskCount,
		nextInterview: extras.interviews.length ? interviewView(extras.interviews[0]) : null,
	};
}

/**
 * Public job board posting; reflects the job's current data.
 * @param {World} world
 * @param {Posting} posting
 */
function postingView(world, posting) {
	const v = world.vacancies.get(posting.vacancyId);
	return {
		id: posting.id,
		externalJobTitle: v?.name ?? null,
		jobDescription: v?.description ?? null,
		locationType: v?.locationType ?? null,
		employmentType: v?.employmentType ?? null,
		location: location(v?.location),
		publishedAt: iso(posting.publishedAt),
	};
}

module.exports = {
	iso,
	vacancyListItem,
	vacancyDetail,
	candidateView,
	contactIdentifiers,
	applicationDetail,
	applicationListItem,
	postingView,
};
