import { PagingError } from '../../nodes/shared/paging';
import type { Page } from '../../nodes/shared/paging';
import type { Json } from '../../nodes/shared/values';
import { PollPlan } from '../../nodes/RecruitingTrigger/lists/plan';
import type { PlanOptions } from '../../nodes/RecruitingTrigger/lists/plan';
import { fingerprint, idOfKey, recordKey } from '../../nodes/RecruitingTrigger/lists/records';
import { emptyState, loadState } from '../../nodes/RecruitingTrigger/lists/state';
import type { TriggerState } from '../../nodes/RecruitingTrigger/lists/state';
import type { Emission, ListRequest } from '../../nodes/RecruitingTrigger/lists/walk';

const NOW = Date.parse('2026-03-01T12:00:00Z');

/** 2026-03-01 at hh:mm (UTC). */
function at(hhmm: string): string {
	return `2026-03-01T${hhmm}:00.000Z`;
}

function cand(
	id: string,
	modified: string | undefined,
	created = '2026-01-01T00:00:00.000Z',
): Json {
	return { id, createdAt: created, ...(modified !== undefined && { modifiedAt: modified }) };
}

/** Candidates written "id@hh:mm": modified then (see at), created cand's default. */
function cands(...written: string[]): Json[] {
	return written.map((record) => {
		const [id, hhmm] = record.split('@');
		return cand(id, at(hhmm));
	});
}

function page(items: Json[], nextCursor = '', hasNextPage = false): Page {
	return { items, nextCursor, hasNextPage };
}

/**
 * One poll of the state's list from `state`, `serve` answering each request (pages served in
 * turn, or a server); what it asked and emitted.
 */
function poll(
	state: TriggerState,
	serve: Page[] | ((request: ListRequest, index: number) => Page),
	options: Partial<PlanOptions> = {},
) {
	const answer = Array.isArray(serve) ? pages(...serve) : serve;
	const plan = new PollPlan(state, {
		resource: state.resource,
		event: 'createdOrUpdated',
		maxItems: Infinity,
		now: NOW,
		...options,
	});
	const requests: ListRequest[] = [];
	const emitted: Emission[] = [];
	for (let request = plan.nextRequest(); request; request = plan.nextRequest()) {
		if (requests.length > 100) throw new Error('the plan does not stop');
		requests.push(request);
		emitted.push(...plan.take(answer(request, requests.length - 1)));
	}
	const ids = emitted.map((e) => e.record.id);
	// "id event" of each emission.
	const events = emitted.map((e) => `${e.record.id} ${e.event}`);
	return { plan, requests, emitted, ids, events, state: plan.nextState() };
}

/** A candidate state at `watermark` (none: a first sync), the candidates `ids` handled there. */
function watermarkAt(watermark?: string, ...ids: string[]): TriggerState {
	const state = emptyState('candidate', watermark);
	if (watermark === undefined || ids.length === 0) return state;
	return { ...state, seen: { [watermark]: ids.map((id) => `${id}@${watermark}`) } };
}

/** Serves a fixed list of pages in turn. */
function pages(...list: Page[]) {
	return (_request: ListRequest, index: number) => {
		if (index >= list.length) throw new Error(`unexpected request #${index + 1}`);
		return list[index];
	};
}

