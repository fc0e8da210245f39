import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INodeProperties, IPollFunctions } from 'n8n-workflow';

/*
 * The trigger's whole-number options, each defined once: the editor's field (properties.ts)
 * and the reader both triggers call, with its default and the name its messages give.
 */

export const maxItemsPerPollOption: INodeProperties = {
	displayName: 'Max Items per Poll',
	name: 'maxItemsPerPoll',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 1000,
	description:
		'The most items one poll emits. A larger backlog is emitted over the next polls, in order, with nothing skipped.',
};

export const jobsPerPollOption: INodeProperties = {
	displayName: 'Jobs per Poll',
	name: 'jobsPerPoll',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 20,
	description: 'The most jobs whose applications one poll reads',
};

/** An option of `options` that is a whole number of at least 1 (its default when not set). */
export function pollOption(context: IPollFunctions, option: INodeProperties): number {
	const value = (context.getNodeParameter('options', {}) as IDataObject)[option.name];
	const number = value === undefined ? Number(option.default) : Number(value);
	if (!Number.isInteger(number) || number < 1) {
		throw new NodeOperationError(
			context.getNode(),
			`${option.displayName} must be a whole number of at least 1`,
			{ description: `It is ${String(value)}. Set it under Options, or remove the option.` },
		);
	}
	return number;
}

/**
 * The n8n clock (ms) after which a poll reads no more and returns what it has; the next poll
 * goes on, as after Max Items per Poll. n8n 2.x gives a poll a time budget (getPollBudgetMs:
 * under its durable scheduler 36 s by default, of the 45 s after which it abandons a poll, its
 * items and state with it); n8n 1.x has none.
 */
export function pollDeadline(context: IPollFunctions, now: number): number {
	const budget = (context as Partial<IPollFunctions>).getPollBudgetMs?.();
	return typeof budget === 'number' && budget >= 0 ? now + budget : Infinity;
}
