// @ts-check
'use strict';

// The sandbox is JSDoc-typed JavaScript typed by index.d.ts (createSandbox is typed as declared
// there), so type-checking test/tools/sandbox catches any drift between the two.

const { execFile } = require('node:child_process');
const path = require('node:path');

test('JSDoc types check and index.d.ts matches the implementation', async () => {
	const tsc = require.resolve('typescript/bin/tsc');
	const result = await new Promise((resolve) => {
		execFile(
			process.execPath,
			[tsc, '-p', __dirname],
			{ cwd: path.join(__dirname, '..', '..', '..') },
			(error, stdout, stderr) => {
				resolve({ code: error ? error.code : 0, output: `${stdout}${stderr}` });
			},
		);
	});
	expect(result).toEqual({ code: 0, output: '' });
}, 60_000);
