/*
 * The soak's oracle: what the trigger had to emit, checked against what it emitted.
 *
 * A record's *version* is what the trigger's documented guarantee is about:
 * - candidates: (id, modifiedAt). The trigger keys handled candidates by `id@modifiedAt`;
 * - jobs: (id, modifiedAt) too: a job modified again is owed again, even when its list item
 *   does not show the change (the soak makes some changes invisible: only modifiedAt moves).
 *   Job list items carry no modifiedAt; an emitted job is the version current at its poll,
 *   provided its name is the current one (every visible change sets a unique name).
 * - late writes: a candidate written at a time the list already showed, with an id before
 *   the records already listed there (replication lag, an import stamping old times). The
 *   trigger cannot see it by position; it is owed by the first poll that emits a record of
 *   a later time (the trigger reads from its watermark before it moves past that time), and
 *   eventually in any case (lost if never emitted); the report says how many polls it took. A job written late at the latest time the
 *   list shows (where the job trigger's watermark sits) is owed by the next poll, as any
 *   change is (`lateOwedAtOnce`): the job trigger reads from its watermark on every poll.
 *
 * The records only change between polls, never during one, so at the start of every poll
 * the sandbox shows one current version per record. The rule:
 *
 * 1. A successful poll emits only current versions (else: *stale*).
 * 2. No version is emitted twice (else: *duplicated*, counted once per extra emission).
 *    For jobs, "the same" means the same content: the job list embeds data of other records
 *    (client-team contacts are candidates, with their names), so a job's item can change
 *    without the job changing. The trigger, which knows jobs by content, emits such an item
 *    again when the job sits at its position (documented); that is *re-emitted*, a figure,
 *    not a duplicate. Candidates are known by (id, modifiedAt) whatever their content.
 * 3. After a successful poll, every current version that sits at or before the poll's
 *    boundary in list order ((modifiedAt, id) ascending) has been emitted by that poll or
 *    an earlier one. The boundary is the end of the list when the poll emitted fewer items
 *    than Max Items per Poll, otherwise the position of its last emitted item (the poll
 *    stopped there; the rest is a backlog for the next polls). A version that breaks this is
 *    *missed*; a missed version never emitted afterwards is *lost*, one emitted by a later
 *    poll is *late*.
 *
 * A version replaced before any successful poll was required to emit it is not owed: the
 * trigger emits a record's state as the list shows it, so a record touched twice between two
 * polls (or while it waits in a backlog, or while polls fail) is emitted once, at its latest
 * version. Failed polls are not checked: they emit nothing, and the next successful poll
 * owes everything they did. The final drain (no faults, polls until one emits nothing) ends
 * with a poll whose boundary is the end of the list, so every version still current is owed.
 */

export type Version = { id: string; version: string; time: number; label?: string };

export interface Emitted {
	id: string;
	version: string;
	/** The item's whole content (jobs): duplicates are the same content emitted again. */
	content?: string;
	event?: string;
}

export interface LedgerReport {
	/** Versions made current (seeded records included). */
	versions: number;
	/** Versions the trigger had to emit (rule 3): emitted ones plus lost ones. */
	owed: number;
	/** Versions replaced before any poll owed them (e.g. a record changed twice between polls). */
	replaced: number;
	/** Items emitted (every emission counted). */
	emitted: number;
	duplicated: number;
	/** Emissions of an emitted version with other content (jobs: embedded data changed). */
	reemitted: number;
	stale: number;
	missed: number;
	late: number;
	lost: number;
	/** Versions still current and not yet emitted (0 after a full drain). */
	pending: number;
	/** Versions written late (at a time already listed, before records already listed). */
	lateWrites: { written: number; emitted: number; maxDelayPolls: number };
	/** Up to 10 examples of each problem, for the failure message. */
	examples: { duplicated: string[]; stale: string[]; lost: string[]; late: string[] };
}

const key = (id: string, version: string) => `${id}\u0000${version}`;
const show = (k: string) => k.replace('\u0000', '@');

function before(a: { time: number; id: string }, b: { time: number; id: string }): boolean {
	return a.time !== b.time ? a.time < b.time : a.id <= b.id;
}

export class Ledger {
	private readonly current = new Map<string, Version>();

	/** Current versions not emitted yet, by id. */
	private readonly unemitted = new Map<string, Version>();

	/** Versions emitted at least once. */
	private readonly emittedVersions = new Set<string>();

	/** Emissions per version and content. */
	private readonly emittedCount = new Map<string, number>();

	/** Missed versions: key → number of the poll that should have emitted it. */
	private readonly missedAt = new Map<string, number>();

	private versions = 0;

	private emittedTotal = 0;

	private readonly staleKeys: string[] = [];

	/** Keys of stale emissions (never current when emitted). */
	private readonly staleSet = new Set<string>();

	private readonly lateKeys: string[] = [];

	/**
	 * Versions written late (at a time the list had already shown, sorting before records
	 * already listed): not owed by position (rule 3), but owed eventually; key → poll written.
	 */
	private readonly lateWritten = new Map<string, number>();

	/** Polls between a late write and its emission, at most. */
	private lateWriteDelay = 0;

	private polls = 0;

