// @ts-check
'use strict';

/**
 * Compile-time only: `npx tsc -p test/tools/sandbox` fails when the implementation
 * no longer matches the declarations TypeScript tests see (index.d.ts).
 * Never required at run time.
 */

/** @type {typeof import('./index').createSandbox} */
const createSandbox = require('./sandbox').createSandbox;
/** @type {typeof import('./index').createStore} */
const createStore = require('./store').createStore;
/** @type {typeof import('./index').HttpError} */
const HttpError = require('./errors').HttpError;
/** @type {typeof import('./index').encodeCandidateCursor} */
const encodeCandidateCursor = require('./server').encodeCandidateCursor;
/** @type {typeof import('./index').decodeCandidateCursor} */
const decodeCandidateCursor = require('./server').decodeCandidateCursor;

module.exports = {
	createSandbox,
	createStore,
	HttpError,
	encodeCandidateCursor,
	decodeCandidateCursor,
};
