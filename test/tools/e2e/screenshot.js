#!/usr/bin/env node
// @ts-check
'use strict';
/**
 * Screenshot of a workflow in the n8n editor (optional, needs Debian's chromium):
 *
 *   node test/tools/e2e/screenshot.js [--url http://localhost:5678/workflow/<id>] [--out file.png]
 *                               [--email demo@example.com --password Recruiting-Demo-1]
 *
 * A node's parameter panel opens with the URL /workflow/<workflow id>/<node id>, e.g.
 * http://localhost:5678/workflow/rcDemoCandSheet1/rcDemoCandSheet1-g.
 *
 * Logs in through n8n's REST API, hands the session cookie to headless chromium over
 * the DevTools protocol and captures the page. Run it while `npm run dev` is up.
 * Uses the global WebSocket of Node >= 22 (the cached n8n Node works:
 * ~/.cache/n8n-nodes-recruiting/n8n-1.123.81/node/bin/node).
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { httpJson, mkTemp, sleep, freePort, killGroup, rmrf } = require('./lib/util');

/** @param {string} name @param {string} def */
function arg(name, def) {
	const i = process.argv.indexOf(`--${name}`);
	return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : def;
}

async function main() {
	if (typeof WebSocket === 'undefined') throw new Error('needs Node >= 22 (global WebSocket)');
	const url = new URL(arg('url', 'http://localhost:5678/workflow/rcDemoSlackMsg01'));
	const out = path.resolve(arg('out', path.join(__dirname, 'screenshots', 'editor.png')));
	const email = arg('email', 'demo@example.com');
	const password = arg('password', 'Recruiting-Demo-1');
	const api = `http://127.0.0.1:${url.port || 80}`;

	const login = await httpJson('POST', `${api}/rest/login`, {
		body: { emailOrLdapLoginId: email, password },
	});
	const cookie = (login.headers['set-cookie'] || []).find((c) => c.startsWith('n8n-auth='));
	if (login.status !== 200 || !cookie) throw new Error(`login failed: HTTP ${login.status}`);
	const token = cookie.split(';')[0].slice('n8n-auth='.length);

	const port = await freePort();
	const profile = mkTemp('n8n-shot-chromium-');
	const chrome = spawn(
		'chromium',
		[
			'--headless',
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
			`--user-data-dir=${profile}`,
			`--remote-debugging-port=${port}`,
			'--window-size=1600,1000',
			'about:blank',
		],
		// Chromium makes its own org.chromium.Chromium.* folder in the temp directory: inside
		// the profile, which is removed at the end.
		{ stdio: 'ignore', detached: true, env: { ...process.env, TMPDIR: profile } },
	);
	try {
		/** @type {any} */
		let target;
		for (let i = 0; i < 50 && !target; i++) {
			await sleep(200);
			try {
				const list = await httpJson('GET', `http://127.0.0.1:${port}/json/list`);
				target = (list.json || []).find((/** @type {any} */ t) => t.type === 'page');
			} catch {
				/* not up yet */
			}
		}
		if (!target) throw new Error('chromium did not start');
		const ws = new WebSocket(target.webSocketDebuggerUrl);
		await new Promise((r, j) => {
			ws.onopen = r;
			ws.onerror = j;
		});
		let seq = 0;
		/** @type {Map<number, (v: any) => void>} */
		const pending = new Map();
		ws.onmessage = (ev) => {
			const msg = JSON.parse(String(ev.data));
			if (msg.id && pending.has(msg.id)) {
				/** @type {any} */ (pending.get(msg.id))(msg);
				pending.delete(msg.id);
			}
		};
		/** @param {string} method @param {object} [params] @returns {Promise<any>} */
		const send = (method, params = {}) =>
			new Promise((resolve) => {
				const id = ++seq;
				pending.set(id, resolve);
				ws.send(JSON.stringify({ id, method, params }));
			});
		await send('Network.enable');
		await send('Network.setCookie', {
			name: 'n8n-auth',
			value: token,
			domain: url.hostname,
			path: '/',
			httpOnly: true,
		});
		await send('Page.enable');
		await send('Page.navigate', { url: url.toString() });
		await sleep(9000);
		const shot = await send('Page.captureScreenshot', { format: 'png' });
		fs.writeFileSync(out, Buffer.from(shot.result.data, 'base64'));
		console.log(`saved ${out}`);
		ws.close();
	} finally {
		killGroup(chrome.pid, 'SIGTERM');
		await sleep(500);
		rmrf(profile);
	}
}

main().catch((error) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
