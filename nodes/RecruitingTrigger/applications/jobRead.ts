import type { IDataObject } from 'n8n-workflow';

import { fullName } from '../../shared/records/candidate';
import type { Json } from '../../shared/values';
import { candidateOf, differences, interviewOf, MINUTE, stateOf } from './events';
import type { ApplicationEvent, Difference, Seen, StageView } from './events';
import type { ApplicationSettings } from './settings';
import { takenIn } from './state';
import type { WatchedJob } from './state';

/*
 * One read of a job's applications, decided (pure): from what the trigger remembers of the
 * job, what the read found, the settings and the room left under Max Items per Poll, to the
 * items to emit and what to remember of the job. Every rule about one job's read is here: a
 * new job's applications are all new; the first read of a job taken in is silent; the events
 * are the differences (events.ts), those chosen and on a Target Stage are emitted; Max Items
 * cuts between applications, and what it cut keeps its old fingerprint, so the next read
 * finds it again. The poll (trigger.ts) does the reading and keeps the budget.
 */

/** What GET /applications/vacancy/{id} said of the job. */
export interface JobRead {
	title: string | null;
	/** Whether its stage is open (null: not said). */
	open: boolean | null;
	applications: Json[];
}

/** What a read may still emit under Max Items per Poll. */
export interface Room {
	left: number;
	/**
	 * Nothing emitted yet in this poll: the first application's events are emitted whatever
	 * their number, so that a Max Items below them cannot stall the trigger.
	 */
	first: boolean;
}

export interface ReadOutcome {
	items: IDataObject[];
	/** What to remember of the job; undefined: forget it (the API no longer has it). */
	job: WatchedJob | undefined;
	/** Max Items per Poll cut this read: the poll reads no further job. */
	full: boolean;
}

type Filters = Pick<ApplicationSettings, 'events' | 'stageTypes' | 'stages'>;

/** Target Stage Types and Target Stages: whether an event in this stage is wanted. */
export function onTargetStage(settings: Filters, stage: StageView | undefined): boolean {
	if (settings.stageTypes.length === 0 && settings.stages.length === 0) return true;
	if (!stage) return false;
	if (stage.type !== null && settings.stageTypes.includes(stage.type)) return true;
	const names = [stage.id, stage.name].filter((text): text is string => text !== null);
	return names.some((text) => settings.stages.includes(text.trim().toLowerCase()));
}

/**
 * The read of `job` (undefined: the API no longer has it) at poll number `poll`, time `now`
 * (milliseconds).
 */
export function decideRead(
	id: string,
	job: WatchedJob,
	read: JobRead | undefined,
	settings: ApplicationSettings,
	room: Room,
	poll: number,
	now: number,
): ReadOutcome {
	// Open Jobs Only: a job the read shows closed is not watched. A watched job that closes is
	// read once more, for its last changes (a hire, as a rule); then, or if it was not watched,
	// nothing of it is emitted or kept, and a reopened job is taken in by a silent read.
	const closes = settings.watch === 'open' && read?.open === false;
	const silent = closes ? job.applications === undefined : !takenIn(job);
	const title = read?.title ?? job.title ?? null;
	const items: IDataObject[] = [];
	const kept = new Map<string, Seen>();
	let cut = false;
	for (const difference of differences(job.applications, read?.applications ?? [], now)) {
		const current = difference.events.includes('removed') ? difference.before : difference.after;
		const wanted = silent
			? []
			: difference.events.filter(
					(event) => settings.events.includes(event) && onTargetStage(settings, current?.stage),
				);
		if (!cut && !(room.first && items.length === 0) && items.length + wanted.length > room.left) {
			cut = true;
		}
		const keep = cut ? difference.before : difference.after;
		if (keep) kept.set(difference.id, keep);
		if (cut) continue;
		for (const event of wanted) {
			items.push(eventItem(event, difference, { id, title }, settings, now));
		}
	}
	if (read === undefined) {
		// The API no longer has the job: once its removals are emitted, it is forgotten.
		return {
			items,
			job: cut ? { ...job, applications: kept, dueSince: poll } : undefined,
			full: cut,
		};
	}
	// A new job cut before any of its applications: still new.
	const stillNew = cut && job.isNew && kept.size === 0;
	return {
		items,
		full: cut,
		job: {
			lastRead: poll,
			...(cut && { dueSince: poll }),
			closed: read.open === null ? job.closed : !read.open,
			isNew: stillNew,
			...(title !== null && { title }),
			// Closed under Open Jobs Only: kept only while Max Items holds back its last changes.
			...(!stillNew && !(closes && !cut) && { applications: kept }),
		},
	};
}

/**
 * One event as an item: what happened, to whom, for which job; then the application as the
 * Output option shows it. `before` may be unknown (Fetch Test Event): the from-fields are null.
 */
export function eventItem(
	event: ApplicationEvent,
	{ id, before, after, application }: Difference,
	job: { id: string; title: string | null },
	settings: Pick<ApplicationSettings, 'output'>,
	now: number,
): IDataObject {
	const current = (after ?? before) as Seen;
	const candidate = application ? candidateOf(application) : {};
	const json: IDataObject = {
		event,
		resource: 'application',
		seenAt: new Date(now).toISOString(),
		applicationId: id,
		jobId: job.id,
		jobTitle: job.title,
		candidateId: current.candidateId || null,
		candidateName: fullName(candidate),
		stage: { ...current.stage },
		state: application ? stateOf(application) : current.state,
	};
	if (event === 'stageChanged') {
		json.fromStage = before ? { ...before.stage } : null;
		json.toStage = { ...current.stage };
		json.inFromStageSince = before ? new Date(before.since * MINUTE).toISOString() : null;
		json.daysInFromStage = before
			? Math.round(((now - before.since * MINUTE) / 86_400_000) * 10) / 10
			: null;
	}
	if (event === 'stateChanged') {
		json.fromState = before ? before.state : null;
		json.toState = current.state;
	}
	if (event === 'interviewScheduled') {
		json.interview = ((application && interviewOf(application)) ?? null) as IDataObject | null;
	}
	json.application = application
		? settings.output(application)
		: { id, candidateId: current.candidateId || null, removed: true };
	return json;
}
