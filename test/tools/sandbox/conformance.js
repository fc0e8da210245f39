// @ts-check
'use strict';

/**
 * Compile-time only: `npx tsc -p test/tools/sandbox` fails when the implementation
 * no longer matches the declarations TypeScript tests see (index.d.ts).
 * Never required at run time.
 */

/** @type {typeof import('./index').createSandbox} */
const createSandbox = require('./sandbox').createSandbox;

module.exports = { createSandbox };
