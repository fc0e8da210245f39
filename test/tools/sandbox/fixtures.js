// @ts-check
'use strict';

/**
 * Deterministic generation of the seeded world. Each kind of record draws
 * from its own PRNG stream (deriveSeed), so e.g. asking for more candidates
 * does not change the generated vacancies.
 *
 * Candidates are generated as compact records only (id, seed, timestamps);
 * their details are derived on demand (profile.js), which keeps 100k+
 * candidates cheap to create and to hold in memory.
 */

const { Random, deriveSeed } = require('./prng');
const { SortedIndex } = require('./sorted-index');
const data = require('./data');
const vocabulary = require('./vocabulary.json');

/** @import { ApplicationRecord, CandidateRecord, Location, NoteRecord, StoreOptions, VacancyRecord } from './index' */
/** @typedef {Required<StoreOptions>} WorldOptions */
/** @typedef {ReturnType<typeof generateUsers>[number]} User */
/** @typedef {ReturnType<typeof generateClients>[number]} Client */
/** @typedef {ReturnType<typeof generateClientContacts>[number]} ClientContact */
/** @typedef {ReturnType<typeof generatePostings>[number]} Posting */
/** @typedef {{ users: User[], clients: Map<string, Client>, clientContacts: Map<string, ClientContact> }} Parties what a new job draws on */

const DAY = 86_400_000;
const YEAR = 365 * DAY;
/** The seeded team, client companies and contacts at each; the last user has left. */
const USERS = 8;
const CLIENTS = 12;
const CONTACTS_PER_CLIENT = 2;

/** @typedef {ReturnType<typeof generateWorld>} World */

/** @param {number} n */
const candidateId = (n) => `cand-${String(n).padStart(7, '0')}`;
/** @param {number} n */
const vacancyId = (n) => `vac-${String(n).padStart(4, '0')}`;
/** @param {number} n */
const applicationId = (n) => `app-${String(n).padStart(6, '0')}`;
/** @param {number} n */
const noteId = (n) => `note-${String(n).padStart(4, '0')}`;

/**
 * Add `value` to the list `map` holds under `key`.
 * @template T
 * @param {Map<string, T[]>} map
 * @param {string} key
 * @param {T} value
 */
function append(map, key, value) {
	const list = map.get(key);
	if (list) list.push(value);
	else map.set(key, [value]);
}

/**
 * ASCII slug for emails and domains ("Chloé O'Brien" -> "chloe.obrien").
 * @param {string} text
 */
function slug(text) {
	return text
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '');
}

/**
 * A complete twelve-field location in `city`.
 * @param {Random} r
 * @param {(typeof vocabulary.cities)[number]} city
 * @param {string} type
 * @returns {Location}
 */
function makeLocation(r, city, type) {
	const street1 = `${r.int(1, 250)} ${r.pick(vocabulary.streets)}`;
	return withDerivedAddress({
		type,
		street1,
		street2: r.chance(0.2) ? `Floor ${r.int(1, 12)}` : undefined,
		postalCode: city.postalCode,
		city: city.city,
		region: city.region,
		state: city.state || undefined,
		country: city.country,
		latitude: Math.round((city.lat + (r.next() - 0.5) / 50) * 1e6) / 1e6,
		longitude: Math.round((city.lng + (r.next() - 0.5) / 50) * 1e6) / 1e6,
	});
}

/**
 * Fill `rawCityCountry` and `formattedAddress` from the other fields, the way
 * the service derives them (they are not part of the job update body).
 * @param {Location} location
 * @returns {Location}
 */
function withDerivedAddress(location) {
	const cityCountry = [location.city, location.country].filter(Boolean).join(', ');
	const formatted = [
		location.street1,
		location.street2,
		[location.postalCode, location.city].filter(Boolean).join(' '),
		location.state,
		location.country,
	]
		.filter(Boolean)
		.join(', ');
	return { ...location, rawCityCountry: cityCountry, formattedAddress: formatted };
}

