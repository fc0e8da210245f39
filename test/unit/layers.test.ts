/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: runs under jest, never ships (package.json files: dist only; the scanner reads nodes/ and credentials/) */
/*
 * The Recruiting Trigger's files import downwards only: the node (and its parameters and state
 * slot) → applications/ (the application trigger, which reads the job list) → lists/ (the job
 * and candidate triggers) → nodes/shared/. A file that imports a floor above its own, or two
 * files that import each other through any path, would make a reader go back up.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../nodes');
const TRIGGER = join(ROOT, 'RecruitingTrigger');

/** Floors from the top; a file's floor is that of its folder. */
const FLOORS = ['RecruitingTrigger', 'RecruitingTrigger/applications', 'RecruitingTrigger/lists'];

function files(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory()
			? files(join(dir, entry.name))
			: entry.name.endsWith('.ts')
				? [join(dir, entry.name)]
				: [],
	);
}

function importsOf(file: string): string[] {
	const text = readFileSync(file, 'utf8');
	return [...text.matchAll(/from '(\.[^']+)'/g)].map(([, path]) =>
		resolve(dirname(file), `${path}.ts`),
	);
}

function floorOf(file: string): number {
	const folder = relative(ROOT, dirname(file));
	const floor = FLOORS.indexOf(folder);
	return floor < 0 ? FLOORS.length : floor;
}

test('every folder of the trigger is a floor of its own: there is no other', () => {
	const folders = new Set(files(TRIGGER).map((file) => relative(ROOT, dirname(file))));
	expect([...folders].sort()).toEqual([...FLOORS].sort());
});

test('no import in nodes/RecruitingTrigger/ runs back up', () => {
	const upward: string[] = [];
	for (const file of files(TRIGGER)) {
		for (const target of importsOf(file)) {
			if (floorOf(target) < floorOf(file)) {
				upward.push(`${relative(ROOT, file)} → ${relative(ROOT, target)}`);
			}
		}
	}
	expect(upward).toEqual([]);
});

test('no two files of the trigger import each other, directly or through others', () => {
	const graph = new Map(files(TRIGGER).map((file) => [file, importsOf(file)]));
	const cycles: string[] = [];
	const visit = (file: string, path: string[]) => {
		if (path.includes(file)) {
			cycles.push(
				[...path.slice(path.indexOf(file)), file].map((f) => relative(ROOT, f)).join(' → '),
			);
			return;
		}
		for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
	};
	for (const file of graph.keys()) visit(file, []);
	expect(cycles).toEqual([]);
});

test('applications/ reads the job list through one entry point of lists/: jobChanges.ts', () => {
	const entries = new Set<string>();
	for (const file of files(join(TRIGGER, 'applications'))) {
		for (const target of importsOf(file)) {
			if (floorOf(target) === FLOORS.indexOf('RecruitingTrigger/lists')) {
				entries.add(relative(ROOT, target));
			}
		}
	}
	expect([...entries]).toEqual(['RecruitingTrigger/lists/jobChanges.ts']);
});

test('the longest chain of imports from the trigger node down is 9 files deep at most (it was 10)', () => {
	const depth = new Map<string, number>();
	const deepest = (file: string): number => {
		const known = depth.get(file);
		if (known !== undefined) return known;
		const below = importsOf(file).filter((target) => target.startsWith(ROOT));
		const found = Math.max(0, ...below.map((target) => 1 + deepest(target)));
		depth.set(file, found);
		return found;
	};
	expect(deepest(join(TRIGGER, 'RecruitingTrigger.node.ts'))).toBeLessThanOrEqual(9);
});
