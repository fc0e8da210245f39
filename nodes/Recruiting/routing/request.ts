import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodePropertyOptions,
	INodePropertyRouting,
	PreSendAction,
} from 'n8n-workflow';

import { fillPath, pathSegment } from '../../shared/address';
import { toNodeError } from '../../shared/errors';
import { timestamp } from '../../shared/time';
import { boundedText, FieldError, fieldText, idList, isSet, oneOf } from '../../shared/values';
import { requiredId } from '../parameters';

/*
 * Building a request from the fields. An operation's routing names its method and its URL,
 * with `{parameter}` where an ID goes; a field's routing names where its value goes
 * (`send.type` and `send.property`, as n8n's routing puts it there) and the check that turns
 * what was typed or what an expression gave into what the API takes. Code stays where n8n's
 * routing cannot do the job: an ID must not climb out of the path (`..`) or change the route,
 * and a value from an expression must be refused, naming the field, rather than sent as
 * "[object Object]" or a date in the wrong zone.
 */

/** How an ID parameter is named in errors, and the hint for fixing it. */
export interface IdLabel {
	label: string;
	hint?: string;
}

/**
 * preSend of every operation: each `{parameter}` of its URL becomes that parameter's value,
 * checked (required, an ID, no `.`, `..`, `/`, `?`, `#`) and encoded as one path segment.
 */
export function fillPathIds(labels: Record<string, IdLabel>): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions) {
		const template = requestOptions.url;
		if (!template.includes('{')) return requestOptions;
		const segment = (name: string) => {
			const { label, hint } = labels[name] ?? { label: name };
			return namingTheField(this, () =>
				pathSegment(requiredId.call(this, name, label, hint), label),
			);
		};
		return { ...requestOptions, url: fillPath(template, segment) };
	};
}

/** Turns a FieldError into a NodeOperationError for this item. */
export function namingTheField<T>(context: IExecuteSingleFunctions, build: () => T): T {
	try {
		return build();
	} catch (error) {
		throw toNodeError(context.getNode(), error, context.getItemIndex());
	}
}

/**
 * A field's check: the value n8n's routing put in the request → the value to send
 * (undefined: leave the property out), or a FieldError naming the field.
 */
export type Check = (value: unknown, context: IExecuteSingleFunctions) => unknown;

type Part = 'body' | 'qs';

function checked(part: Part, property: string, check: Check): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const values = { ...((requestOptions[part] as IDataObject | undefined) ?? {}) };
		const value = namingTheField(this, () => check(values[property], this));
		if (value === undefined) delete values[property];
		else values[property] = value as IDataObject[string];
		return { ...requestOptions, [part]: values };
	};
}

/** routing of a field sent as `property` of the JSON body, after `check`. */
export function toBody(property: string, check: Check): INodePropertyRouting {
	return { send: { type: 'body', property, preSend: [checked('body', property, check)] } };
}

/** routing of a field sent as the query parameter `property`, after `check`. */
export function toQuery(property: string, check: Check): INodePropertyRouting {
	return { send: { type: 'query', property, preSend: [checked('qs', property, check)] } };
}

/**
 * routing of a collection whose fields are checked together (a rule that spans them: a range,
 * a field both set and cleared): the whole body is built from it by one pure function.
 */
export function bodyFrom(
	parameter: string,
	build: (value: IDataObject, context: IExecuteSingleFunctions) => IDataObject,
): INodePropertyRouting {
	const send: PreSendAction = async function (this: IExecuteSingleFunctions, requestOptions) {
		const value = (this.getNodeParameter(parameter, {}) ?? {}) as IDataObject;
		return { ...requestOptions, body: namingTheField(this, () => build(value, this)) };
	};
	return { send: { preSend: [send] } };
}

// ---------------------------------------------------------------- checks

/** Text, trimmed; when left empty: `empty` (undefined: not sent; null: sent as null). */
export function text(label: string, empty: null | undefined = undefined): Check {
	return (value) => fieldText(value, label) || empty;
}

/** Text that must be given. */
export function requiredText(label: string, hint?: string): Check {
	return (value) => {
		const result = fieldText(value, label);
		if (!result) throw new FieldError(label, 'is required', hint);
		return result;
	};
}

/** Text of `min` to `max` characters (as the API counts them), trimmed. */
export function bounded(label: string, min: number, max: number): Check {
	return (value) => boundedText(value, label, min, max);
}

/** A list of IDs (comma-separated, a list, or a JSON list); not sent when left empty. */
export function ids(label: string): Check {
	return (value) => (isSet(value) ? idList(value, label) : undefined);
}

/** One of the field's options; the option `none` is sent as null. */
export function option(label: string, options: INodePropertyOptions[]): Check {
	return (value) => {
		if (!isSet(value)) return undefined;
		const choice = oneOf(value, options, label);
		return choice === 'none' ? null : choice;
	};
}

/** true or false, also from an expression; nothing else. */
export function boolean(label: string): Check {
	return (value) => {
		if (typeof value !== 'boolean') throw new FieldError(label, 'must be true or false');
		return value;
	};
}

/** A date and time, sent as ISO 8601 UTC; one without a zone is read in the workflow's zone. */
export function dateTime(label: string): Check {
	return (value, context) =>
		isSet(value) ? timestamp(value, label, context.getTimezone()) : undefined;
}
