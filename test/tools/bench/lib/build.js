// @ts-check
'use strict';
/**
 * Builds the package the way `npm run build` does (tsc, then the icons and codex JSON next
 * to the compiled files), but into a private folder, so the benchmark never races with
 * another `npm run build` of the repo's dist/ and can also build a scratch copy of the
 * sources (`--src DIR`) to measure a proposed fix. Beside dist/ it compiles the tests'
 * in-process harness (harness/n8n.js), which the benchmark runs the build through. The folder
 * gets the repo's package.json and entry file too, so `npm pack` there packs exactly what
 * `npm pack` in the repo would (its `files` are dist/ only).
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');

/**
 * Runs the repo's tsc on one project; throws with its output when it fails.
 * @param {string} project @param {string[]} args @param {string} cwd
 */
function compile(project, args, cwd) {
	const tsc = require.resolve('typescript/bin/tsc', { paths: [REPO_ROOT] });
	const result = spawnSync(process.execPath, [tsc, '-p', project, ...args], {
		cwd,
		encoding: 'utf8',
	});
	if (result.status !== 0) {
		throw new Error(
			`tsc -p ${project} failed (exit ${result.status}):\n${(result.stdout + result.stderr).slice(-4000)}`,
		);
	}
}

/**
 * @param {{ srcRoot?: string, outRoot: string, log?: (line: string) => void }} options
 * @returns {{ outRoot: string, ms: number }}
 */
function buildPackage({ srcRoot = REPO_ROOT, outRoot, log = () => {} }) {
	const started = Date.now();
	fs.rmSync(outRoot, { recursive: true, force: true });
	fs.mkdirSync(outRoot, { recursive: true });
	log(
		`tsc -p ${path.relative(process.cwd(), path.join(srcRoot, 'tsconfig.json')) || 'tsconfig.json'} → ${outRoot}/dist`,
	);
	// Same options as `npm run build`.
	compile(path.join(srcRoot, 'tsconfig.json'), ['--outDir', path.join(outRoot, 'dist')], srcRoot);
	// The in-process harness of the tests (n8n-core's engine and poller), always the checkout's
	// own, so that every revision is measured through the same harness (engine.js binds it);
	// compiled with the repo's options.
	const harnessConfig = path.join(outRoot, 'tsconfig.harness.json');
	fs.writeFileSync(
		harnessConfig,
		JSON.stringify({
			extends: path.join(REPO_ROOT, 'tsconfig.json'),
			compilerOptions: {
				rootDir: path.join(REPO_ROOT, 'test', 'harness'),
				// Types resolve from this folder, which has no node_modules yet.
				typeRoots: [path.join(REPO_ROOT, 'node_modules', '@types')],
			},
			include: [path.join(REPO_ROOT, 'test', 'harness', 'n8n.ts')],
		}),
	);
	compile(harnessConfig, ['--outDir', path.join(outRoot, 'harness')], REPO_ROOT);
	// gulp build: icons and codex files next to the compiled sources.
	for (const top of ['nodes', 'credentials']) {
		const files = fs.readdirSync(path.join(srcRoot, top), { recursive: true, encoding: 'utf8' });
		for (const rel of files.filter((f) => /\.(png|svg|node\.json)$/.test(f))) {
			const target = path.join(outRoot, 'dist', top, rel);
			fs.mkdirSync(path.dirname(target), { recursive: true });
			fs.copyFileSync(path.join(srcRoot, top, rel), target);
		}
	}
	for (const file of fs.readdirSync(srcRoot)) {
		if (
			file === 'package.json' ||
			file === 'index.js' ||
			/^(readme|license|licence|changelog)/i.test(file)
		) {
			fs.copyFileSync(path.join(srcRoot, file), path.join(outRoot, file));
		}
	}
	// The compiled files require n8n-workflow: resolve it from the repo (same instance as the
	// bench's n8n-core, since Node resolves symlinks to real paths).
	fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(outRoot, 'node_modules'), 'dir');
	return { outRoot, ms: Date.now() - started };
}

module.exports = { buildPackage, REPO_ROOT };
