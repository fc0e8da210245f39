// @ts-check
'use strict';

/**
 * createSandbox: the store behind a real HTTP server (see index.js / README.md).
 */

const { Store } = require('./store');
const { FaultInjector } = require('./faults');
const { RateLimiter } = require('./rate-limit');
const { RequestLog } = require('./request-log');
const { createHttpServer } = require('./server');
const render = require('./render');

/**
 * @typedef {object} SandboxOptions
 * @property {number} [port] default 0 (a free port)
 * @property {string} [host] default '127.0.0.1'
 * @property {string} [apiKey] default 'sandbox-key'
 * @property {string[]} [apiKeys] further valid keys (each has its own rate-limit window)
 * @property {string} [tenantSlug] default 'acme'
 * @property {number} [seed] default 1
 * @property {number} [candidates] default 200
 * @property {number} [vacancies] default 30
 * @property {number} [applicationsPerVacancy] default 5
 * @property {number} [notes] default 20
 * @property {number} [clients] default 12
 * @property {number} [users] default 8
 * @property {number} [clientContactsPerClient] default 2
 * @property {import('./clock').ClockOptions} [clock] default fixed at 2026-01-01T00:00:00.000Z, +1 ms per write
 * @property {import('./rate-limit').RateLimitConfig | false} [rateLimit] default 1000/min per key, 100/min per IP
 * @property {import('./faults').FaultConfig} [faults] default none
 * @property {'position' | 'empty'} [candidateLastPageCursor] nextCursor on the last candidates page:
 *   the last position (default) or ''
 * @property {number} [requestLogLimit] entries kept, default 10000
 */

/**
 * Start a sandbox server.
 * @param {SandboxOptions} [options]
 */
async function createSandbox(options = {}) {
	const store = new Store({
		seed: options.seed,
		tenantSlug: options.tenantSlug,
		candidates: options.candidates,
		vacancies: options.vacancies,
		applicationsPerVacancy: options.applicationsPerVacancy,
		notes: options.notes,
		clients: options.clients,
		users: options.users,
		clientContactsPerClient: options.clientContactsPerClient,
		clock: options.clock,
	});
	const faults = new FaultInjector(options.faults);
	const rateLimiter = new RateLimiter(options.rateLimit);
	const requestLog = new RequestLog(options.requestLogLimit);
	const apiKey = options.apiKey ?? 'sandbox-key';

	/**
	 * Back to the initial state: regenerated data (optionally other sizes or
	 * seed), clock at its start, logs cleared, faults and rate limits as
	 * configured at creation.
	 * @param {Omit<import('./store').StoreOptions, 'clock'>} [overrides]
	 */
	function reset(overrides) {
		store.reset(overrides);
		requestLog.clear();
		rateLimiter.configure(options.rateLimit);
		faults.clear();
		faults.configure(options.faults);
	}

	const server = createHttpServer({
		store,
		faults,
		rateLimiter,
		requestLog,
		apiKeys: new Set([apiKey, ...(options.apiKeys ?? [])]),
		candidateLastPageCursor: options.candidateLastPageCursor ?? 'position',
		reset,
	});
	const host = options.host ?? '127.0.0.1';
	await new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, host, () => {
			server.off('error', reject);
			resolve(undefined);
		});
	});
	const address = /** @type {import('node:net').AddressInfo} */ (server.address());
	const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;

	return {
		url,
		apiBaseUrl: `${url}/v1`,
		/** Base of the public endpoints: `${url}/${tenantSlug}/vacancy-portal`. */
		get publicBaseUrl() {
			return `${url}/${store.tenantSlug}/vacancy-portal`;
		},
		port: address.port,
		apiKey,
		get tenantSlug() {
			return store.tenantSlug;
		},
		server,
		store,
		clock: store.clock,
		faults,
		rateLimiter,
		changeLog: store.changeLog,
		requestLog,
		reset,
		state: () => store.summary(),
		fixtures: () => store.fixtures(),
		createCandidate: store.createCandidate.bind(store),
		touchCandidate: store.touchCandidate.bind(store),
		createVacancy: store.createVacancy.bind(store),
		touchVacancy: store.touchVacancy.bind(store),
		touchMany: store.touchMany.bind(store),
		moveApplication: store.moveApplication.bind(store),
		/**
		 * A job's applications as GET /applications/vacancy/{id} lists them now.
		 * @param {string} vacancyId
		 */
		applicationsOf: (vacancyId) =>
			store
				.applicationsOfVacancy(vacancyId)
				.map((app) => render.applicationListItem(store.world, app)),
		removeApplication: store.removeApplication.bind(store),
		deleteVacancy: store.deleteVacancy.bind(store),
		/** @param {import('./faults').FaultConfig} config */
		setFaults: (config) => faults.configure(config),
		/** @param {import('./rate-limit').RateLimitConfig | false} config */
		setRateLimit: (config) => rateLimiter.configure(config),
		/** Stop listening and drop open connections. */
		close() {
			return new Promise((resolve) => {
				server.close(() => resolve(undefined));
				server.closeAllConnections();
			});
		},
	};
}

module.exports = { createSandbox };
