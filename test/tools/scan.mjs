#!/usr/bin/env node
// n8n's verification scan, run here on both of its legs: the source (package.json, nodes/,
// credentials/) and the packed tarball (its .js and package.json), with the scanner's own rule
// set and, as the scanner does, eslint-disable comments ignored. Its CLI only scans versions
// published with npm provenance, so this calls its exported config on folders instead.
// Needs a build (dist/). Prints every finding; exits 1 on any error or warning.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const scannerPath = createRequire(import.meta.url).resolve(
	'@n8n/scan-community-package/scanner/scanner.mjs',
);
const { buildScanConfig, SOURCE_FILE_PATTERNS } = await import(scannerPath);
// The scanner's own ESLint and glob, not the project's.
const scannerRequire = createRequire(scannerPath);
const { ESLint } = scannerRequire('eslint');
const glob = scannerRequire('fast-glob');
// The scanner makes a temp folder when it is loaded; have it removed when this process exits.
scannerRequire('tmp').setGracefulCleanup();

async function scan(label, dir, patterns) {
	const eslint = new ESLint({
		cwd: dir,
		allowInlineConfig: false,
		overrideConfigFile: true,
		overrideConfig: await buildScanConfig(),
	});
	const files = glob.sync(patterns, {
		cwd: dir,
		absolute: true,
		ignore: ['node_modules/**', '**/package-lock.json'],
	});
	if (files.length === 0) throw new Error(`${label}: no files to scan in ${dir}`);
	const results = await eslint.lintFiles(files);
	const errors = results.reduce((sum, result) => sum + result.errorCount, 0);
	const warnings = results.reduce((sum, result) => sum + result.warningCount, 0);
	if (errors + warnings > 0) {
		const formatter = await eslint.loadFormatter('stylish');
		process.stdout.write(await formatter.format(results));
	}
	console.log(`scan ${label}: ${files.length} files, ${errors} errors, ${warnings} warnings`);
	return errors + warnings;
}

const work = mkdtempSync(join(tmpdir(), 'n8n-nodes-recruiting-scan-'));
let findings = 0;
try {
	findings += await scan('source', root, SOURCE_FILE_PATTERNS);
	const packed = JSON.parse(
		execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
			cwd: root,
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'inherit'],
		}),
	)[0];
	const unpacked = join(work, 'package');
	execFileSync('tar', ['-xzf', join(work, packed.filename), '-C', work]);
	if (!readdirSync(unpacked).includes('dist')) {
		throw new Error('the packed package has no dist/: run npm run build first');
	}
	findings += await scan('tarball', unpacked, ['**/*.js', 'package.json']);
} finally {
	rmSync(work, { recursive: true, force: true });
}
process.exit(findings === 0 ? 0 : 1);
