// @ts-check
'use strict';
/**
 * The editor leg (README.md beside it, "the editor in a real browser"): Debian's chromium, driven
 * by playwright-core (Playwright's own browser download is not reachable here), walks the first
 * minutes of a user, one check line a step (step 4 runs before 2, so that no credential exists
 * yet). The n8n majors differ in places: see the per-major helpers below.
 */
const fs = require('node:fs');
const path = require('node:path');
const { mkTemp, fmtMs, httpJson, waitUntil } = require('../lib/util');
const { startN8n, ensureOwner, E2E_OWNER: OWNER } = require('../lib/n8n');
const { installTarball, PKG } = require('../lib/pkg');
const { loadWorkflows, postingVars, WORKFLOWS_DIR } = require('../lib/workflows');
const { check, expect, show } = require('../lib/checks');
const { checkPeak } = require('../lib/memory');
const { TEST_MESSAGES, workflowSandbox } = require('../lib/credentials');

const NODE_TYPE = `${PKG.name}.recruiting`;
const OUTPUT_ROOT = path.join(__dirname, '..', '.output');
const STEP_TIMEOUT_MS = 45_000;
const NO_CHROMIUM =
	'no chromium binary: install Debian\'s chromium ("apt-get install -y chromium", as .ci/run does) or set E2E_CHROMIUM';

/** Debian's chromium binary (the /usr/bin/chromium wrapper script is a fallback), or E2E_CHROMIUM. */
function findChromium() {
	return [
		process.env.E2E_CHROMIUM,
		'/usr/lib/chromium/chromium',
		'/usr/bin/chromium',
		'/usr/bin/chromium-browser',
	].find((p) => p && fs.existsSync(p));
}

/**
 * Debian's chromium, headless (as root, with no network chatter), driven by playwright-core: a
 * browser context whose profile and temp files (Chromium's and Playwright's) live in `dir`.
 * @param {string} dir @param {{ width: number, height: number }} viewport @returns {Promise<any>}
 */
async function launchChromium(dir, viewport) {
	const executablePath = findChromium();
	if (!executablePath) throw new Error(NO_CHROMIUM);
	const tmp = path.join(dir, 'browser-tmp');
	fs.mkdirSync(tmp, { recursive: true });
	return await require('playwright-core').chromium.launchPersistentContext(
		path.join(dir, 'browser-profile'),
		{
			executablePath,
			headless: true,
			args: [
				'--no-sandbox',
				'--disable-gpu',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
				'--no-first-run',
			],
			env: { ...process.env, TMPDIR: tmp },
			artifactsDir: path.join(dir, 'playwright-artifacts'),
			viewport,
		},
	);
}

/** @param {string} s */
const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The browser leg in one n8n: its own user folder, sandbox and `n8n start`.
 * @param {import('../lib/context').Run} ctx
 * @param {import('../lib/n8n').N8nInstall} n8n
 * @param {string} tarball
 */
async function editorChecks(ctx, n8n, tarball) {
	ctx.section('the editor in a real browser (Debian chromium driven by playwright-core)');
	const ready = await check('chromium and playwright-core are there', () => {
		const chromium = findChromium();
		expect(chromium, NO_CHROMIUM);
		try {
			return `${chromium}, playwright-core ${require('playwright-core/package.json').version}`;
		} catch {
			throw new Error('playwright-core is missing: run npm ci (it is a dev dependency)');
		}
	});
	if (!ready) return;

	const userFolder = mkTemp('recruiting-e2e-editor-');
	const sandbox = await workflowSandbox();
	/** @type {Awaited<ReturnType<typeof startN8n>> | undefined} */
	let server;
	/** @type {any} */
	let browser;
	const stopAll = async () => {
		if (browser) await browser.close().catch(() => {});
		browser = undefined;
		if (server) await server.stop();
	};
	ctx.stoppers.push(stopAll);
	try {
		await installTarball(tarball, userFolder);
		const t = Date.now();
		const s = await startN8n(n8n, userFolder, {
			env: { N8N_RUNNERS_ENABLED: 'true' },
			logFile: path.join(userFolder, 'n8n-start.log'),
		});
		server = s;
		/** @type {string} */
		let cookie = '';
		const up = await check('n8n start for the editor, owner account set up', async () => {
			expect(await s.waitReady(180_000), `not ready: ${s.output.slice(-1500)}`);
			cookie = (await ensureOwner(`http://127.0.0.1:${s.port}`, OWNER)).cookie;
			expect(cookie, 'no session cookie for the owner');
			return fmtMs(Date.now() - t);
		});
		if (!up) return;

		const started = Date.now();
		const launched = await check(
			"chromium starts headless (its profile and TMPDIR in the run's temp folder)",
			async () => {
				browser = await launchChromium(userFolder, { width: 1600, height: 1000 });
				return `chromium ${browser.browser() ? browser.browser().version() : ''}`.trim();
			},
		);
		if (!launched) return;
		const page = browser.pages()[0] || (await browser.newPage());
		page.setDefaultTimeout(STEP_TIMEOUT_MS);
		/** @type {string[]} */
		const consoleLog = [];
		page.on('console', (/** @type {any} */ m) =>
			consoleLog.push(`[${new Date().toISOString()}] ${m.type()}: ${m.text()}`),
		);
		page.on('pageerror', (/** @type {any} */ e) =>
			consoleLog.push(`[${new Date().toISOString()}] pageerror: ${e && e.stack ? e.stack : e}`),
		);

		const ui = new EditorUi({
			page,
			base: `http://localhost:${s.port}`,
			api: `http://127.0.0.1:${s.port}`,
			cookie,
			sandbox,
			major: n8n.major,
		});
		/** The steps, in the order they run; each a check line, its time in the detail. */
		/** @type {Array<[string, () => Promise<string | void>]>} */
		const steps = [
			[
				'editor 1/7: log in, new workflow, "Recruiting" in the node panel',
				() => ui.nodePanel(OWNER),
			],
			[
				'editor 4/7: Job Portal Apply, the Posting list loads with no credential (none exists yet)',
				() => ui.postingPicker(),
			],
			[
				'editor 2/7: Candidate Get Many, a credential made in the modal (wrong key, then the right one)',
				() => ui.credential(),
			],
			['editor 5/7: Output Simplified and Raw, with Execute step', () => ui.outputModes()],
			['editor 7/7: an API error (Candidate Get c-missing) in the panel', () => ui.apiError()],
			[
				'editor 3/7: Job Update, the Job list, its search, By ID ".." refused in the panel',
				() => ui.jobPicker(),
			],
			[
				'editor 6/7: Recruiting Trigger, Fetch Test Event shows an event',
				() => ui.triggerTestEvent(),
			],
			[
				'editor, the demo: "Get Many candidates → spreadsheet" shows Output Simplified, "Apply" shows its Posting as the Posting list names it',
				() => ui.demoWorkflows(),
			],
		];
		let failedStep = '';
		for (const [name, fn] of steps) {
			// After a failed step the page is not where the next one starts: not run.
			const ok = await check(name, async () => {
				if (failedStep) throw new Error(`not run: "${failedStep}" failed before it`);
				const t0 = Date.now();
				try {
					const detail = await fn();
					return `${fmtMs(Date.now() - t0)}${detail ? `: ${detail}` : ''}`;
				} catch (error) {
					// What the page showed is saved.
					const where = await saveFailure(page, consoleLog, s, n8n.version, name);
					const msg = error instanceof Error ? error.message : String(error);
					throw new Error(`${msg.split('\n')[0]} [after ${fmtMs(Date.now() - t0)}; ${where}]`);
				}
			});
			if (!ok && !failedStep) failedStep = name;
		}
		ctx.timings[`editor ${n8n.version}`] = fmtMs(Date.now() - started);
	} finally {
		const peak = server?.peakMb;
		await stopAll();
		if (peak !== undefined)
			await checkPeak('n8n start for the editor (main + task runner)', 'editor', n8n.major, peak);
		ctx.stoppers.splice(ctx.stoppers.indexOf(stopAll), 1);
		await sandbox.close();
		ctx.dropFolder(userFolder, "the editor's n8n user folder");
	}
}

