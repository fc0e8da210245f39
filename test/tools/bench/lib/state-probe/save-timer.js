// @ts-check
'use strict';
/**
 * Preloaded into real n8n by `stored-state.js` (NODE_OPTIONS=--require): times n8n's own save
 * of a workflow's static data (WorkflowStaticDataService.saveStaticDataById, the write n8n makes
 * after every poll that emits) and appends one JSON line a save to STATE_PROBE_SAVES:
 * { ms, cpuMs, bytes } (cpuMs: the main's CPU time meanwhile, the part of `ms` that a loaded
 * machine does not inflate as much; bytes: the static data as JSON). Changes nothing else.
 */
const fs = require('node:fs');
const Module = require('node:module');

const file = process.env.STATE_PROBE_SAVES;
/** @type {any} */
const loader = Module;
const load = loader._load;
let patched = false;
loader._load = function (/** @type {unknown[]} */ ...args) {
	const exported = load.apply(this, args);
	const Service = exported && exported.WorkflowStaticDataService;
	if (file && !patched && typeof Service === 'function' && Service.prototype.saveStaticDataById) {
		patched = true;
		const save = Service.prototype.saveStaticDataById;
		Service.prototype.saveStaticDataById = async function (
			/** @type {string} */ workflowId,
			/** @type {unknown} */ staticData,
		) {
			const started = process.hrtime.bigint();
			const cpu = process.cpuUsage();
			const result = await save.call(this, workflowId, staticData);
			const ms = Number(process.hrtime.bigint() - started) / 1e6;
			const used = process.cpuUsage(cpu);
			const cpuMs = (used.user + used.system) / 1000;
			const bytes = JSON.stringify(staticData).length;
			fs.appendFileSync(
				file,
				`${JSON.stringify({ workflowId, ms, cpuMs, bytes, at: Date.now() })}\n`,
			);
			return result;
		};
	}
	return exported;
};
