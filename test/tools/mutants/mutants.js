// @ts-check
'use strict';

/**
 * Breaks of the application trigger that the soak must catch, each by a problem it names
 * (test/tools/soak/README.md, "Mutants"). `find` occurs exactly once in `file`; `settings`: the
 * settings soak's keys; `caught`: its problems ('unexpected failure': a poll failed unexplained).
 * @typedef {{ name: string, kind: string, settings: string, faults?: boolean, caught: string[], file: string, find: string, replace: string }} Mutant
 * @type {Record<string, Omit<Mutant, 'file'>[]>} the breaks, by the file they edit
 */
const BY_FILE = {
	'nodes/RecruitingTrigger/applications/events.ts': [
		{
			name: 'removals never emitted',
			kind: 'events', settings: 'all', caught: ['missed'],
			find: "if (!seen.has(id)) out.push({ id, before: old, events: ['removed'] });",
			replace: 'if (!seen.has(id)) out.push({ id, before: old, events: [] });',
		},
		{
			name: 'Stage Changed emitted twice',
			kind: 'events', settings: 'all', caught: ['duplicated'],
			find: "if (stageKey(before.stage) !== stageKey(after.stage)) events.push('stageChanged');",
			replace: "if (stageKey(before.stage) !== stageKey(after.stage)) events.push('stageChanged', 'stageChanged');",
		},
		{
			name: 'a lost New Application (candidates whose id ends in 7)',
			kind: 'events', settings: 'all', caught: ['missed'],
			find: "if (before === undefined) return ['newApplication'];",
			replace: "if (before === undefined) return after.candidateId.endsWith('7') ? [] : ['newApplication'];",
		},
		{
			name: 'a broken State Changed chain (the state first seen is kept)',
			kind: 'events', settings: 'all', caught: ['missed', 'wrong'],
			find: '\t\tstate: applicationState(application),\n\t\tplaced:',
			replace: '\t\tstate: before?.state ?? applicationState(application),\n\t\tplaced:',
		},
		{
			name: 'Interview Scheduled also on a cancelled interview',
			kind: 'events', settings: 'all', caught: ['unexpected'],
			find: "if (after.interview !== '' && after.interview !== before.interview) {",
			replace: 'if (after.interview !== before.interview) {',
		},
		{
			name: 'an interview moved to another start under the same id is not an event',
			kind: 'events', settings: 'all', caught: ['missed'],
			find: "const text = `${scalarText(interview.id) ?? ''}\\u0000${scalarText(interview.startTime) ?? ''}`;",
			replace: "const text = `${scalarText(interview.id) ?? ''}`;",
		},
	],
	'nodes/RecruitingTrigger/applications/jobRead.ts': [
		{
			name: 'a wrong from-stage (the stage it moved to)',
			kind: 'field values', settings: 'all', caught: ['wrong'],
			find: 'json.fromStage = before ? { ...before.stage } : null;',
			replace: 'json.fromStage = { ...current.stage };',
		},
		{
			name: "an item's candidateId is the application's id",
			kind: 'field values', settings: 'all', caught: ['wrong'],
			find: 'candidateId: current.candidateId || null,\n\t\tcandidateName',
			replace: 'candidateId: id,\n\t\tcandidateName',
		},
		{
			name: 'Max Items per Poll cut loses the rest of the job',
			kind: 'Max Items', settings: 'all', caught: ['missed', 'lost'],
			find: 'const keep = cut ? difference.before : difference.after;',
			replace: 'const keep = difference.after;',
		},
		{
			name: 'Max Items per Poll passed (5 more items)',
			kind: 'Max Items', settings: 'all', caught: ['unexpected'],
			find: 'items.length + wanted.length > room.left) {',
			replace: 'items.length + wanted.length > room.left + 5) {',
		},
		{
			name: 'Target Stage filter ignored',
			kind: 'events', settings: 'target', caught: ['unexpected'],
			find: 'if (settings.stageTypes.length === 0 && settings.stages.length === 0) return true;',
			replace: 'if (settings.stageTypes.length >= 0) return true;',
		},
		{
			name: 'Events not chosen emitted',
			kind: 'events', settings: 'target', caught: ['unexpected'],
			find: '(event) => settings.events.includes(event) && onTargetStage(settings, current?.stage),',
			replace: '(event) => event !== undefined && onTargetStage(settings, current?.stage),',
		},
		{
			name: 'From Now emits what the first read finds',
			kind: 'take-in pace', settings: 'now', caught: ['unexpected'],
			find: "const silent = job.status === 'toTakeIn' || (job.status === 'new' && !watched);",
			replace: "const silent = job.status === 'new' && !watched;",
		},
		{
			name: 'a deleted job’s applications never Removed',
			kind: 'events', settings: 'all', caught: ['missed'],
			find: "const before = job.status === 'watched' ? job.applications : undefined;",
			replace: "const before = job.status === 'watched' && read !== undefined ? job.applications : undefined;",
		},
	],
	'nodes/RecruitingTrigger/applications/trigger.ts': [
		{
			name: 'a trigger that throws a TypeError in 3 % of polls',
			kind: 'failures', settings: 'all', caught: ['unexpected failure'],
			find: '\tconst loaded = loadApplicationState(stored);',
			replace: '\tif (Math.random() < 0.03) (undefined as unknown as { id: string }).id.trim();\n\tconst loaded = loadApplicationState(stored);',
		},
		{
			name: 'a stray item under another job (now and then)',
			kind: 'events', settings: 'all', caught: ['unexpected'],
			find: '\t\titems.push(...outcome.items);',
			replace: '\t\titems.push(...outcome.items);\n\t\tconst other = [...jobs.keys()].find((key) => key !== id);\n\t\tif (outcome.items.length > 0 && poll % 13 === 5 && other !== undefined) items.push({ ...outcome.items[0], jobId: other });',
		},
	],
	'nodes/shared/retry.ts': [
		{
			name: 'a 502 not retried',
			kind: 'retries', settings: 'all', faults: true, caught: ['unexpected failure'],
			find: 'return idempotent && [502, 503, 504].includes(failure.status);',
			replace: 'return idempotent && [503, 504].includes(failure.status);',
		},
	],
	'nodes/RecruitingTrigger/applications/readPlan.ts': [
		{
			name: 'the rotation reads one job fewer a poll',
			kind: 'read schedule', settings: 'all', caught: ['late', 'unexpected'],
			find: 'const scheduled = order.slice(0, perPoll).map(([id]) => id);',
			replace: 'const scheduled = order.slice(0, perPoll - 1).map(([id]) => id);',
		},
		{
			name: 'jobs whose id ends in 9 are never read on schedule',
			kind: 'read schedule', settings: 'all', caught: ['late'],
			find: 'const rotation = jobs.filter(([, job]) => takenIn(job));',
			replace: "const rotation = jobs.filter(([id, job]) => takenIn(job) && !id.endsWith('9'));",
		},
		{
			// The turns of the jobs read in one poll fall together: more turns than a poll reads.
			name: 'a read’s next turn is K polls on, whatever the room',
			kind: 'read schedule', settings: 'now', caught: ['late'],
			find: 'const latest = () => withRoom(load, poll + 1, poll + cycle, perPoll).pop() as number;',
			replace: 'const latest = () => poll + cycle;',
		},
		{
			// It pushes a job whose turn it is past it.
			name: 'a job created is read at once, whatever the room',
			kind: 'read schedule', settings: 'all', caught: ['late'],
			find: 'placed.set(id, place(id, withRoom(load, poll, poll + cycle, perPoll)[0]));',
			replace: 'placed.set(id, place(id, poll));',
		},
		{
			name: 'From Now takes in one job more a poll',
			kind: 'take-in pace', settings: 'now', caught: ['unexpected'],
			find: 'const silent = waiting.slice(0, perPoll).map(([id]) => id);',
			replace: 'const silent = waiting.slice(0, perPoll + 1).map(([id]) => id);',
		},
	],
	'nodes/RecruitingTrigger/applications/state.ts': [
		{
			// Taken in silently beside the rotation: its New Applications missed, a read past the pace.
			name: 'a job created later is not new (its first read is silent)',
			kind: 'new job', settings: 'all', caught: ['missed', 'unexpected'],
			find: "return read.first ? read.start === 'everything' : known === undefined && listing.created;",
			replace: "return read.first && read.start === 'everything';",
		},
		{
			name: 'a reopened job is never watched again (a closed job is never read again)',
			kind: 'reopen', settings: 'open', caught: ['late'],
			find: 'return watches(watch, job.closed) || job.due === true;',
			replace: 'return watches(watch, job.closed);',
		},
		{
			// One function decides Open Jobs Only (the plan, the list, a read, the test event).
			name: 'Open Jobs Only emits closed jobs’ applications',
			kind: 'reopen', settings: 'open', caught: ['unexpected'],
			find: "return watch !== 'open' || !closed;",
			replace: 'return true;',
		},
	],
	'nodes/RecruitingTrigger/slot.ts': [
		{
			name: "the copy in the workflow's static data read before the node's own (n8n's durable poll cursor)",
			kind: 'restarts', settings: 'durable', caught: ['missed', 'duplicated', 'unexpected', 'late', 'lost'],
			find: 'read: () => opened.find(',
			replace: 'read: () => [...opened].reverse().find(',
		},
	],
};
/** @type {Mutant[]} */
const MUTANTS = Object.entries(BY_FILE).flatMap(([file, breaks]) =>
	breaks.map((mutant) => ({ ...mutant, file })),
);

module.exports = { MUTANTS };
