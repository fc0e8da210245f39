/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code: runs under jest, never ships in the package */
import { Container } from '@n8n/di';
import { SSHClientsManager } from 'n8n-core/dist/execution-engine/ssh-clients-manager';
import nock from 'nock';

// jest gives every test file its own nock, but they all patch the one `http` module of the
// worker: each file switches its nock on and back off, or a later file's interceptors are
// shadowed by an earlier file's.
beforeAll(() => {
	if (!nock.isActive()) nock.activate();
});

afterAll(() => {
	nock.cleanAll();
	nock.restore();
	nock.enableNetConnect();
	// n8n-core's SSH tunnel manager (created with every execute context) keeps a cleanup
	// interval running; stop it so jest can exit.
	if (Container.has(SSHClientsManager)) Container.get(SSHClientsManager).onShutdown();
});
