// @ts-check
'use strict';
/**
 * A tiny HTTP sink: workflows POST what they produced to /sink/<name> (n8n's own
 * HTTP Request node), and the harness waits for and reads those bodies. Used to see
 * what a polling trigger emitted under `n8n start`, where there is no CLI output.
 */
const http = require('node:http');

/** @param {{ host?: string, port?: number }} [opts] */
function startSink(opts = {}) {
	/** @type {Map<string, any[]>} */
	const bodies = new Map();
	/** @type {Set<() => void>} */
	const waiters = new Set();

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
			const list = bodies.get(m[1]) || [];
			list.push(body);
			bodies.set(m[1], list);
			for (const w of [...waiters]) w();
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end('{"ok":true}');
		});
	});

	return new Promise((resolve, reject) => {
		server.on('error', reject);
		server.listen(opts.port || 0, opts.host || '127.0.0.1', () => {
			const addr = server.address();
			const port = typeof addr === 'object' && addr ? addr.port : 0;
			resolve({
				url: `http://127.0.0.1:${port}`,
				/** @param {string} name */
				get(name) {
					return bodies.get(name) || [];
				},
				/**
				 * Resolves true once `predicate(bodies of name)` holds, false after timeoutMs.
				 * @param {string} name
				 * @param {(list: any[]) => boolean} predicate
				 * @param {number} timeoutMs
				 */
				waitFor(name, predicate, timeoutMs) {
					return new Promise((done) => {
						const check = () => predicate(bodies.get(name) || []);
						if (check()) return done(true);
						const timer = setTimeout(() => {
							waiters.delete(waiter);
							done(false);
						}, timeoutMs);
						const waiter = () => {
							if (check()) {
								clearTimeout(timer);
								waiters.delete(waiter);
								done(true);
							}
						};
						waiters.add(waiter);
					});
				},
				close() {
					return new Promise((r) => {
						server.closeAllConnections?.();
						server.close(() => r(undefined));
					});
				},
			});
		});
	});
}

module.exports = { startSink };