describe('candidates', () => {
	it('emits everything on a first full sync, as created, and keeps the keys at the last time', () => {
		const run = poll(watermarkAt(), [
			page(cands('a@10:00', 'b@10:01'), 'x', true),
			page(cands('c@10:02', 'd@10:02')),
		]);
		expect(run.requests).toEqual([{}, { cursor: 'x' }]);
		expect(run.ids).toEqual(['a', 'b', 'c', 'd']);
		expect(run.emitted.every((e) => e.event === 'created')).toBe(true);
		expect(run.state).toEqual({
			v: 1,
			resource: 'candidate',
			watermark: at('10:02'),
			seen: { [at('10:02')]: [`c@${at('10:02')}`, `d@${at('10:02')}`] },
			// The last page gave no cursor of its own: a later poll re-reads it from 'x', with
			// the query 'x' came from (no modifiedSince).
			cursor: 'x',
			cursorAt: at('10:02'),
			// This poll read from the watermark (there was none to resume from).
			checkedAt: '2026-03-01T12:00:00.000Z',
			cursorSince: '',
		});
	});

	it('skips records already emitted at the watermark and emits one modified again', () => {
		const run = poll(watermarkAt(at('10:02'), 'c', 'd'), [
			page(cands('c@10:02', 'd@10:02', 'e@10:02', 'c@10:05')),
		]);
		expect(run.requests).toEqual([{ modifiedSince: at('10:02') }]);
		expect(run.ids).toEqual(['e', 'c']);
		expect(run.state.watermark).toBe(at('10:05'));
		expect(run.state.seen).toEqual({ [at('10:05')]: [`c@${at('10:05')}`] });
	});

	it('classifies created and updated against the watermark the poll started from', () => {
		const run = poll(watermarkAt(at('10:00')), [
			page([
				cand('old', at('10:01'), at('09:00')),
				cand('new', at('10:02'), at('10:00')),
				cand('noCreated', at('10:03'), 'garbage'),
			]),
		]);
		expect(run.events).toEqual(['old updated', 'new created', 'noCreated updated']);
	});

	it('a record already handled at the watermark is updated when it changes, even if created then', () => {
		const run = poll(watermarkAt(at('10:02'), 'c'), [
			page([
				cand('c', at('10:02'), at('10:02')),
				cand('d', at('10:02'), at('10:02')),
				cand('c', at('10:04'), at('10:02')),
			]),
		]);
		expect(run.events).toEqual(['d created', 'c updated']);
	});

	it('a record listed twice in one poll (changed while paging) is created, then updated', () => {
		const run = poll(watermarkAt(at('10:00')), [
			page([cand('n', at('10:01'), at('10:01')), cand('n', at('10:03'), at('10:01'))]),
		]);
		expect(run.events).toEqual(['n created', 'n updated']);
	});

	it('stops at Max Items per Poll and leaves the watermark where the rest begins', () => {
		const served = [page(cands('a@10:01', 'b@10:02', 'c@10:02', 'd@10:02', 'e@10:03'), 'x', true)];
		const first = poll(watermarkAt(at('10:00')), served, { maxItems: 3 });
		expect(first.ids).toEqual(['a', 'b', 'c']);
		expect(first.plan.stoppedEarly).toBe(true);
		expect(first.state.watermark).toBe(at('10:02'));
		expect(first.state.seen).toEqual({ [at('10:02')]: [`b@${at('10:02')}`, `c@${at('10:02')}`] });
		expect(first.state.backlog).toEqual({ since: at('10:00') });

		const rest = page(cands('b@10:02', 'c@10:02', 'd@10:02', 'e@10:03'), 'y', true);
		const second = poll(first.state, [rest, page(cands('f@10:04'))], { maxItems: 3 });
		expect(second.requests).toEqual([
			{ modifiedSince: at('10:02') },
			{ modifiedSince: at('10:02'), cursor: 'y' },
		]);
		expect(second.ids).toEqual(['d', 'e', 'f']);
		expect(second.plan.stoppedEarly).toBe(false);
		expect(second.state.watermark).toBe(at('10:04'));
		expect(second.state.backlog).toBeUndefined();
	});

	it('stopping exactly at a page end with more pages: the watermark is the last time read', () => {
		const run = poll(watermarkAt(), [page(cands('a@10:01', 'b@10:02'), 'x', true)], {
			maxItems: 2,
		});
		expect(run.requests).toHaveLength(1);
		expect(run.state.watermark).toBe(at('10:02'));
		expect(run.state.seen).toEqual({ [at('10:02')]: [`b@${at('10:02')}`] });
	});

	it('records out of order: the watermark never passes a record not yet handled', () => {
		const served = [page(cands('a@10:05', 'b@10:07', 'c@10:03', 'd@10:08'))];
		const run = poll(watermarkAt(at('10:00')), served, { maxItems: 2 });
		expect(run.ids).toEqual(['a', 'b']);
		// c (10:03) was not handled: the next poll must list it again.
		expect(run.state.watermark).toBe(at('10:03'));
		expect(run.state.seen).toEqual({
			[at('10:05')]: [`a@${at('10:05')}`],
			[at('10:07')]: [`b@${at('10:07')}`],
		});

		const next = poll(run.state, [page(cands('c@10:03', 'a@10:05', 'b@10:07', 'd@10:08'))]);
		expect(next.ids).toEqual(['c', 'd']);
		expect(next.state.watermark).toBe(at('10:08'));
	});

	it('records listed although older than the watermark are neither emitted nor move it back', () => {
		const run = poll(watermarkAt(at('10:00')), [page(cands('stale@09:00', 'a@10:01'))]);
		expect(run.ids).toEqual(['a']);
		expect(run.state.watermark).toBe(at('10:01'));
		const nothing = poll(watermarkAt(at('10:00')), [page([cand('stale', at('09:00'))])]);
		expect(nothing.ids).toEqual([]);
		expect(nothing.state.watermark).toBe(at('10:00'));
	});

	it('a record without modifiedAt is emitted once per content, and does not move the watermark', () => {
		const bare = { id: 'x', createdAt: at('09:00'), note: 'v1' };
		const run = poll(watermarkAt(at('10:00')), [
			page([cand('a', at('10:01')), bare, cand('b', at('10:02'))]),
		]);
		expect(run.ids).toEqual(['a', 'x', 'b']);
		expect(run.state.watermark).toBe(at('10:02'));
		// Kept with the next modifiedAt in list order: it sits no later than that.
		expect(run.state.seen[at('10:02')]).toEqual(
			expect.arrayContaining([recordKey(bare), `b@${at('10:02')}`]),
		);

		const again = poll(run.state, [page([bare, cand('b', at('10:02'))])]);
		expect(again.ids).toEqual([]);
		const changed = poll(run.state, [page([{ ...bare, note: 'v2' }, cand('b', at('10:02'))])]);
		expect(changed.ids).toEqual(['x']);
	});

	it('only records without modifiedAt: emitted, watermark unchanged, kept until seen again', () => {
		const bare = { id: 'x', createdAt: at('09:00') };
		const run = poll(watermarkAt(at('10:00')), [page([bare])]);
		expect(run.ids).toEqual(['x']);
		expect(run.state.watermark).toBe(at('10:00'));
		expect(run.state.seen).toEqual({ [at('10:00')]: [recordKey(bare)] });
		expect(poll(run.state, [page([bare])]).ids).toEqual([]);
	});

	it('a poll that stops early keeps the keys it did not reach again', () => {
		const future = '2099-01-01T00:00:00.000Z';
		const state: TriggerState = {
			...watermarkAt(at('10:00')),
			seen: { [future]: [`f@${future}`] },
		};
		const served = [page([cand('a', at('10:01')), cand('b', at('10:02')), cand('f', future)])];
		const run = poll(state, served, { maxItems: 1 });
		expect(run.ids).toEqual(['a']);
		expect(run.state.seen).toEqual({
			[at('10:01')]: [`a@${at('10:01')}`],
			[future]: [`f@${future}`],
		});
		const rest = poll(run.state, [page([cand('b', at('10:02')), cand('f', future)])]);
		expect(rest.ids).toEqual(['b']);
	});

	it('does not read past the last page and refuses a cursor that repeats', () => {
		// Each page's cursor is A, then B, then A again.
		const alternating = (request: ListRequest) =>
			page(cands(`${request.cursor ?? 'first'}@10:00`), request.cursor === 'A' ? 'B' : 'A', true);
		expect(() => poll(watermarkAt(), alternating)).toThrow(PagingError);
		expect(() => poll(watermarkAt(), [page([cand('a', at('10:00'))], '', true)])).toThrow(
			/gave no cursor/,
		);
	});

	it('a page limit per poll stops like Max Items, nothing skipped', () => {
		const served = (_request: ListRequest, index: number) =>
			page([cand(`r${index}`, at(`10:0${index}`))], `p${index}`, true);
		const run = poll(watermarkAt(), served, { maxPages: 2 });
		expect(run.requests).toHaveLength(2);
		expect(run.plan.stoppedEarly).toBe(true);
		expect(run.state.watermark).toBe(at('10:01'));
	});
});

