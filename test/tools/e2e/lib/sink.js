// @ts-check
'use strict';
/**
 * A tiny HTTP sink: workflows POST what they produced to /sink/<name> (n8n's own
 * HTTP Request node), and the harness waits for and reads those bodies. Used to see
 * what a polling trigger emitted under `n8n start`, where there is no CLI output.
 */
const http = require('node:http');
const { waitUntil } = require('./util');

/**
 * The workflows post `{ items, ... }`: `items(name, from)` are those of the bodies posted to
 * `name`, from the `from`th on.
 * @typedef {{ url: string, get: (name: string) => any[], items: (name: string, from?: number) => any[], waitFor: (name: string, predicate: (list: any[]) => boolean, timeoutMs: number) => Promise<boolean>, close: () => Promise<void> }} Sink
 * @returns {Promise<Sink>}
 */
function startSink() {
	/** @type {Map<string, any[]>} */
	const bodies = new Map();
	/** @param {string} name */
	const get = (name) => bodies.get(name) || [];

	const server = http.createServer((req, res) => {
		/** @type {Buffer[]} */
		const chunks = [];
		req.on('data', (c) => chunks.push(c));
		req.on('end', () => {
			const m = /^\/sink\/([\w-]+)/.exec(req.url || '');
			if (!m || req.method !== 'POST') {
				res.writeHead(404, { 'content-type': 'application/json' });
				res.end('{"message":"POST /sink/<name>"}');
				return;
			}
			const text = Buffer.concat(chunks).toString('utf8');
			let body;
			try {
				body = JSON.parse(text || 'null');
			} catch {
				body = text;
			}
			bodies.set(m[1], [...get(m[1]), body]);
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end('{"ok":true}');
		});
	});

	return new Promise((resolve, reject) => {
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const addr = server.address();
			const port = typeof addr === 'object' && addr ? addr.port : 0;
			resolve({
				url: `http://127.0.0.1:${port}`,
				get,
				items: (name, from = 0) =>
					get(name)
						.slice(from)
						.flatMap((b) => b.items),
				/** Resolves true once `predicate(bodies of name)` holds, false after timeoutMs. */
				waitFor: async (name, predicate, timeoutMs) =>
					await waitUntil(() => predicate(get(name)), timeoutMs, 250),
				close: () =>
					new Promise((r) => {
						server.closeAllConnections?.();
						server.close(() => r(undefined));
					}),
			});
		});
	});
}

module.exports = { startSink };
