import type { IDataObject, IPollFunctions } from 'n8n-workflow';

/** The trigger's stored state: read as n8n holds it, written as a whole. */
interface StateSlot {
	read(): unknown;
	/** `emits`: the poll returns items (n8n then starts an execution). */
	write(state: object, emits: boolean): void;
}

/**
 * Where the trigger's state is kept. Two places, each where n8n keeps a poll's position best:
 *
 * - With n8n 2.x's durable poll cursors (`N8N_POLLER_DURABLE_CURSORS_ENABLED`), n8n's per-node
 *   static data is a cursor kept by node id and committed in one transaction with the execution
 *   the poll starts, under the poll's lease: the state goes there, so that a crash between the
 *   execution and a separate save cannot repeat or lose a change, and a poll that lost its
 *   lease commits nothing. The workflow's static data is saved beside the execution, not with
 *   it.
 * - Otherwise n8n saves per-node static data with the workflow under the node's name, so a
 *   renamed trigger would start over: the state goes in the workflow's global static data under
 *   the node's id.
 *
 * A state found in the other place (kept by an earlier version, or before the cursors were
 * switched on) is read from there and moved. The old copy is dropped where both places are
 * saved together, or once the cursor has been read back holding a state of this Resource: a
 * move whose commit n8n refused (the poll lost its lease) then loses nothing. Until then a poll
 * that emits nothing keeps its state in the workflow's static data too: n8n commits no cursor
 * after the poll it runs when it activates a workflow (also after an edit that changed the
 * trigger), but saves the workflow's static data after it; nothing else saves what such a poll
 * writes there. So a cursor left from another Resource gives way to that copy, which holds
 * where the activation started over.
 */
export function stateSlot(context: IPollFunctions): StateSlot {
	const own = context.getWorkflowStaticData('node');
	// n8n marks the static data it saves with the workflow, to track changes (`__dataChanged`);
	// a staged cursor is a plain copy of the row n8n commits with the execution.
	const staged = !('__dataChanged' in own);
	const { id } = context.getNode();
	const places = [
		{ data: own, key: 'state' },
		{ data: context.getWorkflowStaticData('global'), key: `recruitingTrigger:${id}` },
	];
	const [home, away] = staged || !id ? places : places.reverse();
	const resource = context.getNodeParameter('resource');
	const mine = (state: unknown) => (state as IDataObject | undefined)?.resource === resource;
	let settled = !staged;
	return {
		read: () => {
			const [state, other] = [home.data[home.key], away.data[away.key]];
			settled ||= mine(state);
			return settled || !mine(other) ? (state ?? other) : other;
		},
		write: (state, emits) => {
			home.data[home.key] = state as IDataObject;
			if (!settled && !emits) away.data[away.key] = state as IDataObject;
			else if (settled && away.data[away.key] !== undefined) delete away.data[away.key];
		},
	};
}
