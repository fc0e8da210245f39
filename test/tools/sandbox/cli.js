#!/usr/bin/env node
// @ts-check
'use strict';

// The sandbox as a standalone server (`npm run sandbox`); its flags and their environment
// variables are in README.md. Its clock defaults to 'real': record times follow the wall clock,
// so a polling trigger that compares with "now" behaves as it would against the real API.

const { createSandbox } = require('./index');

const USAGE = `usage: node test/tools/sandbox/cli.js [--port 5680] [--host 127.0.0.1] [--candidates N] [--vacancies N]
  [--seed S] [--api-key KEY] [--tenant-slug SLUG] [--no-rate-limit] [--clock real|fixed]`;

const FLAGS = 'port host candidates vacancies seed api-key tenant-slug rate-limit clock'.split(' ');

/**
 * @param {string[]} argv
 * @param {NodeJS.ProcessEnv} env
 */
function parseArgs(argv, env) {
	/** @type {Record<string, string>} */
	const flags = {};
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		if (arg === '--help' || arg === '-h') return { help: true };
		if (arg === '--no-rate-limit') {
			flags['rate-limit'] = 'off';
			continue;
		}
		const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
		if (!m) throw new Error(`unexpected argument ${arg}`);
		const value = m[2] ?? argv[++i];
		if (value === undefined) throw new Error(`--${m[1]} needs a value`);
		flags[m[1]] = value;
	}
	/** @param {string} name */
	const get = (name) => flags[name] ?? env[`SANDBOX_${name.toUpperCase().replace(/-/g, '_')}`];
	/** @param {string} name */
	const int = (name) => {
		const raw = get(name);
		if (raw === undefined) return undefined;
		if (!/^\d+$/.test(raw)) throw new Error(`--${name} must be a non-negative integer`);
		return Number(raw);
	};
	const clockMode = get('clock') ?? 'real';
	if (clockMode !== 'real' && clockMode !== 'fixed')
		throw new Error('--clock must be real or fixed');
	for (const name of Object.keys(flags))
		if (!FLAGS.includes(name)) throw new Error(`unknown option --${name}`);
	return {
		help: false,
		options: {
			port: int('port') ?? 5680,
			host: get('host') ?? '127.0.0.1',
			candidates: int('candidates'),
			vacancies: int('vacancies'),
			seed: int('seed'),
			apiKey: get('api-key'),
			tenantSlug: get('tenant-slug'),
			rateLimit: /** @type {false | undefined} */ (get('rate-limit') === 'off' ? false : undefined),
			clock: { mode: /** @type {'real' | 'fixed'} */ (clockMode) },
		},
	};
}

async function main() {
	let parsed;
	try {
		parsed = parseArgs(process.argv.slice(2), process.env);
	} catch (error) {
		process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
		process.exit(2);
	}
	if (parsed.help || !parsed.options) {
		process.stdout.write(`${USAGE}\n`);
		return;
	}
	const startedAt = Date.now();
	const sandbox = await createSandbox(parsed.options);
	const state = sandbox.state();
	process.stdout.write(
		[
			`Recruiting API sandbox listening on ${sandbox.url} (seeded in ${Date.now() - startedAt} ms)`,
			`  API base URL: ${sandbox.apiBaseUrl}`,
			`  API key:      ${sandbox.apiKey}   (header x-api-key)`,
			`  Tenant slug:  ${sandbox.tenantSlug}   (public: ${sandbox.publicBaseUrl}/jobs)`,
			`  Data:         ${state.counts.candidates} candidates, ${state.counts.vacancies} vacancies, ${state.counts.applications} applications, ${state.counts.notes} notes, ${state.counts.postings} postings`,
			`  Rate limit:   ${sandbox.rateLimiter.config.enabled ? `${sandbox.rateLimiter.config.apiPerWindow}/min per key, ${sandbox.rateLimiter.config.publicPerWindow}/min per IP` : 'off'}`,
			`  Control API:  ${sandbox.url}/_control/state`,
			'',
		].join('\n'),
	);
	let stopping = false;
	const stop = () => {
		if (stopping) return;
		stopping = true;
		sandbox.close().then(() => {
			process.stdout.write('sandbox stopped\n');
			process.exit(0);
		});
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

if (require.main === module) {
	main().catch((error) => {
		process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
		process.exit(1);
	});
}

module.exports = { parseArgs };
