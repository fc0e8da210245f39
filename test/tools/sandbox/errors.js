// @ts-check
'use strict';

/**
 * Errors the sandbox answers with. The spec does not define an error format;
 * the sandbox uses `{ error: <code>, message: <text>, field?: <name> }`.
 */
class HttpError extends Error {
	/**
	 * @param {number} status
	 * @param {string} code
	 * @param {string} message
	 * @param {string} [field]
	 * @param {Record<string, string>} [headers]
	 */
	constructor(status, code, message, field, headers) {
		super(message);
		this.status = status;
		this.code = code;
		this.field = field;
		this.headers = headers ?? {};
	}

	toJSON() {
		/** @type {{ error: string, message: string, field?: string }} */
		const body = { error: this.code, message: this.message };
		if (this.field !== undefined) body.field = this.field;
		return body;
	}
}

/**
 * @param {string} field
 * @param {string} message
 */
const badRequest = (field, message) => new HttpError(400, 'validation_error', message, field);

/**
 * @param {string} message
 * @param {string} [field]
 */
const notFound = (message, field) => new HttpError(404, 'not_found', message, field);

module.exports = { HttpError, badRequest, notFound };