/**
 * Saves the screenshot, the console and the end of n8n's log of a failed step; returns where.
 * @param {any} page
 * @param {string[]} consoleLog
 * @param {Awaited<ReturnType<typeof startN8n>>} server
 * @param {string} version
 * @param {string} stepName
 */
async function saveFailure(page, consoleLog, server, version, stepName) {
	try {
		const stamp = new Date().toISOString().replace(/[:.]/g, '-');
		const slug = stepName
			.replace(/^editor (\d)\/7:.*$/, 'step-$1')
			.replace(/^editor, the demo:.*$/, 'step-demo')
			.replace(/[^a-z0-9-]+/gi, '-')
			.slice(0, 40);
		const dir = path.join(OUTPUT_ROOT, `editor-n8n-${version}-${stamp}-${slug}`);
		fs.mkdirSync(dir, { recursive: true });
		const shot = path.join(dir, 'screenshot.png');
		await page.screenshot({ path: shot, fullPage: true, timeout: 15_000 }).catch(() => {});
		fs.writeFileSync(path.join(dir, 'console.log'), consoleLog.join('\n') + '\n');
		fs.writeFileSync(path.join(dir, 'n8n.log'), server.output.slice(-200_000));
		fs.writeFileSync(
			path.join(dir, 'page.html'),
			await page.content().catch((/** @type {any} */ e) => String(e)),
		);
		console.log(`#   ${stepName}: screenshot ${shot}; console, n8n log and page in ${dir}`);
		return `screenshot: ${shot}`;
	} catch (error) {
		return `no screenshot: ${error instanceof Error ? error.message : error}`;
	}
}

/**
 * The editor as a user drives it: data-test-id attributes n8n's editor sets, roles and visible
 * text. One instance per n8n; `major` picks the few per-major paths.
 */
class EditorUi {
	/**
	 * @param {{ page: any, base: string, api: string, cookie: string, sandbox: any, major: number }} o
	 */
	constructor(o) {
		this.page = o.page;
		this.base = o.base;
		this.api = o.api;
		this.cookie = o.cookie;
		this.sandbox = o.sandbox;
		this.major = o.major;
		/** The credential made in step 2 (its name, as the modal named it). */
		this.credentialName = '';
	}

	/** @param {string} id */
	byTestId(id) {
		return this.page.locator(`[data-test-id="${id}"]`);
	}

	get ndv() {
		return this.byTestId('ndv');
	}

	get output() {
		return this.byTestId('output-panel');
	}

	/** The input of the NDV's parameter `name` (in `within`, the credential modal say). @param {string} name */
	param(name, within = this.ndv) {
		return within.locator(`[data-test-id="parameter-input-${name}"] input`).first();
	}

	/** A GET on n8n's REST API as the owner, or with `body` a POST. @param {string} p @param {unknown} [body] */
	async rest(p, body) {
		const method = body ? 'POST' : 'GET';
		const res = await httpJson(method, `${this.api}${p}`, {
			headers: { cookie: this.cookie },
			timeoutMs: 30_000,
			body,
		});
		expect(res.status === 200, `${method} ${p}: HTTP ${res.status} ${res.text.slice(0, 300)}`);
		return res.json;
	}

	// ------------------------------------------------------------------ small helpers

