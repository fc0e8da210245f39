// The asset half of `npm run build`: tsc compiles the TypeScript (and emits the codex
// `*.node.json` files, which tsconfig.json includes), this copies what tsc does not emit,
// the icons, next to the compiled files, where n8n resolves `icon: 'file:…'` (the credential
// uses the node's icon).
const { rmSync } = require('node:fs');
const { src, dest } = require('gulp');

function copyIcons() {
	return src('nodes/**/*.{png,svg}', { base: '.', encoding: false }).pipe(dest('dist'));
}

// Run before tsc so files of renamed or deleted sources never linger in the package.
function clean(done) {
	rmSync('dist', { recursive: true, force: true });
	done();
}

exports.clean = clean;
exports.build = copyIcons;
exports.default = exports.build;
