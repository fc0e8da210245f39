/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: runs under jest, never ships (package.json files: dist only; the scanner reads nodes/ and credentials/) */
/*
 * Links that hold: the editor's documentation links (the credential's documentationUrl, the
 * nodes' codex resources) point at a heading of this repository's README, and every relative
 * link and #anchor of the project's Markdown resolves to a file and a heading. External URLs
 * are checked for form and destination only (no network here).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

import { RecruitingApi } from '../../credentials/RecruitingApi.credentials';

const ROOT = resolve(__dirname, '../..');
const DOCS = [
	'README.md',
	'CONTRIBUTING.md',
	'CHANGELOG.md',
	'BENCHMARKS.md',
	'nodes/RecruitingTrigger/README.md',
];
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { homepage: string };
/** The repository's page, where npm and GitHub show README: package.json's homepage. */
const REPO_PAGE = pkg.homepage.replace(/#readme$/, '');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
	return heading
		.replace(/`/g, '')
		.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s_-]/gu, '')
		.replace(/\s/g, '-');
}

/** The text outside fenced code blocks and code spans. */
function prose(text: string): string {
	return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The anchors of a Markdown file's headings, with GitHub's -1, -2 for repeats. */
function anchors(file: string): Set<string> {
	const seen = new Map<string, number>();
	const out = new Set<string>();
	for (const [, heading] of prose(readFileSync(join(ROOT, file), 'utf8')).matchAll(
		/^#{1,6} (.+)$/gm,
	)) {
		const base = slug(heading);
		const count = seen.get(base) ?? 0;
		seen.set(base, count + 1);
		out.add(count ? `${base}-${count}` : base);
	}
	return out;
}

/** [file, target] of every Markdown link and image of the file. */
function links(file: string): Array<[string, string]> {
	const text = prose(readFileSync(join(ROOT, file), 'utf8'));
	return [...text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => [file, m[1]]);
}

/** What is wrong with one link ('' when nothing). */
function problem(file: string, target: string): string {
	if (/^[a-z]+:/i.test(target)) {
		let url: URL;
		try {
			url = new URL(target);
		} catch {
			return 'not a URL';
		}
		if (url.protocol !== 'https:' && url.hostname !== 'localhost') return 'not https';
		if (target.startsWith(`${REPO_PAGE}#`)) return problem('README.md', url.hash);
		return '';
	}
	const [path, hash] = target.split('#') as [string, string | undefined];
	const into = path ? relative(ROOT, resolve(ROOT, dirname(file), path)) : file;
	if (!existsSync(join(ROOT, into))) return `${into} does not exist`;
	if (hash === undefined) return '';
	if (!statSync(join(ROOT, into)).isFile() || !into.endsWith('.md'))
		return `${into} is not a Markdown file with headings`;
	return anchors(into).has(hash) ? '' : `${into} has no heading #${hash}`;
}

test.each(DOCS)('every link of %s resolves', (file) => {
	const found = links(file);
	expect(found.length).toBeGreaterThan(0);
	expect(found.map(([, target]) => [target, problem(file, target)]).filter(([, p]) => p)).toEqual(
		[],
	);
});

test('the editor’s documentation links point at README headings of this repository', () => {
	const urls = [new RecruitingApi().documentationUrl];
	for (const dir of readdirSync(join(ROOT, 'nodes'))) {
		const folder = join(ROOT, 'nodes', dir);
		for (const name of readdirSync(folder).filter((f) => f.endsWith('.node.json'))) {
			const codex = JSON.parse(readFileSync(join(folder, name), 'utf8')) as {
				resources: Record<string, Array<{ url: string }>>;
			};
			for (const list of Object.values(codex.resources)) urls.push(...list.map((r) => r.url));
		}
	}
	expect(urls.length).toBeGreaterThanOrEqual(5);
	for (const url of urls) {
		expect({ url, startsAt: url.startsWith(`${REPO_PAGE}#`) }).toEqual({ url, startsAt: true });
		expect({ url, problem: problem('README.md', new URL(url).hash) }).toEqual({ url, problem: '' });
	}
});

test('the anchors are GitHub’s', () => {
	expect(slug('The Recruiting Trigger')).toBe('the-recruiting-trigger');
	expect(slug('AI agents and MCP')).toBe('ai-agents-and-mcp');
	expect(slug('Start, Fetch Test Event, sizing')).toBe('start-fetch-test-event-sizing');
	expect(slug('2. Real n8n 2.41.1 (`n8n execute`): Recruiting')).toBe(
		'2-real-n8n-2411-n8n-execute-recruiting',
	);
});
