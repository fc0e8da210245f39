/*
 * The Recruiting Trigger from its sources, polled as n8n's poller polls it (n8n.ts's
 * PollHarness), with the package's credential type; and where the trigger keeps its state.
 */
import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';

import { RecruitingApi } from '../../credentials/RecruitingApi.credentials';
import { RecruitingTrigger } from '../../nodes/RecruitingTrigger/RecruitingTrigger.node';
import { API, API_KEY } from './engine';
import type { PollResult } from './n8n';
import { credentialsHelper, PollHarness } from './n8n';

export type { PollResult };
export const TRIGGER_TYPE = 'n8n-nodes-recruiting.recruitingTrigger';
const NODE_NAME = 'Recruiting Trigger';

export class TriggerHarness extends PollHarness {
	constructor(
		parameters: INodeParameters,
		credentials: ICredentialDataDecryptedObject = { baseUrl: API, apiKey: API_KEY },
		/** Static data saved before. */
		staticData?: IDataObject,
		/** n8n 2.x's durable poll cursors on (n8n.ts's PollHarness). */
		durable = false,
	) {
		super(
			new RecruitingTrigger(),
			TRIGGER_TYPE,
			parameters,
			credentialsHelper(new RecruitingApi(), { data: credentials }),
			{ name: NODE_NAME, staticData, durable },
		);
	}

	/** The trigger's stored state (in memory): the node's own, else the copy under its id. */
	state(): IDataObject | undefined {
		const global = this.workflow.staticData.global as IDataObject | undefined;
		const byName = this.workflow.staticData[`node:${this.name}`] as IDataObject | undefined;
		const cursor = this.cursor === undefined ? undefined : (JSON.parse(this.cursor) as IDataObject);
		const state = cursor?.state ?? byName?.state ?? global?.[`recruitingTrigger:${this.node.id}`];
		return state === undefined ? undefined : (JSON.parse(JSON.stringify(state)) as IDataObject);
	}
}

/** The JSON of the emitted items of one poll ([] for null). */
export function itemsOf(result: PollResult): IDataObject[] {
	return result === null ? [] : result[0].map((item) => item.json);
}
