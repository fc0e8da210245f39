/*
 * Which jobs one poll reads and the turns it gives them (readPlan), one plan at a time, in the
 * trigger README's words ("Cost and staleness"): a job's turn is the poll by which it must next
 * be read; a read gives it "the latest poll in the next ceil(jobs ÷ Jobs per Poll) at which fewer
 * than Jobs per Poll jobs have their turn", a job created "the earliest poll with room". The
 * bounds they add up to over many polls: readBounds.test.ts.
 *
 * Equivalent mutants of readPlan.ts (Stryker, `npm run stryker`), each with why no test can tell:
 * - byId, `a < b` made `a <= b`: job ids are a Map's keys, so two jobs compared never have one id.
 * - the known turns placed, `turn !== undefined` made `true`: a job without one is placed again
 *   (its turn set anew) before anything reads the turns or the load of an undefined turn.
 */
import { readPlan } from '../../nodes/RecruitingTrigger/applications/readPlan';
import type { WatchedJob } from '../../nodes/RecruitingTrigger/applications/state';

const at = (turn: number, due?: true): WatchedJob => ({
	turn,
	...(due && { due }),
	closed: false,
	status: 'watched',
	applications: new Map(),
});
const created: WatchedJob = { status: 'new', closed: false, due: true };
const toTakeIn: WatchedJob = { status: 'toTakeIn', closed: false };

interface Expected {
	silent?: string[];
	scheduled: string[];
	placed?: Record<string, number>;
	next: Record<string, number>;
}

test.each<[string, Record<string, WatchedJob>, number, number, Expected]>([
	[
		'"an idle poll costs 1 + min(jobs, Jobs per Poll)": the turns that have come, then the next ones, by turn, then ID',
		{ b: at(4), c: at(5), a: at(5) },
		4,
		2,
		{ scheduled: ['b', 'a'], next: { b: 6, a: 6 } },
	],
	[
		'a read takes the latest poll of the next ceil(jobs ÷ Jobs per Poll) at which fewer than Jobs per Poll jobs have their turn',
		{ a: at(3), b: at(4), c: at(5), d: at(5) },
		3,
		2,
		{ scheduled: ['a', 'b'], next: { a: 4, b: 4 } },
	],
	[
		'a job whose turn has come goes before a due one ("the job list shows changed"), a due one before the next turns',
		{ a: at(3), b: at(5, true), c: at(4), d: at(6) },
		3,
		2,
		{ scheduled: ['a', 'b'], next: { a: 5, b: 5 } },
	],
	[
		'"the jobs it passes over keep their turns and go first"; due jobs by turn',
		{ passed: at(5), other: at(6), x: at(9, true), y: at(7, true) },
		6,
		3,
		{ scheduled: ['passed', 'other', 'y'], next: { passed: 8, other: 8, y: 8 } },
	],
	[
		'"a job created gets the earliest poll with room": not one full of turns',
		{ old: at(6), x: at(6), fresh: created, y: at(7), z: at(7) },
		6,
		2,
		{ scheduled: ['old', 'x'], placed: { fresh: 8 }, next: { old: 9, x: 9 } },
	],
	[
		'a job created with room in this poll is read in it; jobs created together, by ID',
		{ a: at(6), z: created, fresh: created },
		6,
		2,
		{ scheduled: ['a', 'fresh'], placed: { fresh: 6, z: 7 }, next: { a: 8, fresh: 8 } },
	],
	[
		'"room" counts the jobs a poll at Max Items held back',
		{ a: at(4), b: at(5), c: at(5), d: at(6), fresh: created },
		5,
		2,
		{ scheduled: ['a', 'b'], placed: { fresh: 7 }, next: { a: 8, b: 8 } },
	],
	[
		"a read's room counts the jobs held back too: after Jobs per Poll was lowered, two turns at 6 hold one back to 7",
		{ a: at(4), b: at(6), c: at(6) },
		4,
		1,
		{ scheduled: ['a'], next: { a: 5 } },
	],
	[
		'"at most Jobs per Poll more" taken in silently, by ID, beside "only the jobs whose turn has come or that changed"; jobs counts them',
		{ c: toTakeIn, a: toTakeIn, g: toTakeIn, b: toTakeIn, d: at(2), e: at(3, true), f: at(1) },
		1,
		3,
		{ silent: ['a', 'b', 'c'], scheduled: ['f', 'e'], next: { a: 4, b: 4, c: 4, f: 3, e: 3 } },
	],
])('%s', (_, jobs, poll, perPoll, { silent = [], scheduled, placed = {}, next }) => {
	const plan = readPlan(Object.entries(jobs), poll, perPoll);
	expect({
		...plan,
		placed: Object.fromEntries(plan.placed),
		next: Object.fromEntries(plan.next),
	}).toEqual({ silent, scheduled, placed, next });
});
