// Types of the sandbox, for TypeScript tests and for its own JSDoc-typed JavaScript (which
// imports them with `@import`; createSandbox in sandbox.js is typed as declared here, so
// `npx tsc -p test/tools/sandbox` fails when the two disagree).

export interface ClockOptions {
	/** ISO timestamp or epoch ms; default 2026-01-01T00:00:00.000Z ('fixed') or now ('real'). */
	start?: string | number;
	/** 'fixed' (default): time moves only on writes and set/advance; 'real': follows the wall clock. */
	mode?: 'fixed' | 'real';
	/** How far the clock moves after each write; default 1, 0 freezes it (writes share one modifiedAt). */
	stepMs?: number;
}

export interface Clock {
	/** Current time (epoch ms) without advancing. */
	peek(): number;
	/** Current time as ISO string without advancing. */
	iso(): string;
	/** Timestamp for a write: returns now, then advances by stepMs. */
	tick(): number;
	/** Jump to a time; the next write is stamped exactly this time. */
	set(time: string | number): void;
	advance(ms: number): void;
}

export interface RateLimitConfig {
	/** Requests per window per API key on API-key endpoints; default 1000. */
	apiPerWindow?: number;
	/** Requests per window per client IP on public endpoints; default 100. */
	publicPerWindow?: number;
	/** Default 60000. */
	windowMs?: number;
}

export interface RateLimiter {
	readonly config: Required<RateLimitConfig> & { enabled: boolean };
	/** false turns rate limiting off. */
	configure(config: RateLimitConfig | false | undefined): void;
	/** Forget all counters. */
	reset(): void;
}

export type FaultKind = 'drop' | 'error' | 'rateLimit' | 'html' | 'truncate';

export interface FaultConfig {
	/** Default 1. */
	seed?: number;
	/** Probability (0..1) of a JSON 5xx. */
	errorRate?: number;
	/** Default [500, 502, 503, 504]. */
	errorStatuses?: number[];
	rateLimitRate?: number;
	/** Retry-After of injected 429s; default 1. */
	retryAfterSeconds?: number;
	dropRate?: number;
	htmlRate?: number;
	truncateRate?: number;
	/** Fixed delay or [min, max]. */
	latencyMs?: number | [number, number];
}

export type ResourceName = 'vacancy' | 'candidate' | 'application' | 'note';

export interface ChangeEntry {
	/** 1-based, increasing. */
	seq: number;
	resource: ResourceName;
	id: string;
	kind: 'created' | 'updated' | 'removed';
	/** ISO timestamp the record now carries. */
	modifiedAt: string;
	/** Which surface caused it. */
	source: 'api' | 'portal' | 'control';
	/** Applications: what it was before the change (absent: created). */
	before?: ApplicationFacts;
	/** Applications: what it is after the change (absent: removed). */
	after?: ApplicationFacts;
}

/** An application in the sandbox's own terms, as the change log records it. */
export interface ApplicationFacts {
	/** Its vacancy's id (null: speculative). */
	job: string | null;
	/** Its candidate's id. */
	candidate: string;
	/** Its stage's id. */
	stage: string;
	state: string;
	placed: boolean;
	/** The next interview (null: none). */
	interview: { id: string; startTime: string } | null;
}

export interface ChangeLog {
	readonly entries: ChangeEntry[];
	readonly seq: number;
	since(seq?: number): ChangeEntry[];
}

export interface RequestLogEntry {
	seq: number;
	/** Wall-clock ISO time the request arrived. */
	time: string;
	method: string;
	/** Pathname as sent (not decoded). */
	path: string;
	query: Record<string, string | string[]>;
	surface: 'api' | 'public' | 'unknown';
	apiKeyPresent: boolean;
	/** Which of the sandbox's keys was sent: 0 its apiKey, 1.. its apiKeys in order, -1 none or a wrong one. */
	apiKeyIndex: number;
	/** The request's headers, x-api-key redacted. */
	headers: Record<string, string | string[] | undefined>;
	/** Parsed JSON body, the raw text when it is not JSON, or null. */
	body: unknown;
	/** 0 while in flight or when the connection was dropped. */
	status: number;
	/** The injected fault's kind, if any. */
	fault: string | null;
	/** The error code of an error answer, if any. */
	error: string | null;
	durationMs: number;
}

