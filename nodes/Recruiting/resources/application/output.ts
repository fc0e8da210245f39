import { dropViewType, flattenWith, rulesOf } from '../../../shared/flatten';
import type { FieldRule } from '../../../shared/flatten';

const APPLICATION_STAGE_RULE: FieldRule = { viewType: 'applicationStage', unwrap: dropViewType };

const APPLICATION_RULES = rulesOf({
	internalTeam: {},
	notes: {},
	stage: APPLICATION_STAGE_RULE,
	owner: { viewType: 'applicationOwner' },
	applicationState: {},
	client: {},
	clientTeam: {},
	vacancy: { viewType: 'applicationVacancy', unwrap: dropViewType },
});

/** An application as returned by GET /applications/{id}, with plain fields. */
export function flattenApplication(raw: unknown): unknown {
	return flattenWith(APPLICATION_RULES, raw);
}

const APPLICATION_LIST_ITEM_RULES = rulesOf({
	stage: APPLICATION_STAGE_RULE,
	owner: { viewType: 'applicationOwner' },
	applicationState: {},
	candidate: { viewType: 'applicationCandidate', unwrap: dropViewType },
});

/** An application inside the applications-by-job response, with plain fields. */
export function flattenApplicationListItem(raw: unknown): unknown {
	return flattenWith(APPLICATION_LIST_ITEM_RULES, raw);
}
