import { ExecutionBaseError, NodeOperationError, NodeApiError } from 'n8n-workflow';
import type { INode, JsonObject } from 'n8n-workflow';

import { FieldError, isRecord } from './values';

/**
 * What a catch block hands n8n: a FieldError as a NodeOperationError naming the field; n8n's
 * own errors (a NodeApiError from the transport, the cancellation of the execution) as they
 * are; anything else wrapped, so n8n shows it with the node and the item.
 */
export function toNodeError(node: INode, error: unknown, itemIndex?: number): ExecutionBaseError {
	if (error instanceof FieldError) {
		return new NodeOperationError(node, error.message, { itemIndex, description: error.hint });
	}
	if (error instanceof ExecutionBaseError) return error;
	return new NodeOperationError(node, error instanceof Error ? error : String(error), {
		itemIndex,
	});
}

/** What a request is about, so an error can say "no job with ID x" (the one type for it). */
export interface Subject {
	/** e.g. 'job', 'candidate', 'application', 'note', 'job posting' */
	label: string;
	id?: string;
	/** A public job portal request: no API key is involved, its address is the Portal URL. */
	portal?: boolean;
}

export interface HttpFailure {
	statusCode: number;
	body?: unknown;
	headers?: Record<string, unknown>;
}

const MAX_DESCRIBED_BODY = 2000;

/** The response body as text for an error description, cut short: HTML error pages can be huge. */
export function describeBody(body: unknown): string {
	if (body === undefined || body === null || body === '') return '';
	let text: string;
	if (typeof body === 'string') text = body;
	else if (Buffer.isBuffer(body)) text = body.toString('utf8');
	else {
		try {
			text = JSON.stringify(body);
		} catch {
			text = String(body);
		}
	}
	return text.length > MAX_DESCRIBED_BODY ? `${text.slice(0, MAX_DESCRIBED_BODY)}…` : text;
}

const MAX_EXPLANATION = 300;

function textOf(value: unknown): string {
	return typeof value === 'string' ? value.trim() : '';
}

/** The field an error entry names: `field`, `path`, `param`, `pointer`, `source.pointer`, `loc`. */
function fieldOf(entry: Record<string, unknown>): string {
	const source = isRecord(entry.source) ? entry.source : {};
	const named = [
		entry.field,
		entry.path,
		entry.param,
		entry.pointer,
		source.pointer,
		source.parameter,
	]
		.map(textOf)
		.find(Boolean);
	if (named) return named;
	const location = Array.isArray(entry.path)
		? entry.path
		: Array.isArray(entry.loc)
			? entry.loc
			: [];
	return location
		.filter((part) => typeof part === 'string' || typeof part === 'number')
		.filter((part) => part !== 'body' && part !== 'query')
		.join('.');
}

/** One error entry (a string, or an object with a message and maybe a field) as a sentence. */
function entryText(entry: unknown): string {
	if (typeof entry === 'string') return entry.trim();
	if (!isRecord(entry)) return '';
	const text = [entry.message, entry.msg, entry.detail, entry.error_description, entry.title]
		.map(textOf)
		.find(Boolean);
	if (!text) return '';
	const field = fieldOf(entry);
	return field && !text.includes(field) ? `${text} (field: ${field})` : text;
}

/**
 * The API's own words from an error body. The spec leaves the error shape open, so the usual
 * shapes are read: `message` (with `field`/`path`), `error` as text or as an object,
 * `errors[]` of texts or objects, RFC 7807 `detail`/`title`, and `detail[]` with `loc`/`msg`.
 */
function apiExplanation(body: unknown): string {
	if (!isRecord(body)) return '';
	const entries: unknown[] = [];
	if (isRecord(body.error)) entries.push(body.error);
	if (Array.isArray(body.errors)) entries.push(...body.errors);
	if (Array.isArray(body.detail)) entries.push(...body.detail);
	const nested = entries.map(entryText).filter(Boolean);
	const own = entryText({
		...body,
		message: textOf(body.message) || textOf(body.error) || textOf(body.detail),
		title: textOf(body.title),
	});
	const parts = [...(own ? [own] : []), ...nested.filter((text) => !own.includes(text))];
	const text = parts.slice(0, 3).join('; ');
	return text.length > MAX_EXPLANATION ? `${text.slice(0, MAX_EXPLANATION)}…` : text;
}