export interface RequestLog {
	readonly entries: RequestLogEntry[];
	readonly seq: number;
	since(seq?: number): RequestLogEntry[];
}

/** Any subset of the spec's twelve location fields. */
export interface Location {
	type?: string;
	street1?: string;
	street2?: string;
	postalCode?: string;
	city?: string;
	region?: string;
	state?: string;
	country?: string;
	rawCityCountry?: string;
	latitude?: number;
	longitude?: number;
	formattedAddress?: string;
}

/** The candidate fields the sandbox stores; the rest is derived from the record's seed. */
export interface CandidateOverrides {
	firstName?: string;
	lastName?: string;
	email?: string;
	phoneNumber?: string;
	networkUrl?: string | null;
	location?: Location;
	acquisitionSource?: string;
}

export interface CandidateFields extends CandidateOverrides {
	/** ISO timestamp or epoch ms; default the clock's next tick. */
	modifiedAt?: string | number;
}

// Records as the sandbox keeps them (times in epoch ms); render.js makes the spec's views.

export interface CandidateRecord {
	id: string;
	seed: number;
	createdAt: number;
	modifiedAt: number;
	lastActivityAt: number;
	overrides: CandidateOverrides | null;
}

export interface VacancyRecord {
	id: string;
	clientId: string;
	name: string;
	description: string | null;
	stageId: string;
	createdAt: number;
	/** Never rendered by the API: it drives the list's order and cursor. */
	modifiedAt: number;
	startAt: number | null;
	endAt: number | null;
	salaryRange: { currency?: string; min?: number; max?: number } | null;
	location: Location;
	teamUserIds: string[];
	clientTeamContactIds: string[];
	employmentType: string | null;
	locationType: string | null;
	scorecard: { group_name: string; attributes: { attribute: string }[] }[];
	nextTaskDue: { id: string; content: string; dueDate: number } | null;
	customAttributes: {
		attributeDefinitionId: string;
		label: string;
		description: string;
		filledByAI: boolean;
		options: string[];
		value: { viewType: string; imageUrl?: string };
	}[];
	clientPortalId: string;
	lastRankedAt: number | null;
	dealValue: { currency: string; amount: number } | null;
}

export interface ApplicationRecord {
	id: string;
	seed: number;
	vacancyId: string | null;
	candidateId: string;
	stageId: string;
	statusId: string | null;
	ownerUserId: string;
	createdByUserId: string;
	teamUserIds: string[];
	clientId: string | null;
	clientTeamContactIds: string[];
	state: string;
	createdAt: number;
	modifiedAt: number;
	channelId: string | null;
	position: { previousId?: string; nextId?: string } | null;
	/** Set by moveApplication: the next interview (null: none); absent: derived from the seed. */
	interview?: {
		id: string;
		title: string;
		meetingId: string;
		startTime: number;
		endTime: number;
	} | null;
}

export interface NoteRecord {
	id: string;
	applicationId: string;
	content: string;
	title: string | null;
	pinned: boolean;
	source: string | null;
	labelIds: string[];
	createdAt: number;
	modifiedAt: number;
}

export interface StoreOptions {
	/** Seed of all generated data; default 1. */
	seed?: number;
	/** Default 'acme'. */
	tenantSlug?: string;
	/** Default 200; 100,000+ is fine. */
	candidates?: number;
	/** Default 30. */
	vacancies?: number;
	/** Default 5. */
	applicationsPerVacancy?: number;
	/** Default 20 (ids note-0001, note-0002, ...). */
	notes?: number;
}

export interface StateSummary {
	tenantSlug: string;
	seed: number;
	clock: { now: string; mode: string; stepMs: number; start: string };
	counts: Record<
		| 'candidates'
		| 'vacancies'
		| 'applications'
		| 'notes'
		| 'postings'
		| 'clients'
		| 'clientContacts'
		| 'users',
		number
	>;
	changeSeq: number;
}

export interface Fixtures {
	tenantSlug: string;
	users: { id: string; name: string; deactivated: boolean }[];
	clients: { id: string; name: string }[];
	clientContacts: { id: string; candidateId: string; companyId: string }[];
	vacancyStages: { id: string; order: number; name: string; colorHex: string; isOpen: boolean }[];
	applicationStages: {
		id: string;
		type: string;
		templateType: string;
		name: string;
		order: number;
		statusIds: string[];
	}[];
	vacancyIds: string[];
	postings: { id: string; vacancyId: string }[];
	noteIds: string[];
	applicationIds: string[];
	candidates: { count: number; firstIds: string[]; lastId: string | null };
}