describe('candidates: resuming from the stored cursor', () => {
	const tie = at('10:05');

	const checkedAt = '2026-03-01T11:30:00.000Z';
	/** Handled `ids` at the tie, and a checked cursor after the last of them. */
	const resumingAfter = (...ids: string[]): TriggerState => ({
		...watermarkAt(tie, ...ids),
		cursor: `after-${ids[ids.length - 1]}`,
		cursorAt: tie,
		cursorSince: at('10:00'),
		checkedAt,
	});

	it('resumed mid-tie, only what follows the cursor is read while the list stays at the tie', () => {
		const served = [page([cand('c', tie), cand('d', tie)], 'after-d', true)];
		const run = poll(resumingAfter('a', 'b'), served, { maxItems: 1 });
		expect(run.requests).toEqual([{ modifiedSince: at('10:00'), cursor: 'after-b' }]);
		expect(run.ids).toEqual(['c']);
		expect(run.state).toMatchObject({ cursor: 'after-b', cursorSince: at('10:00'), checkedAt });
	});

	it('before the watermark moves past the cursor’s time, the poll reads from the watermark: a record written late at that time, sorting before the cursor, is found', () => {
		const fromWatermark = page(cands('a@10:05', 'b@10:05', 'c@10:05', 'd@10:06'), 'after-d2');
		const run = poll(resumingAfter('b', 'c'), (request) =>
			request.cursor === 'after-c' ? page(cands('d@10:06'), 'after-d') : fromWatermark,
		);
		expect(run.requests).toEqual([
			{ modifiedSince: at('10:00'), cursor: 'after-c' },
			{ modifiedSince: tie },
		]);
		expect(run.ids).toEqual(['a', 'd']);
		expect(run.state).toMatchObject({
			watermark: at('10:06'),
			cursor: 'after-d2',
			checkedAt: '2026-03-01T12:00:00.000Z',
		});
	});

	it('an idle poll resumes from the cursor (one request); after an hour without a check it reads from the watermark', () => {
		const state: TriggerState = {
			...watermarkAt(tie, 'a'),
			cursor: 'after-a',
			cursorAt: tie,
			cursorSince: '',
			checkedAt,
		};
		const idle = poll(state, [page([], 'after-a')]);
		expect(idle.requests).toEqual([{ cursor: 'after-a' }]);
		expect(idle.state).toEqual(state);
		const hourLater = poll({ ...state, checkedAt: '2026-03-01T10:59:00.000Z' }, [
			page([cand('a', tie), cand('late', tie)], 'after-late'),
		]);
		expect(hourLater.requests).toEqual([{ modifiedSince: tie }]);
		expect(hourLater.ids).toEqual(['late']);
	});

	it('a cursor stored without its query is not used', () => {
		const state = { ...watermarkAt(tie, 'a'), cursor: 'after-a', cursorAt: tie };
		expect(loadState(state, 'candidate')?.cursor).toBeUndefined();
		const run = poll(state, [page([cand('b', tie)], 'after-b')]);
		expect(run.requests).toEqual([{ modifiedSince: tie }]);
		expect(run.ids).toEqual(['b']);
	});

	it('Max Items per Poll inside the first page of a poll without a cursor: none is stored', () => {
		const served = [page([cand('a', tie), cand('b', tie)], 'after-b')];
		const run = poll(watermarkAt(at('10:00')), served, { maxItems: 1 });
		expect(run.ids).toEqual(['a']);
		expect(run.state.cursor).toBeUndefined();
		expect(run.state.watermark).toBe(tie);
	});

	it('stopping at a page end stores that page’s nextCursor', () => {
		const served = [page([cand('a', tie), cand('b', tie)], 'after-b', true)];
		const run = poll(watermarkAt(at('10:00')), served, { maxItems: 2 });
		expect(run.state.cursor).toBe('after-b');
	});

	it('the page limit per poll stores the cursor of the page not yet read', () => {
		const served = (_request: ListRequest, index: number) =>
			page([cand(`r${index}`, tie)], `after-${index}`, true);
		const run = poll(watermarkAt(at('10:00')), served, { maxPages: 2 });
		expect(run.requests).toHaveLength(2);
		expect(run.state.cursor).toBe('after-1');
	});

	it.each([
		['out of modifiedAt order', cands('a@10:07', 'b@10:06')],
		['without a modifiedAt', [cand('a', at('10:06')), cand('b', undefined)]],
		['dated past the n8n clock', [cand('a', at('10:06')), cand('b', '2099-01-01T00:00:00.000Z')]],
	])('a list %s stores no cursor: the next poll reads from the watermark', (_what, items) => {
		const run = poll(watermarkAt(at('10:00')), [page(items, 'after-b')]);
		expect(run.ids).toEqual(['a', 'b']);
		expect(run.state.cursor).toBeUndefined();
	});

	it('a refused stored cursor is dropped before the first page, never after', () => {
		const plan = new PollPlan(
			{
				...watermarkAt(tie, 'a'),
				cursor: 'stale',
				cursorAt: tie,
				cursorSince: at('10:00'),
				checkedAt,
			},
			{ resource: 'candidate', event: 'createdOrUpdated', maxItems: Infinity, now: NOW },
		);
		expect(plan.nextRequest()).toEqual({ modifiedSince: at('10:00'), cursor: 'stale' });
		expect(plan.dropResume()).toBe(true);
		expect(plan.nextRequest()).toEqual({ modifiedSince: tie });
		expect(plan.dropResume()).toBe(false);
		const out = plan.take(page([cand('a', tie), cand('b', tie)], 'after-b'));
		// The watermark and seen keep it exact: a, handled before, is skipped.
		expect(out.map((e) => e.record.id)).toEqual(['b']);
		expect(plan.nextState().cursor).toBe('after-b');
	});

	it('jobs never store a cursor (theirs is a time, already the watermark)', () => {
		const run = poll(emptyState('job'), pages(page([{ id: 'j1', name: 'x' }], at('10:00'))));
		expect(run.state.cursor).toBeUndefined();
		expect(loadState({ ...run.state, cursor: 'x' }, 'job')?.cursor).toBeUndefined();
	});
});

