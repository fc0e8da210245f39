// @ts-check
'use strict';

/**
 * HTTP layer: routing, auth, rate limits, fault injection, request log and
 * the control API. Handlers return `{ status, body, headers }` results (or
 * throw HttpError); `send` is the only place that writes responses, which is
 * what lets the 'truncate' fault corrupt any response body.
 */

const http = require('node:http');
const { HttpError, badRequest, notFound } = require('./errors');
const render = require('./render');
const { parseLimit, parseDateTimeParam, parseDateTime, isPlainObject } = require('./validate');
const { queryObject } = require('./request-log');

/** @import { Store } from './store' */
/** @import { FaultInjector, FaultDecision } from './faults' */
/** @import { RateLimiter } from './rate-limit' */
/** @import { RequestLog } from './request-log' */
/** @import { RequestLogEntry } from './index' */

/**
 * @typedef {object} ServerContext
 * @property {Store} store
 * @property {FaultInjector} faults
 * @property {RateLimiter} rateLimiter
 * @property {RequestLog} requestLog
 * @property {Set<string>} apiKeys
 * @property {'position' | 'empty'} candidateLastPageCursor nextCursor of the last candidates page
 */

/**
 * @typedef {object} Result
 * @property {number} [status] default 200
 * @property {unknown} [body] JSON body; undefined answers an empty body
 * @property {Record<string, string>} [headers]
 * @property {string} [html] an HTML body instead of JSON
 */

/**
 * @typedef {object} RequestInfo
 * @property {Record<string, string>} params decoded path parameters
 * @property {URLSearchParams} query
 * @property {unknown} body parsed JSON body (routes with `body: true`; control routes: if sent)
 */

/**
 * @typedef {object} Route
 * @property {string} method
 * @property {string[]} pattern path segments, ':name' for parameters
 * @property {boolean} [body] requires a JSON body
 * @property {(ctx: ServerContext, req: RequestInfo) => Result | Promise<Result>} handle
 */

const MAX_BODY_BYTES = 1_000_000;

/**
 * @param {string} method
 * @param {string} path
 * @param {Route['handle']} handle
 * @param {boolean} [body]
 * @returns {Route}
 */
const route = (method, path, handle, body = false) => ({
	method,
	pattern: path.split('/').filter(Boolean),
	handle,
	body,
});

// ------------------------------------------------------- API-key endpoints

/** @param {ServerContext} ctx @param {RequestInfo} req */
function listVacancies(ctx, req) {
	const limit = parseLimit(req.query.get('limit'));
	const since = parseDateTimeParam(req.query.get('modifiedSince'), 'modifiedSince');
	const cursorRaw = req.query.get('cursor');
	const cursor = parseDateTimeParam(cursorRaw, 'cursor');
	// Both given: start from the later one. The cursor is inclusive.
	const fromMs = since === null ? cursor : cursor === null ? since : Math.max(since, cursor);
	const { records, hasNextPage } = ctx.store.listVacancies({ limit, fromMs });
	const last = records[records.length - 1];
	const nextCursor = last ? new Date(last.modifiedAt).toISOString() : (cursorRaw ?? '');
	return {
		body: {
			items: records.map((v) => render.vacancyListItem(ctx.store.world, v)),
			pageInfo: { nextCursor, hasNextPage },
		},
	};
}

/**
 * Candidate cursors are standard base64 of `{"m":"<modifiedAt>","id":"<id>"}`:
 * the exact position of the last item returned (standard base64, with '='
 * padding; clients should URL-encode it like any query value).
 * @param {{ modifiedAt: number, id: string }} rec
 */
function encodeCandidateCursor(rec) {
	return Buffer.from(
		JSON.stringify({ m: new Date(rec.modifiedAt).toISOString(), id: rec.id }),
	).toString('base64');
}

/** @param {string} raw */
function decodeCandidateCursor(raw) {
	const invalid = () => badRequest('cursor', 'cursor is not a cursor returned by this endpoint');
	if (!/^[A-Za-z0-9+/]+={0,2}$/.test(raw) || raw.length % 4 !== 0) throw invalid();
	try {
		const decoded = JSON.parse(Buffer.from(raw, 'base64').toString('utf8'));
		const modifiedAt = typeof decoded?.m === 'string' ? parseDateTime(decoded.m) : null;
		if (modifiedAt === null || typeof decoded.id !== 'string') throw invalid();
		return { modifiedAt, id: /** @type {string} */ (decoded.id) };
	} catch {
		throw invalid();
	}
}