/** Fields of PUT /vacancies/{id} plus control-only extras. */
export type VacancyFields = Record<string, unknown> & { modifiedAt?: string | number };

/** What moveApplication changes: the stage (and status), the state, the next interview. */
export interface ApplicationMove {
	stageId?: string;
	statusId?: string | null;
	state?: string;
	/** true: a new next interview; false: none; 'moved': the same one, a day later. */
	interview?: boolean | 'moved';
}

/** The store as tests read it (the sandbox's own code uses the class in store.js). */
export interface Store extends StoreWrites {
	readonly clock: Clock;
	readonly changeLog: ChangeLog;
	getVacancy(id: string): VacancyRecord | undefined;
	getCandidate(id: string): CandidateRecord | undefined;
	getApplication(id: string): ApplicationRecord | undefined;
	getNote(id: string): NoteRecord | undefined;
	applicationsOfVacancy(vacancyId: string): ApplicationRecord[];
	/** What an application is, in the sandbox's own terms (undefined: no such application). */
	applicationFacts(id: string): ApplicationFacts | undefined;
	/** POST /applications without HTTP (the body is validated; throws HttpError). */
	createApplication(body: unknown): ApplicationRecord;
}

/** The store's writes the sandbox offers too. */
export interface StoreWrites {
	createCandidate(fields?: CandidateFields): CandidateRecord;
	touchCandidate(id: string, fields?: CandidateFields): CandidateRecord;
	createVacancy(fields?: VacancyFields): VacancyRecord;
	touchVacancy(id: string, fields?: VacancyFields): VacancyRecord;
	moveApplication(id: string, fields?: ApplicationMove): ApplicationRecord;
	removeApplication(id: string): ApplicationRecord;
	/** A job deleted, with its applications (each logged as removed, the job last). */
	deleteVacancy(id: string): VacancyRecord;
	/** Give many records ONE modifiedAt: `ids`, or the first `count` by id. */
	touchMany(
		resource: 'candidates' | 'vacancies',
		options: { ids?: string[]; count?: number; modifiedAt?: string | number },
	): { ids: string[]; modifiedAt: string };
}

export interface SandboxOptions extends StoreOptions {
	/** Default 0: a free port. */
	port?: number;
	/** Default '127.0.0.1'. */
	host?: string;
	/** Default 'sandbox-key'. */
	apiKey?: string;
	/** Further valid keys (each has its own rate-limit window). */
	apiKeys?: string[];
	/** Default fixed at 2026-01-01T00:00:00.000Z, +1 ms per write. */
	clock?: ClockOptions;
	/** Default 1000 a minute per key, 100 per IP; false disables rate limiting. */
	rateLimit?: RateLimitConfig | false;
	/** Default none. */
	faults?: FaultConfig;
	/** nextCursor of the last candidates page: the last position (default) or ''. */
	candidateLastPageCursor?: 'position' | 'empty';
	/** Request-log entries kept; default 10000. */
	requestLogLimit?: number;
}

export interface Sandbox extends StoreWrites {
	/** http://127.0.0.1:PORT */
	readonly url: string;
	/** url + '/v1' */
	readonly apiBaseUrl: string;
	/** url + '/' + tenantSlug + '/vacancy-portal' */
	readonly publicBaseUrl: string;
	readonly apiKey: string;
	readonly tenantSlug: string;
	readonly store: Store;
	readonly clock: Clock;
	readonly rateLimiter: RateLimiter;
	readonly changeLog: ChangeLog;
	readonly requestLog: RequestLog;
	/** Initial state again (optionally other sizes/seed); faults and rate limits as at creation. */
	reset(overrides?: StoreOptions): void;
	state(): StateSummary;
	fixtures(): Fixtures;
	/** A job's applications as GET /applications/vacancy/{id} lists them now. */
	applicationsOf(vacancyId: string): Record<string, unknown>[];
	/** Replace the random faults (and restart their PRNG). */
	setFaults(config: FaultConfig): void;
	/** Stop listening and drop open connections. */
	close(): Promise<unknown>;
}

export declare function createSandbox(options?: SandboxOptions): Promise<Sandbox>;
