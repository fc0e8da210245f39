/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts', '**/*.test.js'],
	// The real-n8n end-to-end run and the benchmarks have their own commands.
	testPathIgnorePatterns: ['/node_modules/', '/test/e2e/', '/test/bench/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	testTimeout: 30000,
};
