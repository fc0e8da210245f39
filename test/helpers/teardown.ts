// n8n-core's SSH tunnel manager (created with every execute context) keeps a cleanup
// interval running; stop it so jest can exit without --forceExit.
import { Container } from '@n8n/di';
import { SSHClientsManager } from 'n8n-core/dist/execution-engine/ssh-clients-manager';

afterAll(() => {
	if (Container.has(SSHClientsManager)) Container.get(SSHClientsManager).onShutdown();
});
