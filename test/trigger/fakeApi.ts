/*
 * An in-memory Recruiting API for the trigger tests, served through nock, that follows the
 * spec's list semantics:
 * - GET /v1/candidates and GET /v1/vacancies: `limit` 1–50, `modifiedSince` inclusive,
 *   ordered by modifiedAt ascending;
 * - candidates: an opaque base64 cursor that resumes exactly after the page's last record;
 * - vacancies: list items carry no modifiedAt; the cursor is the modifiedAt of the page's last
 *   job and inclusive, so pages overlap and more jobs than one page at one time stall it.
 * - applications: GET /v1/applications/vacancy/{id} answers the job (detail, with the stage's
 *   isOpen) and all its applications; 404 for a job it does not have.
 * Every request needs the header x-api-key.
 */
import nock from 'nock';

import { API, API_KEY } from '../harness/engine';

export { API, API_KEY };

export interface Candidate {
	id: string;
	firstName: string;
	lastName: string;
	createdAt: string;
	modifiedAt?: string;
	[field: string]: unknown;
}

export interface Job {
	id: string;
	name: string;
	createdAt: string;
	/** Known to the server only; never listed. */
	modifiedAt: string;
	[field: string]: unknown;
}

/** An application of a job, as the fake API keeps it. */
export interface Application {
	id: string;
	candidateId: string;
	firstName: string;
	lastName: string;
	stage: keyof typeof STAGES;
	state: string;
	placed: boolean;
	/** The next interview's id and start, if any. */
	interview?: { id: string; startTime: string };
	/** When its latest activity was (latestActivity.date; default t(1)). */
	activityAt?: string;
}

/** The application stages the fake API knows (type and order as the spec describes them). */
export const STAGES = {
	applied: { name: 'Applied', type: 'application', order: 1 },
	sourced: { name: 'Sourced', type: 'sourcing', order: 2 },
	interview: { name: 'Interview', type: 'interview', order: 3 },
	offer: { name: 'Offer', type: 'presentation', order: 4 },
	hired: { name: 'Hired', type: 'result', order: 5 },
};

export function applicationListItem(application: Application): Record<string, unknown> {
	const stage = STAGES[application.stage];
	return {
		latestActivity: {
			type: 'applicationCreated',
			isInbound: false,
			date: application.activityAt ?? t(1),
		},
		id: application.id,
		stage: { viewType: 'applicationStage', id: application.stage, ...stage, colorHex: '#000000' },
		owner: { viewType: 'applicationOwner', owner: { id: 'u1', name: 'Recruiter' } },
		candidate: {
			viewType: 'applicationCandidate',
			id: application.candidateId,
			firstName: application.firstName,
			lastName: application.lastName,
			emails: [`${application.firstName.toLowerCase()}@example.com`],
		},
		isPlaced: application.placed,
		applicationState: { state: application.state, viewType: 'applicationState' },
		noteCount: 0,
		commentCount: 0,
		uncompletedTaskCount: 0,
		nextInterview: application.interview
			? {
					id: application.interview.id,
					title: 'Interview',
					startTime: application.interview.startTime,
				}
			: null,
	};
}

export interface Logged {
	path: string;
	query: Record<string, string>;
	status: number;
	count?: number;
	/** When the request arrived (performance.now(), milliseconds). */
	at: number;
}

type Failure = (request: {
	path: string;
	query: Record<string, string>;
	index: number;
}) => number | undefined;

function order<T extends { id: string; modifiedAt?: string }>(records: T[]): T[] {
	const at = (record: T) => record.modifiedAt ?? '';
	return [...records].sort((a, b) =>
		at(a) === at(b) ? a.id.localeCompare(b.id) : at(a) < at(b) ? -1 : 1,
	);
}

export function candidateListItem(candidate: Candidate): Record<string, unknown> {
	const { firstName, lastName, ...rest } = candidate;
	return {
		...rest,
		name: { viewType: 'candidateName', firstName, lastName, avatarUrl: '' },
	};
}

export function jobListItem(job: Job): Record<string, unknown> {
	// The server knows a job's modifiedAt; its list items do not carry it.
	const rest: Record<string, unknown> = { ...job };
	delete rest.modifiedAt;
	return {
		...rest,
		name: { viewType: 'vacancyName', name: job.name },
		createdAt: { viewType: 'vacancyCreatedAt', createdAt: job.createdAt },
	};
}

