// @ts-check
'use strict';
/**
 * A recording reverse proxy placed between n8n and the sandbox. It forwards every
 * request unchanged and remembers method, path, headers and body, so the e2e checks
 * can assert what n8n really put on the wire (e.g. no x-api-key on the public job
 * portal) without depending on the sandbox's own request log format.
 *
 * Requests to /_e2e/sink/<name> are not forwarded: their JSON bodies are collected
 * under <name> (used by workflows that report what a trigger emitted).
 */
const http = require('node:http');

/**
 * @typedef {{ at: number, method: string, path: string, headers: http.IncomingHttpHeaders, body: string, status?: number }} RecordedRequest
 */

/**
 * @param {{ target: string, host?: string, port?: number }} opts  target: the sandbox origin
 */
function startRecorder(opts) {
	const target = new URL(opts.target);
	/** @type {RecordedRequest[]} */
	const requests = [];
	/** @type {Map<string, any[]>} */
	const sinks = new Map();
	/** @type {Set<(name: string) => void>} */
	const sinkWaiters = new Set();

	const server = http.createServer((req, res) => {
		/** @type {Buffer[]} */
		const chunks = [];
		req.on('data', (c) => chunks.push(c));
		req.on('end', () => {
			const body = Buffer.concat(chunks);
			const url = req.url || '/';
			const sinkMatch = /^\/_e2e\/sink\/([\w-]+)/.exec(url);
			if (sinkMatch) {
				let parsed;
				try {
					parsed = JSON.parse(body.toString('utf8') || 'null');
				} catch {
					parsed = body.toString('utf8');
				}
				const list = sinks.get(sinkMatch[1]) || [];
				list.push(parsed);
				sinks.set(sinkMatch[1], list);
				for (const w of sinkWaiters) w(sinkMatch[1]);
				res.writeHead(200, { 'content-type': 'application/json' });
				res.end('{"ok":true}');
				return;
			}
			/** @type {RecordedRequest} */
			const rec = { at: Date.now(), method: req.method || 'GET', path: url, headers: req.headers, body: body.toString('utf8') };
			requests.push(rec);
			const headers = { ...req.headers, host: target.host };
			const up = http.request(
				{ hostname: target.hostname, port: target.port, method: req.method, path: url, headers },
				(upRes) => {
					rec.status = upRes.statusCode;
					res.writeHead(upRes.statusCode || 502, upRes.headers);
					upRes.pipe(res);
				},
			);
			up.on('error', (e) => {
				rec.status = 502;
				res.writeHead(502, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ message: `e2e recorder: upstream error ${e.message}` }));
			});
			up.end(body);
		});
	});

	return new Promise((resolve, reject) => {
		server.on('error', reject);
		server.listen(opts.port || 0, opts.host || '127.0.0.1', () => {
			const addr = server.address();
			const port = typeof addr === 'object' && addr ? addr.port : 0;
			const url = `http://127.0.0.1:${port}`;
			resolve({
				url,
				requests,
				sinks,
				/** Requests recorded from index `from` on. @param {number} [from] */
				since(from = 0) {
					return requests.slice(from);
				},
				mark() {
					return requests.length;
				},
				/**
				 * Waits until sink `name` holds at least `count` bodies.
				 * @param {string} name
				 * @param {number} count
				 * @param {number} timeoutMs
				 */
				waitForSink(name, count, timeoutMs) {
					return new Promise((res) => {
						const check = () => (sinks.get(name) || []).length >= count;
						if (check()) return res(true);
						const timer = setTimeout(() => {
							sinkWaiters.delete(waiter);
							res(false);
						}, timeoutMs);
						/** @param {string} n */
						const waiter = (n) => {
							if (n === name && check()) {
								clearTimeout(timer);
								sinkWaiters.delete(waiter);
								res(true);
							}
						};
						sinkWaiters.add(waiter);
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

module.exports = { startRecorder };
