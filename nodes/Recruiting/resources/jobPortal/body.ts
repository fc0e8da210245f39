import type { IDataObject } from 'n8n-workflow';

import { boundedText, FieldError, fieldText, webUrl } from '../../../shared/values';
import { locationBody, PORTAL_LOCATION_FIELDS } from '../../location';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface PortalApplicationInput {
	firstName: unknown;
	lastName: unknown;
	email: unknown;
	phoneNumber: unknown;
	cvAttachmentId: unknown;
	networkUrl: unknown;
	location?: unknown;
}

/** The body of a job portal application, checked against the spec's lengths and formats. */
export function portalApplicationBody(input: PortalApplicationInput): IDataObject {
	const email = boundedText(input.email, 'Email', 3, 254);
	if (!EMAIL.test(email)) throw new FieldError('Email', `"${email}" is not an email address`);
	const body: IDataObject = {
		firstName: boundedText(input.firstName, 'First Name', 1, 100),
		lastName: boundedText(input.lastName, 'Last Name', 1, 100),
		cvAttachmentId: boundedText(input.cvAttachmentId, 'CV Attachment ID', 1, 100),
		email,
		phoneNumber: boundedText(input.phoneNumber, 'Phone Number', 1, 20),
		networkUrl: null,
	};
	const networkUrl = boundedText(input.networkUrl, 'Network Profile URL', 0, 2048);
	if (networkUrl) {
		body.networkUrl = webUrl(
			networkUrl,
			'Network Profile URL',
			'Example: https://network.example/in/jane',
		);
	}
	const portalLocation = locationBody(input.location, PORTAL_LOCATION_FIELDS);
	if (portalLocation) body.location = portalLocation;
	return body;
}

/** The query of an application: the channel that sent the applicant, when one is given. */
export function channelQuery(channelId: unknown): IDataObject {
	const id = fieldText(channelId, 'Channel ID');
	return id ? { channelId: id } : {};
}
