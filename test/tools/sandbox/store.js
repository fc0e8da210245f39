// @ts-check
'use strict';

/**
 * The sandbox's in-memory state and every operation on it: queries used by
 * the HTTP handlers, writes (API, portal and control), and the change log.
 * Usable without HTTP: `new Store(options)`.
 *
 * Operations throw HttpError (400/404) so the HTTP layer can pass them on.
 */

const { Clock, toMs } = require('./clock');
const { ChangeLog } = require('./change-log');
const { badRequest, notFound } = require('./errors');
const { Random, deriveSeed } = require('./prng');
const data = require('./data');
const fixtures = require('./fixtures');
const v = require('./validate');
const profile = require('./profile');

/** @import { World, WorldOptions } from './fixtures' */
/** @import { ApplicationFacts, ApplicationMove, ApplicationRecord, CandidateFields, CandidateOverrides, CandidateRecord, ChangeEntry, ClockOptions, Location, StoreOptions, VacancyFields, VacancyRecord } from './index' */

/** @type {Readonly<WorldOptions>} */
const DEFAULTS = Object.freeze({
	seed: 1,
	tenantSlug: 'acme',
	candidates: 200,
	vacancies: 30,
	applicationsPerVacancy: 5,
	notes: 20,
});

/**
 * @param {StoreOptions} options
 * @returns {WorldOptions}
 */
function normalizeOptions(options) {
	const out = { ...DEFAULTS };
	for (const key of /** @type {(keyof WorldOptions)[]} */ (Object.keys(DEFAULTS))) {
		const value = options[key];
		if (value === undefined) continue;
		if (key === 'tenantSlug') {
			if (typeof value !== 'string' || value === '')
				throw new TypeError('tenantSlug must be a non-empty string');
			out.tenantSlug = value;
		} else {
			if (!Number.isInteger(value) || Number(value) < 0)
				throw new TypeError(`${key} must be an integer >= 0`);
			out[key] = /** @type {number} */ (value);
		}
	}
	return out;
}

class Store {
	/** @param {StoreOptions & { clock?: ClockOptions }} [options] */
	constructor(options = {}) {
		this.options = normalizeOptions(options);
		this.clock = new Clock(options.clock);
		this.changeLog = new ChangeLog();
		/** @type {World} */
		this.world = fixtures.generateWorld(this.options, this.clock.startMs);
	}

	get tenantSlug() {
		return this.options.tenantSlug;
	}

	/**
	 * Regenerate the seeded world (optionally with other sizes or seed), reset
	 * the clock and clear the change log. Object identity is kept, so
	 * references to the store, clock and change log stay valid.
	 * @param {StoreOptions} [overrides]
	 */
	reset(overrides = {}) {
		this.options = normalizeOptions({ ...this.options, ...overrides });
		this.clock.reset();
		this.changeLog.clear();
		this.world = fixtures.generateWorld(this.options, this.clock.startMs);
	}

	// ---------------------------------------------------------------- queries

	/** @param {string} id */
	getVacancy(id) {
		return this.world.vacancies.get(id);
	}

	/** @param {string} id */
	getCandidate(id) {
		return this.world.candidates.get(id);
	}

	/** @param {string} id */
	getApplication(id) {
		return this.world.applications.get(id);
	}

	/** @param {string} id */
	getNote(id) {
		return this.world.notes.get(id);
	}

	/** @param {string} vacancyId */
	applicationsOfVacancy(vacancyId) {
		const ids = this.world.applicationsByVacancy.get(vacancyId) ?? [];
		return ids.map((id) => /** @type {ApplicationRecord} */ (this.world.applications.get(id)));
	}

