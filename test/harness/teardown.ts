import { Container } from '@n8n/di';
import { SSHClientsManager } from 'n8n-core/dist/execution-engine/ssh-clients-manager';
import { LoggerProxy } from 'n8n-workflow';
import type { Logger } from 'n8n-workflow';
import nock from 'nock';

import { API_KEY } from './secrets';

// Every line n8n would log during a test file, checked for the API key at the end.
const logged: string[] = [];
const record =
	(level: string) =>
	(message: string, meta?: object): void => {
		logged.push(`${level} ${message} ${JSON.stringify(meta ?? {})}`);
	};
const capture: Logger = {
	error: record('error'),
	warn: record('warn'),
	info: record('info'),
	debug: record('debug'),
	scoped: () => capture,
} as unknown as Logger;

beforeAll(() => {
	LoggerProxy.init(capture);
	// jest gives every test file its own nock, but they all patch the one `http` module of the
	// worker: each file switches its nock on and back off, or a later file's interceptors are
	// shadowed by an earlier file's.
	if (!nock.isActive()) nock.activate();
});

afterAll(() => {
	nock.cleanAll();
	nock.restore();
	nock.enableNetConnect();
	// n8n-core's SSH tunnel manager (created with every execute context) keeps a cleanup
	// interval running; stop it so jest can exit.
	if (Container.has(SSHClientsManager)) Container.get(SSHClientsManager).onShutdown();
	const leaks = logged.filter((line) => line.includes(API_KEY));
	if (leaks.length) throw new Error(`The API key was logged:\n${leaks.join('\n')}`);
});