/** @param {ServerContext} ctx @param {RequestInfo} req */
function listCandidates(ctx, req) {
	const limit = parseLimit(req.query.get('limit'));
	const modifiedSinceMs = parseDateTimeParam(req.query.get('modifiedSince'), 'modifiedSince');
	const cursorRaw = req.query.get('cursor');
	const after = cursorRaw === null ? null : decodeCandidateCursor(cursorRaw);
	const { records, hasNextPage } = ctx.store.listCandidates({ limit, modifiedSinceMs, after });
	const last = records[records.length - 1];
	let nextCursor = last ? encodeCandidateCursor(last) : (cursorRaw ?? '');
	if (!hasNextPage && ctx.candidateLastPageCursor === 'empty') nextCursor = '';
	return {
		body: {
			items: records.map((c) => render.candidateView(ctx.store.world, c, false)),
			pageInfo: { nextCursor, hasNextPage },
		},
	};
}

/** @param {ServerContext} ctx @param {RequestInfo} req */
function getCandidateRecord(ctx, req) {
	const candidate = ctx.store.getCandidate(req.params.id);
	if (!candidate) throw notFound(`candidate ${req.params.id} not found`, 'id');
	return candidate;
}

const apiRoutes = [
	route('GET', 'vacancies', listVacancies),
	route(
		'PUT',
		'vacancies/:id',
		(ctx, req) => (ctx.store.updateVacancy(req.params.id, req.body), {}),
		true,
	),
	route('GET', 'candidates', listCandidates),
	route('GET', 'candidates/:id', (ctx, req) => ({
		body: render.candidateView(ctx.store.world, getCandidateRecord(ctx, req), true),
	})),
	route('GET', 'candidates/:id/contact-identifiers', (ctx, req) => ({
		body: render.contactIdentifiers(ctx.store.world, getCandidateRecord(ctx, req)),
	})),
	route('GET', 'applications/vacancy/:vacancyId', (ctx, req) => {
		const vacancy = ctx.store.getVacancy(req.params.vacancyId);
		if (!vacancy) throw notFound(`vacancy ${req.params.vacancyId} not found`, 'vacancyId');
		const world = ctx.store.world;
		return {
			body: {
				vacancy: render.vacancyDetail(world, vacancy),
				applications: ctx.store
					.applicationsOfVacancy(vacancy.id)
					.map((a) => render.applicationListItem(world, a)),
			},
		};
	}),
	route('GET', 'applications/:id', (ctx, req) => {
		const application = ctx.store.getApplication(req.params.id);
		if (!application) throw notFound(`application ${req.params.id} not found`, 'id');
		return { body: render.applicationDetail(ctx.store.world, application) };
	}),
	route(
		'POST',
		'applications',
		(ctx, req) => ({ body: { id: ctx.store.createApplication(req.body).id } }),
		true,
	),
	route(
		'PUT',
		'notes/:id',
		(ctx, req) => (ctx.store.updateNote(req.params.id, req.body), {}),
		true,
	),
];

// -------------------------------------------------------- public endpoints

const publicRoutes = [
	route('GET', 'vacancy-portal/jobs', (ctx) => ({
		body: {
			publicJobBoardPostings: ctx.store
				.postings()
				.map((p) => render.postingView(ctx.store.world, p)),
		},
	})),
	route(
		'POST',
		'vacancy-portal/jobs/:jobBoardPostingId',
		(ctx, req) => {
			ctx.store.applyToPosting(req.params.jobBoardPostingId, req.body, req.query.get('channelId'));
			return {};
		},
		true,
	),
];

// ------------------------------------------------------------ control API

/**
 * @param {unknown} body
 * @returns {Record<string, any>}
 */
const controlBody = (body) => {
	if (body === null || body === undefined) return {};
	if (!isPlainObject(body)) throw badRequest('body', 'request body must be a JSON object');
	return body;
};

