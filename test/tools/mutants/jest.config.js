// The project's jest configuration, compiling without type-checking (every break is valid
// TypeScript; `npm test` type-checks the code without breaks): each soak of run.js then starts in
// seconds instead of a minute. run.js gives the scratch copy as --rootDir.
const base = require('../../../jest.config.js');

module.exports = {
	...base,
	transform: Object.fromEntries(
		Object.entries(base.transform).map(([pattern, [name, options]]) => [
			pattern,
			[name, { ...options, isolatedModules: true }],
		]),
	),
};
