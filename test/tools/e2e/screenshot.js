#!/usr/bin/env node
// @ts-check
'use strict';
/**
 * Screenshots of the n8n editor while `npm run dev` runs, in Debian's chromium driven by
 * playwright-core (a dev dependency; Playwright's own browser download is not needed):
 *
 *   node test/tools/e2e/screenshot.js --readme
 *       the README's three pictures into test/tools/e2e/screenshots/: the trigger workflow,
 *       Get Many Candidates (Output: Simplified) after Execute step, Job Portal Apply with its
 *       Posting picker;
 *   node test/tools/e2e/screenshot.js [--url http://localhost:5678/workflow/<id>[/<node id>]]
 *       [--out file.png] [--execute]
 *       one page; a node's parameter panel opens with the URL /workflow/<workflow id>/<node id>,
 *       e.g. http://localhost:5678/workflow/rcDemoCandSheet1/rcDemoCandSheet1-g; --execute
 *       presses Execute step in it and waits for the output first.
 *
 * Both take --email / --password (the demo's login by default). Logs in through n8n's REST
 * API and hands the session cookie to the browser. The browser profile and its temp files live
 * in a temp folder removed at the end.
 */
const path = require('node:path');
const { commandLine, mkTemp, rmrf } = require('./lib/util');
const { ensureOwner } = require('./lib/n8n');
const { launchChromium } = require('./legs/editor');

const SHOTS = path.join(__dirname, 'screenshots');
const { flag, option } = commandLine(__filename);

async function main() {
	const editor = new URL(option('url') || 'http://localhost:5678/workflow/rcDemoSlackMsg01');
	const base = `${editor.protocol}//${editor.host}`;
	/** @type {Array<{ url: string, out: string, execute?: boolean }>} */
	const shots = flag('readme')
		? [
				{
					url: `${base}/workflow/rcDemoSlackMsg01`,
					out: path.join(SHOTS, 'trigger-workflow.png'),
				},
				{
					url: `${base}/workflow/rcDemoCandSheet1/rcDemoCandSheet1-g`,
					out: path.join(SHOTS, 'get-many-candidates-node.png'),
					execute: true,
				},
				{
					url: `${base}/workflow/rcDemoPortalAply/rcDemoPortalAply-a`,
					out: path.join(SHOTS, 'job-portal-apply-node.png'),
				},
			]
		: [
				{
					url: editor.toString(),
					out: path.resolve(option('out') || path.join(SHOTS, 'editor.png')),
					execute: flag('execute'),
				},
			];

	const { cookie } = await ensureOwner(`http://127.0.0.1:${editor.port || 80}`, {
		email: option('email') || 'demo@example.com',
		password: option('password') || 'Recruiting-Demo-1',
	});
	if (!cookie) throw new Error('login failed: no n8n-auth cookie');

	const profile = mkTemp('n8n-shot-chromium-');
	const context = await launchChromium(profile, { width: 1600, height: 900 });
	try {
		await context.addCookies([
			{
				name: 'n8n-auth',
				value: cookie.slice('n8n-auth='.length),
				domain: editor.hostname,
				path: '/',
				httpOnly: true,
			},
		]);
		const page = context.pages()[0] || (await context.newPage());
		page.setDefaultTimeout(60_000);
		for (const shot of shots) {
			await page.goto(shot.url, { timeout: 120_000 });
			const ndv = page.locator('[data-test-id="ndv"]');
			const opensNode = /\/workflow\/[^/]+\/[^/]+/.test(new URL(shot.url).pathname);
			await (opensNode ? ndv : page.locator('[data-test-id="canvas-node"]').first()).waitFor();
			if (shot.execute) {
				await ndv.locator('[data-test-id="node-execute-button"]').click();
				await page.locator('[data-test-id="output-panel"] table').first().waitFor();
			}
			// n8n's own overlays are not the subject: the Production Checklist of a published
			// workflow, the "Node executed successfully" toast (best effort, both).
			if (!opensNode) {
				// It opens a moment after the canvas.
				await page
					.locator('[data-test-id="suggested-actions-close"]')
					.first()
					.click({ timeout: 6000 })
					.catch(() => {});
			}
			await page
				.locator('.el-notification:visible')
				.first()
				.waitFor({ state: 'hidden', timeout: 10_000 })
				.catch(() => {});
			// Let icons and fonts settle, and leave no pointer hover behind.
			await page.mouse.move(0, 899);
			await page.waitForTimeout(2000);
			await page.screenshot({ path: shot.out });
			console.log(`saved ${shot.out}`);
		}
	} finally {
		await context.close();
		rmrf(profile);
	}
}

main().catch((error) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
