/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: runs under jest, never ships (package.json files: dist only; the scanner reads nodes/ and credentials/) */
/*
 * The package's entry points, without a build: jest maps index.js's `./dist/…js` requires to
 * the TypeScript sources they are compiled from (jest.config.js), so these checks run in
 * `npm test` on a fresh clone. n8n itself reads the `n8n` block; index.js serves code that
 * requires the package by name. The packed tarball is checked in a real n8n by test/tools/e2e.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { RecruitingApi } from '../../credentials/RecruitingApi.credentials';
import { Recruiting } from '../../nodes/Recruiting/Recruiting.node';
import { RecruitingTrigger } from '../../nodes/RecruitingTrigger/RecruitingTrigger.node';

const ROOT = join(__dirname, '..', '..');

interface PackageJson {
	main: string;
	dependencies?: Record<string, string>;
	peerDependencies?: Record<string, string>;
	n8n: { nodes: string[]; credentials: string[] };
}

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as PackageJson;

test('index.js exports the node, trigger and credential classes by name', () => {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const entry = require(join(ROOT, pkg.main)) as Record<string, unknown>;
	expect(entry).toEqual({ Recruiting, RecruitingTrigger, RecruitingApi });
});

test('index.js requires exactly the files the n8n block lists', () => {
	const index = readFileSync(join(ROOT, pkg.main), 'utf8');
	const required = [...index.matchAll(/require\('\.\/(dist\/[^']+)'\)/g)].map((m) => m[1]);
	expect(required.sort()).toEqual([...pkg.n8n.nodes, ...pkg.n8n.credentials].sort());
});

test('no runtime dependencies: n8n-workflow is a peer', () => {
	expect(pkg.dependencies ?? {}).toEqual({});
	expect(Object.keys(pkg.peerDependencies ?? {})).toEqual(['n8n-workflow']);
});
