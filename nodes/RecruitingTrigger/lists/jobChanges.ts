import type { IPollFunctions } from 'n8n-workflow';

import { jobStage } from '../../shared/records/job';
import type { PacedRun } from '../../shared/transport';
import { PollPlan } from './plan';
import { planPages, recentRecords } from './read';
import { recordId } from './records';
import { emptyState, loadState } from './state';

/*
 * The application trigger's one way into the job list (it imports nothing else of lists/): the
 * jobs created or changed since a position, and the most recently changed jobs for Fetch Test
 * Event. Changes are read exactly as the job trigger reads them (each change once, ties and late
 * writes included), page by page.
 */

/** A job the job list shows created or changed. */
interface JobChange {
	id: string;
	/** Its stage's isOpen, where the list gives it (null: not said; the spec's list does not). */
	open: boolean | null;
	/** Created since the position read from (false when the list is read from the beginning). */
	created: boolean;
}

interface JobChanges {
	/** The changes, a page at a time (one page's records alive at a time). */
	pages: AsyncGenerator<JobChange[], void, undefined>;
	/**
	 * Once the pages are read: what the user must hear of (more than 50 jobs on one modification
	 * time: the list cannot page past them, so some jobs are not seen), including what an
	 * earlier read kept, and the position to store. `delivered`: the caller delivers the
	 * notices now; if not, the position keeps them for the next read.
	 */
	end(delivered: boolean): { position: unknown; notices: string[] };
}

/**
 * The job changes since `position` (a position `end` gave before; undefined, or one that is not
 * such a position: the whole list, from the beginning). `now` is the n8n clock.
 */
export function jobChanges(
	context: IPollFunctions,
	run: PacedRun,
	position: unknown,
	now: number,
): JobChanges {
	const from = loadState(position, 'job');
	const plan = new PollPlan(from ?? emptyState('job'), {
		resource: 'job',
		event: 'createdOrUpdated',
		maxItems: Infinity,
		now,
	});
	const notices = new Set<string>();
	async function* pages(): AsyncGenerator<JobChange[], void, undefined> {
		for await (const emissions of planPages(context, plan, run)) {
			const changes: JobChange[] = [];
			for (const { record, event, notice } of emissions) {
				for (const line of notice?.split('\n') ?? []) notices.add(line);
				const id = recordId(record);
				if (id === undefined) continue;
				const created = from !== undefined && event === 'created';
				changes.push({ id, open: jobStage(record).isOpen, created });
			}
			yield changes;
		}
	}
	return {
		pages: pages(),
		end: (delivered) => {
			const { notice, ...position } = plan.nextState();
			for (const line of notice?.split('\n') ?? []) notices.add(line);
			const lines = [...notices];
			const keep = !delivered && lines.length > 0 && { notice: lines.join('\n') };
			return { position: { ...position, ...keep }, notices: lines };
		},
	};
}

/**
 * Fetch Test Event: the ids of the most recently changed jobs, newest first, at least `atLeast`
 * where the list has them (recent windows of the list, read.ts). Nothing is stored.
 */
export async function recentJobIds(
	context: IPollFunctions,
	run: PacedRun,
	atLeast: number,
): Promise<string[]> {
	const ids = new Set<string>();
	for (const { record } of (await recentRecords(context, 'job', run, { atLeast })).reverse()) {
		const id = recordId(record);
		if (id !== undefined) ids.add(id);
	}
	return [...ids];
}