/**
 * @param {WorldOptions} options
 * @param {number} startMs seeded records are spread over the year before this
 */
function generateWorld(options, startMs) {
	const users = generateUsers(options, startMs);
	const clients = new Map(generateClients(options).map((c) => [c.id, c]));
	const { candidates, candidateIndex } = generateCandidates(options, startMs);
	const contacts = generateClientContacts(options, [...clients.keys()], startMs);
	const clientContacts = new Map(contacts.map((c) => [c.id, c]));
	/** @type {Map<string, ClientContact[]>} */
	const contactsByCandidate = new Map();
	for (const contact of contacts) append(contactsByCandidate, contact.candidateId, contact);
	const { vacancies, vacancyIndex } = generateVacancies(options, startMs, {
		users,
		clients,
		clientContacts,
	});
	const postings = new Map(
		generatePostings(options, vacancyIndex.items, startMs).map((p) => [p.id, p]),
	);
	const { applications, applicationsByVacancy } = generateApplications(
		options,
		startMs,
		vacancyIndex.items,
		candidates.size,
		users,
	);
	const { notes, notesByApplication } = generateNotes(options, startMs, [...applications.values()]);
	return {
		users,
		usersById: new Map(users.map((u) => [u.id, u])),
		clients,
		clientContacts,
		contactsByCandidate,
		candidates,
		candidateIndex,
		vacancies,
		vacancyIndex,
		applications,
		applicationsByVacancy,
		notes,
		notesByApplication,
		postings,
		counters: {
			candidate: options.candidates,
			vacancy: options.vacancies,
			application: applications.size,
			note: notes.size,
			interview: 0,
		},
	};
}

/**
 * @param {WorldOptions} options
 * @param {number} startMs
 */
function generateUsers(options, startMs) {
	const r = new Random(deriveSeed(options.seed, 'users'));
	const users = [];
	for (let i = 1; i <= USERS; i++) {
		const firstName = r.pick(vocabulary.firstNames);
		const lastName = r.pick(vocabulary.lastNames);
		const id = `user-${String(i).padStart(2, '0')}`;
		users.push({
			id,
			firstName,
			lastName,
			email: `${slug(firstName)}.${slug(lastName)}@${options.tenantSlug}.example.com`,
			avatarUrl: `https://avatars.example.com/users/${id}.png`,
			// The last user left the company: exercises deactivatedAt.
			deactivatedAt: i === USERS ? startMs - r.int(10, 200) * DAY : null,
		});
	}
	return users;
}

/**
 * @param {WorldOptions} options
 */
function generateClients(options) {
	const r = new Random(deriveSeed(options.seed, 'clients'));
	const clients = [];
	const used = new Set();
	for (let i = 1; i <= CLIENTS; i++) {
		let base;
		do {
			base = `${r.pick(vocabulary.companyNameParts.first)} ${r.pick(vocabulary.companyNameParts.second)}`;
		} while (used.has(base) && used.size < 200);
		used.add(base);
		const industry = r.pick(vocabulary.industries);
		const id = `client-${String(i).padStart(3, '0')}`;
		const domain = `${slug(base)}-${i}.example.com`;
		clients.push({
			id,
			name: `${base} ${r.pick(vocabulary.companyNameParts.suffix)}`,
			description: `${base} is active in ${industry.toLowerCase()}.`,
			domain,
			logoUrl: `https://logos.example.com/${id}.png`,
			industry,
			size: r.pick(vocabulary.companySizes),
		});
	}
	return clients;
}

/**
 * Compact candidate records. About 5% of candidates share their modifiedAt
 * with others (bulk imports), so ties exist in the seeded data as they do in
 * real tenants.
 * @param {WorldOptions} options
 * @param {number} startMs
 */
