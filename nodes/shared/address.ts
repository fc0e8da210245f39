import { describeValue, FieldError } from './values';

/*
 * Where requests go, each fact written once: the API's base address (the `/v1` rule), that a
 * request carrying the key follows no redirect, the job portal's paths, and how a value from a
 * parameter (an id, the tenant slug) becomes one segment of a path.
 */

/**
 * API-key endpoints live under `/v1` (the spec's usage example); users paste either the bare
 * host or the documented base with `/v1`, with or without a trailing slash. Returns undefined
 * for anything that is not an http(s) URL, so callers can name the field in their error.
 */
export function apiBaseUrl(raw: unknown): string | undefined {
	const root = siteRoot(raw);
	if (root === undefined) return undefined;
	return `${root.replace(/\/v1$/i, '')}/v1`;
}

/**
 * The same rule as an n8n expression over the credential, for what n8n evaluates without this
 * package's code: the node's requestDefaults and the credential's test request. It gives
 * "/v1" alone when there is no credential (the public job portal), which the portal's own
 * address replaces; anything not a URL is caught by apiBaseUrl before a request is sent.
 * test/unit/address.test.ts runs both through n8n's expression engine on the same inputs.
 */
export const API_BASE_URL_EXPRESSION =
	'={{ String($credentials?.baseUrl ?? "").trim().replace(/\\/+$/, "").replace(/\\/v1$/i, "") + "/v1" }}';

/**
 * Options of every request that carries the API key: n8n's HTTP helper keeps custom headers
 * such as x-api-key when it follows a redirect to another host, so such requests follow none
 * (the API has none to give); the error then names where the redirect pointed.
 */
export const KEY_REQUEST_OPTIONS = { disableFollowRedirect: true } as const;

/** The public job board of a tenant, below the Portal URL. */
export const PORTAL_JOBS_PATH = '/{tenantSlug}/vacancy-portal/jobs';

/** One posting of that board: where an application is submitted. */
export const PORTAL_POSTING_PATH = `${PORTAL_JOBS_PATH}/{postingId}`;

/** An http(s) URL without trailing slashes, or undefined. */
export function siteRoot(raw: unknown): string | undefined {
	if (typeof raw !== 'string') return undefined;
	const trimmed = raw.trim().replace(/\/+$/, '');
	let url: URL;
	try {
		url = new URL(trimmed);
	} catch {
		return undefined;
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
	if (url.search || url.hash || url.username || url.password) return undefined;
	return trimmed;
}

/** Ids the URL resolution would treat as a step (`.`, `..`) or that hold a path or query part. */
function unsafeText(id: string): boolean {
	if (id === '.' || id === '..' || /[/?#\\]/.test(id)) return true;
	for (let index = 0; index < id.length; index++) {
		const code = id.charCodeAt(index);
		if (code < 0x20 || code === 0x7f) return true; // control characters
	}
	return false;
}

/** The same checked once URL-decoded too, for a server or proxy that decodes twice (%2e%2e). */
function unsafeSegment(id: string): boolean {
	if (unsafeText(id)) return true;
	let decoded = id;
	try {
		decoded = decodeURIComponent(id);
	} catch {
		return false; // not valid escapes: sent encoded, as text
	}
	return decoded !== id && unsafeText(decoded);
}

/**
 * Every path segment that comes from a parameter (an id, the tenant slug) goes into a URL
 * through this one function: `.` and `..` would climb out of the path when the URL is
 * resolved (encodeURIComponent keeps dots), and `/`, `?`, `#`, `\\` or control characters
 * would change the route, so they are refused naming the field; the rest is encoded.
 */
export function pathSegment(id: string, field: string): string {
	if (unsafeSegment(id)) {
		throw new FieldError(
			field,
			`${describeValue(id)} cannot be used as an ID: IDs cannot be "." or ".." or contain /, ?, #, \\ or control characters (also URL-encoded)`,
			`Check the ${field} value; if it comes from an expression, check what the expression returns.`,
		);
	}
	return encodeURIComponent(id);
}

/** A path template with each `{name}` replaced by `segment(name)` (already checked and encoded). */
export function fillPath(template: string, segment: (name: string) => string): string {
	return template.replace(/\{(\w+)\}/g, (_match, name: string) => segment(name));
}
