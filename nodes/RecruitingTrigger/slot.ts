import type { IDataObject, IPollFunctions } from 'n8n-workflow';

/** The trigger's stored state: read as n8n holds it, written as a whole. */
interface StateSlot {
	read(): unknown;
	write(state: object): void;
}

/**
 * Where the trigger's state is kept: the workflow's global static data under this node's id,
 * so that renaming the node keeps it (n8n keys a node's own static data by the node's name: a
 * renamed trigger would start over, missing or repeating changes). A state an earlier version
 * kept under the node's name is read from there and moved on the next save.
 */
export function stateSlot(context: IPollFunctions): StateSlot {
	const { id } = context.getNode();
	// Asked for only when needed: n8n adds an empty entry for the node whenever it is asked.
	const byName = () => context.getWorkflowStaticData('node');
	if (!id) {
		return {
			read: () => byName().state,
			write: (state) => (byName().state = state as IDataObject),
		};
	}
	const global = context.getWorkflowStaticData('global');
	const key = `recruitingTrigger:${id}`;
	let legacy = false;
	return {
		read: () => {
			if (global[key] !== undefined) return global[key];
			const stored = byName().state;
			legacy = stored !== undefined;
			return stored;
		},
		write: (state) => {
			global[key] = state as IDataObject;
			if (legacy) delete byName().state;
		},
	};
}
