import type { IDataObject } from 'n8n-workflow';

import { FieldError, fieldText, fixedValues, idList, isSet } from '../../../shared/values';

export interface ApplicationInput {
	jobId: unknown;
	candidateId: unknown;
	stageId: unknown;
	statusId: unknown;
	additionalFields: IDataObject;
}

/** The body of POST /applications; a FieldError names a refused field. */
export function applicationBody(input: ApplicationInput): IDataObject {
	const candidateId = fieldText(input.candidateId, 'Candidate');
	if (!candidateId) throw new FieldError('Candidate', 'is required');
	const stageId = fieldText(input.stageId, 'Stage ID');
	if (!stageId)
		throw new FieldError('Stage ID', 'is required', 'The pipeline stage the application starts in');
	const body: IDataObject = {
		// Both are required by the API and nullable: empty means a speculative application / no status.
		vacancyId: fieldText(input.jobId, 'Job') || null,
		candidateId,
		stageId,
		statusId: fieldText(input.statusId, 'Status ID') || null,
	};
	const extra = input.additionalFields ?? {};
	if (isSet(extra.clientId)) body.clientId = fieldText(extra.clientId, 'Client ID');
	if (isSet(extra.teamUserIds)) body.teamUserIds = idList(extra.teamUserIds, 'Team User IDs');
	if (isSet(extra.clientTeamContactIds)) {
		body.clientTeamContactIds = idList(extra.clientTeamContactIds, 'Client Team Contact IDs');
	}
	const position = fixedValues(extra.position);
	if (position) {
		const previousId = fieldText(position.previousId, 'Position Previous ID');
		const nextId = fieldText(position.nextId, 'Position Next ID');
		if (!previousId && !nextId)
			throw new FieldError('Position', 'give the Previous ID, the Next ID or both');
		body.position = { ...(previousId && { previousId }), ...(nextId && { nextId }) };
	}
	return body;
}