	/**
	 * The open dropdown's option whose title is exactly `title` (n8n's options also show their
	 * description, so the accessible name is longer).
	 * @param {string} title
	 */
	option(title) {
		return this.page
			.getByRole('option')
			.filter({ has: this.page.getByText(title, { exact: true }) })
			.first();
	}

	/** Picks `title` in the NDV's options parameter `name`. @param {string} name @param {string} title */
	async choose(name, title) {
		const input = this.ndv.locator(`[data-test-id="parameter-input-${name}"]`);
		await input.click();
		await this.option(title).click();
		await expectValue(input.locator('input').first(), title, `${name} parameter`);
	}

	/** The resource locator of parameter `name`. @param {string} name */
	locator(name) {
		return this.ndv.locator(`[data-test-id="resource-locator-${name}"]`);
	}

	/** Switches the resource locator `name` to a mode. @param {string} name @param {string} mode */
	async locatorMode(name, mode) {
		await this.locator(name).locator('[data-test-id="rlc-mode-selector"]').click();
		await this.option(mode).click();
	}

	/**
	 * Types an ID into the resource locator `name` (mode By ID) and leaves the field, as a user
	 * does; waits until the locator no longer shows its "required" issue.
	 * @param {string} name
	 * @param {string} value
	 */
	async fillLocator(name, value) {
		const input = this.locator(name).locator('[data-test-id="rlc-input"]');
		await input.fill(value);
		await input.press('Tab');
		const issues = this.locator(name).locator('[data-test-id="parameter-issues"]');
		await waitUntil(async () => (await issues.count()) === 0, 5000, 200);
	}

	/** The entries of the open resource-locator list, once loaded. */
	async listEntries() {
		const items = this.page.locator('[data-test-id="rlc-item"]:visible');
		// n8n says "Could not load list" (and why) instead of entries when the search fails.
		const failed = this.page.getByText('Could not load list').first();
		await items.first().or(failed).waitFor();
		if (!(await items.count())) {
			const why = await failed
				.locator('xpath=..')
				.innerText()
				.catch(() => '');
			throw new Error(`the list did not load: ${show(why)}`);
		}
		return /** @type {string[]} */ (await items.allInnerTexts()).map((s) => s.trim());
	}

	/** Opens the node panel: the trigger one of an empty workflow, or the regular one. @param {'trigger' | 'regular'} kind */
	async openNodePanel(kind) {
		await this.byTestId(kind === 'trigger' ? 'canvas-plus-button' : 'node-creator-plus-button')
			.first()
			.click();
		const search = this.byTestId('node-creator-search-bar');
		await search.waitFor();
		return search;
	}

	/**
	 * The node panel's rows that `selector` picks, as it shows them: a category, a subheading, or
	 * an entry with its name and its icon (loaded or not).
	 * @param {string} selector
	 * @returns {Promise<Array<{ category: boolean, heading: boolean, text: string, icon: string, loaded: boolean }>>}
	 */
	async panelRows(selector) {
		return await this.page.locator(selector).evaluateAll((/** @type {Element[]} */ els) =>
			els.map((e) => {
				const img = e.querySelector('img');
				const name = e.querySelector('[data-test-id="node-creator-item-name"]');
				return {
					category: e.getAttribute('data-test-id') === 'node-creator-category-item',
					heading: !name && e.getAttribute('data-test-id') === 'item-iterator-item',
					text: (name ? name.textContent : e.textContent || '').trim(),
					icon: img ? img.getAttribute('src') || '' : '',
					loaded: !!img && img.complete && img.naturalWidth > 0,
				};
			}),
		);
	}

	/** The node panel's entry named `name`, exactly. @param {string} name */
	panelItem(name) {
		const hasText = new RegExp(`^${escapeRegExp(name)}$`);
		return this.page
			.locator('[data-test-id="node-creator-item-name"]:visible', { hasText })
			.first();
	}

	/** Opens the "Recruiting" entry of the panel (search first). */
	async openRecruitingInPanel() {
		await this.byTestId('node-creator-search-bar').fill('Recruiting');
		await this.panelItem('Recruiting').click();
		await this.byTestId('node-creator-category-item').first().waitFor();
	}

	/** Adds a Recruiting node (or trigger) by its action name in the node panel. @param {string} action */
	async addRecruiting(action, category = 'Actions') {
		await this.closeNdv();
		await this.openNodePanel('regular');
		await this.openRecruitingInPanel();
		await this.category(category);
		await this.panelItem(action).click();
		await this.ndv.waitFor();
	}

	async closeNdv() {
		if (await this.ndv.isVisible().catch(() => false)) {
			await this.page.keyboard.press('Escape');
			await this.ndv.waitFor({ state: 'hidden' });
		}
	}

	/**
	 * Execute step, then waits until the output panel shows what `settled` looks for.
	 * @param {() => Promise<boolean>} settled
	 * @param {string} what
	 */
	async executeStep(settled, what) {
		await this.ndv.locator('[data-test-id="node-execute-button"]').click();
		// n8n says in a toast when the execution cannot start (a node with issues, ...).
		const refused = this.page.locator('.el-notification--error:visible, [role="alert"]:visible', {
			hasText: /cannot start|Problem running workflow/i,
		});
		const shown = await waitUntil(
			async () => {
				if (await settled().catch(() => false)) return true;
				if (await refused.count())
					throw new Error(`n8n did not run the step: ${show(await refused.first().innerText())}`);
				return false;
			},
			STEP_TIMEOUT_MS,
			250,
		);
		if (shown) return;
		const text = await this.output.innerText().catch(() => '');
		throw new Error(`${what} not shown within ${STEP_TIMEOUT_MS / 1000} s; output: ${show(text)}`);
	}

