/*
 * The soak's oracle must see what it is there to see: a soak that reports "lost 0,
 * duplicated 0" proves something only if the ledger would have reported a loss or a
 * duplicate. Fast, so part of `npm test`.
 */
import { Ledger } from './ledger';
import type { Resource } from './ledger';

const v = (id: string, version: string) => ({ id, version });

/** A ledger of `label` with Max Items `maxItems` and these versions current: [id, time, version (the time)]. */
function ledgerWith(label: Resource, maxItems: number, ...versions: [string, number, string?][]) {
	const ledger = new Ledger(label, maxItems);
	for (const [id, time, version = String(time)] of versions) ledger.set(id, version, time);
	return ledger;
}

describe('soak ledger', () => {
	it('passes a trigger that emits every version once', () => {
		const ledger = ledgerWith('candidate', 10, ['a', 1], ['b', 2]);
		ledger.poll(1, [v('a', '1'), v('b', '2')]);
		ledger.set('a', '3', 3);
		ledger.poll(2, [v('a', '3')]);
		ledger.poll(3, []);
		expect(ledger.report()).toMatchObject({
			versions: 3,
			owed: 3,
			replaced: 0,
			emitted: 3,
			lost: 0,
			duplicated: 0,
			late: 0,
			stale: 0,
			pending: 0,
		});
	});

	it('owes a late write behind the position once a poll emits a record of a later time', () => {
		const ledger = ledgerWith('candidate', 10, ['b', 5]);
		ledger.poll(1, [v('b', '5')]);
		// Written late at time 5, sorting before b: not owed while the list stays at 5 (a
		// report now would count it lost: the report is read after the drain).
		ledger.set('a', '5', 5, undefined, true);
		ledger.poll(2, []);
		expect(ledger.report()).toMatchObject({ late: 0, pending: 1 });
		// The trigger moves past 5 without it: missed, emitted later, so late.
		ledger.set('c', '6', 6);
		ledger.poll(3, [v('c', '6')]);
		ledger.poll(4, [v('a', '5')]);
		expect(ledger.report()).toMatchObject({ late: 1, lost: 0, pending: 0 });
		expect(ledger.report().examples.late).toEqual(['a@5 (owed by poll 3, emitted by 4)']);
		expect(ledger.report().lateWrites).toEqual({ written: 1, emitted: 1, maxDelayPolls: 3 });
	});

	it('passes a late write emitted by the poll that moves past its time', () => {
		const ledger = ledgerWith('candidate', 10, ['b', 5]);
		ledger.poll(1, [v('b', '5')]);
		ledger.set('a', '5', 5, undefined, true);
		ledger.poll(2, []);
		ledger.set('c', '6', 6);
		ledger.poll(3, [v('a', '5'), v('c', '6')]);
		expect(ledger.report()).toMatchObject({ late: 0, lost: 0, pending: 0 });
	});

	it('counts a version emitted twice as duplicated', () => {
		const ledger = ledgerWith('candidate', 10, ['a', 1]);
		ledger.poll(1, [v('a', '1')]);
		ledger.poll(2, [v('a', '1')]);
		expect(ledger.report()).toMatchObject({ emitted: 2, duplicated: 1, lost: 0 });
		expect(ledger.report().examples.duplicated).toEqual(['a@1 ×2']);
	});

	it('tells a job emitted again with other content (embedded data changed) from a duplicate', () => {
		const ledger = ledgerWith('job', 10, ['j', 1, 'Name']);
		ledger.poll(1, [{ id: 'j', version: 'Name', content: '{"contact":"Ann"}' }]);
		ledger.poll(2, [{ id: 'j', version: 'Name', content: '{"contact":"Anna"}' }]);
		expect(ledger.report()).toMatchObject({ emitted: 2, duplicated: 0, reemitted: 1, owed: 1 });
		ledger.poll(3, [{ id: 'j', version: 'Name', content: '{"contact":"Anna"}' }]);
		expect(ledger.report()).toMatchObject({ emitted: 3, duplicated: 1, reemitted: 1 });
	});

	it('counts a version a complete poll did not emit, and nobody emitted later, as lost', () => {
		const ledger = ledgerWith('candidate', 10, ['a', 1], ['b', 2]);
		ledger.poll(1, [v('b', '2')]);
		expect(ledger.report()).toMatchObject({ owed: 2, lost: 1, pending: 1 });
		// Replaced afterwards: the old version stays lost, the new one is owed anew.
		ledger.set('a', '5', 5);
		ledger.poll(2, [v('a', '5')]);
		expect(ledger.report()).toMatchObject({ versions: 3, owed: 3, lost: 1, pending: 0 });
		expect(ledger.report().examples.lost).toEqual(['a@1 (owed by poll 1)']);
	});

	it('counts a version emitted only by a later poll than the one that owed it as late', () => {
		const ledger = ledgerWith('candidate', 10, ['a', 1]);
		ledger.poll(1, []);
		ledger.poll(2, [v('a', '1')]);
		expect(ledger.report()).toMatchObject({ late: 1, lost: 0, duplicated: 0 });
	});

	it('counts an emitted version that is not the current one as stale', () => {
		const ledger = ledgerWith('job', 10, ['j', 1, 'Old name'], ['j', 2, 'New name']);
		ledger.poll(1, [v('j', 'Old name'), v('j', 'New name')]);
		expect(ledger.report()).toMatchObject({ stale: 1, lost: 0, duplicated: 0, owed: 1 });
	});

	it('owes nothing past the last item of a poll that stopped at Max Items per Poll', () => {
		const ledger = ledgerWith('candidate', 2, ['a', 1], ['b', 2], ['c', 2], ['d', 3]);
		// A full poll: the boundary is its last item (b at 2); c (2, after b) and d wait.
		ledger.poll(1, [v('a', '1'), v('b', '2')]);
		expect(ledger.report()).toMatchObject({ lost: 0, pending: 2 });
		// c changes while it waits in the backlog: only its new version is owed.
		ledger.set('c', '4', 4);
		ledger.poll(2, [v('d', '3'), v('c', '4')]);
		ledger.poll(3, []);
		expect(ledger.report()).toMatchObject({
			versions: 5,
			owed: 4,
			replaced: 1,
			lost: 0,
			late: 0,
			pending: 0,
		});
	});

	it('owes what sits before the boundary of a full poll even if the poll skipped it', () => {
		const ledger = ledgerWith('candidate', 2, ['a', 1], ['b', 2], ['c', 3]);
		ledger.poll(1, [v('b', '2'), v('c', '3')]);
		expect(ledger.report()).toMatchObject({ missed: 1, lost: 1 });
	});

	it('does not owe what a failed poll saw: a version replaced before the next successful poll', () => {
		const ledger = ledgerWith('candidate', 10, ['a', 1]);
		// (a poll fails here: nothing is reported to the ledger)
		ledger.set('a', '2', 2);
		ledger.poll(2, [v('a', '2')]);
		expect(ledger.report()).toMatchObject({ versions: 2, owed: 1, replaced: 1, lost: 0 });
	});

	it('counts an item of a record it never made current (a stray item) as stale', () => {
		const ledger = ledgerWith('job', 10, ['j', 1, 'Name']);
		ledger.poll(1, [v('j', 'Name'), v('stray', 'Name')]);
		expect(ledger.report()).toMatchObject({ stale: 1, lost: 0, duplicated: 0, owed: 1 });
		expect(ledger.report().examples.stale).toEqual(['stray@Name (poll 1, current none)']);
	});

	it('owes nothing more of a record deleted before a poll emitted it, and calls an item of it stale', () => {
		const ledger = ledgerWith('job', 10, ['j', 1, 'Name'], ['k', 2, 'Other']);
		ledger.remove('j');
		ledger.poll(1, [v('k', 'Other')]);
		expect(ledger.report()).toMatchObject({ lost: 0, pending: 0, owed: 1 });
		ledger.poll(2, [v('j', 'Name')]);
		expect(ledger.report()).toMatchObject({ stale: 1 });
	});
});
