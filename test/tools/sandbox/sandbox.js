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

/** @import { StoreOptions } from './index' */

/**
 * Start a sandbox server. Its type is the one index.d.ts declares, so `npx tsc -p
 * test/tools/sandbox` fails when the implementation and the declarations disagree.
 * @type {typeof import('./index').createSandbox}
 */
async function createSandbox(options = {}) {
	const store = new Store(options);
	const faults = new FaultInjector(options.faults);
	const rateLimiter = new RateLimiter(options.rateLimit);
	const requestLog = new RequestLog(options.requestLogLimit);
	const apiKey = options.apiKey ?? 'sandbox-key';

	/** @param {StoreOptions} [overrides] */
	function reset(overrides) {
		store.reset(overrides);
		requestLog.clear();
		rateLimiter.configure(options.rateLimit);
		faults.configure(options.faults);
	}

	const server = createHttpServer({
		store,
		faults,
		rateLimiter,
		requestLog,
		apiKeys: new Set([apiKey, ...(options.apiKeys ?? [])]),
		candidateLastPageCursor: options.candidateLastPageCursor ?? 'position',
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
		get publicBaseUrl() {
			return `${url}/${store.tenantSlug}/vacancy-portal`;
		},
		apiKey,
		get tenantSlug() {
			return store.tenantSlug;
		},
		store,
		clock: store.clock,
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
		/** @param {string} vacancyId */
		applicationsOf: (vacancyId) =>
			store
				.applicationsOfVacancy(vacancyId)
				.map((app) => render.applicationListItem(store.world, app)),
		removeApplication: store.removeApplication.bind(store),
		deleteVacancy: store.deleteVacancy.bind(store),
		/** @param {import('./index').FaultConfig} config */
		setFaults: (config) => faults.configure(config),
		close() {
			return new Promise((resolve) => {
				server.close(() => resolve(undefined));
				server.closeAllConnections();
			});
		},
	};
}

module.exports = { createSandbox };
