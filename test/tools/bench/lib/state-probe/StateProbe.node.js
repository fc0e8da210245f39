// @ts-check
'use strict';
/**
 * A polling node for `stored-state.js` (loaded by real n8n from N8N_CUSTOM_EXTENSIONS as
 * `CUSTOM.stateProbe`): it keeps whatever static data the workflow was imported with (an
 * application trigger's stored state of a chosen size), and every poll reassigns one key of it
 * (n8n tracks changes at assignment) and emits one item, so n8n saves the whole static data
 * after each poll, as it does after an emitting poll of the Recruiting Trigger.
 */
class StateProbe {
	constructor() {
		this.description = {
			displayName: 'State Probe',
			name: 'stateProbe',
			group: ['trigger'],
			version: 1,
			description: 'Emits one item a poll and rewrites its static data',
			defaults: { name: 'State Probe' },
			polling: true,
			inputs: [],
			outputs: ['main'],
			properties: [],
		};
	}

	/** @this {import('n8n-workflow').IPollFunctions} */
	async poll() {
		const data = this.getWorkflowStaticData('node');
		const poll = Number(data.poll ?? 0) + 1;
		data.poll = poll;
		// An object is reassigned, not mutated in place: what the trigger does with its state
		// every poll (a state kept as one string, `--shape string`, is left as it is).
		const stored = data.state;
		if (typeof stored === 'object' && stored !== null) data.state = { ...stored, poll };
		return [[{ json: { poll } }]];
	}
}

module.exports = { StateProbe };