function generateCandidates(options, startMs) {
	const r = new Random(deriveSeed(options.seed, 'candidates'));
	const n = options.candidates;
	/** @type {CandidateRecord[]} */
	const records = new Array(n);
	for (let i = 0; i < n; i++) {
		const createdAt = startMs - YEAR + Math.floor(r.next() * (YEAR - DAY));
		// sqrt skews modifications towards the recent past, like a live tenant.
		const modifiedAt =
			createdAt + Math.floor(Math.sqrt(r.next()) * (startMs - DAY / 24 - createdAt));
		const lastActivityAt = createdAt + Math.floor(r.next() * (modifiedAt - createdAt + 1));
		records[i] = {
			id: candidateId(i + 1),
			seed: r.seed(),
			createdAt,
			modifiedAt,
			lastActivityAt,
			overrides: null,
		};
	}
	for (let i = 0; i < n; i++) {
		if (!r.chance(0.005)) continue;
		// A bulk import: a run of consecutive candidates ends up with one modifiedAt.
		const size = r.int(2, 20);
		const group = records.slice(i, i + size);
		const batchTime = Math.max(...group.map((c) => c.modifiedAt));
		for (const c of group) c.modifiedAt = batchTime;
		i += size;
	}
	const candidates = new Map(records.map((c) => [c.id, c]));
	return { candidates, candidateIndex: new SortedIndex(records) };
}

/**
 * A few candidates (the first ones) also act as contacts at client companies.
 * @param {WorldOptions} options
 * @param {string[]} clientIds
 * @param {number} startMs
 */
function generateClientContacts(options, clientIds, startMs) {
	const r = new Random(deriveSeed(options.seed, 'client-contacts'));
	const contacts = [];
	let n = 0;
	for (const companyId of clientIds) {
		for (let k = 0; k < CONTACTS_PER_CLIENT && n < options.candidates; k++) {
			n++;
			const active = r.chance(0.85);
			const startDate = startMs - r.int(200, 3000) * DAY;
			contacts.push({
				id: `cc-${String(n).padStart(4, '0')}`,
				candidateId: candidateId(n),
				companyId,
				role: r.pick(vocabulary.contactRoles),
				department: r.pick(vocabulary.departments),
				startDate,
				endDate: active ? null : startDate + r.int(100, 900) * DAY,
				active,
				stageId: r.pick(data.VACANCY_STAGES).id,
			});
		}
	}
	return contacts;
}

/**
 * @param {WorldOptions} options
 * @param {number} startMs
 * @param {Parties} parties
 */
function generateVacancies(options, startMs, parties) {
	const r = new Random(deriveSeed(options.seed, 'vacancies'));
	/** @type {VacancyRecord[]} */
	const records = [];
	for (let i = 1; i <= options.vacancies; i++) {
		const createdAt = startMs - YEAR + Math.floor(r.next() * (YEAR - 2 * DAY));
		const modifiedAt = createdAt + Math.floor(Math.sqrt(r.next()) * (startMs - DAY - createdAt));
		records.push(makeVacancy(r, vacancyId(i), createdAt, modifiedAt, parties));
	}
	return {
		vacancies: new Map(records.map((v) => [v.id, v])),
		vacancyIndex: new SortedIndex(records),
	};
}

/**
 * One plausible job. Also used for jobs created through the control API.
 * @param {Random} r
 * @param {string} id
 * @param {number} createdAt
 * @param {number} modifiedAt
 * @param {Parties} parties
 * @returns {VacancyRecord}
 */
