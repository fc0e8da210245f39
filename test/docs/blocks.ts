/*
 * README's example blocks: an HTML comment naming the example (examples.ts), then a fenced
 * JSON block, e.g.
 *
 *   <!-- example: trigger-application-stage-changed -->
 *   ```json
 *   { "event": "stageChanged", … }
 *   ```
 *
 * Read, compared with the node's output as formatJson writes it, and written back.
 */

export interface Block {
	id: string;
	/** The lines between the comment and the JSON (the <details><summary> that names the call). */
	heading: string;
	json: string;
	/** Where the JSON text starts and ends in README. */
	start: number;
	end: number;
}

const BLOCK = /<!-- example: ([a-z0-9-]+) -->\n((?:[^\n]*\n)*?)```json\n([\s\S]*?)\n```/g;
const ANY_JSON = /```json\n/g;

/** Every example block of `text`; a JSON block without its comment is an error. */
export function readBlocks(text: string): Block[] {
	const blocks: Block[] = [];
	for (const match of text.matchAll(BLOCK)) {
		const start = match.index + match[0].length - 4 - match[3].length;
		blocks.push({
			id: match[1],
			heading: match[2],
			json: match[3],
			start,
			end: start + match[3].length,
		});
	}
	const fences = [...text.matchAll(ANY_JSON)].length;
	if (fences !== blocks.length)
		throw new Error(
			`README has ${fences} JSON blocks, ${blocks.length} of them named: put <!-- example: <id> --> before each`,
		);
	return blocks;
}

/** One line: `{ "id": "a", "tags": ["x", "y"] }`. */
function inline(value: unknown): string {
	if (value === null || typeof value !== 'object') return JSON.stringify(value);
	if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
	const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`);
	return entries.length ? `{ ${entries.join(', ')} }` : '{}';
}

/** JSON with two-space indents, an object or array on one line where it fits in 96 columns. */
export function formatJson(value: unknown, indent = ''): string {
	const flat = inline(value);
	if (value === null || typeof value !== 'object' || indent.length + flat.length <= 96) return flat;
	const inner = `${indent}  `;
	if (Array.isArray(value))
		return `[\n${value.map((entry) => inner + formatJson(entry, inner)).join(',\n')}\n${indent}]`;
	const entries = Object.entries(value).map(
		([key, entry]) => `${inner}${JSON.stringify(key)}: ${formatJson(entry, inner)}`,
	);
	return `{\n${entries.join(',\n')}\n${indent}}`;
}

/** How README introduces an example: collapsed, under the call and settings that made it. */
export const summary = (title: string) => `<details><summary>${title}</summary>`;

/** `text` with each block's summary and JSON made from `title(id)` and `json(id)`. */
export function rewriteBlocks(
	text: string,
	title: (id: string) => string,
	json: (id: string) => string,
): string {
	let out = '';
	let at = 0;
	for (const block of readBlocks(text)) {
		const head = block.start - block.heading.length - '```json\n'.length;
		out += `${text.slice(at, head)}${summary(title(block.id))}\n\n\`\`\`json\n${json(block.id)}`;
		at = block.end;
	}
	return out + text.slice(at);
}