	/**
	 * Execute step, then waits until the output table has a `column` column; its column names.
	 * @param {string} column @param {string} what
	 */
	async executeForTable(column, what) {
		/** @type {string[]} */
		let columns = [];
		const table = this.output.locator('[data-test-id="radio-button-table"]');
		await this.executeStep(async () => {
			if (!(await table.count())) return false;
			await table.first().click({ timeout: 2000 });
			columns = (await this.output.locator('table thead th').allInnerTexts()).map(
				(/** @type {string} */ s) => s.trim(),
			);
			return columns.includes(column);
		}, what);
		return columns;
	}

	/** The error headline of the output panel ('' when none). */
	async outputError() {
		const el = this.output.locator('[data-test-id="node-error-message"]');
		return (await el.count()) ? (await el.first().innerText()).trim() : '';
	}

	// ------------------------------------------------------------------ the steps

	/**
	 * Step 1: log in, a new workflow, the node panel.
	 * @param {{ email: string, password: string }} owner
	 */
	async nodePanel(owner) {
		const { page } = this;
		await page.goto(`${this.base}/signin`, { timeout: 120_000 });
		await this.byTestId('emailOrLdapLoginId').locator('input').fill(owner.email);
		await this.byTestId('password').locator('input').fill(owner.password);
		await this.byTestId('form-submit-button').click();
		await page.waitForURL((/** @type {URL} */ u) => !u.pathname.includes('signin'), {
			timeout: 120_000,
		});
		await page.goto(`${this.base}/workflow/new`, { timeout: 120_000 });
		await this.byTestId('canvas-add-button').waitFor({ timeout: 120_000 });

		// What n8n loaded from the package: the node's resources and their actions.
		const types = await this.rest('/types/nodes.json');
		const node = (Array.isArray(types) ? types : []).find(
			(/** @type {any} */ n) => n.name === NODE_TYPE,
		);
		expect(node, `${NODE_TYPE} is not in /types/nodes.json`);
		const expected = actionsByResource(node);

		/** The `kind` node panel lists one "Recruiting" entry, with its icon. @param {'trigger' | 'regular'} kind */
		const listsRecruiting = async (kind) => {
			await (await this.openNodePanel(kind)).fill('Recruiting');
			await this.panelItem('Recruiting').waitFor();
			const entries = await this.panelRows('[data-test-id="item-iterator-item"]:visible');
			const recruiting = entries.filter((e) => e.text === 'Recruiting');
			expect(recruiting.length === 1, `${kind} panel entries: ${show(entries)}`);
			expectIcon(recruiting[0], `the ${kind} panel entry`);
		};
		// An empty workflow opens the trigger panel: the Recruiting entry is there with its icon,
		// and it leads to the trigger's events (the Recruiting Trigger).
		await listsRecruiting('trigger');
		await this.panelItem('Recruiting').click();
		const triggers = await this.category('Triggers');
		expect(triggers.items.length > 0, 'no Triggers category under Recruiting');
		for (const t of triggers.items) expectIcon(t, `trigger "${t.text}"`);
		const creator = this.byTestId('node-creator');
		for (let i = 0; i < 4 && (await creator.isVisible().catch(() => false)); i++) {
			await this.page.keyboard.press('Escape');
			await this.page.waitForTimeout(300);
		}
		await creator.waitFor({ state: 'hidden' });

		// A Manual Trigger first; then the regular panel: the actions, grouped by resource.
		await (await this.openNodePanel('trigger')).fill('Manual');
		await this.panelItem('Manual Trigger').click();
		await this.byTestId('canvas-node').first().waitFor();
		await this.closeNdv();
		await listsRecruiting('regular');
		await this.openRecruitingInPanel();
		const actions = await this.category('Actions');
		/** @type {string[]} */
		const problems = [];
		for (const [resource, names] of Object.entries(expected)) {
			const group = actions.groups[`${resource} Actions`];
			if (!group) {
				problems.push(`no "${resource} Actions" group`);
				continue;
			}
			if (show([...group].sort((a, b) => a.localeCompare(b))) !== show(names))
				problems.push(`${resource}: ${show(group)}, want ${show(names)}`);
		}
		expect(problems.length === 0, `${problems.join('; ')} (panel: ${show(actions.groups)})`);
		for (const a of actions.items) expectIcon(a, `action "${a.text}"`);
		const laterTriggers = await this.category('Triggers');
		expect(
			show(laterTriggers.items.map((i) => i.text)) === show(triggers.items.map((i) => i.text)),
			`the node panel's triggers ${show(laterTriggers.items)}, the trigger panel's ${show(triggers.items)}`,
		);
		for (const t of laterTriggers.items) expectIcon(t, `trigger "${t.text}"`);
		return (
			`"Recruiting" with its icon in both panels; ${triggers.items.length} trigger events ` +
			`(${triggers.items.map((i) => i.text).join(', ')}); actions by resource: ` +
			Object.entries(expected)
				.map(([r, names]) => `${r} ${names.length}`)
				.join(', ') +
			` (each with its icon); the triggers listed there too`
		);
	}

	/**
	 * The node panel's category `title` ("Actions (11)", "Triggers (3)") of the open entry:
	 * its items, and for actions the items under each resource subheading.
	 * @param {string} title
	 */
	async category(title) {
		let found = await this.readCategory(title);
		if (!found.items.length) {
			// A collapsed category (the regular panel folds Triggers): open it.
			await this.page
				.locator('[data-test-id="node-creator-category-item"]:visible', { hasText: title })
				.first()
				.click();
			await this.page.waitForTimeout(300);
			found = await this.readCategory(title);
		}
		return found;
	}

