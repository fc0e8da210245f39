// @ts-check
'use strict';

/**
 * Details derived deterministically from a record's seed. Only what the
 * sandbox can change (names, email, phone, location... in `overrides`) is
 * stored; the rest is re-derived on every render, which is cheap for one
 * page of items and keeps 100k candidates small in memory.
 *
 * Draw order matters: every draw happens unconditionally so a record's data
 * never depends on which overrides it has.
 */

const { Random } = require('./prng');
const data = require('./data');
const vocabulary = require('./vocabulary.json');
const { makeLocation, slug, DAY } = require('./fixtures');

/** @import { World } from './fixtures' */
/** @import { ApplicationRecord, CandidateRecord } from './index' */
/** @typedef {ReturnType<typeof candidateProfile>} CandidateProfile */
/** @typedef {ReturnType<typeof applicationExtras>} ApplicationExtras */

/** @param {string} id */
const numberOf = (id) => Number(id.replace(/\D+/g, '')) || 0;

/**
 * @param {World} world
 * @param {CandidateRecord} rec
 */
function candidateProfile(world, rec) {
	const r = new Random(rec.seed);
	const n = numberOf(rec.id);
	const city = r.pick(vocabulary.cities);
	const generatedFirst = r.pick(vocabulary.firstNames);
	const generatedLast = r.pick(vocabulary.lastNames);
	const middleName = r.chance(0.1) ? r.pick(vocabulary.firstNames) : null;
	const secondLastName = ['ES', 'MX', 'BR'].includes(city.countryCode)
		? r.pick(vocabulary.lastNames)
		: null;
	const gender = r.pick(data.GENDERS);
	const o = rec.overrides ?? {};
	const firstName = o.firstName ?? generatedFirst;
	const lastName = o.lastName ?? generatedLast;
	const handle = `${slug(firstName)}.${slug(lastName)}`;

	const emailDomain = r.pick(vocabulary.emailDomains);
	const hasWorkEmail = r.chance(0.4);
	const emails = [
		{ purpose: 'personal', email: o.email ?? `${handle}${n}@${emailDomain}`, isPrimary: true },
	];
	if (hasWorkEmail)
		emails.push({ purpose: 'work', email: `${handle}@work.example.com`, isPrimary: false });

	const phone = `${city.phone} ${r.int(100, 999)} ${r.int(1000, 9999)}`;
	const hasMobileWork = r.chance(0.2);
	const phoneNumbers = [
		{ purpose: 'personal', phoneNumber: o.phoneNumber ?? phone, isPrimary: true },
	];
	if (hasMobileWork)
		phoneNumbers.push({
			purpose: 'work',
			phoneNumber: `${city.phone} ${r.int(100, 999)} ${r.int(1000, 9999)}`,
			isPrimary: false,
		});

	const home = makeLocation(r, city, 'primary_home');
	const locations = [o.location ?? home];

	const ageYears = r.int(21, 64);
	const dateOfBirth = r.chance(0.8)
		? Date.UTC(new Date(rec.createdAt).getUTCFullYear() - ageYears, r.int(0, 11), r.int(1, 28))
		: null;

	const hasNetwork = r.chance(0.7);
	const generatedNetworkUrl = hasNetwork
		? `https://network.example.com/in/${slug(generatedFirst)}-${slug(generatedLast)}-${n}`
		: null;
	const networkUrl = o.networkUrl !== undefined ? o.networkUrl : generatedNetworkUrl;
	const hasWebsite = r.chance(0.15);
	/** @type {{ url: string, type: string, isPrimary: boolean }[]} */
	const socialMedia = [];
	if (networkUrl) socialMedia.push({ url: networkUrl, type: 'NETWORK', isPrimary: true });
	if (hasWebsite)
		socialMedia.push({
			url: `https://${slug(generatedFirst)}${n}.example.dev`,
			type: 'WEBSITE',
			isPrimary: socialMedia.length === 0,
		});

	const users = world.users;
	const interacted = r.chance(0.7);
	const lastInteractionDate = interacted
		? rec.createdAt + Math.floor(r.next() * (rec.lastActivityAt - rec.createdAt + 1))
		: null;
	const lastInteractionWithUserId = r.pick(users).id;
	const plansNext = r.chance(0.3);
	const nextInteractionDate = plansNext ? rec.modifiedAt + r.int(1, 45) * DAY : null;
	const nextInteractionWithUserId = r.pick(users).id;
	const mainContactUserId = r.chance(0.8) ? r.pick(users).id : null;

	const language = r.pick(vocabulary.languages);
	const languages = [{ language: 'English', id: 'lang-en', fluency: r.pick(vocabulary.fluencies) }];
	if (language.id !== 'lang-en')
		languages.push({
			language: language.language,
			id: language.id,
			fluency: 'Native or bilingual proficiency',
		});

	const base = r.int(30, 150) * 1000;
	const compensation = r.chance(0.7)
		? {
				currency: city.currency,
				id: `comp-${n}`,
				baseCompensation: base,
				totalCompensation: base + r.int(0, 30) * 1000,
			}
		: null;

	const clients = [...world.clients.values()];
	const placedClient = r.pick(clients);
	const isPlaced = r.chance(0.1);
	const placementStart = rec.createdAt + r.int(10, 200) * DAY;
	const placements = isPlaced
		? [{ id: `plc-c${n}`, companyId: placedClient.id, startDate: placementStart, endDate: null }]
		: [];

	const hasTask = r.chance(0.2);
	const nextTaskDue = hasTask
		? {
				id: `task-c${n}`,
				content: r.pick(vocabulary.candidateTasks),
				dueDate: rec.modifiedAt + r.int(1, 14) * DAY,
			}
		: null;

	const acquisitionSource = o.acquisitionSource ?? r.pick(data.ACQUISITION_SOURCES);
	const lastNetworkDiffAt =
		networkUrl && r.chance(0.5) ? rec.modifiedAt - r.int(0, 60) * DAY : null;
	const isDiffingNetwork = r.chance(0.02);
	const hasPhoto = r.chance(0.2);
	const customAttributes = hasPhoto
		? [
				{
					attributeDefinitionId: 'attrdef-photo',
					label: 'Profile photo',
					description: 'Photo provided by the candidate',
					filledByAI: false,
					options: [],
					value: {
						viewType: 'customImage',
						imageUrl: `https://images.example.com/candidates/${rec.id}.jpg`,
					},
				},
			]
		: [];

	const jobTitle = r.pick(vocabulary.jobTitles);
	const years = r.int(1, 20);
	const workAtClient = r.chance(0.3);
	const workClient = r.pick(clients);
	const externalCompany = `${r.pick(vocabulary.companyNameParts.first)} ${r.pick(vocabulary.companyNameParts.second)}`;
	const workStart = rec.createdAt - r.int(100, 2000) * DAY;
	const stillThere = r.chance(0.6);
	const externalSize = r.pick(vocabulary.companySizes);
	const lastWorkExperience = {
		companySize: workAtClient ? workClient.size : externalSize,
		id: `work-${n}`,
		companyName: workAtClient ? workClient.name : externalCompany,
		companyId: workAtClient ? workClient.id : `company-ext-${n}`,
		jobTitle,
		description: `${jobTitle} responsible for a team of ${r.int(1, 12)}.`,
		startDate: workStart,
		endDate: stillThere ? null : workStart + r.int(100, 900) * DAY,
	};
	const aiSummary = `${firstName} is a ${jobTitle} based in ${city.city} with ${years} years of experience.`;

	return {
		firstName,
		lastName,
		middleName,
		secondLastName,
		avatarUrl: `https://avatars.example.com/candidates/${rec.id}.jpg`,
		gender,
		nationality: [city.nationality],
		status: [r.pick(data.CANDIDATE_STATUSES)],
		emails,
		phoneNumbers,
		locations,
		dateOfBirth,
		socialMedia,
		networkUrl,
		lastInteractionDate,
		lastInteractionWithUserId: interacted ? lastInteractionWithUserId : null,
		nextInteractionDate,
		nextInteractionWithUserId: plansNext ? nextInteractionWithUserId : null,
		mainContactUserId,
		languages,
		compensation,
		placements,
		nextTaskDue,
		acquisitionSource,
		lastNetworkDiffAt,
		isDiffingNetwork,
		customAttributes,
		aiSummary,
		lastWorkExperience,
	};
}

