/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions, @typescript-eslint/no-require-imports -- test code: runs under jest, never ships (package.json files: dist only; the scanner reads nodes/ and credentials/) */
/*
 * The figures of README.md and BENCHMARKS.md that are cheap to recompute, recomputed: the
 * package's size and file count (`npm pack` of a fresh build) and what an idle poll of each
 * trigger resource costs (requests, through n8n's engine). The text cannot drift from them.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import nock from 'nock';

import { TriggerHarness } from '../harness/trigger';
import { FakeApi, candidate, job, t } from '../trigger/fakeApi';

const { buildPackage } = require('../tools/bench/lib/build') as {
	buildPackage: (options: { outRoot: string }) => { outRoot: string };
};

const ROOT = resolve(__dirname, '../..');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const benchmarks = readFileSync(join(ROOT, 'BENCHMARKS.md'), 'utf8');

/** The one match of `pattern` in `text` (its groups), or a failure naming what is missing. */
function figures(text: string, pattern: RegExp, where: string): string[] {
	const match = pattern.exec(text);
	if (!match) throw new Error(`${where} has no line matching ${pattern}`);
	return match.slice(1);
}

describe('the package, as README and BENCHMARKS.md give it', () => {
	let packed: { size: number; unpackedSize: number; entryCount: number };
	let work: string;

	beforeAll(() => {
		work = mkdtempSync(join(tmpdir(), 'recruiting-figures-'));
		const { outRoot } = buildPackage({ outRoot: join(work, 'pkg') });
		const pack = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
			cwd: outRoot,
			encoding: 'utf8',
		});
		if (pack.status !== 0) throw new Error(`npm pack failed: ${pack.stderr}`);
		[packed] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('[')));
	}, 120_000);

	afterAll(() => rmSync(work, { recursive: true, force: true }));

	// KB are 1,024 bytes, one decimal, as `npm run bench -- --only 6` prints them. README is part
	// of the package, so editing it moves the figures a little: 3 % is allowed, the files not.
	test.each([
		[
			'README.md',
			readme,
			/The package is ([\d.]+) KB packed, ([\d.]+) KB unpacked \((\d+) files\)/,
		],
		[
			'BENCHMARKS.md',
			benchmarks,
			/\| `npm pack` tarball\s*\| ([\d.]+) KB\s*\|[^\n]*\n\| Unpacked\s*\| ([\d.]+) KB \((\d+) files/,
		],
	])('%s', (where, text, pattern) => {
		const [size, unpacked, files] = figures(text, pattern, where).map(Number);
		expect({ files }).toEqual({ files: packed.entryCount });
		expect(Math.abs(size - packed.size / 1024) / size).toBeLessThan(0.03);
		expect(Math.abs(unpacked - packed.unpackedSize / 1024) / unpacked).toBeLessThan(0.03);
	});
});

describe('an idle poll, as README gives its cost', () => {
	let api: FakeApi;
	let clock: number;

	beforeAll(() => nock.disableNetConnect());
	afterAll(() => nock.enableNetConnect());

	beforeEach(() => {
		api = new FakeApi();
		api.start();
		clock = Date.parse(t(1000));
		jest.spyOn(Date, 'now').mockImplementation(() => clock);
	});

	afterEach(() => {
		nock.cleanAll();
		jest.restoreAllMocks();
	});

	const [jobs, candidates] = figures(
		readme,
		/an idle poll costs (\d+) request for jobs, (\d+) for\s+candidates, and 1 \+ min\(jobs, Jobs per Poll\) for applications/,
		'README.md',
	).map(Number);

	/** The requests of a poll after `warm` polls, with nothing changed in between. */
	async function idleCost(trigger: TriggerHarness, warm: number): Promise<number> {
		for (let poll = 0; poll < warm; poll++) {
			await trigger.poll();
			clock += 60_000;
		}
		const before = api.log.length;
		expect(await trigger.poll()).toBeNull();
		return api.log.length - before;
	}

	test('jobs', async () => {
		api.addJobs(...Array.from({ length: 120 }, (_, i) => job(i + 1, i + 1)));
		expect(await idleCost(new TriggerHarness({ resource: 'job' }), 2)).toBe(jobs);
	});

	test('candidates', async () => {
		api.addCandidates(...Array.from({ length: 120 }, (_, i) => candidate(i + 1, i + 1)));
		expect(await idleCost(new TriggerHarness({ resource: 'candidate' }), 2)).toBe(candidates);
	});

	test.each([
		[30, 20],
		[12, 20],
	])('applications: %i jobs, Jobs per Poll %i', async (count, perPoll) => {
		api.addJobs(...Array.from({ length: count }, (_, i) => job(i + 1, i + 1)));
		const trigger = new TriggerHarness({
			resource: 'application',
			events: ['newApplication'],
			options: { jobsPerPoll: perPoll },
		});
		// Taken in first, Jobs per Poll a poll.
		expect(await idleCost(trigger, Math.ceil(count / perPoll) + 1)).toBe(
			1 + Math.min(count, perPoll),
		);
	});
});
