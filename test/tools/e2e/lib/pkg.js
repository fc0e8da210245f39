// @ts-check
'use strict';
/**
 * Build the repo, `npm pack` it and install the tarball where n8n's community package installer
 * puts it (README.md beside it, "How the package gets into n8n"), so that a wrong `files` list,
 * dist path or icon shows up as a load failure in n8n.
 */
const fs = require('node:fs');
const path = require('node:path');
const { REPO_ROOT, run, mkTemp } = require('./util');

const PKG = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));

/**
 * @param {{ skipBuild?: boolean, log?: (s: string) => void }} [opts]
 * @returns {Promise<{ tarball: string, buildMs: number, packMs: number, files: string[] }>}
 */
async function buildAndPack(opts = {}) {
	const log = opts.log || (() => {});
	let buildMs = 0;
	if (!opts.skipBuild) {
		log('npm run build');
		const b = await run('npm', ['run', 'build'], { cwd: REPO_ROOT, timeoutMs: 10 * 60_000 });
		buildMs = b.ms;
		if (b.code !== 0) {
			throw new Error(
				`npm run build failed (exit ${b.code}):\n${(b.stdout + b.stderr).slice(-4000)}`,
			);
		}
	}
	const dest = mkTemp('recruiting-pack-');
	log('npm pack');
	const p = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dest], {
		cwd: REPO_ROOT,
		timeoutMs: 5 * 60_000,
	});
	if (p.code !== 0)
		throw new Error(`npm pack failed (exit ${p.code}):\n${(p.stdout + p.stderr).slice(-4000)}`);
	const [info] = JSON.parse(p.stdout.slice(p.stdout.indexOf('[')));
	return {
		tarball: path.join(dest, info.filename),
		buildMs,
		packMs: p.ms,
		files: info.files.map((/** @type {any} */ f) => f.path),
	};
}

/**
 * Extracts the tarball into <userFolder>/.n8n/nodes/node_modules/<name> and writes the
 * nodes/package.json that n8n itself keeps there for installed community packages.
 * @param {string} tarball
 * @param {string} userFolder  the N8N_USER_FOLDER (n8n appends `.n8n`)
 */
async function installTarball(tarball, userFolder) {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const target = path.join(nodesDir, 'node_modules', PKG.name);
	fs.rmSync(target, { recursive: true, force: true });
	fs.mkdirSync(target, { recursive: true });
	const t = await run('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
	if (t.code !== 0) throw new Error(`tar failed: ${t.stderr}`);
	const nodesPkg = path.join(nodesDir, 'package.json');
	/** @type {any} */
	let np = { name: 'installed-nodes', private: true, dependencies: {} };
	try {
		np = JSON.parse(fs.readFileSync(nodesPkg, 'utf8'));
	} catch {
		/* first install */
	}
	np.dependencies = { ...(np.dependencies || {}), [PKG.name]: PKG.version };
	fs.writeFileSync(nodesPkg, JSON.stringify(np, null, 2) + '\n');
	return target;
}

/**
 * Checks the installed package against its own `n8n` block: every listed file
 * exists, and so does every icon file referenced as `file:` from the built sources.
 * Returns a list of problems (empty when fine).
 * @param {string} installedDir
 */
function checkInstalledPackage(installedDir) {
	/** @type {string[]} */
	const problems = [];
	const pj = JSON.parse(fs.readFileSync(path.join(installedDir, 'package.json'), 'utf8'));
	const n8n = pj.n8n || {};
	if (!n8n.n8nNodesApiVersion) problems.push('package.json n8n.n8nNodesApiVersion missing');
	for (const key of ['nodes', 'credentials']) {
		const list = n8n[key] || [];
		if (!list.length) problems.push(`package.json n8n.${key} is empty`);
		for (const rel of list) {
			const abs = path.join(installedDir, rel);
			if (!fs.existsSync(abs)) {
				problems.push(`n8n.${key} entry ${rel} is not in the packed tarball`);
				continue;
			}
			const src = fs.readFileSync(abs, 'utf8');
			for (const m of src.matchAll(/['"]file:([^'"]+)['"]/g)) {
				const icon = path.join(path.dirname(abs), m[1]);
				if (!fs.existsSync(icon))
					problems.push(`icon ${m[1]} referenced by ${rel} is not in the packed tarball`);
			}
		}
	}
	return problems;
}

module.exports = { PKG, buildAndPack, installTarball, checkInstalledPackage };
