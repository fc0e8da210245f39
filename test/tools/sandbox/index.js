// @ts-check
'use strict';

// The sandbox of the Recruiting API: README.md in this folder; its types are index.d.ts.
const { createSandbox } = require('./sandbox');

module.exports = { createSandbox };