/** Seconds to wait before retrying, from a Retry-After header (seconds or an HTTP date). */
export function retryAfterSeconds(
	headers: Record<string, unknown> | undefined,
	now = Date.now(),
): number | undefined {
	const raw = headers?.['retry-after'] ?? headers?.['Retry-After'];
	const value = Array.isArray(raw) ? raw[0] : raw;
	if (typeof value !== 'string' && typeof value !== 'number') return undefined;
	const seconds = Number(value);
	if (Number.isFinite(seconds) && String(value).trim() !== '') return Math.max(0, seconds);
	const date = Date.parse(String(value));
	return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

function header(headers: Record<string, unknown> | undefined, name: string): string | undefined {
	const raw = headers?.[name] ?? headers?.[name.charAt(0).toUpperCase() + name.slice(1)];
	const value = Array.isArray(raw) ? raw[0] : raw;
	return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A redirect's target as origin and path: its query or fragment may hold a token. */
function withoutQuery(location: string | undefined): string | undefined {
	if (location === undefined) return undefined;
	const end = location.search(/[?#]/);
	return end === -1 ? location : location.slice(0, end);
}

/** One sentence a recruiter can act on, per HTTP status. */
export function httpErrorMessage(failure: HttpFailure, subject: Subject): string {
	const { statusCode } = failure;
	const explanation = apiExplanation(failure.body);
	if (statusCode >= 300 && statusCode < 400) {
		const location = withoutQuery(header(failure.headers, 'location'));
		// Requests with the key never follow a redirect (transport.ts): the key must not reach
		// another host, whatever the API answers.
		return `The Recruiting API answered with a redirect (HTTP ${statusCode})${
			location ? ` to ${location}` : ''
		}; requests that carry the API key do not follow redirects`;
	}
	if (statusCode === 400 || statusCode === 422) {
		return `The Recruiting API rejected the request${explanation ? `: ${explanation}` : ''}`;
	}
	if (statusCode === 409) {
		return `The Recruiting API refused the request as a conflict with the record's current state${
			explanation ? `: ${explanation}` : ''
		}`;
	}
	if ((statusCode === 401 || statusCode === 403) && subject.portal) {
		return `The job portal refused the request (HTTP ${statusCode}); it takes no API key: check the Portal URL and the Tenant Slug`;
	}
	if (statusCode === 401) {
		return 'The Recruiting API did not accept the API key: check the API key in the Recruiting API credential';
	}
	if (statusCode === 403) {
		return 'The API key is not allowed to do this: check the key’s permissions in the tenant dashboard (Settings, API Keys)';
	}
	if (statusCode === 404) {
		if (subject.id !== undefined)
			return `No ${subject.label} with ID "${subject.id}" exists: check the ID`;
		return subject.portal
			? `The job portal could not find the ${subject.label}: check the Portal URL and the Tenant Slug`
			: `The Recruiting API could not find the ${subject.label}: check the base URL and the IDs`;
	}
	if (statusCode === 429) {
		const wait = retryAfterSeconds(failure.headers);
		return `The Recruiting API rate limit was reached: retry later${
			wait !== undefined ? ` (the API asks to wait ${wait} s)` : ''
		}`;
	}
	if (statusCode >= 500) {
		return `The Recruiting API failed with HTTP ${statusCode}: this is on the server side, try again later`;
	}
	return `The Recruiting API answered HTTP ${statusCode}${explanation ? `: ${explanation}` : ''}`;
}

const REDIRECT_HINT =
	'If the API has moved (for example from http to https), set the Base URL of the Recruiting API credential to its new address, if you trust it.';

const HINTS: Record<number, string> = {
	301: REDIRECT_HINT,
	302: REDIRECT_HINT,
	303: REDIRECT_HINT,
	307: REDIRECT_HINT,
	308: REDIRECT_HINT,
	401: 'API keys are created under Settings, API Keys in the tenant dashboard.',
	429: 'The API allows 1,000 requests a minute per API key and 100 a minute per IP on the public job portal.',
};

/** A NodeApiError carrying the status, a clear message and the response body as description. */
export function httpError(
	node: INode,
	failure: HttpFailure,
	subject: Subject,
	itemIndex?: number,
): NodeApiError {
	const message = httpErrorMessage(failure, subject);
	const body = describeBody(failure.body);
	const hint = failure.statusCode === 401 && subject.portal ? undefined : HINTS[failure.statusCode];
	const description =
		[hint, body ? `Response body: ${body}` : ''].filter(Boolean).join(' ') || undefined;
	const httpCode = String(failure.statusCode);
	const error = new NodeApiError(node, { message, httpCode } as JsonObject, {
		message,
		description,
		httpCode,
		itemIndex,
	});
	// Read by the retry loop (retry.ts) to wait as long as the API asked.
	const retryAfter = retryAfterSeconds(failure.headers);
	if (retryAfter !== undefined) error.context.retryAfterSeconds = retryAfter;
	return error;
}
