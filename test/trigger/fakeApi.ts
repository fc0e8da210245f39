/*
 * An in-memory Recruiting API for the trigger tests, served through nock, that follows the
 * spec's list semantics:
 * - GET /v1/candidates and GET /v1/vacancies: `limit` 1–50, `modifiedSince` inclusive,
 *   ordered by modifiedAt ascending;
 * - candidates: an opaque base64 cursor that resumes exactly after the page's last record;
 * - vacancies: list items carry no modifiedAt; the cursor is the modifiedAt of the page's last
 *   job and inclusive, so pages overlap and more jobs than one page at one time stall it.
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
	return [...records].sort((a, b) =>
		(a.modifiedAt ?? '') === (b.modifiedAt ?? '')
			? a.id.localeCompare(b.id)
			: (a.modifiedAt ?? '') < (b.modifiedAt ?? '')
				? -1
				: 1,
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

	log: Logged[] = [];

	/** Returns an HTTP status to fail a request with, or undefined to serve it. */
	fail: Failure | undefined;

	/** Tampers with a candidate page before it is sent (out-of-order, missing fields). */
	tamper: ((items: Record<string, unknown>[]) => Record<string, unknown>[]) | undefined;

	private scope: nock.Scope | undefined;

	addCandidates(...candidates: Candidate[]): void {
		for (const candidate of candidates) this.candidates.set(candidate.id, { ...candidate });
	}

	/** A change to a candidate: new modifiedAt, and the given fields. */
	touchCandidate(id: string, modifiedAt: string, fields: Partial<Candidate> = {}): void {
		const current = this.candidates.get(id);
		if (!current) throw new Error(`no candidate ${id}`);
		this.candidates.set(id, { ...current, ...fields, modifiedAt });
	}

	addJobs(...jobs: Job[]): void {
		for (const job of jobs) this.jobs.set(job.id, { ...job });
	}

	touchJob(id: string, modifiedAt: string, fields: Partial<Job> = {}): void {
		const current = this.jobs.get(id);
		if (!current) throw new Error(`no job ${id}`);
		this.jobs.set(id, { ...current, ...fields, modifiedAt });
	}

	start(): nock.Scope {
		this.scope = nock(API, { reqheaders: { 'x-api-key': API_KEY } })
			.persist()
			.get(/^\/v1\/(candidates|vacancies)(\?.*)?$/)
			.reply((uri) => this.serve(uri));
		return this.scope;
	}

	requests(path?: string): Logged[] {
		return path === undefined ? this.log : this.log.filter((entry) => entry.path === path);
	}

	private serve(uri: string): [number, unknown] | [number, unknown, Record<string, string>] {
		const url = new URL(uri, API);
		const query = Object.fromEntries(url.searchParams.entries());
		const path = url.pathname;
		const status = this.fail?.({ path, query, index: this.log.length });
		if (status !== undefined) {
			this.log.push({ path, query, status, at: performance.now() });
			// A 429 asks to retry at once, so tests do not wait.
			if (status === 429) return [429, { message: 'Too many requests' }, { 'Retry-After': '0' }];
			return [status, { message: 'Internal error' }];
		}
		const limit = Number(query.limit ?? 25);
		if (!Number.isInteger(limit) || limit < 1 || limit > 50) {
			this.log.push({ path, query, status: 400, at: performance.now() });
			return [400, { message: 'limit must be 1 to 50' }];
		}
		const body =
			path === '/v1/candidates' ? this.candidatePage(query, limit) : this.jobPage(query, limit);
		this.log.push({ path, query, status: 200, count: body.items.length, at: performance.now() });
		return [200, body];
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

export function job(n: number, modifiedMinute: number, createdMinute = modifiedMinute): Job {
	return {
		id: `j${String(n).padStart(5, '0')}`,
		name: `Job ${n}`,
		createdAt: t(createdMinute),
		modifiedAt: t(modifiedMinute),
	};
}
