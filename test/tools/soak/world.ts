/*
 * The soak's sandbox side: the inventory of seeded records, the changes made between polls,
 * and the change log read back into the ledgers.
 */
import type { ChangeEntry, Sandbox } from '../sandbox';
import { Ledger } from './ledger';

/** mulberry32: a small seeded PRNG, so a soak run can be repeated exactly (SOAK_SEED). */
export function prng(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

export type Random = () => number;

/**
 * The soak's faults: 10% of the API's answers fail (HTTP 5xx, 429 with `retryAfterSeconds`,
 * dropped connections, HTML error pages, truncated bodies), the same in every soak.
 */
export function soakFaults(seed: number, retryAfterSeconds = 0) {
	return {
		seed,
		errorRate: 0.05,
		errorStatuses: [500, 502, 503, 504],
		rateLimitRate: 0.025,
		retryAfterSeconds,
		dropRate: 0.015,
		htmlRate: 0.005,
		truncateRate: 0.005,
	};
}

export const int = (random: Random, min: number, max: number) =>
	min + Math.floor(random() * (max - min + 1));

function pick<T>(random: Random, list: T[]): T {
	return list[Math.floor(random() * list.length)];
}

/** `count` distinct entries of `list` (a partial Fisher-Yates on a copy). */
function sample<T>(random: Random, list: T[], count: number): T[] {
	const copy = list.slice();
	const n = Math.min(count, copy.length);
	for (let i = 0; i < n; i++) {
		const j = i + Math.floor(random() * (copy.length - i));
		[copy[i], copy[j]] = [copy[j], copy[i]];
	}
	return copy.slice(0, n);
}

/** Every record the list endpoint shows, read page by page before any fault is switched on. */
export async function listAll(
	sandbox: Sandbox,
	path: '/candidates' | '/vacancies',
): Promise<string[]> {
	const ids = new Set<string>();
	let query = '';
	for (let page = 0; page < 10_000; page++) {
		const response = await fetch(`${sandbox.apiBaseUrl}${path}?limit=50${query}`, {
			headers: { 'x-api-key': sandbox.apiKey },
		});
		if (response.status !== 200) throw new Error(`inventory: ${path} answered ${response.status}`);
		const body = (await response.json()) as {
			items: { id: string }[];
			pageInfo: { nextCursor: string; hasNextPage: boolean };
		};
		const before = ids.size;
		for (const item of body.items) ids.add(item.id);
		if (!body.pageInfo.hasNextPage) return [...ids];
		// The job cursor is inclusive: a page that adds nothing new would be a stall.
		if (ids.size === before) throw new Error(`inventory: ${path} stalled`);
		query = `&cursor=${encodeURIComponent(body.pageInfo.nextCursor)}`;
	}
	throw new Error(`inventory: ${path} did not end`);
}

/**
 * The records of the sandbox as the two ledgers see them, and the changes the soak makes.
 * Each change goes through the sandbox's in-process API; `sync()` then reads the change log
 * since the last call and makes the changed records' current versions current in the ledgers.
 */
export class World {
	/** The rows `rows` makes happen in every world, by name. */
	static readonly ROWS = [
		'candidate renamed',
		'interview moved under its id',
		'job closed, changed, reopened, changed again',
		'job created with applications',
		'job deleted',
	];

	readonly counts = {
		candidateChanges: 0,
		jobChanges: 0,
		jobsCreated: 0,
		candidateTies: 0,
		/** Records of the candidate ties written late, sorting before those already at that time. */
		tiedBehind: 0,
		jobTies: 0,
		invisibleJobChanges: 0,
		lateCandidates: 0,
		/** Jobs written late at the latest time listed, by where their id sorts among the jobs there. */
		lateJobs: { before: 0, among: 0, after: 0, invisible: 0 },
		/** Application changes made: created, moved to another stage, state, interview, removed. */
		applications: {} as Record<string, number>,
		/** Jobs closed, reopened and deleted (jobLifecycle). */
		jobLifecycle: { closed: 0, reopened: 0, deleted: 0 },
		/** The rows README promises, each as `rows` made it happen. */
		rows: {} as Record<string, number>,
	};

	private seq: number;

	private readonly candidateIds: string[] = [];

	private readonly jobIds: string[] = [];

	private serial = 0;

	/** Candidates written late since the last sync(). */
	private readonly lateIds = new Set<string>();

	/** Jobs written late since the last sync(), with the time written. */
	private readonly lateJobIds = new Map<string, number>();

	/** The jobs `rows` scripts: no random change touches their stage or applications. */
	private readonly scripted = new Set<string>();

	private readonly script: { closing?: string; interviewed?: string } = {};

	constructor(
		private readonly sandbox: Sandbox,
		private readonly random: Random,
		readonly candidates = new Ledger('candidate', 1000),
		readonly jobs = new Ledger('job', 1000),
	) {
		this.seq = sandbox.changeLog.seq;
	}

	/** The seeded records: Start = Everything owes every one of them. */
	async inventory(): Promise<void> {
		for (const id of await listAll(this.sandbox, '/candidates')) this.addCandidate(id);
		for (const id of await listAll(this.sandbox, '/vacancies')) this.addJob(id);
	}

	get candidateCount(): number {
		return this.candidateIds.length;
	}

	private addCandidate(id: string, late = false): void {
		const record = this.sandbox.store.getCandidate(id);
		if (!record) throw new Error(`no candidate ${id}`);
		if (!this.candidates.currentOf(id)) this.candidateIds.push(id);
		this.candidates.set(id, String(record.modifiedAt), record.modifiedAt, undefined, late);
	}

	addJob(id: string, late = false): void {
		const record = this.sandbox.store.getVacancy(id);
		if (!record) throw new Error(`no job ${id}`);
		if (!this.jobs.currentOf(id)) this.jobIds.push(id);
		this.jobs.set(id, String(record.modifiedAt), record.modifiedAt, record.name, late);
	}

	/** Reads the change log since the last call into the ledgers. */
	sync(): void {
		const entries = this.sandbox.changeLog.since(this.seq);
		this.seq = this.sandbox.changeLog.seq;
		const last = new Map<string, ChangeEntry>();
		for (const entry of entries) {
			if (entry.resource === 'vacancy' && entry.kind === 'removed') {
				// A job deleted: the list no longer shows it, nothing of it is owed any more.
				this.jobs.remove(entry.id);
				last.delete(`vacancy:${entry.id}`);
				continue;
			}
			if (entry.resource === 'candidate') this.counts.candidateChanges++;
			else if (entry.resource === 'vacancy') this.counts.jobChanges++;
			// The application ledger reads these entries itself (applications.ts).
			else if (entry.resource === 'application') continue;
			else throw new Error(`unexpected change of a ${entry.resource}`);
			last.set(`${entry.resource}:${entry.id}`, entry);
		}
		const late = new Set(this.lateIds);
		this.lateIds.clear();
		const lateJobs = new Map(this.lateJobIds);
		this.lateJobIds.clear();
		const { store } = this.sandbox;
		for (const { resource, id, modifiedAt } of last.values()) {
			const record = resource === 'candidate' ? store.getCandidate(id) : store.getVacancy(id);
			// The change log and the record agree on the version the list now shows.
			if (!record || new Date(record.modifiedAt).toISOString() !== modifiedAt)
				throw new Error(`change log and store disagree on ${resource} ${id}`);
			if (resource === 'candidate') this.addCandidate(id, late.has(id));
			// A job is late only if that write is still its last change.
			else this.addJob(id, lateJobs.get(id) === record.modifiedAt);
		}
	}

	private name(prefix: string): string {
		return `${prefix} ${++this.serial}`;
	}

	/** A few candidates created and changed (sometimes one changed twice before the next poll). */
	candidateActivity(): void {
		const { random, sandbox } = this;
		for (let n = int(random, 0, 3); n > 0; n--) {
			sandbox.createCandidate({ firstName: this.name('New'), lastName: 'Soak' });
		}
		for (let n = int(random, 0, 6); n > 0; n--) {
			const id = pick(random, this.candidateIds);
			sandbox.touchCandidate(id, { firstName: this.name('Changed') });
			if (random() < 0.15) sandbox.touchCandidate(id, { firstName: this.name('Changed again') });
		}
	}

	/**
	 * A few jobs created and changed. A third of the changes are invisible in the list (only
	 * modifiedAt moves, as when custom attributes or stage totals change); the others set a
	 * new name.
	 */
	jobActivity(): void {
		const { random, sandbox } = this;
		if (random() < 0.15) {
			sandbox.createVacancy({ name: this.name('Job') });
			this.counts.jobsCreated++;
		}
		if (random() < 0.6) {
			for (let n = int(random, 1, 3); n > 0; n--) {
				const id = pick(random, this.jobIds);
				if (random() < 0.33) {
					sandbox.touchVacancy(id);
					this.counts.invisibleJobChanges++;
				} else sandbox.touchVacancy(id, { name: this.name('Job') });
				if (random() < 0.1) sandbox.touchVacancy(id, { name: this.name('Job again') });
			}
		}
	}

	/**
	 * A candidate written late: at the latest modifiedAt the list already shows (where the
	 * trigger's position is), with an id that sorts before candidates already listed there.
	 * Nothing when no such candidate exists.
	 */
	candidateLate(): void {
		const latest = this.latest(this.candidates);
		const highest = [...latest.ids].sort().at(-1);
		if (highest === undefined) return;
		const eligible = this.candidateIds.filter((id) => id < highest && !latest.ids.has(id));
		if (eligible.length === 0) return;
		const id = pick(this.random, eligible);
		this.sandbox.touchCandidate(id, { modifiedAt: latest.time });
		this.lateIds.add(id);
		this.counts.lateCandidates++;
	}

	/**
	 * A job written late (a commit stamped with an earlier time): one of the 40 jobs modified
	 * last before the latest time the list shows gets exactly that time. That is where the job
	 * trigger's watermark sits, and those jobs were on the page that ended there. Half the time
	 * only modifiedAt moves (the list shows nothing else); the job's id sorts before, among or
	 * after the jobs already at that time, as it falls.
	 */
	jobLate(): void {
		const latest = this.latest(this.jobs);
		const recent = [...this.jobs.currentVersions()]
			.filter((version) => version.time < latest.time)
			.sort((a, b) => b.time - a.time || (a.id < b.id ? -1 : 1))
			.slice(0, 40);
		if (recent.length === 0 || latest.ids.size === 0) return;
		const { id } = pick(this.random, recent);
		const invisible = this.random() < 0.5;
		this.sandbox.touchVacancy(id, {
			...(!invisible && { name: this.name('Late job') }),
			modifiedAt: latest.time,
		});
		this.lateJobIds.set(id, latest.time);
		const at = [...latest.ids].sort();
		const counts = this.counts.lateJobs;
		if (id < at[0]) counts.before++;
		else if (id > (at.at(-1) as string)) counts.after++;
		else counts.among++;
		if (invisible) counts.invisible++;
	}

	private countApplication(kind: string): void {
		this.counts.applications[kind] = (this.counts.applications[kind] ?? 0) + 1;
	}

	/**
	 * Applications move on between polls, as recruiters move them (README, "What runs"); a job's
	 * modifiedAt does not move. The jobs `rows` scripts are left alone.
	 */
	applicationActivity(): void {
		const { random, sandbox } = this;
		const stages = sandbox
			.fixtures()
			.applicationStages.filter((stage) => stage.type !== 'speculative')
			.map((stage) => stage.id);
		const states = ['for-review', 'in-progress', 'rejected', 'placed'];
		const jobs = this.unscripted;
		const applicationsOf = (jobId: string) => sandbox.store.applicationsOfVacancy(jobId);
		const move = (id: string) => {
			const roll = random();
			if (roll < 0.5) {
				const stageId = pick(random, stages);
				sandbox.moveApplication(id, {
					stageId,
					...(stageId === 'astage-interview' && { interview: true }),
				});
				this.countApplication('stage');
			} else if (roll < 0.8) {
				sandbox.moveApplication(id, { state: pick(random, states) });
				this.countApplication('state');
			} else if (roll < 0.92) {
				sandbox.moveApplication(id, { interview: random() < 0.8 });
				this.countApplication('interview');
			} else {
				sandbox.removeApplication(id);
				this.countApplication('removed');
			}
		};
		for (let n = int(random, 0, 2); n > 0; n--) {
			this.apply(pick(random, jobs));
			this.countApplication('created');
		}
		for (let n = int(random, 0, 4); n > 0; n--) {
			const list = applicationsOf(pick(random, jobs));
			if (list.length === 0) continue;
			const id = pick(random, list).id;
			move(id);
			if (random() < 0.1 && sandbox.store.getApplication(id)) move(id);
		}
		if (random() < 0.02) {
			const list = applicationsOf(pick(random, jobs));
			for (const application of list) move(application.id);
			this.countApplication('bulk');
		}
	}

	/** A new application to the job, by a random candidate. */
	private apply(vacancyId: string): string {
		return this.sandbox.store.createApplication({
			vacancyId,
			candidateId: pick(this.random, this.candidateIds),
			stageId: 'astage-applied',
			statusId: null,
		}).id;
	}

	/** Whether the job's stage is open (the sandbox's stage table). */
	private isOpen(id: string): boolean {
		const job = this.sandbox.store.getVacancy(id);
		const stages = this.sandbox.fixtures().vacancyStages;
		return stages.find((stage) => stage.id === job?.stageId)?.isOpen === true;
	}

	/** The jobs the sandbox has now. */
	get jobList(): readonly string[] {
		return this.jobIds;
	}

	/** The jobs random changes may touch: those `rows` does not script. */
	private get unscripted(): string[] {
		return this.jobIds.filter((id) => !this.scripted.has(id));
	}

	/** Another stage for the job, open or closed, with a new name (the job list shows it changed). */
	private restage(id: string, open: boolean, name: string): void {
		const stages = this.sandbox.fixtures().vacancyStages.filter((stage) => stage.isOpen === open);
		this.sandbox.touchVacancy(id, { stageId: pick(this.random, stages).id, name: this.name(name) });
	}

	/**
	 * Now and then an open job closed or a closed one reopened, with a new name (the job list
	 * shows it changed); rarer, one deleted, not of `keep`. The jobs `rows` scripts are left alone.
	 */
	jobLifecycle(keep: ReadonlySet<string> = new Set()): void {
		const { random } = this;
		const free = this.unscripted;
		for (const [rate, open, name] of [
			[0.15, true, 'Closed job'],
			[0.12, false, 'Reopened job'],
		] as const) {
			if (random() >= rate) continue;
			const candidates = free.filter((id) => this.isOpen(id) === open);
			if (candidates.length === 0) continue;
			this.restage(pick(random, candidates), !open, name);
			this.counts.jobLifecycle[open ? 'closed' : 'reopened']++;
		}
		if (random() < 0.02) {
			const candidates = free.filter((id) => !keep.has(id));
			if (candidates.length > 0) this.deleteJob(pick(random, candidates));
		}
	}

	/** A job deleted, with its applications. */
	deleteJob(id: string): void {
		this.sandbox.deleteVacancy(id);
		this.jobIds.splice(this.jobIds.indexOf(id), 1);
		this.counts.jobLifecycle.deleted++;
	}

	/**
	 * An interview cancelled: one of a random job's applications that has a next interview is
	 * left with none (no event is owed: README's Interview Scheduled is "a new next interview").
	 */
	interviewCancelled(): void {
		const { random, sandbox } = this;
		const list = sandbox.store
			.applicationsOfVacancy(pick(random, this.unscripted))
			.filter((application) => sandbox.store.applicationFacts(application.id)?.interview);
		if (list.length === 0) return;
		sandbox.moveApplication(pick(random, list).id, { interview: false });
		this.countApplication('interview cancelled');
	}

	/**
	 * Every row README promises (`World.ROWS`), scripted into poll `i` of `polls`, in every seed;
	 * `keep`: jobs not to delete. Each is counted in `counts.rows` once the sandbox shows it done.
	 */
	rows(i: number, polls: number, keep: ReadonlySet<string> = new Set()): void {
		const { sandbox, script } = this;
		const at = (fraction: number) => i === Math.max(1, Math.floor(polls * fraction));
		const done = (row: string) => (this.counts.rows[row] = (this.counts.rows[row] ?? 0) + 1);
		const first = (job: string) => sandbox.store.applicationsOfVacancy(job)[0].id;
		/** An open job with applications, neither kept nor scripted; `scripted`: now it is. */
		const openJob = (scripted = false) => {
			const job = [...this.jobIds]
				.sort()
				.find(
					(id) =>
						!keep.has(id) &&
						!this.scripted.has(id) &&
						this.isOpen(id) &&
						sandbox.store.applicationsOfVacancy(id).length > 1,
				) as string;
			if (scripted) this.scripted.add(job);
			return job;
		};
		if (at(0.1)) {
			const open = sandbox.fixtures().vacancyStages.find((stage) => stage.isOpen)?.id;
			const job = sandbox.createVacancy({
				name: this.name('Job with applications'),
				stageId: open,
			});
			for (let n = 0; n < 3; n++) this.apply(job.id);
			done('job created with applications');
		}
		if (at(0.15)) this.restage((script.closing = openJob(true)), false, 'Closed job');
		if (at(0.2))
			for (const { id } of sandbox.store.applicationsOfVacancy(
				(script.interviewed = openJob(true)),
			))
				sandbox.moveApplication(id, { interview: true });
		if (script.closing && (at(0.3) || at(0.7))) {
			sandbox.moveApplication(first(script.closing), {
				state: at(0.3) ? 'rejected' : 'in-progress',
			});
			this.apply(script.closing);
			if (at(0.7) && this.isOpen(script.closing))
				done('job closed, changed, reopened, changed again');
		}
		if (script.interviewed && at(0.45)) {
			const id = first(script.interviewed);
			const before = sandbox.store.applicationFacts(id)?.interview;
			sandbox.moveApplication(id, { interview: 'moved' });
			const after = sandbox.store.applicationFacts(id)?.interview;
			if (before && after?.id === before.id && after.startTime !== before.startTime)
				done('interview moved under its id');
		}
		if (at(0.5)) {
			this.deleteJob(openJob());
			done('job deleted');
		}
		if (at(0.55)) {
			const candidate = sandbox.store.getApplication(first(openJob()))?.candidateId as string;
			sandbox.touchCandidate(candidate, { firstName: this.name('Renamed') });
			done('candidate renamed');
		}
		if (script.closing && at(0.6)) this.restage(script.closing, true, 'Reopened job');
	}

	/** The latest modifiedAt any record of the ledger carries, and how many carry it. */
	private latest(ledger: Ledger): { time: number; ids: Set<string> } {
		let time = -Infinity;
		const ids = new Set<string>();
		for (const version of ledger.currentVersions()) {
			if (version.time > time) {
				time = version.time;
				ids.clear();
			}
			if (version.time === time) ids.add(version.id);
		}
		return { time, ids };
	}

	/**
	 * `size` candidates given ONE modifiedAt, as a bulk import does: most are existing
	 * records, some are created at that time. `atLatest`: the time is the latest modifiedAt
	 * already in the list, which is where a trigger that read the whole list has its
	 * watermark, so the tie lands on records it already emitted at that time. Those of its
	 * records whose ids sort before the highest id already listed at that time are late writes
	 * (as candidateLate's): behind a cursor stored there, owed eventually, not by the next poll.
	 */
	candidateTie(size: number, atLatest: boolean): void {
		const { sandbox } = this;
		const latest = this.latest(this.candidates);
		const time = atLatest ? latest.time : sandbox.clock.tick();
		const created = Math.max(1, Math.round(size / 100));
		const eligible = this.candidateIds.filter((id) => !(atLatest && latest.ids.has(id)));
		const ids = sample(this.random, eligible, size - created);
		sandbox.touchMany('candidates', { ids, modifiedAt: time });
		const highest = [...latest.ids].sort().at(-1);
		const behind = atLatest && highest !== undefined ? ids.filter((id) => id < highest) : [];
		for (const id of behind) this.lateIds.add(id);
		for (let n = 0; n < created; n++) {
			sandbox.createCandidate({
				firstName: this.name('Imported'),
				lastName: 'Soak',
				modifiedAt: time,
			});
		}
		this.counts.candidateTies++;
		this.counts.tiedBehind += behind.length;
	}

	/**
	 * `size` jobs (below the API's page size, so the job cursor can page past them) changed
	 * with ONE modifiedAt, each with a new name. `atLatest` as for candidates, when the jobs
	 * already at that time plus the new ones stay within `maxAtOneTime`.
	 */
	jobTie(size: number, atLatest: boolean, maxAtOneTime: number): void {
		const { sandbox } = this;
		const latest = this.latest(this.jobs);
		const onLatest = atLatest && latest.ids.size + size <= maxAtOneTime;
		const time = onLatest ? latest.time : sandbox.clock.tick();
		const eligible = this.jobIds.filter((id) => !(onLatest && latest.ids.has(id)));
		for (const id of sample(this.random, eligible, size)) {
			sandbox.touchVacancy(id, { name: this.name('Tied job'), modifiedAt: time });
		}
		this.counts.jobTies++;
	}
}