export class FakeApi {
	candidates = new Map<string, Candidate>();

	jobs = new Map<string, Job>();

	/** Applications by job id. */
	applications = new Map<string, Application[]>();

	/** Jobs whose stage is closed (the detail's stage.isOpen is false). */
	closedJobs = new Set<string>();

	log: Logged[] = [];

	/** Returns an HTTP status to fail a request with, or undefined to serve it. */
	fail: Failure | undefined;

	/** The n8n clock (Date.now) while a test of useFakeApi runs. */
	now = Date.parse(t(1000));

	/** Tampers with a candidate page before it is sent (out-of-order, missing fields). */
	tamper: ((items: Record<string, unknown>[]) => Record<string, unknown>[]) | undefined;

	addCandidates(...candidates: Candidate[]): void {
		for (const candidate of candidates) this.candidates.set(candidate.id, { ...candidate });
	}

	/** A change to a candidate: new modifiedAt, and the given fields. */
	touchCandidate(id: string, modifiedAt: string, fields: Partial<Candidate> = {}): void {
		touch(this.candidates, id, modifiedAt, fields);
	}

	addJobs(...jobs: Job[]): void {
		for (const job of jobs) this.jobs.set(job.id, { ...job });
	}

	touchJob(id: string, modifiedAt: string, fields: Partial<Job> = {}): void {
		touch(this.jobs, id, modifiedAt, fields);
	}

	/** Adds applications to a job (the job's own modifiedAt does not move). */
	addApplications(jobId: string, ...applications: Application[]): void {
		const list = this.applications.get(jobId) ?? [];
		list.push(...applications.map((application) => ({ ...application })));
		this.applications.set(jobId, list);
	}

	/** Changes an application in place (its job's modifiedAt does not move). */
	changeApplication(jobId: string, id: string, fields: Partial<Application>): void {
		const list = this.applications.get(jobId) ?? [];
		const index = list.findIndex((application) => application.id === id);
		if (index < 0) throw new Error(`no application ${id} on ${jobId}`);
		list[index] = { ...list[index], ...fields };
	}

	removeApplication(jobId: string, id: string): void {
		this.applications.set(
			jobId,
			(this.applications.get(jobId) ?? []).filter((application) => application.id !== id),
		);
	}

	start(): nock.Scope {
		return nock(API, { reqheaders: { 'x-api-key': API_KEY } })
			.persist()
			.get(/^\/v1\/(candidates|vacancies|applications\/vacancy\/[^/?]+)(\?.*)?$/)
			.reply((uri) => {
				const url = new URL(uri, API);
				const query = Object.fromEntries(url.searchParams.entries());
				const [status, body, count] = this.serve(url.pathname, query);
				this.log.push({
					path: url.pathname,
					query,
					status,
					...(count !== undefined && { count }),
					at: performance.now(),
				});
				// A 429 asks to retry at once, so tests do not wait.
				return [status, body, status === 429 ? { 'Retry-After': '0' } : {}];
			});
	}

	/** The status, body and (on success) number of records of the answer to one request. */
	private serve(path: string, query: Record<string, string>): [number, unknown, number?] {
		const status = this.fail?.({ path, query, index: this.log.length });
		if (status === 429) return [429, { message: 'Too many requests' }];
		if (status !== undefined) return [status, { message: 'Internal error' }];
		if (path.startsWith('/v1/applications/')) {
			const jobId = decodeURIComponent(path.split('/').pop() as string);
			const job = this.jobs.get(jobId);
			if (!job) return [404, { message: `vacancy ${jobId} not found` }];
			const applications = (this.applications.get(jobId) ?? []).map(applicationListItem);
			const stage = { id: 'vs1', order: 1, name: 'Open', isOpen: !this.closedJobs.has(jobId) };
			const vacancy = { ...jobListItem(job), stage: { viewType: 'vacancyStage', stage } };
			return [200, { vacancy, applications }, applications.length];
		}
		const limit = Number(query.limit ?? 25);
		if (!Number.isInteger(limit) || limit < 1 || limit > 50)
			return [400, { message: 'limit must be 1 to 50' }];
		const body =
			path === '/v1/candidates' ? this.candidatePage(query, limit) : this.jobPage(query, limit);
		return [200, body, body.items.length];
	}