// What the demo (npm run dev) and the benchmarks drive over HTTP; tests use the JS API.
const controlRoutes = [
	route('GET', 'state', (ctx) => ({
		body: {
			...ctx.store.summary(),
			rateLimit: ctx.rateLimiter.config,
			faults: ctx.faults.config,
			requestSeq: ctx.requestLog.seq,
		},
	})),
	route('GET', 'vacancies', (ctx) => ({
		body: ctx.store.world.vacancyIndex.items.map((v) => ({
			id: v.id,
			name: v.name,
			createdAt: render.iso(v.createdAt),
			modifiedAt: render.iso(v.modifiedAt),
		})),
	})),
	route('POST', 'candidates', (ctx, req) => {
		const candidate = ctx.store.createCandidate(controlBody(req.body));
		return { status: 201, body: render.candidateView(ctx.store.world, candidate, true) };
	}),
	route('POST', 'candidates/touch', (ctx, req) => ({
		body: ctx.store.touchMany('candidates', controlBody(req.body)),
	})),
	route('POST', 'applications/:id/move', (ctx, req) => {
		const app = ctx.store.moveApplication(req.params.id, controlBody(req.body));
		return { body: render.applicationListItem(ctx.store.world, app) };
	}),
];

// ---------------------------------------------------------------- plumbing

/**
 * @param {Route[]} routes
 * @param {string} method
 * @param {string[]} segments
 */
function findRoute(routes, method, segments) {
	for (const r of routes) {
		if (r.method !== method || r.pattern.length !== segments.length) continue;
		/** @type {Record<string, string>} */
		const params = {};
		const ok = r.pattern.every((part, i) => {
			if (part.startsWith(':')) {
				params[part.slice(1)] = segments[i];
				return true;
			}
			return part === segments[i];
		});
		if (ok) return { route: r, params };
	}
	return null;
}

/**
 * Decoded path segments; tolerates one trailing slash.
 * @param {string} pathname
 */
function splitPath(pathname) {
	const parts = pathname.replace(/\/$/, '').split('/').slice(1);
	try {
		return parts.map((p) => decodeURIComponent(p));
	} catch {
		throw badRequest('path', 'the path is not validly URL-encoded');
	}
}

/**
 * Public endpoints are `/{slug}/vacancy-portal/...`, tolerated under `/v1/`
 * too; everything else under `/v1/` is an API-key endpoint.
 * @param {string[]} segments
 * @returns {{ surface: 'api' | 'public' | 'unknown', rest: string[] }}
 */
function classify(segments) {
	if (segments[1] === 'vacancy-portal') return { surface: 'public', rest: segments };
	if (segments[0] === 'v1' && segments[2] === 'vacancy-portal')
		return { surface: 'public', rest: segments.slice(1) };
	if (segments[0] === 'v1') return { surface: 'api', rest: segments.slice(1) };
	return { surface: 'unknown', rest: segments };
}

/**
 * @param {http.IncomingMessage} req
 * @returns {Promise<{ text: string, tooLarge: boolean }>}
 */
function readBody(req) {
	return new Promise((resolve, reject) => {
		/** @type {Buffer[]} */
		const chunks = [];
		let size = 0;
		req.on('data', (/** @type {Buffer} */ chunk) => {
			size += chunk.length;
			if (size <= MAX_BODY_BYTES) chunks.push(chunk);
		});
		req.on('end', () =>
			resolve({ text: Buffer.concat(chunks).toString('utf8'), tooLarge: size > MAX_BODY_BYTES }),
		);
		req.on('error', reject);
	});
}

/**
 * The body a route needs: JSON with the right content type.
 * @param {http.IncomingMessage} req
 * @param {{ text: string, tooLarge: boolean }} raw
 */
function parseJsonBody(req, raw) {
	if (raw.tooLarge)
		throw new HttpError(413, 'payload_too_large', `request body exceeds ${MAX_BODY_BYTES} bytes`);
	if (raw.text.trim() === '') throw badRequest('body', 'request body must be a JSON object');
	const type = String(req.headers['content-type'] ?? '');
	if (!/^application\/json\b/i.test(type))
		throw new HttpError(
			415,
			'unsupported_media_type',
			'send the body with Content-Type: application/json',
		);
	return parseJson(raw.text);
}

/** @param {string} text */
function parseJson(text) {
	try {
		return JSON.parse(text);
	} catch {
		throw new HttpError(400, 'invalid_json', 'request body is not valid JSON');
	}
}

