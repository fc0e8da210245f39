/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- a script run by jest (npm run examples), never ships (package.json files: dist only; the scanner reads nodes/ and credentials/) */
/*
 * `npm run examples`: writes what the nodes emit for each of README's examples (examples.ts)
 * into README's JSON blocks. Run it after changing what the nodes output, then read the diff.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import nock from 'nock';

import { formatJson, readBlocks, rewriteBlocks } from './blocks';
import { EXAMPLES, emit } from './examples';

const PATH = join(__dirname, '../../README.md');

test('README’s JSON blocks written from the nodes’ output', async () => {
	// One sandbox and a few polls per example: well under a minute.
	nock.disableNetConnect();
	nock.enableNetConnect('127.0.0.1');
	const text = readFileSync(PATH, 'utf8');
	const emitted = new Map<string, string>();
	for (const { id } of readBlocks(text)) emitted.set(id, formatJson(await emit(id)));
	writeFileSync(
		PATH,
		rewriteBlocks(
			text,
			(id) => EXAMPLES[id].title,
			(id) => emitted.get(id)!,
		),
	);
	console.log(`README: ${emitted.size} examples written`);
});
