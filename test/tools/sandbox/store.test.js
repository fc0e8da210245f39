// @ts-check
'use strict';

/**
 * In-memory tests of the sandbox store (no HTTP): determinism, scale,
 * ordering, clock and change-log semantics.
 */

const { Store } = require('./store');
const { Clock } = require('./clock');
const { SortedIndex } = require('./sorted-index');
const { Random } = require('./prng');
const render = require('./render');

/** @param {import('./store').Store} store */
const firstPageJson = (store) =>
	JSON.stringify(
		store
			.listCandidates({ limit: 20, modifiedSinceMs: null, after: null })
			.records.map((c) => render.candidateView(store.world, c, true)),
	);

/**
 * @param {{ modifiedAt: number, id: string }[]} items
 */
function isSorted(items) {
	for (let i = 1; i < items.length; i++) {
		const a = items[i - 1];
		const b = items[i];
		if (a.modifiedAt > b.modifiedAt || (a.modifiedAt === b.modifiedAt && a.id >= b.id))
			return false;
	}
	return true;
}

describe('seeded data', () => {
	test('is deterministic per seed and differs between seeds', () => {
		const a = new Store({ seed: 7 });
		const b = new Store({ seed: 7 });
		const c = new Store({ seed: 8 });
		expect(firstPageJson(a)).toBe(firstPageJson(b));
		expect(firstPageJson(a)).not.toBe(firstPageJson(c));
		expect(JSON.stringify(a.fixtures())).toBe(JSON.stringify(b.fixtures()));
	});

	test('has the configured sizes and defaults', () => {
		const defaults = new Store().summary();
		expect(defaults.counts).toMatchObject({
			candidates: 200,
			vacancies: 30,
			applications: 150,
			notes: 20,
			users: 8,
			clients: 12,
		});
		expect(defaults.tenantSlug).toBe('acme');
		const custom = new Store({
			candidates: 10,
			vacancies: 3,
			applicationsPerVacancy: 2,
			notes: 4,
			tenantSlug: 'globex',
		}).summary();
		expect(custom.counts).toMatchObject({
			candidates: 10,
			vacancies: 3,
			applications: 6,
			notes: 4,
		});
		expect(custom.tenantSlug).toBe('globex');
	});

	test('adding candidates does not change the generated jobs', () => {
		const small = new Store({ candidates: 100 });
		const large = new Store({ candidates: 5000 });
		const names = (/** @type {import('./store').Store} */ s) =>
			[...s.world.vacancies.values()].map((v) => `${v.id}:${v.name}:${v.modifiedAt}`);
		expect(names(large)).toEqual(names(small));
	});

	test('seeded records predate the clock start and include natural candidate ties', () => {
		const store = new Store({ candidates: 5000 });
		const start = store.clock.startMs;
		const items = store.world.candidateIndex.items;
		expect(items.every((c) => c.createdAt <= c.modifiedAt && c.modifiedAt < start)).toBe(true);
		const times = new Set(items.map((c) => c.modifiedAt));
		expect(times.size).toBeLessThan(items.length);
		expect(
			[...store.world.vacancies.values()].every(
				(v) => v.createdAt <= v.modifiedAt && v.modifiedAt < start,
			),
		).toBe(true);
	});

	// Its time and memory: the bench's 100,000-candidate scenarios, not a timed unit test.
	test('generates 100,000 candidates, ordered and paged', () => {
		const store = new Store({ candidates: 100_000 });
		expect(store.world.candidates.size).toBe(100_000);
		expect(isSorted(store.world.candidateIndex.items)).toBe(true);
		const page = store.listCandidates({ limit: 50, modifiedSinceMs: null, after: null });
		expect(page.records).toHaveLength(50);
		expect(page.hasNextPage).toBe(true);
	});
});