	/** category(), as the panel shows it now. @param {string} title */
	async readCategory(title) {
		const rows = await this.panelRows(
			'[data-test-id="node-creator"] [data-test-id="item-iterator-item"]:visible, [data-test-id="node-creator"] [data-test-id="node-creator-category-item"]:visible',
		);
		/** @type {Array<{ text: string, icon: string, loaded: boolean }>} */
		const items = [];
		/** @type {Record<string, string[]>} */
		const groups = {};
		let inside = false;
		let group = '';
		for (const r of rows) {
			if (r.category) {
				inside = r.text.startsWith(title);
				continue;
			}
			if (!inside) continue;
			if (r.heading) {
				group = r.text;
				groups[group] = [];
				continue;
			}
			items.push(r);
			if (group) groups[group].push(r.text);
		}
		return { items, groups };
	}

	/** Step 4: Job Portal → Apply, the Posting picker with no credential. */
	async postingPicker() {
		const creds = await this.rest('/rest/credentials');
		expect(
			Array.isArray(creds.data) && creds.data.length === 0,
			`credentials exist already: ${show(creds.data)}`,
		);
		// The regular node panel is still open on the Recruiting entry.
		await this.panelItem('Apply to a posted job').click();
		await this.ndv.waitFor();
		const slots = await this.ndv
			.locator(
				'[data-test-id="node-credentials-select"], [data-test-id="node-credentials-empty-state"]',
			)
			.count();
		expect(slots === 0, 'the Job Portal shows a credential picker');
		await this.param('portalUrl').fill(this.sandbox.url);
		await this.param('tenantSlug').fill(this.sandbox.tenantSlug);
		const seq = this.sandbox.requestLog.seq;
		const res = await httpJson('GET', `${this.sandbox.publicBaseUrl}/jobs`);
		const postings = /** @type {any[]} */ (res.json.publicJobBoardPostings);
		await this.locator('postingId').locator('[data-test-id="rlc-input"]').click();
		const entries = await this.listEntries();
		expect(
			entries.length === postings.length,
			`${entries.length} entries, the portal lists ${postings.length} postings`,
		);
		entries.forEach((entry, i) =>
			expect(
				entry.startsWith(`${postings[i].externalJobTitle} (`),
				`entry ${i} "${entry}", posting ${show(postings[i].externalJobTitle)}`,
			),
		);
		const reads = this.sandbox.requestLog.since(seq).filter((q) => q.surface === 'public');
		expect(reads.length > 0, 'the sandbox saw no portal request');
		expect(
			reads.every((q) => !q.apiKeyPresent),
			`x-api-key sent: ${show(reads.map((q) => q.path))}`,
		);
		await this.page.locator('[data-test-id="rlc-item"]:visible').first().click();
		await expectValue(
			this.locator('postingId').locator('[data-test-id="rlc-input"]'),
			entries[0],
			'the Posting',
		);
		await this.closeNdv();
		// The node is not filled in: off the canvas again, or Execute step of the nodes added
		// after it would run it first.
		const node = this.byTestId('canvas-node').filter({ hasText: 'Apply to a posted job' }).first();
		await node.click();
		await this.page.keyboard.press('Delete');
		await node.waitFor({ state: 'detached' });
		return `${entries.length} postings listed with no credential (no x-api-key sent), e.g. "${entries[0]}"; picked it`;
	}

	/** Step 2: Candidate → Get Many, a credential made in the modal. */
	async credential() {
		await this.addRecruiting('Get many candidates');
		await expectValue(this.param('resource'), 'Candidate', 'Resource');
		await expectValue(this.param('operation'), 'Get Many', 'Operation');
		await this.openNewCredential();
		const modal = this.byTestId('credential-edit-dialog');
		await modal.waitFor();
		this.credentialName = (
			await this.page
				.locator('[data-test-id="credential-name"] [data-test-id="inline-edit-preview"]')
				.first()
				.innerText()
		).trim();
		await this.param('baseUrl', modal).fill(this.sandbox.url);
		const key = this.param('apiKey', modal);
		await key.fill('not-the-sandbox-key');
		await this.byTestId('credential-save-button').click();
		// "Couldn’t connect with these settings", the message behind "More details".
		const failed = modal.getByText('Couldn’t connect with these settings');
		await failed.waitFor();
		await modal.getByText('More details').click();
		const want = TEST_MESSAGES['wrong key'][this.major >= 2 ? 2 : 1];
		await modal
			.getByText(want, { exact: true })
			.waitFor()
			.catch(async () => {
				throw new Error(
					`the wrong key's message is not "${want}": ${show(await modal.innerText())}`,
				);
			});
		await key.fill(this.sandbox.apiKey);
		await modal.locator('button[title="Retry credential test"]:visible').click();
		const success = modal.locator('[data-test-id="credentials-config-container-test-success"]');
		await success.waitFor();
		const okText = (await success.innerText()).split('\n')[0].trim();
		expect(/tested successfully/i.test(okText), `success banner: ${show(okText)}`);
		await this.byTestId('credential-save-button').click();
		await this.closeCredentialModal();
		await expectValue(
			this.ndv.locator('[data-test-id="node-credentials-select"] input').first(),
			this.credentialName,
			"the node's credential",
		);
		return `"${this.credentialName}" (Base URL ${this.sandbox.url}): wrong key shows "${want}"; right key "${okText}"; selected in the node`;
	}

	/** Opens the credential modal of a new credential from the NDV (per major). */
	async openNewCredential() {
		// 2.x: an empty slot with "Connect to Recruiting"; 1.x: the select's "Create new credential".
		const empty = this.ndv.locator('[data-test-id="node-credentials-empty-state"]');
		const select = this.ndv.locator('[data-test-id="node-credentials-select"]');
		await empty.or(select).first().waitFor();
		if (await empty.isVisible()) {
			await empty.click();
			return;
		}
		await select.click();
		await this.page.locator('[data-test-id="node-credentials-select-item-new"]:visible').click();
	}

