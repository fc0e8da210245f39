/*
 * Like n8n's CredentialsHelper: "decrypts" to the given data and applies the credential's
 * declared `authenticate` block, resolving its expressions against the credential. Shared by
 * the node's engine harness and the trigger's poll harness.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentialsHelper,
	IDataObject,
	IHttpRequestOptions,
	INode,
	Workflow,
} from 'n8n-workflow';

import { RecruitingApi } from '../../credentials/RecruitingApi.credentials';

/**
 * `data` undefined: the node has no credential, as when none is selected. `loadError`: the
 * credential is selected but n8n cannot load it (deleted, not shared with the workflow).
 */
export function credentialsHelper(
	data: ICredentialDataDecryptedObject | undefined,
	loadError?: Error,
	reads?: { count: number },
): ICredentialsHelper {
	const credentialType = new RecruitingApi();
	return {
		getParentTypes: () => [],
		isCredentialUsableByNode: () => true,
		preAuthentication: async () => undefined,
		authenticate: async (
			credentials: ICredentialDataDecryptedObject,
			_type: string,
			options: IHttpRequestOptions,
			workflow: Workflow,
			node: INode,
		) => {
			const headers: IDataObject = { ...(options.headers ?? {}) };
			for (const [name, value] of Object.entries(
				credentialType.authenticate.properties.headers ?? {},
			)) {
				headers[name] = workflow.expression.getParameterValue(
					value as string,
					null,
					0,
					0,
					node.name,
					[],
					'internal',
					{ $credentials: credentials },
				) as string;
			}
			return { ...options, headers };
		},
		getDecrypted: async () => {
			if (reads) reads.count++;
			if (loadError) throw loadError;
			if (!data) throw new Error('Node does not have any credentials set');
			return { ...data };
		},
		getCredentials: async () => {
			throw new Error('not used');
		},
		updateCredentials: async () => {},
		updateCredentialsOauthTokenData: async () => {},
		getCredentialsProperties: () => credentialType.properties,
	} as unknown as ICredentialsHelper;
}
