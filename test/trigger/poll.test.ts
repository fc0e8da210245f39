/*
 * The trigger end to end: the real node class run by n8n-core's PollContext over consecutive
 * polls, static data carried (and saved) as n8n does, the API served by nock.
 */
import { NodeApiError } from 'n8n-workflow';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { recordKey } from '../../nodes/RecruitingTrigger/lists/records';
import {
	API,
	API_KEY,
	useFakeApi,
	candidate,
	cursorAfter,
	job,
	jobListItem,
	jobStage,
	t,
} from './fakeApi';
import { TriggerHarness, itemsOf } from '../harness/trigger';

const api = useFakeApi();

/** The trigger on `resource`, Start: Everything; `durable`: n8n 2.x's durable poll cursors on. */
function everything(
	resource = 'candidate',
	parameters: INodeParameters = {},
	durable = false,
): TriggerHarness {
	return new TriggerHarness(
		{ resource, start: 'everything', ...parameters },
		undefined,
		undefined,
		durable,
	);
}

function ids(items: IDataObject[]): string[] {
	return items.map((item) => item.id as string);
}

/** "id event" of each item. */
function events(items: IDataObject[]): string[] {
	return items.map((item) => `${item.id as string} ${item.event as string}`);
}

function range(from: number, to: number): number[] {
	return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** The ids `c00001`… for the numbers given. */
function cids(numbers: number[]): string[] {
	return numbers.map((n) => `c${String(n).padStart(5, '0')}`);
}

describe('first activation (Start)', () => {
	it('From Now: the first poll emits nothing and remembers where the list ends; later changes are emitted', async () => {
		api.addCandidates(candidate(1, 1), candidate(2, 995), candidate(3, 998));
		const trigger = new TriggerHarness({ resource: 'candidate' });

		expect(await trigger.poll()).toBeNull();
		// The API's own "now": read back 10 minutes, not trusting the n8n clock alone.
		expect(api.log).toEqual([
			{
				path: '/v1/candidates',
				query: { limit: '50', modifiedSince: t(990) },
				status: 200,
				count: 2,
				at: expect.any(Number),
			},
		]);
		expect(trigger.state()).toMatchObject({ v: 1, resource: 'candidate', watermark: t(998) });
		expect(trigger.state()?.seen).toEqual({ [t(998)]: [`c00003@${t(998)}`] });

		api.now = Date.parse(t(1005));
		api.addCandidates(candidate(4, 1001));
		api.touchCandidate('c00001', t(1002), { firstName: 'Changed' });
		const second = itemsOf(await trigger.poll());
		expect(events(second)).toEqual(['c00004 created', 'c00001 updated']);
		expect(second[1]).toMatchObject({
			event: 'updated',
			resource: 'candidate',
			firstName: 'Changed',
			lastName: 'Last1',
		});
		// Resumed where the first poll's list ended: after c00003, with the query that cursor
		// came from (the first poll's 10-minute look-back), not with the newer watermark. The
		// list went on past that position's time, so before moving past it the poll read from
		// the watermark (a record written late at t(998) sorting before c00003 would be there).
		expect(api.log.slice(-2).map((r) => r.query)).toEqual([
			{ limit: '50', modifiedSince: t(990), cursor: cursorAfter(candidate(3, 998)) },
			{ limit: '50', modifiedSince: t(998) },
		]);

		expect(await trigger.poll()).toBeNull();
	});

	it('From Now on an empty window: starts 10 minutes back by the n8n clock', async () => {
		api.addJobs(job(1, 5));
		const trigger = new TriggerHarness({ resource: 'job' });
		expect(await trigger.poll()).toBeNull();
		expect(trigger.state()).toMatchObject({ resource: 'job', watermark: t(990) });
		api.addJobs(job(2, 1001));
		expect(ids(itemsOf(await trigger.poll()))).toEqual(['j00002']);
	});

	it('From a Date: records modified since then; created or updated relative to that date', async () => {
		api.addCandidates(candidate(1, 2, 0), candidate(2, 10, 1), candidate(3, 7, 6));
		const trigger = new TriggerHarness({ resource: 'candidate', start: 'date', startDate: t(5) });
		expect(events(itemsOf(await trigger.poll()))).toEqual(['c00003 created', 'c00002 updated']);
		expect(api.log[0].query).toEqual({ limit: '50', modifiedSince: t(5) });
	});

	it('From a Date without a date: a clear error, nothing stored', async () => {
		const trigger = new TriggerHarness({ resource: 'candidate', start: 'date' });
		await expect(trigger.poll()).rejects.toThrow(
			/^Start Date is required when Start is From a Date/,
		);
		expect(trigger.state()).toBeUndefined();
	});

	it.each([false, true])(
		"renaming the trigger node keeps its position: nothing repeated, nothing lost (n8n's durable poll cursors: %s)",
		async (durable) => {
			api.addCandidates(candidate(1, 10), candidate(2, 20));
			const trigger = everything('candidate', {}, durable);
			expect(ids(itemsOf(await trigger.poll()))).toEqual(cids([1, 2]));
			// Changed while the user renames the node and publishes again.
			api.addCandidates(candidate(3, 30));
			trigger.rename('New Candidate');
			expect(ids(itemsOf(await trigger.poll()))).toEqual(cids([3]));
			expect(await trigger.poll()).toBeNull();
		},
	);

	describe("with n8n 2.x's durable poll cursors (N8N_POLLER_DURABLE_CURSORS_ENABLED)", () => {
		it('the state is committed with the execution: a restart that lost the static data saved beside it repeats nothing', async () => {
			api.addCandidates(candidate(1, 10), candidate(2, 20));
			const trigger = everything('candidate', {}, true);
			expect(ids(itemsOf(await trigger.poll()))).toEqual(cids([1, 2]));
			api.addCandidates(candidate(3, 30));
			const before = trigger.saved;
			expect(ids(itemsOf(await trigger.poll()))).toEqual(cids([3]));
			// n8n crashes after committing the execution (and the cursor with it), before the
			// workflow's static data it saves beside them lands.
			trigger.saved = before;
			trigger.restart();
			expect(await trigger.poll()).toBeNull();
			api.addCandidates(candidate(4, 40));
			expect(ids(itemsOf(await trigger.poll()))).toEqual(cids([4]));
		});

		it('a poll that lost its lease commits nothing: the static data saved beside it is ahead, the next poll goes on from the cursor and emits the change again', async () => {
			api.addCandidates(candidate(1, 10), candidate(2, 20));
			const trigger = everything('candidate', {}, true);
			expect(ids(itemsOf(await trigger.poll()))).toEqual(cids([1, 2]));
			api.addCandidates(candidate(3, 30));
			const cursor = trigger.cursor;
			expect(ids(itemsOf(await trigger.poll()))).toEqual(cids([3]));
			// n8n refused the commit: neither the cursor nor the execution was stored.
			trigger.cursor = cursor;
			expect(ids(itemsOf(await trigger.poll()))).toEqual(cids([3]));
			expect(await trigger.poll()).toBeNull();
		});

		it('From Now: the poll n8n runs at activation commits no cursor when it emits nothing; its position is kept where n8n saves it after activating, and the first scheduled poll goes on from it', async () => {
			api.addCandidates(candidate(1, 1), candidate(2, 995));
			const trigger = new TriggerHarness({ resource: 'candidate' }, undefined, undefined, true);
			expect(await trigger.activate()).toBeNull();
			expect(trigger.cursor).toBe('{}');
			// Created between the activation and the first scheduled poll.
			api.now = Date.parse(t(1005));
			api.addCandidates(candidate(3, 1001));
			expect(ids(itemsOf(await trigger.poll()))).toEqual(cids([3]));
			expect(await trigger.poll()).toBeNull();
			expect(JSON.parse(trigger.cursor as string).state).toMatchObject({ watermark: t(1001) });
		});

		it('Resource changed and published: the activation poll starts over (no cursor committed), its position kept where n8n saves it; the first scheduled poll goes on from it', async () => {
			api.addCandidates(candidate(1, 10));
			const trigger = everything('candidate', {}, true);
			expect(ids(itemsOf(await trigger.poll()))).toEqual(cids([1]));
			// n8n activates the edited trigger again; the cursor still holds the candidates' state.
			trigger.setParameters({ resource: 'job', start: 'now' });
			expect(await trigger.activate()).toBeNull();
			api.now = Date.parse(t(1005));
			api.addJobs(job(2, 1001));
			expect(ids(itemsOf(await trigger.poll()))).toEqual(['j00002']);
			expect(await trigger.poll()).toBeNull();
		});
	});

	it('switching Resource on an existing workflow starts over per the Start setting', async () => {
		api.addCandidates(candidate(1, 10));
		api.addJobs(job(1, 10), job(2, 20));
		const trigger = everything();
		expect(ids(itemsOf(await trigger.poll()))).toEqual(['c00001']);
		trigger.setParameters({ resource: 'job' });
		expect(ids(itemsOf(await trigger.poll()))).toEqual(['j00001', 'j00002']);
		expect(trigger.state()).toMatchObject({ resource: 'job' });
	});
});

describe('Fetch Test Event (manual mode)', () => {
	it('returns the most recent record and leaves the stored state untouched', async () => {
		api.addCandidates(candidate(1, 100), candidate(2, 950), candidate(3, 960, 1));
		const trigger = everything();
		await trigger.poll();
		const before = trigger.state();
		const saved = trigger.saved;
		api.addCandidates(candidate(4, 970));

		const items = itemsOf(await trigger.poll('manual'));
		expect(items).toEqual([
			expect.objectContaining({ id: 'c00004', event: 'created', resource: 'candidate' }),
		]);
		expect(api.log.at(-1)?.query).toEqual({ limit: '50', modifiedSince: t(940) });
		expect(trigger.state()).toEqual(before);
		expect(trigger.saved).toBe(saved);

		// The activation still goes on from its own state: c00004 is new to it.
		expect(ids(itemsOf(await trigger.poll()))).toEqual(['c00004']);
	});

	it('before any activation: a later activation still starts From Now', async () => {
		api.addCandidates(candidate(1, 100), candidate(2, 999));
		const trigger = new TriggerHarness({ resource: 'candidate' });
		expect(ids(itemsOf(await trigger.poll('manual')))).toEqual(['c00002']);
		expect(trigger.state()).toBeUndefined();
		expect(await trigger.poll()).toBeNull();
		expect(trigger.state()).toMatchObject({ watermark: t(999) });
	});

	it('looks further back when nothing changed recently, honouring the Event filter', async () => {
		const longAgo = -100_000;
		api.addCandidates(candidate(1, 10, longAgo), candidate(2, 20, longAgo), candidate(3, 15, 15));
		const updated = new TriggerHarness({ resource: 'candidate', event: 'updated' });
		expect(events(itemsOf(await updated.poll('manual')))).toEqual(['c00002 updated']);
		// The last hour held nothing; the last day did.
		expect(api.log.map((r) => r.query.modifiedSince)).toEqual([t(940), t(1000 - 24 * 60)]);

		const created = new TriggerHarness({ resource: 'candidate', event: 'created' });
		expect(events(itemsOf(await created.poll('manual')))).toEqual(['c00003 created']);
	});

	it('a busy last hour (an import of 1,100): the newest record, not the oldest of the first 20 pages', async () => {
		// 1,100 old candidates updated 50 minutes ago, then one created a minute ago.
		api.addCandidates(...range(1, 1100).map((n) => candidate(n, 950, 1)));
		api.addCandidates(candidate(2000, 999, 999));
		for (const event of ['created', 'createdOrUpdated']) {
			const trigger = new TriggerHarness({ resource: 'candidate', event });
			expect(events(itemsOf(await trigger.poll('manual')))).toEqual(['c02000 created']);
		}
	});

	it('an Event the resource does not have (Resource switched from Job): named as the editor shows it', async () => {
		const trigger = new TriggerHarness({ resource: 'candidate', event: 'stageChanged' });
		await expect(trigger.poll('manual')).rejects.toThrow(
			expect.objectContaining({
				message: 'Event "Stage Changed" is not an event of the candidate trigger',
				description:
					'Pick one of Created or Updated, Created, Updated under Event. Stage Changed is an event of the Job resource only.',
			}),
		);
	});

	it('says so plainly when there is nothing to show', async () => {
		const trigger = new TriggerHarness({ resource: 'job' });
		await expect(trigger.poll('manual')).rejects.toThrow('No jobs found to use as a test event');
		expect(trigger.state()).toBeUndefined();
	});
});

describe('consecutive polls', () => {
	it('three polls with changes between them: each change once, nothing repeated', async () => {
		api.addCandidates(candidate(1, 10, 1), candidate(2, 20, 2), candidate(3, 30, 3));
		const trigger = everything();
		// Start: Everything: every existing record, as created, from the beginning of time.
		expect(events(itemsOf(await trigger.poll()))).toEqual([
			'c00001 created',
			'c00002 created',
			'c00003 created',
		]);
		expect(api.log[0].query).toEqual({ limit: '50' });
		expect(await trigger.poll()).toBeNull();

		api.touchCandidate('c00002', t(40), { lastName: 'Married' });
		api.addCandidates(candidate(4, 41));
		expect(events(itemsOf(await trigger.poll()))).toEqual(['c00002 updated', 'c00004 created']);

		// A record committed late with a modifiedAt equal to the watermark is still caught.
		api.addCandidates(candidate(5, 41));
		api.touchCandidate('c00004', t(50));
		api.touchCandidate('c00001', t(50));
		expect(events(itemsOf(await trigger.poll()))).toEqual([
			'c00005 created',
			'c00001 updated',
			'c00004 updated',
		]);
		expect(await trigger.poll()).toBeNull();
		expect(trigger.state()).toMatchObject({ watermark: t(50) });
		// Each poll resumed from where the one before ended, with the cursor's own query; when
		// the list went on past that position's time, it read from the watermark before moving
		// past it (that is where c00005, written late at t(41), would sort before the cursor).
		expect(api.log.map((r) => [r.query.modifiedSince, r.query.cursor])).toEqual([
			[undefined, undefined],
			[undefined, cursorAfter(candidate(3, 30, 3))],
			[undefined, cursorAfter(candidate(3, 30, 3))],
			[t(30), undefined],
			[t(30), cursorAfter(candidate(4, 41))],
			[t(41), undefined],
			[t(41), cursorAfter(candidate(4, 50))],
		]);
	});

	it('a bulk update of 2,000 at one modifiedAt: an idle poll is 1 request; moving past it reads it once more', async () => {
		api.addCandidates(...range(1, 2000).map((n) => candidate(n, 10)));
		const trigger = everything();
		expect(ids(itemsOf(await trigger.poll()))).toEqual(cids(range(1, 1000)));
		expect(api.log).toHaveLength(20);
		// The second half resumes where the first stopped: no page is read twice.
		expect(ids(itemsOf(await trigger.poll()))).toEqual(cids(range(1001, 2000)));
		expect(api.log).toHaveLength(40);
		expect(api.log[20].query.cursor).toBe(cursorAfter(candidate(1000, 10)));
		// Read to the end: the list's last cursor is kept, with the query it came from (none).
		const end = trigger.state();
		expect(end).toMatchObject({
			cursor: cursorAfter(candidate(2000, 10)),
			cursorAt: t(10),
			cursorSince: '',
		});

		for (let idle = 1; idle <= 3; idle++) {
			expect(await trigger.poll()).toBeNull();
			expect(api.log).toHaveLength(40 + idle);
			expect(trigger.state()).toEqual(end);
		}
		expect(api.log.at(-1)?.query).toEqual({
			limit: '50',
			cursor: cursorAfter(candidate(2000, 10)),
		});

		// A change to one of them after the bulk: emitted once, as an update. The list goes on
		// past the cursor's time, so the poll reads the bulk's time once more from the watermark
		// before moving past it (1 + 40 requests, once): a record written late at t(10) with an
		// id before c02000 is found then, not lost behind the cursor.
		api.touchCandidate('c00007', t(20));
		expect(events(itemsOf(await trigger.poll()))).toEqual(['c00007 updated']);
		expect(api.log).toHaveLength(84);
		expect(api.log[44].query).toEqual({ limit: '50', modifiedSince: t(10) });
		// The keys at the watermark stay bounded to its one time.
		expect(trigger.state()).toMatchObject({ watermark: t(20) });
		expect(trigger.state()?.seen).toEqual({ [t(20)]: [`c00007@${t(20)}`] });
		// Then idle again: one request per poll.
		expect(await trigger.poll()).toBeNull();
		expect(api.log).toHaveLength(85);
	});

	it('a record written late at a time already read is still found while that time is recent', async () => {
		api.addCandidates(...range(2, 120).map((n) => candidate(n, 998)));
		const trigger = everything();
		expect(itemsOf(await trigger.poll())).toHaveLength(119);

		// Stamped 11:58 like the others but only listed now; its id sorts before all of them.
		api.now = Date.parse(t(1001));
		api.addCandidates(candidate(1, 998));
		expect(events(itemsOf(await trigger.poll()))).toEqual(['c00001 created']);
		// Read again from the watermark: the stored cursor was not settled yet.
		expect(api.log.slice(3).map((r) => r.query)).toEqual([
			{ limit: '50', modifiedSince: t(998) },
			{ limit: '50', modifiedSince: t(998), cursor: cursorAfter(candidate(50, 998)) },
			{ limit: '50', modifiedSince: t(998), cursor: cursorAfter(candidate(100, 998)) },
		]);
		expect(trigger.state()).toMatchObject({
			cursor: cursorAfter(candidate(120, 998)),
			cursorAt: t(998),
		});

		// Five minutes on, the cursor is used: one request.
		api.now = Date.parse(t(1004));
		expect(await trigger.poll()).toBeNull();
		expect(api.log).toHaveLength(7);
		api.now = Date.parse(t(1010));
		expect(await trigger.poll()).toBeNull();
		expect(api.log).toHaveLength(8);
		expect(api.log.at(-1)?.query.cursor).toBe(cursorAfter(candidate(120, 998)));
	});

	it('Max Items per Poll inside a page: the next poll re-opens that page, nothing repeated', async () => {
		api.addCandidates(...range(1, 120).map((n) => candidate(n, 10)));
		const trigger = everything('candidate', { options: { maxItemsPerPoll: 70 } });
		expect(ids(itemsOf(await trigger.poll()))).toEqual(cids(range(1, 70)));
		const reopened = cursorAfter(candidate(50, 10));
		expect(trigger.state()).toMatchObject({ cursor: reopened, cursorSince: '' });
		expect(ids(itemsOf(await trigger.poll()))).toEqual(cids(range(71, 120)));
		// Poll 1: pages 1-2; poll 2: page 2 again (its cursor), then page 3.
		expect(api.log.map((r) => r.query)).toEqual([
			{ limit: '50' },
			{ limit: '50', cursor: reopened },
			{ limit: '50', cursor: reopened },
			{ limit: '50', cursor: cursorAfter(candidate(100, 10)) },
		]);
		expect(trigger.state()?.cursor).toBe(cursorAfter(candidate(120, 10)));
		expect(await trigger.poll()).toBeNull();
	});

	it('a stored cursor the API refuses (HTTP 400): read from the watermark, nothing lost or repeated', async () => {
		api.addCandidates(...range(1, 60).map((n) => candidate(n, 10)));
		const trigger = everything();
		expect(itemsOf(await trigger.poll())).toHaveLength(60);
		expect(trigger.state()).toMatchObject({ cursor: cursorAfter(candidate(60, 10)) });

		api.addCandidates(candidate(61, 10), candidate(62, 11));
		api.fail = ({ query }) => (query.cursor === cursorAfter(candidate(60, 10)) ? 400 : undefined);
		expect(events(itemsOf(await trigger.poll()))).toEqual(['c00061 created', 'c00062 created']);
		expect(api.log.slice(-3).map((r) => [r.status, r.query.cursor])).toEqual([
			[400, cursorAfter(candidate(60, 10))],
			[200, undefined],
			[200, cursorAfter(candidate(50, 10))],
		]);
		api.fail = undefined;
		expect(await trigger.poll()).toBeNull();
		expect(trigger.state()).toMatchObject({
			watermark: t(11),
			cursor: cursorAfter(candidate(62, 11)),
		});
	});

	it('after a 429 the rest of the poll is paced to the credential’s Rate Limit', async () => {
		api.addCandidates(...range(1, 250).map((n) => candidate(n, n)));
		// 600 a minute: at least 100 ms between paced requests.
		const credentials = { baseUrl: API, apiKey: API_KEY, requestsPerMinute: 600 };
		const trigger = new TriggerHarness({ resource: 'candidate', start: 'everything' }, credentials);
		api.fail = ({ index }) => (index === 1 ? 429 : undefined);
		expect(ids(itemsOf(await trigger.poll()))).toEqual(cids(range(1, 250)));
		const log = api.log;
		expect(log.map((r) => r.status)).toEqual([200, 429, 200, 200, 200, 200]);
		// The 4 requests after the 429 each leave at least 101 ms after the one before (the
		// refused one included): 404 ms from the 429 to the last, as sent. Arrival times add
		// each request's own set-up time (tens of ms on a busy machine), hence 3 intervals.
		expect(log[5].at - log[1].at).toBeGreaterThanOrEqual(3 * 101);
	});

	it("a slow API: a poll stops reading once n8n's time budget for it is spent (getPollBudgetMs) and returns what it has; the next goes on, nothing lost or repeated", async () => {
		api.addCandidates(...range(1, 200).map((n) => candidate(n, n)));
		const trigger = everything();
		// Each answer takes 10 s of the n8n clock; n8n gives a poll 25 s.
		jest.spyOn(Date, 'now').mockImplementation(() => api.now + api.log.length * 10_000);
		trigger.budgetMs = 25_000;
		const first = ids(itemsOf(await trigger.poll()));
		// Past the budget after the third page: no fourth.
		expect(api.log).toHaveLength(3);
		expect(first).toEqual(cids(range(1, 150)));
		expect(ids(itemsOf(await trigger.poll()))).toEqual(cids(range(151, 200)));
		expect(await trigger.poll()).toBeNull();
	});

	it('all 2,000 in one poll when Max Items per Poll allows it', async () => {
		api.addCandidates(...range(1, 2000).map((n) => candidate(n, 10)));
		const trigger = everything('candidate', { options: { maxItemsPerPoll: 5000 } });
		expect(new Set(ids(itemsOf(await trigger.poll()))).size).toBe(2000);
		expect(api.log).toHaveLength(40);
		expect(await trigger.poll()).toBeNull();
	});

	it('an HTTP 500 on page 3 of 5: a clear error, the state kept, the next poll emits everything once', async () => {
		api.addCandidates(...range(1, 10).map((n) => candidate(n, n)));
		const trigger = everything();
		expect(itemsOf(await trigger.poll())).toHaveLength(10);
		const before = trigger.state();
		const saved = trigger.saved;

		api.addCandidates(...range(11, 260).map((n) => candidate(n, 100 + n)));
		// Page 3 of this poll, and anything after it, fails until the API recovers.
		const failAt = api.log.length + 2;
		api.fail = ({ index }) => (index >= failAt ? 500 : undefined);
		const failure = await trigger.poll().catch((error: unknown) => error);
		expect(failure).toBeInstanceOf(NodeApiError);
		expect((failure as NodeApiError).message).toMatch(/failed with HTTP 500/);
		expect(api.log.slice(-3).map((r) => r.status)).toEqual([200, 200, 500]);
		expect(trigger.state()).toEqual(before);
		expect(trigger.saved).toBe(saved);
		api.fail = undefined;

		const items = itemsOf(await trigger.poll());
		expect(ids(items)).toEqual(cids(range(11, 260)));
		expect(items.every((item) => item.event === 'created')).toBe(true);
		expect(await trigger.poll()).toBeNull();
	});

	it('an HTTP 500 then an n8n restart: the saved state resumes with nothing lost or repeated', async () => {
		api.addCandidates(...range(1, 3).map((n) => candidate(n, n)));
		const trigger = everything();
		expect(itemsOf(await trigger.poll())).toHaveLength(3);
		api.addCandidates(...range(4, 203).map((n) => candidate(n, 100 + n)));
		const failAt = api.log.length + 2;
		api.fail = ({ index }) => (index >= failAt ? 500 : undefined);
		await expect(trigger.poll()).rejects.toThrow(/HTTP 500/);
		api.fail = undefined;

		trigger.restart();
		expect(ids(itemsOf(await trigger.poll()))).toEqual(cids(range(4, 203)));
		trigger.restart();
		expect(await trigger.poll()).toBeNull();
	});

	it('Max Items per Poll drains a backlog over several polls, in order, with changes during it', async () => {
		api.addCandidates(...range(1, 230).map((n) => candidate(n, n)));
		const trigger = everything('candidate', { options: { maxItemsPerPoll: 100 } });

		expect(ids(itemsOf(await trigger.poll()))).toEqual(cids(range(1, 100)));
		expect(trigger.state()?.backlog).toEqual({});
		// During the backlog: one already emitted and one not yet emitted change.
		api.touchCandidate('c00050', t(500));
		api.touchCandidate('c00150', t(501));
		expect(ids(itemsOf(await trigger.poll()))).toEqual(
			cids([...range(101, 149), ...range(151, 201)]),
		);
		const third = itemsOf(await trigger.poll());
		// Start: Everything: the whole backlog counts as created, however many polls it takes.
		// c00050 changed again while the backlog drained; the trigger keeps no list of the ids
		// it emitted earlier in a backlog, so it cannot tell that one apart (nodes/RecruitingTrigger/README.md says so).
		expect(events(third)).toEqual([
			...cids(range(202, 230)).map((id) => `${id} created`),
			'c00050 created',
			'c00150 created',
		]);
		expect(trigger.state()?.backlog).toBeUndefined();
		expect(await trigger.poll()).toBeNull();

		// Caught up: an old record changed again is an update.
		api.touchCandidate('c00001', t(600));
		expect(events(itemsOf(await trigger.poll()))).toEqual(['c00001 updated']);
	});
});

describe('jobs', () => {
	it('emits jobs changed since the watermark; an unchanged job at the boundary is not repeated, one changed late at it is', async () => {
		api.addJobs(job(1, 10), job(2, 20), job(3, 20));
		const trigger = everything('job');
		const first = itemsOf(await trigger.poll());
		expect(first.map((item) => [item.id, item.event, item.name, item.createdAt])).toEqual([
			['j00001', 'created', 'Job 1', t(10)],
			['j00002', 'created', 'Job 2', t(20)],
			['j00003', 'created', 'Job 3', t(20)],
		]);
		// j00001 sits before t(20) on the page that ends there: one read from t(20) says so.
		expect(api.log.map((r) => r.query)).toEqual([
			{ limit: '50' },
			{ limit: '50', modifiedSince: t(20) },
		]);
		// Only the jobs that sit at the watermark are kept: j00001 is not there.
		expect(trigger.state()).toMatchObject({ watermark: t(20) });
		expect(trigger.state()?.seen).toEqual({
			[t(20)]: [job(2, 20), job(3, 20)].map((row) => recordKey(jobListItem(row))),
		});

		// Changed late at exactly the watermark, showing nothing but its time, right after the
		// poll that moved the watermark there (no cursor page after it).
		api.touchJob('j00001', t(20));
		expect(events(itemsOf(await trigger.poll()))).toEqual(['j00001 updated']);
		expect(await trigger.poll()).toBeNull();
		// The idle poll is one request, from the watermark: the jobs at t(20), all handled.
		expect(api.log.at(-1)?.query).toEqual({ limit: '50', modifiedSince: t(20) });

		api.touchJob('j00003', t(30), { name: 'Job 3 (senior)' });
		api.addJobs(job(4, 31));
		expect(events(itemsOf(await trigger.poll()))).toEqual(['j00003 updated', 'j00004 created']);
		expect(await trigger.poll()).toBeNull();
	});

	it('the vacancy cursor stall: what can be read is emitted with a notice, never loops, goes on after it', async () => {
		api.addJobs(job(1, 5), ...range(2, 71).map((n) => job(n, 10)), job(72, 15), job(73, 16));
		const trigger = everything('job');
		const items = itemsOf(await trigger.poll());

		// 70 jobs share t(10): the API lists j00002…j00050 after j00001, then j00002…j00051 for
		// the cursor t(10), again and again. j00052…j00071 cannot be listed.
		expect(ids(items)).toEqual([
			'j00001',
			...range(2, 51).map((n) => `j${String(n).padStart(5, '0')}`),
			'j00072',
			'j00073',
		]);
		const noticed = items.filter((item) => item.notice !== undefined);
		expect(ids(noticed)).toEqual(['j00051']);
		expect(noticed[0].notice).toMatch(
			/More than 50 jobs share the modification time 2026-03-01T00:10:00.000Z/,
		);
		expect(api.log.map((r) => r.query)).toEqual([
			{ limit: '50' },
			{ limit: '50', cursor: t(10) },
			{ limit: '50', modifiedSince: '2026-03-01T00:10:00.001Z' },
			// The last page ends at t(16) with j00072 before it: the read from t(16) says it sits
			// before the new watermark (the next poll's own first request).
			{ limit: '50', modifiedSince: t(16) },
		]);
		expect(trigger.state()).toMatchObject({ watermark: t(16) });
		expect(trigger.state()?.notice).toBeUndefined();

		expect(await trigger.poll()).toBeNull();
		api.touchJob('j00060', t(20));
		expect(ids(itemsOf(await trigger.poll()))).toEqual(['j00060']);
	});

	describe('a change written late at exactly the watermark, showing nothing but its time', () => {
		// 60 jobs: j00001-j00020 at t(10), the even ids j00022-j00060 at t(20), the odd ids
		// j00021-j00059 at t(30). The first sync's first page ends at t(30) and holds 40 jobs
		// modified before it; the cursor's page repeats the 20 at t(30). A job that sat before
		// the watermark and is then changed late at exactly t(30), where the list shows only
		// its modification time (custom attributes, stage totals), is a change to emit.
		const tie = (minute: number, numbers: number[]) => numbers.map((n) => job(n, minute));
		const odd = range(21, 59).filter((n) => n % 2 === 1);
		const even = range(22, 60).filter((n) => n % 2 === 0);

		it.each([
			['its id sorting before the jobs at the watermark', 'j00005'],
			['its id sorting among them', 'j00040'],
			['its id sorting after them', 'j00060'],
		])('%s: emitted once, then idle polls are one request', async (_case, late) => {
			api.addJobs(...tie(10, range(1, 20)), ...tie(20, even), ...tie(30, odd));
			const trigger = everything('job');
			expect(itemsOf(await trigger.poll())).toHaveLength(60);
			expect(await trigger.poll()).toBeNull();

			api.touchJob(late, t(30));
			const before = api.log.length;
			expect(events(itemsOf(await trigger.poll()))).toEqual([`${late} updated`]);
			// Read from the watermark; the page reaches past nothing, so nothing more is asked.
			expect(api.log.length - before).toBe(1);
			expect(await trigger.poll()).toBeNull();
			expect(api.log.length - before).toBe(2);
		});

		it('after a poll cut by Max Items per Poll inside the page that set the watermark', async () => {
			api.addJobs(...range(1, 6).map((n) => job(n, 10 + n)));
			const trigger = everything('job', { options: { maxItemsPerPoll: 4 } });
			expect(ids(itemsOf(await trigger.poll()))).toEqual(['j00001', 'j00002', 'j00003', 'j00004']);
			api.touchJob('j00002', t(14));
			// Created again: the backlog (Start: Everything) still drains, and a record changed
			// again during a backlog counts from where the backlog began (nodes/RecruitingTrigger/README.md).
			expect(events(itemsOf(await trigger.poll()))).toEqual([
				'j00002 created',
				'j00005 created',
				'j00006 created',
			]);
			expect(await trigger.poll()).toBeNull();
		});
	});

	it('a job modified again while the poll pages through the list is emitted again, once', async () => {
		api.addJobs(...range(1, 120).map((n) => job(n, n)));
		// Before the second page: j00001 is modified where the list shows nothing but its time.
		api.fail = ({ index }) => {
			if (index === 1) api.touchJob('j00001', t(500));
			return undefined;
		};
		const trigger = everything('job');
		const items = itemsOf(await trigger.poll());
		expect(items.filter((item) => item.id === 'j00001').map((item) => item.event)).toEqual([
			'created',
			'updated',
		]);
		expect(items).toHaveLength(121);
		api.fail = undefined;
		expect(await trigger.poll()).toBeNull();
	});

	it('Fetch Test Event reads no more than it shows: no read to settle a state it does not keep', async () => {
		api.addJobs(job(1, 990), job(2, 995));
		const trigger = new TriggerHarness({ resource: 'job' });
		expect(ids(itemsOf(await trigger.poll('manual')))).toEqual(['j00002']);
		// From the window's start, then after it; not from t(995) to settle the state.
		expect(api.log.map((r) => r.query)).toEqual([
			{ limit: '50', modifiedSince: t(940) },
			{ limit: '50', modifiedSince: '2026-03-01T15:40:00.001Z' },
		]);
	});

	it('Stage Changed: a job moved to another stage, with where it came from; other changes are not emitted', async () => {
		api.addJobs(
			{ ...job(1, 10), ...jobStage('s1', 'Sourcing', 1, '#000') },
			{ ...job(2, 20), ...jobStage('s1', 'Sourcing', 1, '#000') },
		);
		const trigger = new TriggerHarness({ resource: 'job', event: 'stageChanged' });
		// The first poll reads the whole job list once (every job's stage), then learns where
		// the list ends; nothing is emitted.
		expect(await trigger.poll()).toBeNull();
		expect(api.log.map((r) => r.query)).toEqual([
			{ limit: '50' },
			{ limit: '50', modifiedSince: t(990) },
		]);

		api.touchJob('j00001', t(995), jobStage('s2', 'Interviewing', 2, '#000'));
		api.touchJob('j00002', t(996), { name: 'Job 2 (renamed)' });
		const items = itemsOf(await trigger.poll());
		expect(items).toEqual([
			expect.objectContaining({
				event: 'stageChanged',
				resource: 'job',
				id: 'j00001',
				fromStage: { id: 's1', name: 'Sourcing', order: 1 },
				toStage: { id: 's2', name: 'Interviewing', order: 2 },
				stage: expect.objectContaining({ id: 's2' }),
			}),
		]);
		expect(await trigger.poll()).toBeNull();
		// Moved back: emitted again, once.
		api.touchJob('j00001', t(997), jobStage('s1', 'Sourcing', 1, '#000'));
		expect(itemsOf(await trigger.poll()).map((item) => item.toStage)).toEqual([
			{ id: 's1', name: 'Sourcing', order: 1 },
		]);
	});

	it('Stage Changed: a stall notice on jobs it does not emit waits for the next item, once; Fetch Test Event has its shape', async () => {
		api.addJobs(...range(1, 70).map((n) => ({ ...job(n, n), ...jobStage('s1') })));
		const trigger = new TriggerHarness({ resource: 'job', event: 'stageChanged' });
		expect(await trigger.poll()).toBeNull();
		// 60 jobs changed at one time (the list cannot page past them), none to another stage.
		for (const n of range(1, 60)) api.touchJob(`j${String(n).padStart(5, '0')}`, t(995));
		expect(await trigger.poll()).toBeNull();
		expect(trigger.state()?.notice).toMatch(/^More than 50 jobs share the modification time/);
		api.touchJob('j00070', t(997), jobStage('s2'));
		const items = itemsOf(await trigger.poll());
		expect(items.map((item) => item.id)).toEqual(['j00070']);
		expect(String(items[0].notice).split('\n')).toHaveLength(1);
		expect(trigger.state()?.notice).toBeUndefined();

		const test = itemsOf(await trigger.poll('manual'));
		expect(test).toEqual([
			expect.objectContaining({
				event: 'stageChanged',
				id: 'j00070',
				fromStage: null,
				toStage: { id: 's2', name: 'S2', order: 1 },
			}),
		]);
	});

	it('Stage Changed: a job whose stage was never seen is not emitted for a rename; its stage is learnt, and its next move emitted', async () => {
		// 60 jobs at one time: the first poll's read of every stage cannot page past 50 of them.
		api.addJobs(...range(1, 60).map((n) => ({ ...job(n, 5), ...jobStage('s1') })));
		const trigger = new TriggerHarness({ resource: 'job', event: 'stageChanged' });
		expect(await trigger.poll()).toBeNull();
		const seen = Object.keys(trigger.state()?.jobStages as IDataObject);
		expect(seen).toHaveLength(50);
		expect(seen).not.toContain('j00055');
		// Renamed: no move, whatever the trigger knew of its stage before.
		api.touchJob('j00055', t(995), { name: 'Job 55 (renamed)' });
		expect(await trigger.poll()).toBeNull();
		// Moved: emitted, from the stage learnt at the rename.
		api.touchJob('j00055', t(996), jobStage('s2'));
		expect(itemsOf(await trigger.poll())).toEqual([
			expect.objectContaining({
				event: 'stageChanged',
				id: 'j00055',
				fromStage: { id: 's1', name: 'S1', order: 1 },
				toStage: { id: 's2', name: 'S2', order: 1 },
			}),
		]);
	});
});

describe('Event filter', () => {
	it('Created only and Updated only split the same changes', async () => {
		api.addCandidates(candidate(1, 10, 1), candidate(2, 20, 2));
		const [created, updated, both] = [{ event: 'created' }, { event: 'updated' }, {}].map(
			(event) =>
				new TriggerHarness({ resource: 'candidate', start: 'date', startDate: t(15), ...event }),
		);
		for (const trigger of [created, updated, both]) await trigger.poll();

		api.touchCandidate('c00001', t(30));
		api.addCandidates(candidate(3, 31));
		expect(events(itemsOf(await created.poll()))).toEqual(['c00003 created']);
		expect(events(itemsOf(await updated.poll()))).toEqual(['c00001 updated']);
		// What one filters out it has handled all the same: the two keep the same state.
		expect(updated.state()).toEqual(created.state());
		expect(events(itemsOf(await both.poll()))).toEqual(['c00001 updated', 'c00003 created']);
		// Nothing filtered out comes back later as the other event.
		api.addCandidates(candidate(4, 40, 3));
		expect(await created.poll()).toBeNull();
		expect(events(itemsOf(await updated.poll()))).toEqual(['c00004 updated']);
	});

	it('jobs: created when the job was created at or after the watermark', async () => {
		api.addJobs(job(1, 10, 1));
		const trigger = new TriggerHarness({
			resource: 'job',
			event: 'created',
			start: 'date',
			startDate: t(5),
		});
		expect(await trigger.poll()).toBeNull();
		api.touchJob('j00001', t(20));
		api.addJobs(job(2, 21));
		expect(events(itemsOf(await trigger.poll()))).toEqual(['j00002 created']);
	});
});

describe('records the API sends out of order or incomplete', () => {
	it('out of order and without modifiedAt: the watermark holds, nothing lost or repeated', async () => {
		api.addCandidates(...range(1, 5).map((n) => candidate(n, 10 + n)));
		// The API swaps two records and drops one modifiedAt.
		api.tamper = (items) => {
			const copy = items.map((item) => ({ ...item }));
			if (copy.length >= 3) [copy[0], copy[2]] = [copy[2], copy[0]];
			const bare = copy.find((item) => item.id === 'c00004');
			if (bare) delete bare.modifiedAt;
			return copy;
		};
		const trigger = everything('candidate', { options: { maxItemsPerPoll: 2 } });
		const seen: string[] = [];
		for (let poll = 0; poll < 6; poll++) seen.push(...ids(itemsOf(await trigger.poll())));
		expect([...seen].sort()).toEqual(cids(range(1, 5)));
		expect(seen).toHaveLength(5);
	});

	const FUTURE = '2099-01-01T00:00:00.000Z';

	it('a modifiedAt in the future is emitted once and does not hide later changes', async () => {
		api.addCandidates(candidate(1, 10), { ...candidate(2, 10), modifiedAt: FUTURE });
		const trigger = everything();
		expect(ids(itemsOf(await trigger.poll()))).toEqual(['c00001', 'c00002']);
		// Never past the n8n clock, 16:40; the future record is kept at its own time.
		expect(trigger.state()).toMatchObject({ watermark: t(1000) });
		expect(trigger.state()?.seen).toEqual({ [FUTURE]: [`c00002@${FUTURE}`] });

		// Changed 30 s after the poll's clock, before the next poll: a watermark held at the
		// future record's time (or at the clock plus a minute) would skip it.
		api.now = Date.parse(t(1001));
		api.addCandidates({ ...candidate(3, 1000), modifiedAt: t(1000, 30_000) });
		expect(ids(itemsOf(await trigger.poll()))).toEqual(['c00003']);
		expect(api.log.slice(1).map((r) => r.query)).toEqual([{ limit: '50', modifiedSince: t(1000) }]);

		api.now = Date.parse(t(1010));
		api.addCandidates(candidate(4, 1005));
		expect(ids(itemsOf(await trigger.poll()))).toEqual(['c00004']);
		expect(await trigger.poll()).toBeNull();
	});

	it('two polls that overlap (one outlasting the interval) emit each change once', async () => {
		api.addCandidates(...range(1, 120).map((n) => candidate(n, 10 + n)));
		const trigger = everything();
		const [first, second] = await Promise.all([trigger.poll(), trigger.poll()]);
		// Both read all three pages; the one that finished first emitted, the other nothing.
		expect(api.log).toHaveLength(6);
		const emitted = [...itemsOf(first), ...itemsOf(second)];
		expect(ids(emitted)).toEqual(cids(range(1, 120)));
		expect([first, second].filter((result) => result === null)).toHaveLength(1);

		api.now = Date.parse(t(1001));
		api.addCandidates(candidate(121, 1000));
		expect(ids(itemsOf(await trigger.poll()))).toEqual(['c00121']);
	});
});
