// Mutation testing of the application trigger's pure decisions: `npm run stryker` (CONTRIBUTING.md).
// Only the unit tests that state their rules run: the engine tests and the simulated polls
// (readBounds.test.ts) reach these files too, but cost seconds a mutant.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
	mutate: [
		'nodes/RecruitingTrigger/applications/jobRead.ts',
		'nodes/RecruitingTrigger/applications/readPlan.ts',
	],
	testRunner: 'jest',
	jest: {
		config: {
			testMatch: ['**/test/unit/jobRead.test.ts', '**/test/unit/readPlan.test.ts'],
			// Pure modules: no n8n set-up and no type check, so that a worker's first run (which
			// compiles afresh) stays under Stryker's timeout; with both, two workers overran it.
			setupFiles: [],
			setupFilesAfterEnv: [],
			transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: { isolatedModules: true } }] },
		},
	},
	coverageAnalysis: 'perTest',
	concurrency: 2,
	incremental: true,
	incrementalFile: 'node_modules/.cache/stryker/incremental.json',
	reporters: ['clear-text', 'progress'],
	thresholds: { high: 95, low: 95, break: 95 },
};
