// @ts-check
'use strict';

/**
 * @typedef {{ id: string, modifiedAt: number }} Keyed
 */

/**
 * Compare by (modifiedAt asc, id asc): the order both list endpoints use.
 * @param {number} aTime
 * @param {string} aId
 * @param {number} bTime
 * @param {string} bId
 */
function compareKeys(aTime, aId, bTime, bId) {
	if (aTime !== bTime) return aTime < bTime ? -1 : 1;
	if (aId === bId) return 0;
	return aId < bId ? -1 : 1;
}

/**
 * Records kept sorted by (modifiedAt, id) so that list queries are a binary
 * search plus a slice, even with 100k+ candidates. Writes move one record
 * (remove + insert by binary search); bulk changes rebuild with one sort.
 *
 * A record's key must only be changed through `update`/`updateMany` so the
 * index can find it at its old position first.
 * @template {Keyed} T
 */
class SortedIndex {
	/** @param {T[]} [records] */
	constructor(records = []) {
		/** @type {T[]} */
		this.items = records.slice();
		this.rebuild();
	}

	rebuild() {
		this.items.sort((a, b) => compareKeys(a.modifiedAt, a.id, b.modifiedAt, b.id));
	}

	/**
	 * First index whose key is >= (time, id); with id '' that is the first
	 * record with modifiedAt >= time (every real id sorts after '').
	 * @param {number} time
	 * @param {string} [id]
	 */
	lowerBound(time, id = '') {
		let lo = 0;
		let hi = this.items.length;
		while (lo < hi) {
			const mid = (lo + hi) >>> 1;
			const item = this.items[mid];
			if (compareKeys(item.modifiedAt, item.id, time, id) < 0) lo = mid + 1;
			else hi = mid;
		}
		return lo;
	}

	/**
	 * First index whose key is strictly greater than (time, id).
	 * @param {number} time
	 * @param {string} id
	 */
	upperBound(time, id) {
		const i = this.lowerBound(time, id);
		const item = this.items[i];
		return item && item.modifiedAt === time && item.id === id ? i + 1 : i;
	}

	/** @param {T} record */
	insert(record) {
		this.items.splice(this.lowerBound(record.modifiedAt, record.id), 0, record);
	}

	/** @param {T} record */
	remove(record) {
		const i = this.lowerBound(record.modifiedAt, record.id);
		if (this.items[i] !== record) throw new Error(`index out of sync for ${record.id}`);
		this.items.splice(i, 1);
	}

	/**
	 * Change a record's key (or anything else) and keep the index sorted.
	 * @param {T} record
	 * @param {(record: T) => void} mutate
	 */
	update(record, mutate) {
		this.remove(record);
		mutate(record);
		this.insert(record);
	}

	/**
	 * Same as `update` for many records; re-sorts once when that is cheaper
	 * than moving each record (splice is O(n) per move).
	 * @param {T[]} records
	 * @param {(record: T) => void} mutate
	 */
	updateMany(records, mutate) {
		if (records.length < 64) {
			for (const record of records) this.update(record, mutate);
			return;
		}
		for (const record of records) mutate(record);
		this.rebuild();
	}
}

module.exports = { SortedIndex };