	/** After a successful save: 2.x closes the modal itself, 1.x keeps it open. */
	async closeCredentialModal() {
		const modal = this.byTestId('credential-edit-dialog');
		if (this.major >= 2) {
			await modal.waitFor({ state: 'hidden' });
			return;
		}
		await this.page
			.getByText('Saved', { exact: true })
			.first()
			.waitFor()
			.catch(() => {});
		await this.page.locator('.el-dialog__close:visible').first().click();
		await modal.waitFor({ state: 'hidden' });
	}

	/** Step 5: Output Simplified and Raw, Execute step each. */
	async outputModes() {
		const seq = this.sandbox.requestLog.seq;
		await this.choose('output', 'Simplified');
		const simplified = await this.executeForTable('firstName', 'the Simplified table');
		for (const col of ['id', 'firstName', 'lastName', 'email'])
			expect(simplified.includes(col), `no ${col} column: ${show(simplified)}`);
		for (const col of ['avatarUrl', 'name', 'emails'])
			expect(!simplified.includes(col), `a ${col} column in Simplified: ${show(simplified)}`);
		const reads = this.sandbox.requestLog.since(seq).filter((q) => q.path === '/v1/candidates');
		expect(reads.length > 0 && reads.every((q) => q.apiKeyPresent), `requests ${show(reads)}`);

		await this.choose('output', 'Raw');
		const raw = await this.executeForTable('name', 'the Raw table');
		expect(!raw.includes('firstName'), `a firstName column in Raw: ${show(raw)}`);
		const cell = await this.output.locator('table tbody tr').first().innerText();
		expect(
			/viewType\s*:?\s*candidateName/.test(cell),
			`the first row shows no { viewType: candidateName } name: ${show(cell.slice(0, 300))}`,
		);
		return `Simplified: ${simplified.filter(Boolean).join(', ')}; Raw: ${raw.slice(0, 4).join(', ')}, … with name.viewType candidateName`;
	}

	/** Step 7: an API error in the panel. */
	async apiError() {
		await this.choose('operation', 'Get');
		await this.locatorMode('candidateId', 'By ID');
		await this.fillLocator('candidateId', 'c-missing');
		const want = 'No candidate with ID "c-missing" exists: check the ID';
		await this.executeStep(async () => (await this.outputError()) === want, `"${want}"`);
		const text = await this.output.innerText();
		expect(
			!/\n\s*at \S+ \(|\bat [\w.]+ \([^)]*:\d+:\d+\)/.test(text),
			`a stack trace in the panel: ${show(text)}`,
		);
		return `"${want}", no stack trace`;
	}

	/** Step 3: Job → Update, the Job picker. */
	async jobPicker() {
		await this.choose('resource', 'Job');
		await this.choose('operation', 'Update');
		const jobs = /** @type {any[]} */ (this.sandbox.store.world.vacancyIndex.items);
		const clients = this.sandbox.store.world.clients;
		const clientName = (/** @type {any} */ v) => {
			const c = clients.get(v.clientId);
			return c ? c.name : '';
		};
		const input = this.locator('jobId').locator('[data-test-id="rlc-input"]');
		await input.click();
		const entries = await this.listEntries();
		const firstPage = Math.min(50, jobs.length);
		expect(
			entries.length === firstPage,
			`${entries.length} entries, want the first page (${firstPage})`,
		);
		entries.forEach((entry, i) => {
			const client = clientName(jobs[i]);
			expect(
				entry.startsWith(`${jobs[i].name}${client ? ` (${client})` : ''}`),
				`entry ${i} "${entry}", the API lists ${show(jobs[i].name)} of ${show(client)}`,
			);
		});
		// The search: a city some jobs have; the entries left are those jobs.
		const cities = jobs.map((v) => (v.location && v.location.city) || '');
		const term = cities.find((c) => c && cities.filter((x) => x === c).length < jobs.length) || '';
		expect(term, 'no city to search for');
		const want = jobs.filter((v) => v.location && v.location.city === term);
		await this.page.locator('[data-test-id="rlc-search"]:visible').fill(term);
		/** @type {string[]} */
		let filtered = [];
		expect(
			await waitUntil(
				async () =>
					(filtered = await this.listEntries()).length === want.length &&
					filtered.every((e) => e.includes(term)),
				STEP_TIMEOUT_MS,
				250,
			),
			`search "${term}": ${show(filtered)}, want the ${want.length} jobs in ${term}`,
		);
		await this.page.keyboard.press('Escape');
		await this.locatorMode('jobId', 'By ID');
		await this.fillLocator('jobId', '..');
		const seq = this.sandbox.requestLog.seq;
		const message =
			'Job: ".." cannot be used as an ID: IDs cannot be "." or ".." or contain /, ?, #, \\ or control characters (also URL-encoded)';
		await this.executeStep(async () => (await this.outputError()) === message, `"${message}"`);
		const writes = this.sandbox.requestLog.since(seq).filter((q) => q.method !== 'GET');
		expect(
			writes.length === 0,
			`requests sent: ${show(writes.map((q) => `${q.method} ${q.path}`))}`,
		);
		return `${entries.length} jobs listed (the API's first page, in order); search "${term}" leaves ${filtered.length}; By ID "..": "${message.slice(0, 45)}…", nothing sent`;
	}

