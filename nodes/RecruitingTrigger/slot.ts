import type { IDataObject, IPollFunctions } from 'n8n-workflow';

/**
 * Where the trigger's state is kept: in the node's own static data, n8n's place for a poll's
 * position (n8n 2.x's durable poll cursors carry it with the execution, keyed by node id), and
 * a copy in the workflow's static data under the node's id, because n8n's default mode keys the
 * node's own by the node's name, which a rename changes. A poll reads the node's own state when
 * it is of the current Resource, else the copy when that is, else none (Start applies).
 */
export function stateSlot(context: IPollFunctions) {
	const own = context.getWorkflowStaticData('node');
	const copies = context.getWorkflowStaticData('global');
	const key = `recruitingTrigger:${context.getNode().id}`;
	const resource = context.getNodeParameter('resource');
	const opened = [own.state, copies[key]];
	return {
		read: () => opened.find((state) => (state as IDataObject | undefined)?.resource === resource),
		/** Another poll stored a state since this one began (overlapping polls). */
		moved: () => own.state !== opened[0] || copies[key] !== opened[1],
		write: (state: object) => {
			own.state = state as IDataObject;
			copies[key] = state as IDataObject;
		},
	};
}
