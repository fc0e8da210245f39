/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: runs under jest, never ships (package.json files: dist only; the scanner reads nodes/ and credentials/) */
/*
 * No module-level mutable state: n8n in queue mode runs executions on several workers (and
 * several executions in one process), so anything a module keeps between calls would differ
 * from worker to worker or leak from one execution into another. This reads every source file
 * of the package and fails on a top-level `let`/`var`, and on any function that assigns to,
 * or calls a mutating method of, a binding declared at the top of its module.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '..', '..');
// The methods of arrays, maps and sets that change what they are called on.
const MUTATORS = new Set(
	'add clear copyWithin delete fill pop push reverse set shift sort splice unshift'.split(' '),
);

function sources(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return sources(path);
		return entry.name.endsWith('.ts') ? [path] : [];
	});
}

/** The identifier at the root of `a.b[c].d`, if any. */
function rootName(expression: ts.Expression): string | undefined {
	let current: ts.Expression = expression;
	while (ts.isPropertyAccessExpression(current) || ts.isElementAccessExpression(current)) {
		current = current.expression;
	}
	return ts.isIdentifier(current) ? current.text : undefined;
}

/** Problems in one file: top-level let/var, and writes to top-level bindings from functions. */
export function moduleStateProblems(fileName: string, text: string): string[] {
	const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true);
	const topLevel = new Set<string>();
	const problems: string[] = [];
	const where = (node: ts.Node) =>
		`${relative(ROOT, fileName)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
	for (const statement of file.statements) {
		if (ts.isClassDeclaration(statement) && statement.name) topLevel.add(statement.name.text);
		if (ts.isVariableStatement(statement)) {
			const flags = statement.declarationList.flags;
			if (!(flags & ts.NodeFlags.Const)) problems.push(`${where(statement)}: top-level let/var`);
			for (const declaration of statement.declarationList.declarations) {
				if (ts.isIdentifier(declaration.name)) topLevel.add(declaration.name.text);
			}
		}
	}
	const written = (target: ts.Expression, node: ts.Node) => {
		const name = rootName(target);
		if (name !== undefined && topLevel.has(name)) {
			problems.push(`${where(node)}: writes module-level "${name}"`);
		}
	};
	const visit = (node: ts.Node, inFunction: boolean): void => {
		const entering = inFunction || ts.isFunctionLike(node);
		if (entering) {
			if (
				ts.isBinaryExpression(node) &&
				node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
				node.operatorToken.kind <= ts.SyntaxKind.LastAssignment
			) {
				written(node.left, node);
			} else if (
				(ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
				(node.operator === ts.SyntaxKind.PlusPlusToken ||
					node.operator === ts.SyntaxKind.MinusMinusToken)
			) {
				written(node.operand, node);
			} else if (
				ts.isCallExpression(node) &&
				ts.isPropertyAccessExpression(node.expression) &&
				MUTATORS.has(node.expression.name.text)
			) {
				written(node.expression.expression, node);
			} else if (ts.isDeleteExpression(node)) {
				written(node.expression, node);
			}
		}
		ts.forEachChild(node, (child) => visit(child, entering));
	};
	visit(file, false);
	return problems;
}

test('the detector finds module-level state (it would catch one)', () => {
	const problems = moduleStateProblems(
		join(ROOT, 'nodes/example.ts'),
		[
			'let calls = 0;',
			'const cache = new Map<string, string>();',
			'const seen: string[] = [];',
			'const settings = { last: "" };',
			'export class Node { static runs = 0; }',
			'export function a(key: string) { calls++; cache.set(key, key); seen.push(key); settings.last = key; Node.runs += 1; }',
			'export function b() { const local = new Map(); local.set(1, 1); return local; }',
		].join('\n'),
	);
	expect(problems).toEqual([
		'nodes/example.ts:1: top-level let/var',
		'nodes/example.ts:6: writes module-level "calls"',
		'nodes/example.ts:6: writes module-level "cache"',
		'nodes/example.ts:6: writes module-level "seen"',
		'nodes/example.ts:6: writes module-level "settings"',
		'nodes/example.ts:6: writes module-level "Node"',
	]);
});

test('no source file of the package keeps state at module level', () => {
	const files = [...sources(join(ROOT, 'nodes')), ...sources(join(ROOT, 'credentials'))];
	expect(files.length).toBeGreaterThan(20);
	const problems = files.flatMap((file) => moduleStateProblems(file, readFileSync(file, 'utf8')));
	expect(problems).toEqual([]);
});
