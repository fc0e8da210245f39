/*
 * Which jobs one poll reads (readPlan), README's "Cost and staleness" rules one plan at a time,
 * in the trigger README's words: "Jobs are read earliest deadline first (a job's turn is its last
 * read + ceil(jobs ÷ Jobs per Poll), a new job's the poll that listed it; jobs alike, and the jobs
 * taken in, go by ID)". The bounds they add up to over many polls: readBounds.test.ts.
 *
 * Equivalent mutants of readPlan.ts (Stryker, `npm run stryker`), each with why no test can tell:
 * - byId, `a < b` made `a <= b`; `a > b` made `a >= b` or `true`: job ids are a Map's keys, so
 *   two jobs compared never have one id.
 * - byId, `a > b` made `false` or `a <= b` (0 where 1 was): Node's sort only asks whether an
 *   answer is below 0 (the same order on 1,800 shuffles of 2 to 3,000 ids).
 */
import { readPlan } from '../../nodes/RecruitingTrigger/applications/readPlan';
import type { WatchedJob } from '../../nodes/RecruitingTrigger/applications/state';

const taken = (lastRead?: number, fields: { dueSince?: number } = {}): WatchedJob => ({
	...(lastRead !== undefined && { lastRead }),
	closed: false,
	status: 'watched',
	applications: new Map(),
	...fields,
});

const toTakeIn: WatchedJob = { status: 'toTakeIn', closed: false };

test.each<[string, Record<string, WatchedJob>, number, number, string[], string[]]>([
	[
		'"an idle poll costs 1 + min(jobs, Jobs per Poll) requests": the job read longest ago, then the next turns, jobs alike by ID',
		{ b: taken(2), c: taken(3), a: taken(3) },
		4,
		2,
		[],
		['b', 'a'],
	],
	[
		'a job whose turn has come (its last read + ceil(jobs ÷ Jobs per Poll)) goes before a due one',
		{ a: taken(1), b: taken(2, { dueSince: 3 }), c: taken(3), d: taken(3) },
		3,
		2,
		[],
		['a', 'b'],
	],
	[
		'a due job ("the job list shows changed") goes before those whose turn has not come',
		{ a: taken(1), b: taken(2, { dueSince: 3 }), c: taken(3) },
		3,
		1,
		[],
		['b'],
	],
	[
		'"the jobs it passes over come first in the next poll (before the job it cut…)"',
		{ cut: taken(5, { dueSince: 5 }), passed: taken(4, { dueSince: 5 }), other: taken(5) },
		6,
		2,
		[],
		['passed', 'cut'],
	],
	[
		'"a new job\'s [turn is] the poll that listed it": after older turns, before jobs only due',
		{
			old: taken(0),
			due: taken(5, { dueSince: 5 }),
			fresh: { status: 'new', closed: false, dueSince: 5 },
			late: taken(5),
		},
		6,
		2,
		[],
		['old', 'fresh'],
	],
	[
		'a job never read is first: "every watched job is read at least once every ceil(jobs ÷ Jobs per Poll) polls"',
		{ a: taken(4), b: taken(4), never: taken() },
		5,
		1,
		[],
		['never'],
	],
	[
		'"at most Jobs per Poll more" taken in silently, by ID, beside "only the jobs whose turn has come or that changed"',
		{ c: toTakeIn, a: toTakeIn, b: toTakeIn, d: taken(0), e: taken(0, { dueSince: 1 }) },
		1,
		2,
		['a', 'b'],
		['e'],
	],
])('%s', (_, jobs, poll, perPoll, silent, scheduled) => {
	expect(readPlan(Object.entries(jobs), poll, perPoll)).toEqual({ silent, scheduled });
});