describe('SortedIndex', () => {
	test('stays ordered by (modifiedAt, id) through random moves and bulk updates', () => {
		const r = new Random(42);
		const records = Array.from({ length: 500 }, (_, i) => ({
			id: `r-${String(i).padStart(4, '0')}`,
			modifiedAt: r.int(0, 50),
		}));
		const index = new SortedIndex(records);
		for (let i = 0; i < 300; i++) {
			index.update(r.pick(records), (rec) => {
				rec.modifiedAt = r.int(0, 60);
			});
		}
		expect(isSorted(index.items)).toBe(true);
		index.updateMany(records.slice(0, 200), (rec) => {
			rec.modifiedAt = 30;
		});
		expect(isSorted(index.items)).toBe(true);
		expect(index.items).toHaveLength(500);
		const at30 = index.lowerBound(30);
		expect(index.items[at30].modifiedAt).toBe(30);
		expect(index.items[at30 - 1].modifiedAt).toBeLessThan(30);
		const first = index.items[at30];
		expect(index.upperBound(first.modifiedAt, first.id)).toBe(at30 + 1);
	});
});

describe('Clock', () => {
	test('stamps the next write with the set time, then advances by stepMs', () => {
		const clock = new Clock();
		expect(clock.iso()).toBe('2026-01-01T00:00:00.000Z');
		expect(clock.tick()).toBe(Date.parse('2026-01-01T00:00:00.000Z'));
		expect(clock.tick()).toBe(Date.parse('2026-01-01T00:00:00.001Z'));
		clock.set('2026-03-01T12:00:00.000Z');
		clock.advance(1000);
		expect(clock.iso()).toBe('2026-03-01T12:00:01.000Z');
		const frozen = new Clock({ stepMs: 0 });
		expect(frozen.tick()).toBe(frozen.tick());
		expect(() => new Clock({ stepMs: -1 })).toThrow(RangeError);
	});

	test('real mode follows the wall clock and never goes backwards', () => {
		const clock = new Clock({ mode: 'real' });
		const a = clock.tick();
		const b = clock.tick();
		expect(b).toBeGreaterThan(a);
		expect(Math.abs(a - Date.now())).toBeLessThan(5000);
	});
});