function makeVacancy(r, id, createdAt, modifiedAt, parties) {
	const client = r.pick([...parties.clients.values()]);
	const activeUsers = parties.users.filter((u) => u.deactivatedAt === null);
	const city = r.pick(vocabulary.cities);
	const title = r.pick(vocabulary.jobTitles);
	// Mostly open stages: a real tenant has more live jobs than closed ones.
	const stage = r.chance(0.8)
		? r.pick(data.VACANCY_STAGES.filter((s) => s.isOpen))
		: r.pick(data.VACANCY_STAGES);
	const base = r.int(3, 12) * 10_000;
	const contacts = [...parties.clientContacts.values()].filter((c) => c.companyId === client.id);
	const startAt = r.chance(0.7) ? createdAt + r.int(20, 120) * DAY : null;
	return {
		id,
		clientId: client.id,
		name: title,
		description: `<p>${client.name} is looking for a ${title} in ${city.city}.</p><ul><li>Competitive salary</li><li>${r.int(25, 30)} holidays</li></ul>`,
		stageId: stage.id,
		createdAt,
		modifiedAt,
		startAt,
		endAt: startAt !== null && r.chance(0.3) ? startAt + r.int(90, 365) * DAY : null,
		salaryRange: r.chance(0.85)
			? { currency: city.currency, min: base, max: base + r.int(1, 4) * 10_000 }
			: null,
		location: makeLocation(r, city, 'primary_work'),
		teamUserIds: r.sample(activeUsers, r.int(1, 3)).map((u) => u.id),
		clientTeamContactIds: r.sample(contacts, r.int(0, 2)).map((c) => c.id),
		employmentType: r.chance(0.9) ? r.pick(data.EMPLOYMENT_TYPES) : null,
		locationType: r.chance(0.9) ? r.pick(data.LOCATION_TYPES) : null,
		scorecard: r.chance(0.6)
			? [
					{
						group_name: 'Skills',
						attributes: [{ attribute: 'Technical depth' }, { attribute: 'Problem solving' }],
					},
					{ group_name: 'Culture', attributes: [{ attribute: 'Collaboration' }] },
				].slice(0, r.int(1, 2))
			: [],
		nextTaskDue: r.chance(0.5)
			? {
					id: `task-${id}`,
					content: r.pick(vocabulary.jobTasks),
					dueDate: modifiedAt + r.int(1, 30) * DAY,
				}
			: null,
		customAttributes: r.chance(0.3)
			? [
					{
						attributeDefinitionId: 'attrdef-banner',
						label: 'Job banner',
						description: 'Image shown on the career page',
						filledByAI: false,
						options: [],
						value: {
							viewType: 'customImage',
							imageUrl: `https://images.example.com/banners/${id}.jpg`,
						},
					},
				]
			: [],
		clientPortalId: `portal-${client.id}`,
		lastRankedAt: r.chance(0.5) ? modifiedAt - r.int(1, 30) * DAY : null,
		dealValue: r.chance(0.6) ? { currency: city.currency, amount: r.int(5, 40) * 1000 } : null,
	};
}

/**
 * Open jobs are usually published on the public portal.
 * @param {WorldOptions} options
 * @param {VacancyRecord[]} vacancies
 * @param {number} startMs
 */
function generatePostings(options, vacancies, startMs) {
	const r = new Random(deriveSeed(options.seed, 'postings'));
	const openStageIds = new Set(data.VACANCY_STAGES.filter((s) => s.isOpen).map((s) => s.id));
	const byId = [...vacancies].sort((a, b) => (a.id < b.id ? -1 : 1));
	let chosen = byId.filter((v) => openStageIds.has(v.stageId) && r.chance(0.75));
	// Keep the portal non-empty whenever there is any job at all.
	if (chosen.length === 0 && byId.length > 0) chosen = [byId[0]];
	return chosen.map((v, index) => ({
		id: `posting-${String(index + 1).padStart(4, '0')}`,
		vacancyId: v.id,
		publishedAt: Math.min(v.createdAt + r.int(0, 10) * DAY, startMs - DAY),
	}));
}

/**
 * @param {WorldOptions} options
 * @param {number} startMs
 * @param {VacancyRecord[]} vacancies
 * @param {number} candidateCount
 * @param {User[]} users
 */