/** @param {string} text */
function bodyForLog(text) {
	if (text === '') return null;
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

/** @param {unknown} error @returns {Result} */
function errorResult(error) {
	if (error instanceof HttpError)
		return { status: error.status, body: error.toJSON(), headers: error.headers };
	const message = error instanceof Error ? error.message : String(error);
	return { status: 500, body: { error: 'internal_error', message } };
}

const STATUS_TEXT = /** @type {Record<number, string>} */ (http.STATUS_CODES);

/**
 * The only writer of responses.
 * @param {http.ServerResponse} res
 * @param {Result} result
 * @param {boolean} [truncate] cut the body in half (the 'truncate' fault)
 */
function send(res, result, truncate = false) {
	const status = result.status ?? 200;
	/** @type {Record<string, string | number>} */
	const headers = { ...result.headers };
	let payload = '';
	if (result.html !== undefined) {
		payload = result.html;
		headers['content-type'] = 'text/html; charset=utf-8';
	} else if (result.body !== undefined) {
		payload = JSON.stringify(result.body);
		headers['content-type'] = 'application/json; charset=utf-8';
	}
	if (truncate && payload.length > 1) payload = payload.slice(0, Math.floor(payload.length / 2));
	headers['content-length'] = Buffer.byteLength(payload);
	res.writeHead(status, headers);
	res.end(payload);
}

/**
 * Response for an injected fault (all but 'drop' and 'truncate').
 * @param {FaultDecision} decision
 * @returns {Result}
 */
function faultResult(decision) {
	if (decision.kind === 'rateLimit') {
		return {
			status: 429,
			headers: { 'retry-after': String(decision.retryAfterSeconds) },
			body: {
				error: 'rate_limited',
				message: `Too many requests, retry after ${decision.retryAfterSeconds} s`,
			},
		};
	}
	const text = `${decision.status} ${STATUS_TEXT[decision.status] ?? 'Server Error'}`;
	if (decision.kind === 'html') {
		return {
			status: decision.status,
			html: `<!DOCTYPE html>\n<html><head><title>${text}</title></head><body><center><h1>${text}</h1></center><hr><center>nginx</center></body></html>\n`,
		};
	}
	return {
		status: decision.status,
		body: {
			error: decision.status === 500 ? 'internal_error' : 'service_unavailable',
			message: `${text} (injected fault)`,
		},
	};
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * @typedef {object} Incoming a request as read
 * @property {http.IncomingMessage} req
 * @property {URLSearchParams} query
 * @property {{ text: string, tooLarge: boolean }} raw its body
 */

/**
 * Auth and rate limit for API-key endpoints, then the route.
 * @param {ServerContext} ctx
 * @param {Incoming} incoming
 * @param {string[]} rest path segments after /v1
 */
async function handleApi(ctx, incoming, rest) {
	const key = incoming.req.headers['x-api-key'];
	if (key === undefined || key === '')
		throw new HttpError(401, 'unauthorized', 'missing x-api-key header');
	if (typeof key !== 'string' || !ctx.apiKeys.has(key))
		throw new HttpError(401, 'unauthorized', 'invalid API key');
	const retryAfter = ctx.rateLimiter.hit('api', key);
	if (retryAfter !== null) throw rateLimited(retryAfter, 'API key');
	return dispatch(ctx, apiRoutes, incoming, rest);
}

/**
 * @param {ServerContext} ctx
 * @param {Incoming} incoming
 * @param {string[]} rest path segments starting with the tenant slug
 */
async function handlePublic(ctx, incoming, rest) {
	const retryAfter = ctx.rateLimiter.hit('public', incoming.req.socket.remoteAddress ?? 'unknown');
	if (retryAfter !== null) throw rateLimited(retryAfter, 'IP address');
	if (rest[0] !== ctx.store.tenantSlug)
		throw notFound(`unknown tenant ${rest[0]}`, 'publicTenantSlug');
	return dispatch(ctx, publicRoutes, incoming, rest.slice(1));
}

/**
 * @param {number} retryAfter
 * @param {string} per
 */
function rateLimited(retryAfter, per) {
	return new HttpError(
		429,
		'rate_limited',
		`rate limit per ${per} exceeded, retry after ${retryAfter} s`,
		undefined,
		{ 'retry-after': String(retryAfter) },
	);
}

/**
 * The route of `routes` for `segments`, given its parameters, the query and the body: the JSON
 * an API route requires, or (the control routes) any JSON that was sent.
 * @param {ServerContext} ctx
 * @param {Route[]} routes
 * @param {Incoming} incoming
 * @param {string[]} segments
 * @returns {Promise<Result>}
 */
async function dispatch(ctx, routes, { req, query, raw }, segments) {
	const found = findRoute(routes, req.method ?? 'GET', segments);
	if (!found) throw notFound(`no endpoint ${req.method} ${req.url?.split('?')[0]}`);
	let body;
	if (found.route.body) body = parseJsonBody(req, raw);
	else if (routes === controlRoutes && raw.text.trim() !== '') body = parseJson(raw.text);
	return found.route.handle(ctx, { params: found.params, query, body });
}

/**
 * @param {ServerContext} ctx
 * @param {http.IncomingMessage} req
 * @param {http.ServerResponse} res
 */
async function handleRequest(ctx, req, res) {
	const startedAt = Date.now();
	const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
	const raw = await readBody(req);
	const incoming = { req, query: url.searchParams, raw };
	let segments;
	try {
		segments = splitPath(url.pathname);
	} catch (error) {
		return send(res, errorResult(error));
	}

	if (segments[0] === '_control') {
		// Control requests are neither logged, rate limited nor faulted.
		const control = dispatch(ctx, controlRoutes, incoming, segments.slice(1));
		return send(res, await control.catch(errorResult));
	}

	const { surface, rest } = classify(segments);
	const { 'x-api-key': apiKey, ...otherHeaders } = req.headers;
	const entry = ctx.requestLog.start({
		time: new Date(startedAt).toISOString(),
		method: req.method ?? 'GET',
		path: url.pathname,
		query: queryObject(url.searchParams),
		surface,
		apiKeyPresent: apiKey !== undefined,
		apiKeyIndex: typeof apiKey === 'string' ? [...ctx.apiKeys].indexOf(apiKey) : -1,
		headers: apiKey === undefined ? otherHeaders : { ...otherHeaders, 'x-api-key': '<redacted>' },
		body: bodyForLog(raw.text),
	});

	let truncate = false;
	if (surface !== 'unknown') {
		const decision = ctx.faults.decide();
		if (decision.latencyMs > 0) await sleep(decision.latencyMs);
		entry.fault = decision.kind;
		if (decision.kind === 'drop') {
			entry.durationMs = Date.now() - startedAt;
			req.socket.destroy();
			return;
		}
		if (decision.kind === 'truncate') truncate = true;
		else if (decision.kind !== null) return finish(res, entry, faultResult(decision), startedAt);
	}

	/** @type {Result} */
	let result;
	try {
		if (surface === 'api') result = await handleApi(ctx, incoming, rest);
		else if (surface === 'public') result = await handlePublic(ctx, incoming, rest);
		else
			throw notFound(
				`no endpoint ${req.method} ${url.pathname}; API-key endpoints live under /v1, public ones under /{publicTenantSlug}/vacancy-portal`,
			);
	} catch (error) {
		result = errorResult(error);
	}
	finish(res, entry, result, startedAt, truncate);
}

/**
 * Send and complete the request-log entry.
 * @param {http.ServerResponse} res
 * @param {RequestLogEntry} entry
 * @param {Result} result
 * @param {number} startedAt
 * @param {boolean} [truncate]
 */
function finish(res, entry, result, startedAt, truncate = false) {
	entry.status = result.status ?? 200;
	const body = /** @type {{ error?: unknown } | undefined} */ (result.body);
	entry.error =
		typeof body?.error === 'string'
			? body.error
			: result.html !== undefined
				? 'html_error_page'
				: null;
	entry.durationMs = Date.now() - startedAt;
	send(res, result, truncate);
}

/**
 * @param {ServerContext} ctx
 * @returns {http.Server}
 */
function createHttpServer(ctx) {
	return http.createServer((req, res) => {
		handleRequest(ctx, req, res).catch((error) => {
			if (!res.headersSent) send(res, errorResult(error));
			else res.destroy();
		});
	});
}

module.exports = { createHttpServer, encodeCandidateCursor, decodeCandidateCursor };
