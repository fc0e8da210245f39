// @ts-check
'use strict';

/**
 * Breaks of the application trigger that the soak must catch, one at a time (run.js). Each is
 * one or more exact edits of a file under nodes/: `find` must occur exactly once in the
 * repository's file, or run.js stops with "mutant X no longer applies" (the trigger's code
 * moved: update the find text, keep the break).
 * @typedef {{ file: string, find: string, replace: string }} Edit
 * @typedef {{ name: string, edits: Edit[] }} Mutant
 * @type {Mutant[]}
 */
const MUTANTS = [
	{
		name: 'removals never emitted',
		edits: [
			{
				file: 'nodes/RecruitingTrigger/applications/events.ts',
				find: "if (!seen.has(id)) out.push({ id, before: old, events: ['removed'] });",
				replace: 'if (!seen.has(id)) out.push({ id, before: old, events: [] });',
			},
		],
	},
	{
		name: 'Stage Changed emitted twice',
		edits: [
			{
				file: 'nodes/RecruitingTrigger/applications/events.ts',
				find: "if (stageKey(before.stage) !== stageKey(after.stage)) events.push('stageChanged');",
				replace:
					"if (stageKey(before.stage) !== stageKey(after.stage)) events.push('stageChanged', 'stageChanged');",
			},
		],
	},
	{
		name: 'a wrong from-stage (the stage it moved to)',
		edits: [
			{
				file: 'nodes/RecruitingTrigger/applications/jobRead.ts',
				find: 'json.fromStage = before ? { ...before.stage } : null;',
				replace: 'json.fromStage = { ...current.stage };',
			},
		],
	},
	{
		name: 'a lost New Application (candidates whose id ends in 7)',
		edits: [
			{
				file: 'nodes/RecruitingTrigger/applications/events.ts',
				find: "if (before === undefined) return ['newApplication'];",
				replace:
					"if (before === undefined) return after.candidateId.endsWith('7') ? [] : ['newApplication'];",
			},
		],
	},
	{
		name: 'a broken State Changed chain (the state first seen is kept)',
		edits: [
			{
				file: 'nodes/RecruitingTrigger/applications/events.ts',
				find: '		state: stateOf(application),\n		placed:',
				replace: '		state: before?.state ?? stateOf(application),\n		placed:',
			},
		],
	},
	{
		name: 'Interview Scheduled also on a cancelled interview',
		edits: [
			{
				file: 'nodes/RecruitingTrigger/applications/events.ts',
				find: "if (after.interview !== '' && after.interview !== before.interview) {",
				replace: 'if (after.interview !== before.interview) {',
			},
		],
	},
	{
		name: 'a trigger that throws a TypeError in 3 % of polls',
		edits: [
			{
				file: 'nodes/RecruitingTrigger/applications/trigger.ts',
				find: '	const loaded = loadApplicationState(stored);',
				replace:
					'	if (Math.random() < 0.03) (undefined as unknown as { id: string }).id.trim();\n	const loaded = loadApplicationState(stored);',
			},
		],
	},
	{
		name: 'a stray item under another job (now and then)',
		edits: [
			{
				file: 'nodes/RecruitingTrigger/applications/trigger.ts',
				find: '		items.push(...outcome.items);',
				replace:
					'		items.push(...outcome.items);\n		const other = [...jobs.keys()].find((key) => key !== id);\n		if (outcome.items.length > 0 && poll % 13 === 5 && other !== undefined) items.push({ ...outcome.items[0], jobId: other });',
			},
		],
	},
	{
		name: 'Max Items per Poll cut loses the rest of the job',
		edits: [
			{
				file: 'nodes/RecruitingTrigger/applications/jobRead.ts',
				find: 'const keep = cut ? difference.before : difference.after;',
				replace: 'const keep = difference.after;',
			},
		],
	},
	{
		name: 'Max Items per Poll passed (5 more items)',
		edits: [
			{
				file: 'nodes/RecruitingTrigger/applications/jobRead.ts',
				find: 'items.length + wanted.length > room.left) {',
				replace: 'items.length + wanted.length > room.left + 5) {',
			},
		],
	},
	{
		name: 'Open Jobs Only emits closed jobs’ applications',
		edits: [
			{
				// One function decides Open Jobs Only (the plan, the list, a read, the test event).
				file: 'nodes/RecruitingTrigger/applications/state.ts',
				find: "return watch !== 'open' || !closed;",
				replace: 'return true;',
			},
		],
	},
	{
		name: 'Target Stage filter ignored',
		edits: [
			{
				file: 'nodes/RecruitingTrigger/applications/jobRead.ts',
				find: 'if (settings.stageTypes.length === 0 && settings.stages.length === 0) return true;',
				replace: 'if (settings.stageTypes.length >= 0) return true;',
			},
		],
	},
	{
		name: 'Events not chosen emitted',
		edits: [
			{
				file: 'nodes/RecruitingTrigger/applications/jobRead.ts',
				find: '(event) => settings.events.includes(event) && onTargetStage(settings, current?.stage),',
				replace: '(event) => event !== undefined && onTargetStage(settings, current?.stage),',
			},
		],
	},
	{
		name: 'From Now emits what the first read finds',
		edits: [
			{
				file: 'nodes/RecruitingTrigger/applications/jobRead.ts',
				find: "const silent = job.status === 'toTakeIn' || (job.status === 'new' && !watched);",
				replace: "const silent = job.status === 'new' && !watched;",
			},
		],
	},
	{
		name: 'a deleted job’s applications never Removed',
		edits: [
			{
				file: 'nodes/RecruitingTrigger/applications/jobRead.ts',
				find: "const before = job.status === 'watched' ? job.applications : undefined;",
				replace:
					"const before = job.status === 'watched' && read !== undefined ? job.applications : undefined;",
			},
		],
	},
	{
		name: "the copy in the workflow's static data read before the node's own (n8n's durable poll cursor)",
		edits: [
			{
				file: 'nodes/RecruitingTrigger/slot.ts',
				find: 'read: () => opened.find(',
				replace: 'read: () => [...opened].reverse().find(',
			},
		],
	},
];

module.exports = { MUTANTS };