/**
 * @param {World} world
 * @param {ApplicationRecord} app
 */
function applicationExtras(world, app) {
	const r = new Random(app.seed);
	const n = numberOf(app.id);
	const span = Math.max(1, app.modifiedAt - app.createdAt);
	const activeUsers = world.users.filter((u) => u.deactivatedAt === null);
	const commentCount = r.int(0, 2);
	const comments = [];
	for (let i = 0; i < commentCount; i++) {
		const createdAt = app.createdAt + Math.floor(r.next() * span);
		comments.push({
			id: `cmt-${n}-${i + 1}`,
			content: r.pick(vocabulary.comments),
			canEdit: r.chance(0.5),
			createdByUserId: r.pick(activeUsers).id,
			createdAt,
			modifiedAt: createdAt,
		});
	}
	const stage = data.APPLICATION_STAGES.find((s) => s.id === app.stageId);
	const interviewed =
		stage !== undefined && ['interview', 'presentation', 'result'].includes(stage.type);
	const interviewStart = app.modifiedAt + r.int(-10, 10) * DAY;
	const derived = interviewed
		? [
				{
					id: `int-${n}`,
					title: 'Interview with hiring manager',
					meetingId: `meet-${n}`,
					startTime: interviewStart,
					endTime: interviewStart + 3_600_000,
				},
			]
		: [];
	// Once an application has moved (moveApplication), its interview is what was set then.
	const interviews =
		app.interview === undefined ? derived : app.interview === null ? [] : [app.interview];
	const isCreated = app.channelId !== null || r.chance(0.3);
	const latestActivity = {
		type: isCreated
			? 'applicationCreated'
			: r.pick(comments.length ? ['stageChanged', 'commentAdded'] : ['stageChanged', 'emailSent']),
		isInbound: app.channelId !== null,
		date: app.modifiedAt,
		userId: app.ownerUserId,
	};
	const feeAmount = r.int(10, 40) * 1000;
	const placements =
		app.state === 'placed'
			? [
					{
						id: `plc-a${n}`,
						placedByUserId: app.ownerUserId,
						placedAt: app.modifiedAt,
						startDate: app.modifiedAt + 30 * DAY,
						endDate: null,
						fee: { currency: 'EUR', amount: feeAmount },
					},
				]
			: [];
	const reason = r.pick(vocabulary.rejectionReasons);
	const rejection =
		app.state === 'rejected'
			? { id: `rej-${n}`, createdAt: app.modifiedAt, reason, createdByUserId: app.ownerUserId }
			: null;
	return {
		comments,
		interviews,
		latestActivity,
		placements,
		rejection,
		uncompletedTaskCount: r.int(0, 3),
	};
}

module.exports = { candidateProfile, applicationExtras };
