// @ts-check
'use strict';

/** @import { ChangeEntry, ResourceName } from './index' */

/**
 * Every state change since the last reset, in order. A soak test compares
 * what a client emitted with `entries` (or `since(seq)` for increments).
 * Seeded records are not part of the log: they form the initial state.
 */
class ChangeLog {
	constructor() {
		/** @type {ChangeEntry[]} */
		this.entries = [];
	}

	/** Sequence number of the last entry (0 when empty). */
	get seq() {
		return this.entries.length === 0 ? 0 : this.entries[this.entries.length - 1].seq;
	}

	/**
	 * @param {ResourceName} resource
	 * @param {string} id
	 * @param {'created' | 'updated' | 'removed'} kind
	 * @param {number} modifiedAtMs
	 * @param {ChangeEntry['source']} source
	 * @param {{ before?: ChangeEntry['before'], after?: ChangeEntry['after'] }} [facts]
	 *   applications: what the application was before the change and is after it
	 * @returns {ChangeEntry}
	 */
	record(resource, id, kind, modifiedAtMs, source, facts) {
		/** @type {ChangeEntry} */
		const entry = {
			seq: this.seq + 1,
			resource,
			id,
			kind,
			modifiedAt: new Date(modifiedAtMs).toISOString(),
			source,
			...facts,
		};
		this.entries.push(entry);
		return entry;
	}

	/**
	 * Entries with seq > `seq`.
	 * @param {number} [seq]
	 */
	since(seq = 0) {
		// seq is 1-based and dense, so the entry with seq s sits at index s-1.
		return this.entries.slice(Math.max(0, seq));
	}

	clear() {
		this.entries = [];
	}
}

module.exports = { ChangeLog };
