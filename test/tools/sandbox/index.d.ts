// Types of the sandbox's public API for TypeScript tests. The implementation is
// JSDoc-typed JavaScript; conformance.js makes `npx tsc -p test/tools/sandbox` fail
// when this file and the implementation disagree.

export interface ClockOptions {
	/** ISO timestamp or epoch ms; default 2026-01-01T00:00:00.000Z ('fixed') or now ('real'). */
	start?: string | number;
	/** 'fixed' (default): time moves only on writes and set/advance; 'real': follows the wall clock. */
	mode?: 'fixed' | 'real';
	/** How far the clock moves after each write; default 1, 0 freezes it (writes share one modifiedAt). */
	stepMs?: number;
}

export interface Clock {
	readonly mode: 'fixed' | 'real';
	stepMs: number;
	/** Seeded records are spread over the year before this time. */
	readonly startMs: number;
	/** Current time (epoch ms) without advancing. */
	peek(): number;
	/** Current time as ISO string without advancing. */
	iso(): string;
	/** Timestamp for a write: returns now, then advances by stepMs. */
	tick(): number;
	/** Alias of tick(). */
	now(): number;
	/** Jump to a time; the next write is stamped exactly this time. */
	set(time: string | number): void;
	advance(ms: number): void;
	setStep(ms: number): void;
	reset(): void;
	toJSON(): { now: string; mode: string; stepMs: number; start: string };
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
	configure(config: RateLimitConfig | false | { enabled: false } | undefined): void;
	/** Forget all counters. */
	reset(): void;
}

export type FaultKind = 'drop' | 'error' | 'rateLimit' | 'html' | 'truncate';

export interface FaultConfig {
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
	/** Default 'all'. */
	scope?: 'all' | 'api' | 'public';
}

export interface QueuedFault {
	kind: FaultKind | 'latency';
	/** For 'error' and 'html'; default 503 / 502. */
	status?: number;
	retryAfterSeconds?: number;
	latencyMs?: number;
	/** Only requests whose path contains this string. */
	match?: string;
	/** Default 1. */
	count?: number;
}

export interface FaultInjector {
	readonly config: Required<FaultConfig>;
	readonly stats: Record<FaultKind, number>;
	/** Replace the random-fault configuration (restarts its PRNG). */
	configure(config?: FaultConfig): void;
	/** Queue a fault for the next matching request(s). */
	enqueue(fault: QueuedFault): void;
	/** No faults: clears configuration, queue and stats. */
	clear(): void;
}

export type ResourceName = 'vacancy' | 'candidate' | 'application' | 'note';

export interface ChangeEntry {
	seq: number;
	resource: ResourceName;
	id: string;
	kind: 'created' | 'updated' | 'removed';
	/** ISO timestamp the record now carries. */
	modifiedAt: string;
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
	since(seq?: number, resource?: ResourceName): ChangeEntry[];
	clear(): void;
}

export interface RequestLogEntry {
	seq: number;
	time: string;
	method: string;
	path: string;
	query: Record<string, string | string[]>;
	surface: 'api' | 'public' | 'unknown';
	apiKeyPresent: boolean;
	/** Which of the sandbox's keys was sent: 0 its apiKey, 1.. its apiKeys in order, -1 none or a wrong one. */
	apiKeyIndex: number;
	headers: Record<string, string | string[] | undefined>;
	body: unknown;
	/** 0 when the connection was dropped. */
	status: number;
	fault: string | null;
	error: string | null;
	durationMs: number;
}

export interface RequestLog {
	readonly entries: RequestLogEntry[];
	readonly seq: number;
	since(seq?: number): RequestLogEntry[];
	clear(): void;
}

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

export interface CandidateFields {
	firstName?: string;
	lastName?: string;
	email?: string;
	phoneNumber?: string;
	networkUrl?: string | null;
	location?: Location;
	acquisitionSource?: string;
	/** ISO timestamp or epoch ms; default the clock's next tick. */
	modifiedAt?: string | number;
}

/** Internal candidate record (times in epoch ms). */
export interface CandidateRecord {
	id: string;
	createdAt: number;
	modifiedAt: number;
	lastActivityAt: number;
}

/** Internal job record (times in epoch ms); modifiedAt is never rendered by the API. */
export interface VacancyRecord {
	id: string;
	name: string;
	clientId: string;
	stageId: string;
	createdAt: number;
	modifiedAt: number;
}

export interface ApplicationRecord {
	id: string;
	vacancyId: string | null;
	candidateId: string;
	stageId: string;
	statusId: string | null;
	state: string;
	createdAt: number;
	modifiedAt: number;
}

