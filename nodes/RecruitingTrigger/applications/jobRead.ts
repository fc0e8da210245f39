import type { IDataObject } from 'n8n-workflow';

import { applicationState } from '../../shared/records/application';
import type { StageView } from '../../shared/records/application';
import { fullName } from '../../shared/records/candidate';
import type { Json } from '../../shared/values';
import { candidateOf, differences, interviewOf, MINUTE } from './events';
import type { ApplicationEvent, Difference, Seen } from './events';
import type { ApplicationSettings } from './settings';
import { watches } from './state';
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

interface ReadOutcome {
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

/** One job's read: what the trigger remembers of the job and what the read found. */
interface ReadInput {
	id: string;
	job: WatchedJob;
	/** undefined: the API no longer has the job. */
	read: JobRead | undefined;
	settings: ApplicationSettings;
	room: Room;
	/** The turn the read gives the job (readPlan.ts). */
	turn: number;
	/** The poll's time (milliseconds). */
	now: number;
}

export function decideRead({ id, job, read, settings, room, turn, now }: ReadInput): ReadOutcome {
	const closed = read === undefined || read.open === null ? job.closed : !read.open;
	// A job Jobs to Watch does not watch after this read (closed under Open Jobs Only) emits
	// nothing and keeps nothing, unless it was watched: then this read's changes come once (a
	// hire, as a rule) and a reopened job is taken in by a silent read.
	const watched = watches(settings.watch, closed);
	const silent = job.status === 'toTakeIn' || (job.status === 'new' && !watched);
	const title = read?.title ?? job.title ?? null;
	const items: IDataObject[] = [];
	const kept = new Map<string, Seen>();
	const before = job.status === 'watched' ? job.applications : undefined;
	let cut = false;
	for (const difference of differences(before, read?.applications ?? [], now)) {
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
		const rest: WatchedJob = { ...job, status: 'watched', applications: kept, turn, due: true };
		return { items, job: cut ? rest : undefined, full: cut };
	}
	const facts = {
		turn,
		...(cut && { due: true as const }),
		closed,
		...(title !== null && { title }),
	};
	let next: WatchedJob = { ...facts, status: 'watched', applications: kept };
	// A new job cut before any of its applications: still new.
	if (cut && job.status === 'new' && kept.size === 0) next = { ...facts, status: 'new' };
	// Not watched now: kept only while Max Items holds back its last changes.
	else if (!watched && !cut) next = { ...facts, status: 'toTakeIn' };
	return { items, full: cut, job: next };
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
		state: application ? applicationState(application) : current.state,
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
		? settings.output(application, job)
		: { id, candidateId: current.candidateId || null, removed: true };
	return json;
}
