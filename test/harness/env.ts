/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: runs under jest, never ships (package.json files: dist only; the scanner reads nodes/ and credentials/) */
// n8n-core keeps its settings under N8N_USER_FOLDER; tests must not write to the user's ~/.n8n,
// nor leave a folder per test file in the temp directory: one folder in node_modules/.cache
// (where tools keep their caches) serves every run.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

process.env.N8N_USER_FOLDER ??= join(
	__dirname,
	'..',
	'..',
	'node_modules',
	'.cache',
	'n8n-nodes-recruiting-test',
);
mkdirSync(process.env.N8N_USER_FOLDER, { recursive: true });
process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS ??= 'false';