	private candidatePage(query: Record<string, string>, limit: number) {
		let list = order([...this.candidates.values()]).filter(
			(candidate) =>
				query.modifiedSince === undefined || (candidate.modifiedAt ?? '') >= query.modifiedSince,
		);
		if (query.cursor) {
			const after = JSON.parse(Buffer.from(query.cursor, 'base64').toString()) as {
				m: string;
				id: string;
			};
			list = list.filter(
				(candidate) =>
					(candidate.modifiedAt ?? '') > after.m ||
					((candidate.modifiedAt ?? '') === after.m && candidate.id > after.id),
			);
		}
		const page = list.slice(0, limit);
		const last = page[page.length - 1];
		const nextCursor = last ? cursorAfter(last) : '';
		let items = page.map(candidateListItem);
		if (this.tamper) items = this.tamper(items);
		return { items, pageInfo: { nextCursor, hasNextPage: list.length > limit } };
	}

	private jobPage(query: Record<string, string>, limit: number) {
		const from = [query.modifiedSince, query.cursor].filter(Boolean).sort().pop();
		const list = order([...this.jobs.values()]).filter(
			(job) => from === undefined || job.modifiedAt >= from,
		);
		const page = list.slice(0, limit);
		const last = page[page.length - 1];
		return {
			items: page.map(jobListItem),
			pageInfo: { nextCursor: last ? last.modifiedAt : '', hasNextPage: list.length > limit },
		};
	}
}

/**
 * A test file's fake API: fresh before each test (no records, an empty log, the n8n clock at
 * its `now`); after each, every request went to it (no other host is reachable), if any was
 * made.
 */
export function useFakeApi(): FakeApi {
	const api = new FakeApi();
	let scope: nock.Scope;
	beforeAll(() => nock.disableNetConnect());
	beforeEach(() => {
		Object.assign(api, new FakeApi());
		scope = api.start();
		jest.spyOn(Date, 'now').mockImplementation(() => api.now);
	});
	afterEach(() => {
		const done = scope.isDone();
		nock.cleanAll();
		jest.restoreAllMocks();
		expect(done).toBe(api.log.length > 0);
	});
	return api;
}

function touch<T extends { modifiedAt?: string }>(
	records: Map<string, T>,
	id: string,
	modifiedAt: string,
	fields: Partial<T>,
): void {
	const current = records.get(id);
	if (!current) throw new Error(`no record ${id}`);
	records.set(id, { ...current, ...fields, modifiedAt });
}

/** The candidate cursor the fake API gives for a page ending with `last`. */
export function cursorAfter(last: { id: string; modifiedAt?: string }): string {
	return Buffer.from(JSON.stringify({ m: last.modifiedAt ?? '', id: last.id })).toString('base64');
}

/** ISO time `minutes` after 2026-03-01T00:00:00Z, with milliseconds. */
export function t(minutes: number, ms = 0): string {
	return new Date(Date.UTC(2026, 2, 1) + minutes * 60_000 + ms).toISOString();
}

export function candidate(
	n: number,
	modifiedMinute: number,
	createdMinute = modifiedMinute,
): Candidate {
	return {
		id: `c${String(n).padStart(5, '0')}`,
		firstName: `First${n}`,
		lastName: `Last${n}`,
		createdAt: t(createdMinute),
		modifiedAt: t(modifiedMinute),
	};
}

/** A job's stage, as the job list shows it. */
export function jobStage(
	id: string,
	name = id.toUpperCase(),
	order = 1,
	colorHex?: string,
): Record<string, unknown> {
	return {
		stage: { viewType: 'vacancyStage', stage: { id, name, order, ...(colorHex && { colorHex }) } },
	};
}

export function job(n: number, modifiedMinute: number, createdMinute = modifiedMinute): Job {
	return {
		id: `j${String(n).padStart(5, '0')}`,
		name: `Job ${n}`,
		createdAt: t(createdMinute),
		modifiedAt: t(modifiedMinute),
	};
}
