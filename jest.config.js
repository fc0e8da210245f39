// ESM-only packages that n8n-core pulls in (through langchain); jest runs CommonJS, so
// these few are compiled on the fly.
const esmPackages = ['p-retry', 'is-network-error'];

/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts', '**/*.test.js'],
	// The real-n8n end-to-end run and the benchmarks have their own commands.
	testPathIgnorePatterns: ['/node_modules/', '/test/tools/e2e/', '/test/tools/bench/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
		[`/node_modules/(${esmPackages.join('|')})/.+\\.js$`]: [
			'ts-jest',
			{ tsconfig: { allowJs: true, module: 'commonjs' }, isolatedModules: true },
		],
	},
	transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
	// index.js requires the built files; in tests they are their TypeScript sources, so the
	// entry point is checked without a build (test/unit/package.test.ts).
	moduleNameMapper: { '^\\./dist/(.*)\\.js$': '<rootDir>/$1.ts' },
	setupFiles: ['<rootDir>/test/harness/env.ts'],
	setupFilesAfterEnv: ['<rootDir>/test/harness/teardown.ts'],
	testTimeout: 30000,
	// Beside the tests' n8n user folder (test/harness/env.ts), not in the temp directory.
	cacheDirectory: '<rootDir>/node_modules/.cache/jest',
};
