/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: runs under jest, never ships (package.json files: dist only; the scanner reads nodes/ and credentials/) */
// n8n-core keeps its settings under N8N_USER_FOLDER; tests must not write to the user's ~/.n8n.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-nodes-recruiting-test-'));
process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS ??= 'false';