	/**
	 * What an application is, in the sandbox's own terms (its record, not the API's view of
	 * it): the change log records these before and after each change, so that a test can tell
	 * what the sandbox did without reading the API's answers. Undefined when there is no such
	 * application.
	 * @param {string} id
	 * @returns {ApplicationFacts | undefined}
	 */
	applicationFacts(id) {
		const app = this.world.applications.get(id);
		if (!app) return undefined;
		const interview =
			app.interview === undefined
				? (profile.applicationExtras(this.world, app).interviews[0] ?? null)
				: app.interview;
		return {
			job: app.vacancyId,
			candidate: app.candidateId,
			stage: app.stageId,
			state: app.state,
			placed: app.state === 'placed',
			interview:
				interview === null
					? null
					: { id: interview.id, startTime: new Date(interview.startTime).toISOString() },
		};
	}

	/** Public postings, by id. */
	postings() {
		return [...this.world.postings.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
	}

	/**
	 * One page of jobs in (modifiedAt, id) order starting at the first job with
	 * modifiedAt >= fromMs (inclusive, as the timestamp cursor is).
	 * @param {{ limit: number, fromMs: number | null }} query
	 */
	listVacancies({ limit, fromMs }) {
		const index = this.world.vacancyIndex;
		return page(index.items, fromMs === null ? 0 : index.lowerBound(fromMs), limit);
	}

	/**
	 * One page of candidates in (modifiedAt, id) order, strictly after the
	 * `after` position when given, and never before modifiedSince.
	 * @param {{ limit: number, modifiedSinceMs: number | null, after: { modifiedAt: number, id: string } | null }} query
	 */
	listCandidates({ limit, modifiedSinceMs, after }) {
		const index = this.world.candidateIndex;
		let start = modifiedSinceMs === null ? 0 : index.lowerBound(modifiedSinceMs);
		if (after) start = Math.max(start, index.upperBound(after.modifiedAt, after.id));
		return page(index.items, start, limit);
	}

	// ----------------------------------------------------------------- writes

	/**
	 * PUT /vacancies/{id} (a partial update), or a control touch (`source` 'control', at
	 * `modifiedAt` or the clock's next tick); either moves the job's modifiedAt.
	 * @param {string} id
	 * @param {unknown} body
	 * @param {ChangeEntry['source']} [source]
	 * @param {string | number} [modifiedAt]
	 */
	updateVacancy(id, body, source = 'api', modifiedAt = undefined) {
		const vacancy = this.world.vacancies.get(id);
		if (!vacancy) throw notFound(`vacancy ${id} not found`, 'id');
		const patch = this.vacancyPatch(body);
		const ts = this.stamp(modifiedAt);
		this.world.vacancyIndex.update(vacancy, (rec) => {
			applyVacancyPatch(rec, patch);
			rec.modifiedAt = ts;
		});
		this.changeLog.record('vacancy', id, 'updated', ts, source);
		return vacancy;
	}

	/**
	 * A job-update body, validated, whose ids point at existing records.
	 * @param {unknown} body
	 */
	vacancyPatch(body) {
		const patch = v.validateBody(v.validateVacancyUpdate, body);
		const w = this.world;
		if (typeof patch.companyId === 'string' && !w.clients.has(patch.companyId))
			throw badRequest('companyId', `unknown company ${patch.companyId}`);
		if (
			typeof patch.stageId === 'string' &&
			!data.VACANCY_STAGES.some((s) => s.id === patch.stageId)
		)
			throw badRequest('stageId', `unknown job stage ${patch.stageId}`);
		checkIds(patch.teamUserIds, 'teamUserIds', (id) => w.usersById.has(id), 'user');
		checkIds(
			patch.clientTeamUserIds,
			'clientTeamUserIds',
			(id) => w.clientContacts.has(id),
			'client contact',
		);
		return patch;
	}

	/**
	 * A write's time: `modifiedAt` (ISO or epoch ms) when a control operation gives one, else
	 * the clock's next tick.
	 * @param {unknown} [modifiedAt]
	 */
	stamp(modifiedAt) {
		if (modifiedAt === undefined) return this.clock.tick();
		try {
			return toMs(/** @type {string | number} */ (modifiedAt));
		} catch {
			throw badRequest('modifiedAt', 'modifiedAt must be an ISO timestamp or epoch milliseconds');
		}
	}

	/**
	 * PUT /notes/{id}.
	 * @param {string} id
	 * @param {unknown} body
	 */
	updateNote(id, body) {
		const note = this.world.notes.get(id);
		if (!note) throw notFound(`note ${id} not found`, 'id');
		const patch = v.validateBody(v.validateNoteUpdate, body);
		const ts = this.clock.tick();
		note.content = /** @type {string} */ (patch.content);
		note.title = /** @type {string | null} */ (patch.title);
		note.pinned = /** @type {boolean} */ (patch.pinned);
		if ('source' in patch) note.source = /** @type {string | null} */ (patch.source);
		if ('labelIds' in patch) note.labelIds = /** @type {string[]} */ (patch.labelIds).slice();
		note.modifiedAt = ts;
		this.changeLog.record('note', id, 'updated', ts, 'api');
		return note;
	}

	/**
	 * POST /applications. Returns the new application.
	 * @param {unknown} body
	 */
	createApplication(body) {
		const b = v.validateBody(v.validateApplicationCreate, body);
		const w = this.world;
		const candidateId = /** @type {string} */ (b.candidateId);
		const vacancyId = /** @type {string | null} */ (b.vacancyId);
		if (!w.candidates.has(candidateId))
			throw notFound(`candidate ${candidateId} not found`, 'candidateId');
		const vacancy = vacancyId === null ? undefined : w.vacancies.get(vacancyId);
		if (vacancyId !== null && !vacancy)
			throw notFound(`vacancy ${vacancyId} not found`, 'vacancyId');
		const stage = data.APPLICATION_STAGES.find((s) => s.id === b.stageId);
		if (!stage) throw badRequest('stageId', `unknown application stage ${String(b.stageId)}`);
		if (b.statusId !== null && !stage.statuses.some((s) => s.id === b.statusId)) {
			throw badRequest(
				'statusId',
				`status ${String(b.statusId)} does not belong to stage ${stage.id}`,
			);
		}
		if (b.clientId !== undefined && !w.clients.has(/** @type {string} */ (b.clientId)))
			throw badRequest('clientId', `unknown client ${String(b.clientId)}`);
		checkIds(b.teamUserIds, 'teamUserIds', (id) => w.usersById.has(id), 'user');
		checkIds(
			b.clientTeamContactIds,
			'clientTeamContactIds',
			(id) => w.clientContacts.has(id),
			'client contact',
		);

		const teamUserIds =
			/** @type {string[] | undefined} */ (b.teamUserIds) ?? vacancy?.teamUserIds.slice() ?? [];
		return this.insertApplication(
			{
				vacancyId,
				candidateId,
				stageId: stage.id,
				statusId: /** @type {string | null} */ (b.statusId),
				ownerUserId: teamUserIds[0] ?? this.firstActiveUserId(),
				createdByUserId: this.firstActiveUserId(),
				teamUserIds,
				clientId: /** @type {string | undefined} */ (b.clientId) ?? vacancy?.clientId ?? null,
				clientTeamContactIds:
					/** @type {string[] | undefined} */ (b.clientTeamContactIds) ??
					vacancy?.clientTeamContactIds.slice() ??
					[],
				state: 'for-review',
				channelId: null,
				position: /** @type {ApplicationRecord['position'] | undefined} */ (b.position) ?? null,
			},
			this.clock.tick(),
			'api',
		);
	}

	/**
	 * POST /{slug}/vacancy-portal/jobs/{postingId}: creates a candidate and an
	 * application to the posted job in the first stage.
	 * @param {string} postingId
	 * @param {unknown} body
	 * @param {string | null} channelId
	 */
	applyToPosting(postingId, body, channelId) {
		const posting = this.world.postings.get(postingId);
		if (!posting) throw notFound(`job board posting ${postingId} not found`, 'jobBoardPostingId');
		const b = v.validateBody(v.validatePortalApplication, body);
		const vacancy = /** @type {VacancyRecord} */ (this.world.vacancies.get(posting.vacancyId));
		const ts = this.clock.tick();
		const candidate = this.insertCandidate(
			{
				firstName: /** @type {string} */ (b.firstName),
				lastName: /** @type {string} */ (b.lastName),
				email: /** @type {string} */ (b.email),
				phoneNumber: /** @type {string} */ (b.phoneNumber),
				networkUrl: /** @type {string | null} */ (b.networkUrl),
				acquisitionSource: 'vacancyPortal',
				...(b.location ? { location: { .../** @type {Location} */ (b.location) } } : {}),
			},
			ts,
			'portal',
		);
		const stage =
			data.APPLICATION_STAGES.find((s) => s.type === 'application') ?? data.APPLICATION_STAGES[1];
		const application = this.insertApplication(
			{
				vacancyId: vacancy.id,
				candidateId: candidate.id,
				stageId: stage.id,
				statusId: stage.statuses[0].id,
				ownerUserId: vacancy.teamUserIds[0] ?? this.firstActiveUserId(),
				createdByUserId: vacancy.teamUserIds[0] ?? this.firstActiveUserId(),
				teamUserIds: vacancy.teamUserIds.slice(),
				clientId: vacancy.clientId,
				clientTeamContactIds: vacancy.clientTeamContactIds.slice(),
				state: 'for-review',
				channelId,
				position: null,
			},
			ts,
			'portal',
		);
		return { candidate, application, cvAttachmentId: /** @type {string} */ (b.cvAttachmentId) };
	}

	// ------------------------------------------------- control-API operations

	/**
	 * Create a candidate (fields optional; the rest is generated).
	 * @param {CandidateFields} [fields]
	 */
	createCandidate(fields = {}) {
		const { modifiedAt, ...overrides } = fields;
		v.validateBody(v.validateCandidateFields, overrides);
		const ts = this.stamp(modifiedAt);
		return this.insertCandidate({ acquisitionSource: 'manual', ...overrides }, ts, 'control');
	}

	/**
	 * Mark a candidate as modified (optionally changing fields), at `modifiedAt`
	 * or at the clock's next tick.
	 * @param {string} id
	 * @param {CandidateFields} [fields]
	 */
	touchCandidate(id, fields = {}) {
		const candidate = this.world.candidates.get(id);
		if (!candidate) throw notFound(`candidate ${id} not found`, 'id');
		const { modifiedAt, ...overrides } = fields;
		v.validateBody(v.validateCandidateFields, overrides);
		const ts = this.stamp(modifiedAt);
		this.world.candidateIndex.update(candidate, (rec) => {
			if (Object.keys(overrides).length) rec.overrides = { ...rec.overrides, ...overrides };
			rec.modifiedAt = ts;
			rec.lastActivityAt = Math.max(rec.lastActivityAt, ts);
		});
		this.changeLog.record('candidate', id, 'updated', ts, 'control');
		return candidate;
	}

	/**
	 * Create a job: `fields` takes the PUT /vacancies body fields, plus `modifiedAt`.
	 * @param {VacancyFields} [fields]
	 */
	createVacancy(fields = {}) {
		const { modifiedAt, ...patchFields } = fields;
		const patch = this.vacancyPatch(patchFields);
		const ts = this.stamp(modifiedAt);
		const w = this.world;
		const n = ++w.counters.vacancy;
		const r = new Random(deriveSeed(this.options.seed, `created-vacancy-${n}`));
		const vacancy = fixtures.makeVacancy(r, fixtures.vacancyId(n), ts, ts, w);
		applyVacancyPatch(vacancy, patch);
		w.vacancies.set(vacancy.id, vacancy);
		w.vacancyIndex.insert(vacancy);
		w.applicationsByVacancy.set(vacancy.id, []);
		this.changeLog.record('vacancy', vacancy.id, 'created', ts, 'control');
		return vacancy;
	}

	/**
	 * Mark a job as modified, optionally changing fields (PUT body fields).
	 * @param {string} id
	 * @param {VacancyFields} [fields]
	 */
	touchVacancy(id, fields = {}) {
		const { modifiedAt, ...patchFields } = fields;
		return this.updateVacancy(id, patchFields, 'control', modifiedAt);
	}

	/**
	 * Give many records ONE modifiedAt (to create ties, e.g. more jobs sharing
	 * a timestamp than the page size, which stalls the job cursor).
	 * Picks `ids`, or else the first `count` records by id.
	 * @param {'candidates' | 'vacancies'} resource
	 * @param {{ ids?: string[], count?: number, modifiedAt?: string | number }} options
	 */
	touchMany(resource, options) {
		const isCandidates = resource === 'candidates';
		if (!isCandidates && resource !== 'vacancies')
			throw badRequest('resource', 'resource must be candidates or vacancies');
		const kind = isCandidates ? 'candidate' : 'vacancy';
		/** @type {Map<string, CandidateRecord | VacancyRecord>} */
		const map = isCandidates ? this.world.candidates : this.world.vacancies;
		/** @type {(CandidateRecord | VacancyRecord)[]} */
		let records;
		if (options.ids !== undefined) {
			if (!Array.isArray(options.ids)) throw badRequest('ids', 'ids must be an array of strings');
			records = options.ids.map((id) => {
				const rec = map.get(id);
				if (!rec) throw notFound(`${kind} ${id} not found`, 'ids');
				return rec;
			});
		} else {
			const count = options.count;
			if (!Number.isInteger(count) || Number(count) < 1)
				throw badRequest('count', 'give ids or a count >= 1');
			records = [...map.values()].sort((a, b) => (a.id < b.id ? -1 : 1)).slice(0, count);
		}
		const ts = this.stamp(options.modifiedAt);
		const index =
			/** @type {import('./sorted-index').SortedIndex<CandidateRecord | VacancyRecord>} */ (
				isCandidates ? this.world.candidateIndex : this.world.vacancyIndex
			);
		index.updateMany(records, (rec) => {
			rec.modifiedAt = ts;
			if ('lastActivityAt' in rec) rec.lastActivityAt = Math.max(rec.lastActivityAt, ts);
		});
		for (const rec of records) this.changeLog.record(kind, rec.id, 'updated', ts, 'control');
		return { ids: records.map((r) => r.id), modifiedAt: new Date(ts).toISOString() };
	}

	// ------------------------------------------------------------- summaries

	/** Counts and clock: what GET /_control/state answers. */
	summary() {
		const w = this.world;
		return {
			tenantSlug: this.tenantSlug,
			seed: this.options.seed,
			clock: this.clock.toJSON(),
			counts: {
				candidates: w.candidates.size,
				vacancies: w.vacancies.size,
				applications: w.applications.size,
				notes: w.notes.size,
				postings: w.postings.size,
				clients: w.clients.size,
				clientContacts: w.clientContacts.size,
				users: w.users.length,
			},
			changeSeq: this.changeLog.seq,
		};
	}

	/**
	 * Ids a test needs to address records (stages, statuses, users, notes...).
	 * Candidate ids are summarised: there may be 100k of them.
	 */
	fixtures() {
		const w = this.world;
		const candidateIds = [...w.candidates.keys()];
		return {
			tenantSlug: this.tenantSlug,
			users: w.users.map((u) => ({
				id: u.id,
				name: `${u.firstName} ${u.lastName}`,
				deactivated: u.deactivatedAt !== null,
			})),
			clients: [...w.clients.values()].map((c) => ({ id: c.id, name: c.name })),
			clientContacts: [...w.clientContacts.values()].map((c) => ({
				id: c.id,
				candidateId: c.candidateId,
				companyId: c.companyId,
			})),
			vacancyStages: data.VACANCY_STAGES.map((s) => ({ ...s })),
			applicationStages: data.APPLICATION_STAGES.map((s) => ({
				id: s.id,
				type: s.type,
				templateType: s.templateType,
				name: s.name,
				order: s.order,
				statusIds: s.statuses.map((x) => x.id),
			})),
			vacancyIds: [...w.vacancies.keys()],
			postings: this.postings().map((p) => ({ id: p.id, vacancyId: p.vacancyId })),
			noteIds: [...w.notes.keys()],
			applicationIds: [...w.applications.keys()],
			candidates: {
				count: candidateIds.length,
				firstIds: candidateIds.slice(0, 20),
				lastId: candidateIds[candidateIds.length - 1] ?? null,
			},
		};
	}

	// ---------------------------------------------------------------- helpers

	firstActiveUserId() {
		return (this.world.users.find((u) => u.deactivatedAt === null) ?? this.world.users[0]).id;
	}

	/**
	 * @param {CandidateOverrides} overrides
	 * @param {number} ts
	 * @param {ChangeEntry['source']} source
	 */
	insertCandidate(overrides, ts, source) {
		const w = this.world;
		const n = ++w.counters.candidate;
		/** @type {CandidateRecord} */
		const candidate = {
			id: fixtures.candidateId(n),
			seed: deriveSeed(this.options.seed, `created-candidate-${n}`),
			createdAt: ts,
			modifiedAt: ts,
			lastActivityAt: ts,
			overrides,
		};
		w.candidates.set(candidate.id, candidate);
		w.candidateIndex.insert(candidate);
		this.changeLog.record('candidate', candidate.id, 'created', ts, source);
		return candidate;
	}

	/**
	 * An application moves on, as recruiters move them: another stage (and status), another
	 * state (`placed` makes it placed), a new next interview (`interview: true`; `false`: none;
	 * `'moved'`: the same interview, a day later).
	 * Its job's modifiedAt does not move: the spec does not say that it does, so a client must
	 * read the job's applications to see it.
	 * @param {string} id
	 * @param {ApplicationMove} [fields]
	 */
	moveApplication(id, fields = {}) {
		const application = this.world.applications.get(id);
		if (!application) throw notFound(`application ${id} not found`, 'id');
		// The interview a seeded application shows is derived from its stage and times: keep the
		// one it shows now, before either changes.
		if (application.interview === undefined) {
			application.interview =
				profile.applicationExtras(this.world, application).interviews[0] ?? null;
		}
		const before = this.applicationFacts(id);
		if (fields.stageId !== undefined) {
			const stage = data.APPLICATION_STAGES.find((s) => s.id === fields.stageId);
			if (!stage)
				throw badRequest('stageId', `unknown application stage ${String(fields.stageId)}`);
			application.stageId = stage.id;
			application.statusId = fields.statusId ?? stage.statuses[0].id;
		}
		if (fields.state !== undefined) {
			if (!data.APPLICATION_STATES.includes(fields.state))
				throw badRequest('state', `unknown application state ${String(fields.state)}`);
			application.state = fields.state;
		}
		const ts = this.clock.tick();
		if (fields.interview === true) {
			const k = ++this.world.counters.interview;
			application.interview = {
				id: `int-s${k}`,
				title: 'Interview with hiring manager',
				meetingId: `meet-s${k}`,
				startTime: ts + 3 * 86_400_000,
				endTime: ts + 3 * 86_400_000 + 3_600_000,
			};
		} else if (fields.interview === false) application.interview = null;
		else if (fields.interview === 'moved') {
			const { interview } = application;
			if (!interview) throw badRequest('interview', `application ${id} has no interview to move`);
			application.interview = {
				...interview,
				startTime: interview.startTime + 86_400_000,
				endTime: interview.endTime + 86_400_000,
			};
		}
		application.modifiedAt = ts;
		this.changeLog.record('application', id, 'updated', ts, 'control', {
			before,
			after: this.applicationFacts(id),
		});
		return application;
	}

	/**
	 * An application withdrawn or deleted: its job no longer lists it.
	 * @param {string} id
	 */
	removeApplication(id) {
		const application = this.world.applications.get(id);
		if (!application) throw notFound(`application ${id} not found`, 'id');
		const before = this.applicationFacts(id);
		this.world.applications.delete(id);
		if (application.vacancyId !== null) {
			const list = this.world.applicationsByVacancy.get(application.vacancyId) ?? [];
			this.world.applicationsByVacancy.set(
				application.vacancyId,
				list.filter((other) => other !== id),
			);
		}
		const ts = this.clock.tick();
		this.changeLog.record('application', id, 'removed', ts, 'control', { before });
		return application;
	}

	/**
	 * A job deleted: the API no longer has it (its list and GET /applications/vacancy/{id}
	 * answer 404), nor its applications, each logged as removed (the job's own entry last).
	 * @param {string} id
	 */
	deleteVacancy(id) {
		const vacancy = this.world.vacancies.get(id);
		if (!vacancy) throw notFound(`vacancy ${id} not found`, 'id');
		for (const application of this.applicationsOfVacancy(id))
			this.removeApplication(application.id);
		this.world.vacancyIndex.remove(vacancy);
		this.world.vacancies.delete(id);
		this.world.applicationsByVacancy.delete(id);
		for (const [postingId, posting] of this.world.postings) {
			if (posting.vacancyId === id) this.world.postings.delete(postingId);
		}
		const ts = this.clock.tick();
		this.changeLog.record('vacancy', id, 'removed', ts, 'control');
		return vacancy;
	}

	/**
	 * @param {Omit<ApplicationRecord, 'id' | 'seed' | 'createdAt' | 'modifiedAt'>} fields
	 * @param {number} ts
	 * @param {ChangeEntry['source']} source
	 */
	insertApplication(fields, ts, source) {
		const w = this.world;
		const n = ++w.counters.application;
		/** @type {ApplicationRecord} */
		const application = {
			id: fixtures.applicationId(n),
			seed: deriveSeed(this.options.seed, `created-application-${n}`),
			createdAt: ts,
			modifiedAt: ts,
			...fields,
		};
		w.applications.set(application.id, application);
		if (application.vacancyId !== null)
			fixtures.append(w.applicationsByVacancy, application.vacancyId, application.id);
		this.changeLog.record('application', application.id, 'created', ts, source, {
			after: this.applicationFacts(application.id),
		});
		return application;
	}
}

/**
 * @param {unknown} ids a validated list of strings, or undefined
 * @param {string} field
 * @param {(id: string) => boolean} exists
 * @param {string} what
 */
function checkIds(ids, field, exists, what) {
	/** @type {string[] | undefined} */ (ids)?.forEach((id, i) => {
		if (!exists(id)) throw badRequest(`${field}[${i}]`, `unknown ${what} ${id}`);
	});
}

/**
 * @template T
 * @param {T[]} items sorted
 * @param {number} start
 * @param {number} limit
 */
function page(items, start, limit) {
	return { records: items.slice(start, start + limit), hasNextPage: items.length - start > limit };
}

/**
 * Apply a validated job-update body to a record.
 * @param {VacancyRecord} rec
 * @param {Record<string, unknown>} patch
 */
function applyVacancyPatch(rec, patch) {
	const p = /** @type {Record<string, any>} */ (patch);
	if ('employmentType' in p) rec.employmentType = p.employmentType;
	if ('locationType' in p) rec.locationType = p.locationType;
	if ('companyId' in p) rec.clientId = p.companyId;
	if ('description' in p) rec.description = p.description;
	if ('location' in p) rec.location = fixtures.withDerivedAddress({ ...p.location });
	if ('salaryRange' in p) rec.salaryRange = { ...p.salaryRange };
	if ('startAt' in p) rec.startAt = p.startAt === null ? null : Date.parse(p.startAt);
	if ('endAt' in p) rec.endAt = p.endAt === null ? null : Date.parse(p.endAt);
	if ('teamUserIds' in p) rec.teamUserIds = p.teamUserIds.slice();
	if ('clientTeamUserIds' in p) rec.clientTeamContactIds = p.clientTeamUserIds.slice();
	if ('stageId' in p) rec.stageId = p.stageId;
	if ('name' in p) rec.name = p.name;
	if ('scorecard' in p) rec.scorecard = JSON.parse(JSON.stringify(p.scorecard));
	if ('dealValue' in p)
		rec.dealValue = { currency: p.dealValue.currency, amount: p.dealValue.amount };
}

module.exports = { Store };