describe('jobs', () => {
	function job(id: string, name = `Job ${id}`): Json {
		return {
			id,
			name: { viewType: 'vacancyName', name },
			createdAt: { viewType: 'vacancyCreatedAt', createdAt: at('09:00') },
		};
	}

	interface Row {
		id: string;
		name?: string;
		m: string;
	}

	/**
	 * The job list as the spec describes it: ordered by modifiedAt (then id), modifiedSince and
	 * the cursor inclusive, the cursor a modifiedAt, nextCursor the last item's modifiedAt.
	 */
	function jobList(rows: Row[]) {
		return (request: ListRequest) => {
			const from = request.cursor ?? request.modifiedSince;
			const sorted = [...rows].sort((a, b) =>
				a.m === b.m ? (a.id < b.id ? -1 : 1) : a.m < b.m ? -1 : 1,
			);
			const listed = sorted.filter((row) => from === undefined || row.m >= from);
			const items = listed.slice(0, request.limit ?? 50);
			return page(
				items.map((row) => job(row.id, row.name)),
				items.length ? items[items.length - 1].m : '',
				listed.length > items.length,
			);
		};
	}

	const settledTime = at('11:50');
	const recent = '2026-03-01T11:58:00.000Z';

	it('a job whose modification time moved is emitted once as updated, even when the list shows nothing new (settled)', () => {
		const rows: Row[] = ['a', 'b', 'c', 'd', 'e'].map((id, i) => ({ id, m: at(`10:0${i}`) }));
		const first = poll(emptyState('job'), jobList(rows));
		expect(first.ids).toEqual(['a', 'b', 'c', 'd', 'e']);
		// The oldest job changes where the list does not show it (custom attributes, stage totals).
		rows[0].m = settledTime;
		const second = poll(first.state, jobList(rows));
		// From the watermark; its first page reaches past it, so the read after it says which jobs moved.
		expect(second.requests).toEqual([
			{ modifiedSince: at('10:04') },
			{ modifiedSince: '2026-03-01T10:04:00.001Z' },
		]);
		expect(second.events).toEqual(['a updated']);
		const third = poll(second.state, jobList(rows));
		// Idle: one request, from the watermark (the jobs at it, all handled).
		expect(third.requests).toEqual([{ modifiedSince: settledTime }]);
		expect(third.ids).toEqual([]);
	});

	it('a recent watermark is read again: a job written late at it is found, one unchanged is not repeated, one moved on is emitted', () => {
		const rows: Row[] = [
			{ id: 'a', m: recent },
			{ id: 'b', m: recent },
		];
		const first = poll(emptyState('job'), jobList(rows));
		expect(first.state).toMatchObject({ watermark: recent });
		// Idle and unsettled: one request, from the watermark.
		const idle = poll(first.state, jobList(rows));
		expect(idle.requests).toEqual([{ modifiedSince: recent }]);
		expect(idle.ids).toEqual([]);
		// b moves on invisibly, c is written late at the watermark's own time, d is new.
		rows[1].m = '2026-03-01T11:59:00.000Z';
		rows.push({ id: 'c', m: recent }, { id: 'd', m: '2026-03-01T11:59:30.000Z' });
		const next = poll(idle.state, jobList(rows));
		expect(next.requests).toEqual([
			{ modifiedSince: recent },
			{ modifiedSince: '2026-03-01T11:58:00.001Z' },
			// b sits before d on the last page: the read from the new watermark says where.
			{ modifiedSince: '2026-03-01T11:59:30.000Z' },
		]);
		expect(next.events).toEqual(['c updated', 'b updated', 'd updated']);
		expect(next.state).toMatchObject({ watermark: '2026-03-01T11:59:30.000Z' });
		expect(poll(next.state, jobList(rows)).ids).toEqual([]);
	});

	it('Max Items per Poll ends a poll on a page’s nextCursor (asking for fewer), nothing lost or repeated across polls', () => {
		const rows: Row[] = Array.from({ length: 9 }, (_, i) => ({
			id: `j${i}`,
			m: at(`10:0${Math.floor(i / 3)}`),
		}));
		let state = emptyState('job');
		const seen: string[] = [];
		for (let n = 0; n < 6; n++) {
			const run = poll(state, jobList(rows), { maxItems: 4 });
			expect(run.ids.length).toBeLessThanOrEqual(4);
			seen.push(...(run.ids as string[]));
			state = run.state;
		}
		expect(seen).toEqual(rows.map((row) => row.id));
		expect(state).toMatchObject({ watermark: at('10:02') });
	});

	it('a stall on a page with nothing new to emit: the notice waits for the next emitted item', () => {
		const stuck = Array.from({ length: 50 }, (_, i) => job(`s${i}`));
		const state: TriggerState = {
			...emptyState('job', at('10:05')),
			seen: { [at('10:05')]: stuck.map((j) => recordKey(j)) },
		};
		const run = poll(state, (request) =>
			request.modifiedSince === at('10:05') ? page(stuck, at('10:05'), true) : page([]),
		);
		expect(run.ids).toEqual([]);
		expect(run.state.watermark).toBe('2026-03-01T10:05:00.001Z');
		expect(run.state.notice).toMatch(/More than 50 jobs/);

		const next = poll(run.state, () => page([job('x')], at('10:10')));
		expect(next.emitted[0].notice).toMatch(/More than 50 jobs/);
		expect(next.state.notice).toBeUndefined();
	});

	it('refuses a cursor that goes backwards or is not a time', () => {
		expect(() =>
			poll(
				emptyState('job'),
				pages(page([job('a')], at('10:05'), true), page([job('b')], at('10:01'), true)),
			),
		).toThrow(/went backwards/);
		expect(() => poll(emptyState('job'), pages(page([job('a')], 'soon', true)))).toThrow(
			/not a date/,
		);
	});

	it('a last page without a cursor: its jobs are kept past the watermark and not repeated while unchanged', () => {
		const run = poll(emptyState('job', at('10:00')), () => page([job('a')], ''));
		expect(run.ids).toEqual(['a']);
		expect(run.state.watermark).toBe(at('10:00'));
		const again = poll(run.state, () => page([job('a')], ''));
		expect(again.ids).toEqual([]);
		expect(poll(again.state, () => page([job('a', 'Renamed')], '')).ids).toEqual(['a']);
	});

	it('the page limit ends a poll with the read that settles its watermark', () => {
		const rows: Row[] = Array.from({ length: 120 }, (_, i) => ({
			id: `j${String(i).padStart(3, '0')}`,
			m: at(`10:${String(Math.floor(i / 2)).padStart(2, '0')}`),
		}));
		const run = poll(emptyState('job'), jobList(rows), { maxPages: 2 });
		// Two pages, then one read from where the second ended (10:48): j096 and j097.
		expect(run.requests).toEqual([{}, { cursor: at('10:24') }, { modifiedSince: at('10:48') }]);
		expect(run.state.watermark).toBe(at('10:48'));
		expect(run.state.seen).toEqual({
			[at('10:48')]: [recordKey(job('j096')), recordKey(job('j097'))],
		});
		const next = poll(run.state, jobList(rows));
		expect(next.ids).toEqual(rows.slice(98).map((row) => row.id));
	});

	it('a job written at the new watermark while the poll read: left to the next poll, emitted once', () => {
		const rows: Row[] = [
			{ id: 'a', m: at('10:00') },
			{ id: 'b', m: at('10:05') },
		];
		const run = poll(emptyState('job'), (request, index) => {
			if (index === 1) rows.push({ id: 'c', m: at('10:05') });
			return jobList(rows)(request);
		});
		expect(run.requests).toEqual([{}, { modifiedSince: at('10:05') }]);
		expect(run.ids).toEqual(['a', 'b']);
		expect(run.state.seen).toEqual({ [at('10:05')]: [recordKey(job('b'))] });
		expect(poll(run.state, jobList(rows)).ids).toEqual(['c']);
	});

	it('a stored state that keeps a job at its watermark although it sits before: the first read drops it', () => {
		const rows: Row[] = [
			{ id: 'a', m: at('10:00') },
			{ id: 'b', m: at('10:07') },
		];
		const state: TriggerState = {
			...emptyState('job', at('10:07')),
			seen: { [at('10:07')]: [recordKey(job('a')), recordKey(job('b'))] },
		};
		// As the earlier job trigger stored it (a page of keys at its watermark): read on exactly.
		const idle = poll(loadState(state, 'job') as TriggerState, jobList(rows));
		expect(idle.requests).toEqual([{ modifiedSince: at('10:07') }]);
		expect(idle.state.seen).toEqual({ [at('10:07')]: [recordKey(job('b'))] });
		// Changed late at 10:07 where the list shows nothing else of it: a change, emitted.
		rows[0].m = at('10:07');
		expect(poll(idle.state, jobList(rows)).ids).toEqual(['a']);
	});
});

