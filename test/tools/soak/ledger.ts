/*
 * The soak's oracle for the job and candidate triggers: what they had to emit, checked against
 * what they emitted. test/tools/soak/README.md, "Jobs and candidates (ledger.ts)", states the
 * rules (1 to 3) and why.
 */

type Version = { id: string; version: string; time: number; label?: string };

export type Resource = 'candidate' | 'job';

export interface Emitted {
	id: string;
	version: string;
	/** The item's whole content (jobs): duplicates are the same content emitted again. */
	content?: string;
	event?: string;
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
		readonly label: Resource,
		readonly maxItems: number,
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

	/** What the ledger found, with up to 10 examples of each problem for the failure message. */
	report() {
		const duplicates = [...this.emittedCount].filter(([, n]) => n > 1);
		const current = new Set([...this.current.values()].map((v) => key(v.id, v.version)));
		// A late write still current and never emitted is lost (the drain has run by then).
		const lostLate = [...this.lateWritten]
			.filter(([k]) => current.has(k) && !this.emittedVersions.has(k))
			.map(([k, p]): [string, number] => [k, p]);
		const lost = [...[...this.missedAt].filter(([k]) => !this.emittedVersions.has(k)), ...lostLate];
		const owed = this.emittedVersions.size + lost.length;
		return {
			/** Versions made current (seeded records included). */
			versions: this.versions,
			/** Versions the trigger had to emit (rule 3): emitted ones plus lost ones. */
			owed,
			/** Versions replaced before any poll owed them (e.g. a record changed twice between polls). */
			replaced:
				this.versions -
				owed -
				[...this.unemitted.values()].filter((v) => !this.missedAt.has(key(v.id, v.version))).length,
			/** Items emitted (every emission counted). */
			emitted: this.emittedTotal,
			duplicated: duplicates.reduce((sum, [, n]) => sum + n - 1, 0),
			/** Emissions of an emitted version with other content (jobs: embedded data changed). */
			reemitted: this.emittedCount.size - this.emittedVersions.size - this.staleSet.size,
			stale: this.staleKeys.length,
			missed: this.missedAt.size,
			late: this.lateKeys.length,
			lost: lost.length,
			/** Versions still current and not yet emitted (0 after a full drain). */
			pending: this.unemitted.size,
			/** Versions written late (at a time already listed, before records already listed). */
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
