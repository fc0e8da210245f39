// @ts-check
'use strict';

/**
 * The standalone CLI: argument parsing and a real start/stop cycle.
 */

const { spawn } = require('node:child_process');
const path = require('node:path');
const { parseArgs } = require('./cli');

describe('parseArgs', () => {
	test('defaults, flags, --flag=value and environment overrides (flags win)', () => {
		expect(parseArgs([], {}).options).toMatchObject({
			port: 5680,
			host: '127.0.0.1',
			rateLimit: undefined,
			clock: { mode: 'real' },
		});
		const parsed = parseArgs(
			['--port', '0', '--candidates=100000', '--no-rate-limit', '--clock', 'fixed', '--seed', '9'],
			{ SANDBOX_CANDIDATES: '5', SANDBOX_VACANCIES: '7', SANDBOX_API_KEY: 'k' },
		);
		expect(parsed.options).toMatchObject({
			port: 0,
			candidates: 100000,
			vacancies: 7,
			seed: 9,
			apiKey: 'k',
			rateLimit: false,
			clock: { mode: 'fixed' },
		});
		expect(
			parseArgs([], { SANDBOX_RATE_LIMIT: 'off', SANDBOX_TENANT_SLUG: 'globex' }).options,
		).toMatchObject({ rateLimit: false, tenantSlug: 'globex' });
	});

	test.each([
		[['--port', 'abc']],
		[['--bogus', '1']],
		[['--clock', 'slow']],
		[['stray']],
		[['--seed']],
	])('rejects %j', (argv) => {
		expect(() => parseArgs(argv, {})).toThrow();
	});
});

test('starts, serves the API, prints URL/key/slug and stops cleanly on SIGTERM', async () => {
	const child = spawn(
		process.execPath,
		[path.join(__dirname, 'cli.js'), '--port', '0', '--candidates', '60', '--clock', 'fixed'],
		{
			env: { ...process.env, SANDBOX_API_KEY: 'cli-key' },
			stdio: ['ignore', 'pipe', 'pipe'],
		},
	);
	let stdout = '';
	child.stdout.on('data', (chunk) => (stdout += chunk));
	const exited = new Promise((resolve) =>
		child.on('exit', (code, signal) => resolve({ code, signal })),
	);
	try {
		const url = await new Promise((resolve, reject) => {
			const timer = setTimeout(() => reject(new Error(`no URL printed: ${stdout}`)), 10_000);
			child.stdout.on('data', () => {
				const m = /listening on (http:\/\/[^\s]+)/.exec(stdout);
				if (m && stdout.includes('Control API')) {
					clearTimeout(timer);
					resolve(m[1]);
				}
			});
		});
		expect(stdout).toContain('API key:      cli-key');
		expect(stdout).toContain('Tenant slug:  acme');
		const res = await fetch(`${url}/v1/candidates?limit=50`, {
			headers: { 'x-api-key': 'cli-key' },
		});
		expect(res.status).toBe(200);
		const body = /** @type {any} */ (await res.json());
		expect(body.items).toHaveLength(50);
		expect(body.pageInfo.hasNextPage).toBe(true);
	} finally {
		child.kill('SIGTERM');
	}
	expect(await exited).toEqual({ code: 0, signal: null });
	expect(stdout).toContain('sandbox stopped');
});
