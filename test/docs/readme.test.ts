/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: runs under jest, never ships (package.json files: dist only; the scanner reads nodes/ and credentials/) */
/*
 * README's examples are what the nodes emit: each JSON block (named by the comment before it)
 * is, value for value and key for key in order, the item the node emits for that example's
 * call and settings (examples.ts). Nothing is masked: the sandbox is seeded the same way every
 * run and its clock, the trigger's too, is fixed (examples.ts), so nothing varies. Another
 * event, stage, state or field fails here, naming the block; `npm run examples` writes the
 * node's output into README.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import nock from 'nock';

import { formatJson, readBlocks, summary } from './blocks';
import { EXAMPLES, emit } from './examples';

const README = readFileSync(join(__dirname, '../../README.md'), 'utf8');
const blocks = readBlocks(README);

beforeAll(() => {
	nock.disableNetConnect();
	nock.enableNetConnect('127.0.0.1');
});
afterAll(() => nock.enableNetConnect());

test('README shows every example once, and only examples', () => {
	expect(blocks.map((block) => block.id).sort()).toEqual(Object.keys(EXAMPLES).sort());
});

test('README has at most 2,500 words outside code blocks', () => {
	const prose = README.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
	expect(prose.split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(2500);
});

test.each(blocks.map((block) => [block.id, block] as const))(
	'README block "%s" is what the node emits',
	async (id, block) => {
		// The block says which call and settings made it, in the words of examples.ts.
		expect({ block: id, heading: block.heading.trim() }).toEqual({
			block: id,
			heading: summary(EXAMPLES[id].title),
		});
		expect({ block: id, json: block.json }).toEqual({
			block: id,
			json: formatJson(await emit(id)),
		});
	},
);