	/**
	 * The demo's workflows as `npm run dev` has them: imported through the REST API (filled as
	 * the demo fills them, with the credential made in step 2), opened in the editor.
	 */
	async demoWorkflows() {
		const credName = this.credentialName;
		const creds = await this.rest('/rest/credentials');
		const credential = (creds.data || []).find((/** @type {any} */ c) => c.name === credName);
		expect(credential, `no credential "${credName}": ${show(creds.data)}`);
		// Filled as `npm run dev` fills them (the Posting's saved name included); what the editor
		// shows is then compared with what the Posting's own list shows.
		const workflows = loadWorkflows(
			{
				CRED_ID: credential.id,
				CRED_NAME: credential.name,
				PORTAL_URL: this.sandbox.url,
				TENANT: this.sandbox.tenantSlug,
				...(await postingVars(this.sandbox)),
			},
			{
				dir: path.join(WORKFLOWS_DIR, 'demo'),
				only: ['candidates-to-spreadsheet-rows', 'form-to-job-portal-apply'],
			},
		);
		/** @type {string[]} how long each part took */
		const took = [];
		let last = Date.now();
		const lap = (/** @type {string} */ what) => {
			took.push(`${what} ${fmtMs(Date.now() - last)}`);
			last = Date.now();
		};
		/** @type {Record<string, string>} the new workflows' ids */
		const ids = {};
		for (const [key, w] of Object.entries(workflows)) {
			const { name, nodes, connections, settings, pinData, meta } = w;
			const { data } = await this.rest('/rest/workflows', {
				...{ name, nodes, connections, settings, pinData, meta },
				active: false,
			});
			expect(data && data.id, `POST /rest/workflows (${key}): no id in ${show(data)}`);
			ids[key] = data.id;
		}
		lap('import');

		// Get Many Candidates: Output, set to Simplified.
		await this.openWorkflowNode(ids['candidates-to-spreadsheet-rows'], 'Get Many Candidates');
		lap('open Get Many');
		await expectValue(this.param('output'), 'Simplified', 'Output');
		await this.closeNdv();
		lap('check');

		// Apply to Posting: the Posting is a picker (From List). The name it shows is the name the
		// workflow saved with the posting (n8n shows it without asking the node); opening the list
		// asks the node's list search, and the list's entry for that posting must show the same.
		// n8n's answers to the list searches from here on (when the panel opens or the list does).
		/** @type {any[]} */
		const answers = [];
		const onResponse = (/** @type {any} */ r) => {
			if (
				r.url().includes('/rest/dynamic-node-parameters/resource-locator-results') &&
				r.request().method() === 'POST'
			)
				answers.push(r);
		};
		this.page.on('response', onResponse);
		const portalSeq = this.sandbox.requestLog.seq;
		await this.openWorkflowNode(ids['form-to-job-portal-apply'], 'Apply to Posting');
		lap('open Apply');
		const saved = workflows['form-to-job-portal-apply'].nodes.find(
			(/** @type {any} */ n) => n.name === 'Apply to Posting',
		).parameters.postingId;
		const picker = this.locator('postingId');
		const input = picker.locator('[data-test-id="rlc-input"]');
		await expectValue(input, saved.cachedResultName, 'the Posting');
		const shown = await input.inputValue();
		const mode = (
			await picker
				.locator('[data-test-id="rlc-mode-selector"] input')
				.first()
				.inputValue()
				.catch(() => '')
		).trim();
		expect(/^From List$/i.test(mode), `the Posting's mode shows ${show(mode)}, want From List`);
		const listed = await this.openPickerList(input, saved.value, answers, portalSeq).finally(() =>
			this.page.off('response', onResponse),
		);
		lap('open the list');
		expect(
			listed.label === shown,
			`the demo shows the Posting as ${show(shown)}; its picker lists posting ${saved.value} as ${show(listed.label)}`,
		);
		// Closed without picking: a click outside the list (the output panel's corner; Escape
		// does not close it on 1.123.81).
		await this.output.click({ position: { x: 10, y: 10 } });
		await this.page
			.locator('[data-test-id="rlc-item"]:visible')
			.first()
			.waitFor({ state: 'hidden' });
		await expectValue(input, shown, 'the Posting after closing its list');
		await this.closeNdv();
		lap('check');
		return `Get Many Candidates: Output "Simplified"; Apply to Posting: "${mode}" picker showing "${shown}", the label its list gives posting ${saved.value} (${listed.of} entries; ${took.join(', ')})`;
	}

	/**
	 * Opens the list of a resource locator whose value is `value` and reads the entry n8n shows
	 * for that value, checking that it is the node's own: the label in n8n's answer to the
	 * browser's list search (the last of `answers`, the responses the page received), and the
	 * list's entry n8n marks as the selected one showing that label. (When the search lacks the
	 * value, n8n adds an entry made of the workflow's saved name: then the search has no such
	 * result, or the list one entry more than the search.)
	 * @param {any} input  the locator's rlc-input
	 * @param {string} value
	 * @param {any[]} answers  n8n's responses to the page's list searches, collected by the caller
	 * @param {number} since  the sandbox's request-log position before the panel opened
	 * @returns {Promise<{ label: string, of: number }>}
	 */
	async openPickerList(input, value, answers, since) {
		await input.click();
		// The list shows what the last search answered (one made when the panel opened, cached,
		// or one made now).
		expect(
			await waitUntil(() => answers.length > 0, STEP_TIMEOUT_MS, 200),
			'the page made no list search',
		);
		const response = answers[answers.length - 1];
		expect(response.status() === 200, `the list search: HTTP ${response.status()}`);
		const body = await response.json();
		const results = /** @type {any[]} */ ((body && body.data && body.data.results) || []);
		const own = results.filter((r) => String(r.value) === String(value));
		expect(
			own.length === 1,
			`the list search returned ${own.length} results for ${value}: ${show(results.slice(0, 5))}`,
		);
		// The list opens on the selected entry alone and then shows the search's answer: its
		// entries are read once they are as many (never more, never a saved name's entry beside).
		/** @type {string[]} */
		let entries = [];
		const settled = async () => (entries = await this.listEntries()).length === results.length;
		expect(
			await waitUntil(settled, STEP_TIMEOUT_MS, 250),
			`the list shows ${entries.length} entries, the search returned ${results.length}`,
		);
		const selected = this.page.locator('[data-test-id="rlc-item"][class*="_selected_"]:visible');
		expect(
			(await selected.count()) === 1,
			`${await selected.count()} entries marked as selected: ${show(entries)}`,
		);
		const label = (await selected.innerText()).trim();
		expect(
			label === own[0].name,
			`the selected entry shows ${show(label)}, the search named ${value} ${show(own[0].name)}`,
		);
		// The node's search read the portal, with no key (when the list opened, or the panel).
		const reads = this.sandbox.requestLog.since(since).filter((q) => q.surface === 'public');
		expect(
			reads.some((q) => q.path.endsWith('/vacancy-portal/jobs')) &&
				reads.every((q) => !q.apiKeyPresent),
			`the portal requests since the panel opened: ${show(reads.map((q) => `${q.path} key ${q.apiKeyPresent}`))}`,
		);
		return { label, of: entries.length };
	}