describe('record keys', () => {
	it('give back the record id, whatever characters it holds', () => {
		for (const id of ['a', 'x@y', 'x#y', '#', '@', '']) {
			expect(idOfKey(recordKey({ id, modifiedAt: at('10:00') }, at('10:00')))).toBe(id);
			expect(idOfKey(recordKey({ id }))).toBe(id);
		}
		expect(recordKey({ id: 'a' })).toBe(`a#${fingerprint({ id: 'a' })}`);
		expect(recordKey({ modifiedAt: at('10:00') }, at('10:00'))).toMatch(/^#/);
	});

	it('fingerprints ignore key order and see every change', () => {
		expect(fingerprint({ a: 1, b: { c: [1, 2], d: null } })).toBe(
			fingerprint({ b: { d: null, c: [1, 2] }, a: 1 }),
		);
		expect(fingerprint({ a: 1, b: { c: [1, 2] } })).not.toBe(
			fingerprint({ a: 1, b: { c: [2, 1] } }),
		);
		expect(fingerprint({ a: '1' })).not.toBe(fingerprint({ a: 1 }));
	});
});

describe('stored state', () => {
	it('is copied out of static data when it matches the resource and version', () => {
		const stored = {
			v: 1,
			resource: 'job',
			watermark: at('10:00'),
			seen: { [at('10:00')]: ['x'] },
			backlog: { since: at('09:00') },
			notice: 'n',
		};
		expect(loadState(stored, 'job')).toEqual(stored);
		expect(loadState({ ...stored, backlog: {} }, 'job')?.backlog).toEqual({});
		expect(loadState(stored, 'job')?.seen).not.toBe(stored.seen);
	});

	it('starts over (undefined) for another resource, another version or anything malformed', () => {
		const good = { v: 1, resource: 'job', seen: {} };
		expect(loadState(good, 'candidate')).toBeUndefined();
		expect(loadState({ ...good, v: 2 }, 'job')).toBeUndefined();
		expect(loadState({ ...good, watermark: 'soon' }, 'job')).toBeUndefined();
		expect(loadState({ ...good, seen: { a: [1] } }, 'job')).toBeUndefined();
		expect(loadState({ ...good, backlog: { since: 'soon' } }, 'job')).toBeUndefined();
		expect(loadState(undefined, 'job')).toBeUndefined();
		expect(loadState('x', 'job')).toBeUndefined();
	});
});