export interface NoteRecord {
	id: string;
	applicationId: string;
	content: string;
	title: string | null;
	pinned: boolean;
	source: string | null;
	labelIds: string[];
	modifiedAt: number;
}

export interface StoreOptions {
	seed?: number;
	tenantSlug?: string;
	candidates?: number;
	vacancies?: number;
	applicationsPerVacancy?: number;
	notes?: number;
	clients?: number;
	users?: number;
	clientContactsPerClient?: number;
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

export interface Store {
	readonly tenantSlug: string;
	readonly clock: Clock;
	readonly changeLog: ChangeLog;
	/** Regenerate the seeded world, reset the clock, clear the change log. */
	reset(overrides?: StoreOptions): void;
	getVacancy(id: string): VacancyRecord | undefined;
	getCandidate(id: string): CandidateRecord | undefined;
	getApplication(id: string): ApplicationRecord | undefined;
	getNote(id: string): NoteRecord | undefined;
	applicationsOfVacancy(vacancyId: string): ApplicationRecord[];
	/** What an application is, in the sandbox's own terms (undefined: no such application). */
	applicationFacts(id: string): ApplicationFacts | undefined;
	/** The API's write operations (bodies are validated; throw HttpError). */
	updateVacancy(id: string, body: unknown): VacancyRecord;
	updateNote(id: string, body: unknown): NoteRecord;
	createApplication(body: unknown): ApplicationRecord;
	applyToPosting(
		postingId: string,
		body: unknown,
		channelId: string | null,
	): { candidate: CandidateRecord; application: ApplicationRecord; cvAttachmentId: string };
	createCandidate(fields?: CandidateFields): CandidateRecord;
	touchCandidate(id: string, fields?: CandidateFields): CandidateRecord;
	createVacancy(fields?: VacancyFields & { publish?: boolean }): VacancyRecord;
	touchVacancy(id: string, fields?: VacancyFields): VacancyRecord;
	moveApplication(id: string, fields?: ApplicationMove): ApplicationRecord;
	removeApplication(id: string): ApplicationRecord;
	/** A job deleted, with its applications (each logged as removed, the job last). */
	deleteVacancy(id: string): VacancyRecord;
	/** Give many records ONE modifiedAt: `ids`, or the first `count` by id. */
	touchMany(
		resource: 'candidates' | 'vacancies' | 'candidate' | 'vacancy',
		options: { ids?: string[]; count?: number; modifiedAt?: string | number },
	): { ids: string[]; modifiedAt: string };
	summary(): StateSummary;
	fixtures(): Fixtures;
}

export interface SandboxOptions extends StoreOptions {
	/** Default 0: a free port. */
	port?: number;
	/** Default '127.0.0.1'. */
	host?: string;
	/** Default 'sandbox-key'. */
	apiKey?: string;
	/** Further valid keys. */
	apiKeys?: string[];
	clock?: ClockOptions;
	/** false disables rate limiting. */
	rateLimit?: RateLimitConfig | false;
	faults?: FaultConfig;
	/** nextCursor of the last candidates page: the last position (default) or ''. */
	candidateLastPageCursor?: 'position' | 'empty';
	/** Request-log entries kept; default 10000. */
	requestLogLimit?: number;
}

export interface Sandbox {
	/** http://127.0.0.1:PORT */
	readonly url: string;
	/** url + '/v1' */
	readonly apiBaseUrl: string;
	/** url + '/' + tenantSlug + '/vacancy-portal' */
	readonly publicBaseUrl: string;
	readonly port: number;
	readonly apiKey: string;
	readonly tenantSlug: string;
	readonly store: Store;
	readonly clock: Clock;
	readonly faults: FaultInjector;
	readonly rateLimiter: RateLimiter;
	readonly changeLog: ChangeLog;
	readonly requestLog: RequestLog;
	/** Initial state again (optionally other sizes/seed); faults and rate limits as at creation. */
	reset(overrides?: StoreOptions): void;
	state(): StateSummary;
	fixtures(): Fixtures;
	createCandidate: Store['createCandidate'];
	touchCandidate: Store['touchCandidate'];
	createVacancy: Store['createVacancy'];
	touchVacancy: Store['touchVacancy'];
	moveApplication: Store['moveApplication'];
	/** A job's applications as GET /applications/vacancy/{id} lists them now. */
	applicationsOf(vacancyId: string): Record<string, unknown>[];
	removeApplication: Store['removeApplication'];
	deleteVacancy: Store['deleteVacancy'];
	touchMany: Store['touchMany'];
	setFaults(config: FaultConfig): void;
	setRateLimit(config: RateLimitConfig | false): void;
	close(): Promise<unknown>;
}

export declare function createSandbox(options?: SandboxOptions): Promise<Sandbox>;