	/**
	 * Opens a saved workflow and the panel of its node `name` (a double click on the canvas).
	 * @param {string} id @param {string} name
	 */
	async openWorkflowNode(id, name) {
		await this.closeNdv();
		const path = `/workflow/${id}`;
		const node = this.byTestId('canvas-node')
			.filter({ has: this.page.getByText(name, { exact: true }) })
			.first();
		const shown = (/** @type {number} */ timeout) =>
			node
				.waitFor({ timeout })
				.then(() => true)
				.catch(() => false);
		// Within the editor, as its own links do (loading the editor anew takes 10 s and more).
		const routed = await this.page.evaluate((/** @type {string} */ to) => {
			const app = /** @type {any} */ (document.querySelector('#app'))?.__vue_app__;
			const router = app?.config?.globalProperties?.$router;
			if (!router) return false;
			void router.push(to);
			return true;
		}, path);
		let there = routed && (await shown(5000));
		// n8n 2.x asks about the unsaved workflow of the steps above: leave it.
		const leave = this.page.getByRole('button', { name: 'Leave without saving' });
		if (!there && (await leave.count()) > 0) {
			await leave.click();
			there = await shown(10_000);
		}
		// n8n 1.123.81 was seen to change the address and keep showing the workflow before:
		// then the page is loaded anew (the browser's own "leave this page?" accepted).
		if (!there) {
			this.page.once('dialog', (/** @type {any} */ d) => d.accept().catch(() => {}));
			await this.page.goto(`${this.base}${path}`, { timeout: 120_000 });
			await node.waitFor();
		}
		await node.dblclick();
		await this.ndv.waitFor();
	}

	/** Step 6: the Recruiting Trigger's Fetch Test Event. */
	async triggerTestEvent() {
		await this.addRecruiting('On created or updated', 'Triggers');
		const select = this.ndv.locator('[data-test-id="node-credentials-select"] input').first();
		await select.waitFor();
		if ((await select.inputValue()) !== this.credentialName) {
			await this.ndv.locator('[data-test-id="node-credentials-select"]').click();
			await this.option(this.credentialName).click();
		}
		await expectValue(select, this.credentialName, "the trigger's credential");
		const button = this.ndv.locator('[data-test-id="node-execute-button"]');
		const label = (await button.innerText()).trim();
		expect(/fetch test event/i.test(label), `the button says "${label}"`);
		const columns = await this.executeForTable('id', 'a test event');
		const row = (await this.output.locator('table tbody tr').first().innerText()).trim();
		const id = (/cand-\d+/.exec(row) || [''])[0];
		expect(
			id && this.sandbox.store.world.candidates.has(id),
			`the event names no sandbox candidate: ${show(row.slice(0, 200))}`,
		);
		const count = (
			await this.output
				.locator('[data-test-id="ndv-items-count"]')
				.innerText()
				.catch(() => '')
		).trim();
		return `"${label}": ${count || 'an item'}, candidate ${id}; columns ${columns.filter(Boolean).slice(0, 6).join(', ')}, …`;
	}
}

/**
 * The node's resources and the actions of each, as n8n's panel groups them ("<Resource>
 * Actions"), from the node description n8n loaded.
 * @param {any} node
 * @returns {Record<string, string[]>}
 */
function actionsByResource(node) {
	const props = /** @type {any[]} */ (node.properties || []);
	const resource = props.find((p) => p.name === 'resource');
	/** @type {Record<string, string[]>} */
	const out = {};
	for (const r of resource ? resource.options : []) {
		const op = props.find(
			(p) =>
				p.name === 'operation' &&
				p.displayOptions &&
				p.displayOptions.show &&
				(p.displayOptions.show.resource || []).includes(r.value),
		);
		if (!op) continue;
		out[r.name] = op.options
			.map((/** @type {any} */ o) => o.action || o.name)
			.sort((/** @type {string} */ a, /** @type {string} */ b) => a.localeCompare(b));
	}
	return out;
}

/** @param {{ text: string, icon: string, loaded: boolean }} entry @param {string} what */
function expectIcon(entry, what) {
	expect(
		entry.icon.includes(`/icons/${PKG.name}/`) && entry.loaded,
		`${what} has no loaded package icon (src ${show(entry.icon)}, loaded ${entry.loaded})`,
	);
}

/**
 * Waits until an input shows `want`.
 * @param {any} input
 * @param {string} want
 * @param {string} what
 */
async function expectValue(input, want, what) {
	let got = '';
	const shown = async () => (got = await input.inputValue().catch(() => '')) === want;
	expect(await waitUntil(shown, 15_000, 200), `${what} shows ${show(got)}, want ${show(want)}`);
}

module.exports = { editorChecks, launchChromium };