function generateApplications(options, startMs, vacancies, candidateCount, users) {
	const r = new Random(deriveSeed(options.seed, 'applications'));
	const standardStages = data.APPLICATION_STAGES.filter(
		(s) => s.templateType === 'DEFAULT_STANDARD',
	);
	const activeUsers = users.filter((u) => u.deactivatedAt === null);
	/** @type {Map<string, ApplicationRecord>} */
	const applications = new Map();
	/** @type {Map<string, string[]>} */
	const applicationsByVacancy = new Map();
	const byId = [...vacancies].sort((a, b) => (a.id < b.id ? -1 : 1));
	let n = 0;
	for (const vacancy of byId) {
		const ids = [];
		const count = Math.min(options.applicationsPerVacancy, candidateCount);
		const picked = new Set();
		while (picked.size < count) picked.add(r.int(1, candidateCount));
		for (const candidateNumber of picked) {
			n++;
			const stage = r.pick(standardStages);
			const status = r.pick(stage.statuses);
			const createdAt =
				vacancy.createdAt + Math.floor(r.next() * (startMs - DAY - vacancy.createdAt));
			const modifiedAt = createdAt + Math.floor(r.next() * (startMs - createdAt));
			let state = r.pick(['for-review', 'in-progress']);
			if (stage.type === 'result') state = r.chance(0.5) ? 'placed' : 'rejected';
			else if (r.chance(0.1)) state = 'rejected';
			const owner = r.pick(
				vacancy.teamUserIds.length ? vacancy.teamUserIds : activeUsers.map((u) => u.id),
			);
			const id = applicationId(n);
			applications.set(id, {
				id,
				seed: r.seed(),
				vacancyId: vacancy.id,
				candidateId: candidateId(candidateNumber),
				stageId: stage.id,
				statusId: status.id,
				ownerUserId: owner,
				createdByUserId: r.pick(activeUsers).id,
				teamUserIds: vacancy.teamUserIds.slice(
					0,
					r.int(1, Math.max(1, vacancy.teamUserIds.length)),
				),
				clientId: vacancy.clientId,
				clientTeamContactIds: vacancy.clientTeamContactIds.slice(),
				state,
				createdAt,
				modifiedAt,
				channelId: null,
				position: null,
			});
			ids.push(id);
		}
		applicationsByVacancy.set(vacancy.id, ids);
	}
	return { applications, applicationsByVacancy };
}

/**
 * Notes hang off applications; their ids (note-0001...) are stable per seed
 * so tests can PUT /notes/{id} without looking anything up.
 * @param {WorldOptions} options
 * @param {number} startMs
 * @param {ApplicationRecord[]} applications
 */
function generateNotes(options, startMs, applications) {
	const r = new Random(deriveSeed(options.seed, 'notes'));
	/** @type {Map<string, NoteRecord>} */
	const notes = new Map();
	/** @type {Map<string, string[]>} */
	const notesByApplication = new Map();
	if (applications.length === 0) return { notes, notesByApplication };
	for (let i = 1; i <= options.notes; i++) {
		const application = applications[(i - 1) % applications.length];
		const createdAt =
			application.createdAt + Math.floor(r.next() * (startMs - application.createdAt));
		const id = noteId(i);
		const title = r.chance(0.8) ? r.pick(vocabulary.noteTitles) : null;
		notes.set(id, {
			id,
			applicationId: application.id,
			content: `<p>${r.pick(vocabulary.noteContents)}</p>`,
			title,
			pinned: r.chance(0.2),
			source: r.chance(0.7) ? r.pick(data.NOTE_SOURCES) : null,
			labelIds: r.chance(0.3) ? ['label-important'] : [],
			createdAt,
			modifiedAt: createdAt + Math.floor(r.next() * (startMs - createdAt)),
		});
		append(notesByApplication, application.id, id);
	}
	return { notes, notesByApplication };
}

module.exports = {
	generateWorld,
	append,
	withDerivedAddress,
	makeLocation,
	makeVacancy,
	slug,
	candidateId,
	vacancyId,
	applicationId,
	DAY,
};