	/**
	 * @param lateOwedAtOnce late writes are owed by position like any change (jobs: the trigger
	 *   reads from its watermark on every poll, so one written late at it is due at once), not
	 *   only eventually (candidates, whose trigger resumes from a stored cursor).
	 */
	constructor(
		readonly label: string,
		private readonly maxItems: number,
		private readonly lateOwedAtOnce = false,
	) {}

	/** A version becomes current (a seeded record, or a change from the change log). */
	set(id: string, version: string, time: number, label?: string, late = false): void {
		const previous = this.current.get(id);
		if (previous && previous.version === version) {
			// Same version again (e.g. the same modifiedAt): nothing new to emit.
			if (previous.time !== time)
				throw new Error(`${this.label} ${id}: version ${version} moved in time`);
			if (label !== undefined) previous.label = label;
			return;
		}
		if (late) this.lateWritten.set(key(id, version), this.polls);
		const next = { id, version, time, label };
		this.current.set(id, next);
		this.unemitted.set(id, next);
		this.versions++;
	}

	/** The record is deleted: the list no longer shows it, its current version is owed no more. */
	remove(id: string): void {
		this.current.delete(id);
		this.unemitted.delete(id);
	}

	currentOf(id: string): Version | undefined {
		return this.current.get(id);
	}

	currentVersions(): IterableIterator<Version> {
		return this.current.values();
	}

	/** Versions current now that were never emitted (the trigger still owes them). */
	get pending(): number {
		return this.unemitted.size;
	}

	/** A successful poll numbered `poll` emitted `items`, in order. Applies rules 1 to 3. */
	poll(poll: number, items: Emitted[]): void {
		this.polls = poll;
		let last: Version | undefined;
		for (const item of items) {
			const k = key(item.id, item.version);
			const withContent = item.content === undefined ? k : `${k}\u0000${item.content}`;
			this.emittedTotal++;
			this.emittedCount.set(withContent, (this.emittedCount.get(withContent) ?? 0) + 1);
			const current = this.current.get(item.id);
			if (!current || current.version !== item.version) {
				this.staleSet.add(withContent);
				this.staleKeys.push(
					`${show(k)} (poll ${poll}, current ${current ? current.version : 'none'})`,
				);
				continue;
			}
			last = current;
			if (this.missedAt.has(k) && !this.emittedVersions.has(k)) {
				this.lateKeys.push(`${show(k)} (owed by poll ${this.missedAt.get(k)}, emitted by ${poll})`);
			}
			const written = this.lateWritten.get(k);
			if (written !== undefined && !this.emittedVersions.has(k))
				this.lateWriteDelay = Math.max(this.lateWriteDelay, poll - written);
			this.emittedVersions.add(k);
			this.unemitted.delete(item.id);
		}
		const complete = items.length < this.maxItems;
		for (const version of this.unemitted.values()) {
			const k = key(version.id, version.version);
			if (this.missedAt.has(k)) continue;
			if (this.lateWritten.has(k) && !this.lateOwedAtOnce) {
				// Behind the trigger's position, a late write is owed once the trigger moves past
				// its time: it reads from its watermark before it does, which lists the late write
				// first. Until then (the list stays at that time), only eventually.
				if (last !== undefined && last.time > version.time) this.missedAt.set(k, poll);
				continue;
			}
			if (complete || (last !== undefined && before(version, last))) this.missedAt.set(k, poll);
		}
	}

	report(): LedgerReport {
		const duplicates = [...this.emittedCount].filter(([, n]) => n > 1);
		const current = new Set([...this.current.values()].map((v) => key(v.id, v.version)));
		// A late write still current and never emitted is lost (the drain has run by then).
		const lostLate = [...this.lateWritten]
			.filter(([k]) => current.has(k) && !this.emittedVersions.has(k))
			.map(([k, p]): [string, number] => [k, p]);
		const lost = [...[...this.missedAt].filter(([k]) => !this.emittedVersions.has(k)), ...lostLate];
		const owed = this.emittedVersions.size + lost.length;
		return {
			versions: this.versions,
			owed,
			replaced:
				this.versions -
				owed -
				[...this.unemitted.values()].filter((v) => !this.missedAt.has(key(v.id, v.version))).length,
			emitted: this.emittedTotal,
			duplicated: duplicates.reduce((sum, [, n]) => sum + n - 1, 0),
			reemitted: this.emittedCount.size - this.emittedVersions.size - this.staleSet.size,
			stale: this.staleKeys.length,
			missed: this.missedAt.size,
			late: this.lateKeys.length,
			lost: lost.length,
			pending: this.unemitted.size,
			lateWrites: {
				written: this.lateWritten.size,
				emitted: [...this.lateWritten.keys()].filter((k) => this.emittedVersions.has(k)).length,
				maxDelayPolls: this.lateWriteDelay,
			},
			examples: {
				duplicated: duplicates
					.slice(0, 10)
					.map(([k, n]) => `${show(k.split('\u0000').slice(0, 2).join('\u0000'))} ×${n}`),
				stale: this.staleKeys.slice(0, 10),
				lost: lost.slice(0, 10).map(([k, p]) => `${show(k)} (owed by poll ${p})`),
				late: this.lateKeys.slice(0, 10),
			},
		};
	}
}
