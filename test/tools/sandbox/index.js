// @ts-check
'use strict';

/**
 * Contract-faithful sandbox of the Recruiting API (its contract as README.md here describes it:
 * validate.js, render.js and index.d.ts encode it).
 *
 *   const { createSandbox } = require('./test/tools/sandbox');
 *   const sandbox = await createSandbox({ candidates: 1000 });
 *   // GET `${sandbox.apiBaseUrl}/candidates` with header x-api-key: sandbox.apiKey
 *   await sandbox.close();
 *
 * TypeScript consumers get types from index.d.ts (checked against this
 * implementation by conformance.js: `npx tsc -p test/tools/sandbox`).
 * See README.md in this folder for options, the control API and conventions.
 */

const { createSandbox } = require('./sandbox');

module.exports = { createSandbox };