describe('applications move on', () => {
	test('another stage, state or interview shows in the job’s list; a removed one is gone; the job does not move', () => {
		const store = new Store({ candidates: 50, vacancies: 3 });
		const [job] = store.world.vacancyIndex.items.map((v) => v.id).sort();
		const jobModified = store.getVacancy(job)?.modifiedAt;
		const [first, second] = store.applicationsOfVacancy(job);
		const before = render.applicationListItem(store.world, first);
		store.moveApplication(first.id, { stageId: 'astage-interview', interview: true });
		store.moveApplication(second.id, { state: 'placed' });
		const moved = render.applicationListItem(store.world, first);
		expect(moved.stage).toMatchObject({ id: 'astage-interview', type: 'interview' });
		expect(moved.nextInterview?.id).not.toBe(before.nextInterview?.id);
		expect(moved.nextInterview?.id).toMatch(/^int-s/);
		const placed = render.applicationListItem(store.world, second);
		expect(placed).toMatchObject({ isPlaced: true, applicationState: { state: 'placed' } });
		// A later move to another stage keeps the interview that was set.
		store.moveApplication(first.id, { stageId: 'astage-presented' });
		expect(render.applicationListItem(store.world, first).nextInterview).toEqual(
			moved.nextInterview,
		);
		// Another stage alone schedules no interview: the one shown before stays (here: none).
		const third = store.applicationsOfVacancy(job)[2];
		const shownBefore = render.applicationListItem(store.world, third).nextInterview;
		store.moveApplication(third.id, { stageId: 'astage-result' });
		expect(render.applicationListItem(store.world, third).nextInterview).toEqual(shownBefore);
		store.removeApplication(second.id);
		expect(store.applicationsOfVacancy(job).map((a) => a.id)).not.toContain(second.id);
		expect(store.getVacancy(job)?.modifiedAt).toBe(jobModified);
		expect(store.changeLog.entries.map((e) => [e.resource, e.id, e.kind])).toEqual([
			['application', first.id, 'updated'],
			['application', second.id, 'updated'],
			['application', first.id, 'updated'],
			['application', third.id, 'updated'],
			['application', second.id, 'removed'],
		]);
		expect(() => store.moveApplication(first.id, { stageId: 'nowhere' })).toThrow(/stage/);
		expect(() => store.moveApplication(first.id, { state: 'dreaming' })).toThrow(/state/);
	});

	test('the change log says what the sandbox did to each application: before and after', () => {
		const store = new Store({ candidates: 50, vacancies: 3 });
		const [job] = store.world.vacancyIndex.items.map((v) => v.id).sort();
		const [first] = store.applicationsOfVacancy(job);
		const shown = render.applicationListItem(store.world, first);
		const seeded = store.applicationFacts(first.id);
		// The facts are the sandbox's own record, and agree with what the API shows.
		expect(seeded).toEqual({
			job,
			candidate: shown.candidate.id,
			stage: shown.stage.id,
			state: shown.applicationState.state,
			placed: shown.isPlaced,
			interview: shown.nextInterview
				? { id: shown.nextInterview.id, startTime: shown.nextInterview.startTime }
				: null,
		});
		store.moveApplication(first.id, { stageId: 'astage-interview', interview: true });
		store.moveApplication(first.id, { interview: 'moved' });
		store.moveApplication(first.id, { state: 'placed' });
		const created = store.createApplication({
			vacancyId: job,
			candidateId: first.candidateId,
			stageId: 'astage-applied',
			statusId: null,
		});
		store.removeApplication(first.id);
		const [move, moved, place, create, remove] = store.changeLog.entries;
		expect(move.before).toEqual(seeded);
		expect(move.after).toMatchObject({ stage: 'astage-interview', interview: { id: /^int-s/ } });
		// The same interview a day later: its id kept, its start moved.
		const [was, is] = [move, moved].map((entry) => entry.after?.interview);
		expect(is && { id: is.id, start: Date.parse(is.startTime) }).toEqual(
			was && { id: was.id, start: Date.parse(was.startTime) + 86_400_000 },
		);
		expect(place.before).toEqual(moved.after);
		expect(place.after).toEqual({ ...moved.after, state: 'placed', placed: true });
		expect(create).toMatchObject({ kind: 'created', id: created.id });
		expect(create).not.toHaveProperty('before');
		expect(create.after).toEqual(store.applicationFacts(created.id));
		expect(remove).toMatchObject({ kind: 'removed', before: place.after });
		expect(remove).not.toHaveProperty('after');
		expect(store.applicationFacts(first.id)).toBeUndefined();
		expect(() => store.moveApplication(created.id, { interview: 'moved' })).toThrow(/no interview/);
	});

	test('a job deleted is gone with its applications, each logged as removed, the job last', () => {
		const store = new Store({ candidates: 50, vacancies: 3 });
		const [job, other] = store.world.vacancyIndex.items.map((v) => v.id).sort();
		const applications = store.applicationsOfVacancy(job).map((app) => app.id);
		const facts = applications.map((id) => store.applicationFacts(id));
		expect(applications.length).toBeGreaterThan(0);
		store.deleteVacancy(job);
		expect(store.getVacancy(job)).toBeUndefined();
		expect(store.world.vacancyIndex.items.map((v) => v.id)).not.toContain(job);
		expect(store.applicationsOfVacancy(job)).toEqual([]);
		expect(store.applicationsOfVacancy(other).length).toBeGreaterThan(0);
		expect(
			store.changeLog.entries.map(({ resource, id, kind, before }) => ({
				resource,
				id,
				kind,
				before,
			})),
		).toEqual([
			...applications.map((id, i) => ({
				resource: 'application',
				id,
				kind: 'removed',
				before: facts[i],
			})),
			{ resource: 'vacancy', id: job, kind: 'removed', before: undefined },
		]);
		expect(() => store.deleteVacancy(job)).toThrow(/not found/);
	});
});
