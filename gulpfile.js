// The asset half of `npm run build`: tsc compiles the TypeScript, this copies
// what tsc does not emit (node and credential icons, codex JSON) next to the
// compiled files, where n8n resolves `icon: 'file:…'` and the node's codex.
const { rmSync } = require('node:fs');
const { src, dest, parallel } = require('gulp');

function copyIcons() {
	return src(['nodes/**/*.{png,svg}', 'credentials/**/*.{png,svg}'], { base: '.', encoding: false }).pipe(
		dest('dist'),
	);
}

function copyCodex() {
	return src('nodes/**/*.node.json', { base: '.' }).pipe(dest('dist'));
}

// Run before tsc so files of renamed or deleted sources never linger in the package.
function clean(done) {
	rmSync('dist', { recursive: true, force: true });
	done();
}

exports.clean = clean;
exports.build = parallel(copyIcons, copyCodex);
exports.default = exports.build;
