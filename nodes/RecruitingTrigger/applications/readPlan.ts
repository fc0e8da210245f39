import { takenIn } from './state';
import type { WatchedJob } from './state';

/*
 * Which jobs a poll reads, and the turns they get (pure). Its size is the poll's cost beyond the
 * job list: at most Jobs per Poll jobs on schedule, and at most Jobs per Poll more read silently,
 * by ID, while jobs are taken in (the first polls of From Now, a change of Jobs to Watch, a job
 * reopened under Open Jobs Only): a job is watched from its first read on.
 *
 * A job in the rotation carries its turn: the poll by which it must next be read. The schedule
 * reads the jobs whose turn has come (by turn, then ID), then those due before it (the job list
 * showed them changed, or Max Items per Poll cut their read), then the next turns; while jobs are
 * taken in, only the first two kinds. With K = ceil(jobs ÷ Jobs per Poll) (the jobs watched or
 * taken in), a read at poll p gives the job the latest poll of p+1 … p+K with room, and a job new
 * to the rotation (created; Start: Everything) the earliest from p on; room: the jobs whose turn
 * it is there and those held back from the polls before are fewer than Jobs per Poll. There is
 * one, as the other jobs are fewer than K × Jobs per Poll, and a job placed there holds no other
 * back.
 *
 * So each job is read on its turn, within K polls of its last read, a new one within K polls of
 * the poll that listed it. A poll that Max Items per Poll (or n8n's time limit) cuts reads no
 * further job: those it passes over keep their turns (those whose turn has come go first in the
 * next poll), which puts the jobs behind them a poll later. Turns given before Jobs per Poll was
 * lowered may be more than a poll now reads: those jobs are read late once.
 */

interface ReadPlan {
	/** Jobs read to take them in: what they list is where watching them starts. */
	silent: string[];
	/** Jobs read for their changes, in the order to read them. */
	scheduled: string[];
	/** Jobs new to the rotation, and the turn each gets now. */
	placed: Map<string, number>;
	/** The turn each job gets from its read (a poll cut short reads only the first ones). */
	next: Map<string, number>;
}

/**
 * The polls of `from` … `to` with room: where fewer than `perPoll` jobs would be read, those whose
 * turn it is (`load`: jobs by turn) and those held back from the polls before. The held ones
 * count, so that a Max Items cut or a lower Jobs per Poll (turns given before fall together)
 * does not push a job placed now past its turn.
 */
function withRoom(load: Map<number, number>, from: number, to: number, perPoll: number) {
	let behind = 0;
	for (const [turn, jobs] of load) if (turn < from) behind += jobs;
	const polls: number[] = [];
	for (let poll = from; poll <= to; poll++) {
		const due = behind + (load.get(poll) ?? 0);
		if (due < perPoll) polls.push(poll);
		behind = Math.max(0, due - perPoll);
	}
	return polls;
}

/** The jobs poll number `poll` reads, of the watched jobs (those Jobs to Watch takes now). */
export function readPlan(
	jobs: ReadonlyArray<[string, WatchedJob]>,
	poll: number,
	perPoll: number,
): ReadPlan {
	// Job IDs are Map keys: two compared are never equal.
	const byId = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : 1);
	// K: a read gives the job a turn within this many polls.
	const cycle = Math.ceil(jobs.length / perPoll);
	const rotation = jobs.filter(([, job]) => takenIn(job));
	const waiting = jobs.filter(([, job]) => !takenIn(job)).sort(byId);
	const turns = new Map<string, number>();
	const load = new Map<number, number>();
	const count = (turn: number, by: number) => load.set(turn, (load.get(turn) ?? 0) + by);
	const place = (id: string, turn: number) => {
		turns.set(id, turn);
		count(turn, 1);
		return turn;
	};
	for (const [id, job] of rotation) if (job.turn !== undefined) place(id, job.turn);
	const placed = new Map<string, number>();
	for (const [id] of rotation.filter(([, job]) => job.turn === undefined).sort(byId)) {
		placed.set(id, place(id, withRoom(load, poll, poll + cycle, perPoll)[0]));
	}

	const turnOf = (id: string) => turns.get(id) as number;
	const rank = ([id, job]: [string, WatchedJob]) => (turnOf(id) <= poll ? 0 : job.due ? 1 : 2);
	const order = rotation
		// While jobs are taken in, only the jobs whose turn has come or that are due are read.
		.filter((entry) => waiting.length === 0 || rank(entry) < 2)
		.sort((a, b) => rank(a) - rank(b) || turnOf(a[0]) - turnOf(b[0]) || byId(a, b));
	const silent = waiting.slice(0, perPoll).map(([id]) => id);
	const scheduled = order.slice(0, perPoll).map(([id]) => id);

	// Read by read, the next turns.
	const next = new Map<string, number>();
	const latest = () => withRoom(load, poll + 1, poll + cycle, perPoll).pop() as number;
	for (const id of silent) next.set(id, place(id, latest()));
	for (const id of scheduled) {
		count(turnOf(id), -1);
		next.set(id, place(id, latest()));
	}
	return { silent, scheduled, placed, next };
}
