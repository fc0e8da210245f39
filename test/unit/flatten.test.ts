import {
	flattenApplication,
	flattenApplicationListItem,
} from '../../nodes/shared/records/application';
import { flattenCandidate } from '../../nodes/shared/records/candidate';
import { flattenVacancy } from '../../nodes/shared/records/job';
import { flattenCustomAttribute } from '../../nodes/shared/flatten';
import {
	applicationDetail,
	applicationListItem,
	applicationStage,
	candidate,
	candidateDetail,
	client,
	clientContact,
	customImage,
	emailEntry,
	location,
	personBadge,
	phoneEntry,
	stage,
	taskDue,
	userBadge,
	vacancyDetail,
	vacancyListItem,
} from '../harness/fixtures';

/** Every key at any depth named viewType. */
function viewTypesIn(value: unknown, path = ''): string[] {
	if (Array.isArray(value))
		return value.flatMap((entry, index) => viewTypesIn(entry, `${path}[${index}]`));
	if (typeof value !== 'object' || value === null) return [];
	return Object.entries(value).flatMap(([key, entry]) =>
		key === 'viewType' ? [path || '.'] : viewTypesIn(entry, path ? `${path}.${key}` : key),
	);
}

const customImageFlat = {
	...customImage,
	value: 'https://img.example/badge.png',
	valueType: 'customImage',
};

describe('flattenVacancy', () => {
	test('unwraps every wrapped field of a list item', () => {
		expect(flattenVacancy(vacancyListItem())).toEqual({
			id: 'v1',
			client,
			name: 'Backend Engineer',
			description: 'Build APIs',
			stage,
			createdAt: '2025-12-01T10:00:00.000Z',
			startAt: '2026-03-01T00:00:00.000Z',
			endAt: null,
			salaryRange: { currency: 'EUR', min: 60000, max: 80000 },
			location,
			team: [userBadge],
			employmentType: 'fullTime',
			locationType: 'hybrid',
			clientTeam: [clientContact],
			scorecard: [{ group_name: 'Skills', attributes: [{ attribute: 'TypeScript' }] }],
			nextTaskDue: taskDue,
		});
	});

	test('unwraps the detail-only fields and custom attributes', () => {
		const flat = flattenVacancy(vacancyDetail()) as Record<string, unknown>;
		expect(flat.stage).toEqual({ ...stage, isOpen: true });
		expect(flat.stageTotals).toEqual([
			{ type: 'sourcing', id: 's1', name: 'Sourcing', order: 1, total: 4 },
		]);
		expect(flat.dealValue).toEqual({ currency: 'EUR', amount: 15000 });
		expect(flat.customAttributes).toEqual([customImageFlat]);
		expect(flat.clientPortalId).toBe('portal-1');
		expect(flat.lastRankedAt).toBe('2026-01-02T00:00:00.000Z');
		expect(viewTypesIn(flat)).toEqual([]);
	});

	test('accepts a salary range given flat inside its wrapper', () => {
		const raw = {
			id: 'v',
			salaryRange: { viewType: 'vacancySalaryRange', currency: 'USD', min: 1, max: 2 },
		};
		expect(flattenVacancy(raw)).toEqual({
			id: 'v',
			salaryRange: { currency: 'USD', min: 1, max: 2 },
		});
	});

	test('an unknown viewType or an unexpected extra key passes through unchanged', () => {
		const odd = { viewType: 'vacancyTitle', name: 'X' };
		const extra = { viewType: 'vacancyDescription', description: 'd', language: 'en' };
		expect(flattenVacancy({ id: 'v', name: odd, description: extra })).toEqual({
			id: 'v',
			name: odd,
			description: extra,
		});
	});

	test('fields the spec does not name are kept as they are', () => {
		expect(flattenVacancy({ id: 'v', brandNewField: { viewType: 'x', x: 1 }, score: 3 })).toEqual({
			id: 'v',
			brandNewField: { viewType: 'x', x: 1 },
			score: 3,
		});
	});

	test('does not change its input', () => {
		const raw = vacancyDetail();
		const copy = JSON.parse(JSON.stringify(raw));
		flattenVacancy(raw);
		expect(raw).toEqual(copy);
	});

	test('non-objects are returned as they are', () => {
		expect(flattenVacancy(null)).toBeNull();
		expect(flattenVacancy('x')).toBe('x');
	});
});

describe('flattenCandidate', () => {
	test('unwraps every wrapped field of a candidate', () => {
		expect(flattenCandidate(candidate())).toEqual({
			id: 'c1',
			firstName: 'Ada',
			lastName: 'Lovelace',
			avatarUrl: 'https://img.example/ada.png',
			gender: 'female',
			nationality: ['British'],
			status: ['actively_looking'],
			emails: [emailEntry],
			phoneNumbers: [phoneEntry],
			locations: [location],
			dateOfBirth: '1990-12-10T00:00:00.000Z',
			socialMedia: [{ url: 'https://network.example/ada', type: 'NETWORK', isPrimary: true }],
			lastInteractionDate: '2026-01-04T00:00:00.000Z',
			lastInteractionWith: userBadge,
			nextInteractionDate: '2026-01-09T00:00:00.000Z',
			nextInteractionWith: userBadge,
			mainContact: userBadge,
			languages: [{ language: 'English', id: 'l1', fluency: 'Native or bilingual proficiency' }],
			compensation: {
				currency: 'EUR',
				id: 'comp1',
				totalCompensation: 90000,
				baseCompensation: 80000,
			},
			hasCurrentPlacement: true,
			currentPlacements: [
				{
					id: 'p1',
					company: { id: 'co1', name: 'Acme GmbH', logoUrl: '' },
					startDate: '2025-01-01',
					endDate: null,
				},
			],
			nextTaskDue: taskDue,
			createdAt: '2025-11-01T00:00:00.000Z',
			modifiedAt: '2026-01-05T10:00:00.000Z',
			lastActivityDate: '2026-01-04T00:00:00.000Z',
			acquisitionSource: 'manual',
			lastNetworkDiffAt: null,
			isDiffingNetwork: false,
			customAttributes: [customImageFlat],
			aiSummary: 'Strong engineer',
		});
	});

	test('unwraps client contacts of the detail, with their custom attributes', () => {
		const flat = flattenCandidate(candidateDetail()) as Record<string, unknown>;
		const contacts = flat.clientContacts as Array<Record<string, unknown>>;
		expect(contacts).toHaveLength(1);
		expect(contacts[0].role).toBe('CTO');
		expect(contacts[0].customAttributes).toEqual([customImageFlat]);
		expect(flat.hasClientContacts).toBe(true);
		expect(viewTypesIn(flat)).toEqual([]);
	});

	test('a name wrapper with an unknown key is kept whole rather than losing the key', () => {
		const name = {
			viewType: 'candidateName',
			firstName: 'A',
			lastName: 'B',
			avatarUrl: '',
			nickname: 'Z',
		};
		expect(flattenCandidate({ id: 'c', name })).toEqual({ id: 'c', name });
	});

	test('a wrapper with only its viewType becomes null', () => {
		expect(flattenCandidate({ id: 'c', gender: { viewType: 'candidateGender' } })).toEqual({
			id: 'c',
			gender: null,
		});
	});
});

describe('flattenApplication', () => {
	test('unwraps every wrapper of an application detail', () => {
		const flat = flattenApplication(applicationDetail()) as Record<string, unknown>;
		const stageWithoutViewType = Object.fromEntries(
			Object.entries(applicationStage).filter(([key]) => key !== 'viewType'),
		);
		expect(flat.internalTeam).toEqual([personBadge]);
		expect(flat.notes).toEqual([
			{ noteId: 'n1', title: 'Call', createdAt: '2026-01-03T00:00:00.000Z' },
		]);
		expect(flat.stage).toEqual(stageWithoutViewType);
		expect(flat.owner).toEqual(personBadge);
		expect(flat.applicationState).toBe('for-review');
		expect(flat.client).toEqual(client);
		expect(flat.clientTeam).toEqual([clientContact]);
		expect(flat.vacancy).toEqual({
			id: 'v1',
			title: 'Backend Engineer',
			description: 'Build APIs',
			location,
			client,
			stage: { ...stage, isOpen: true },
		});
		expect(flat.commentCount).toBe(1);
		expect(viewTypesIn(flat)).toEqual([]);
	});

	test('an application list item loses its wrappers too', () => {
		const flat = flattenApplicationListItem(applicationListItem()) as Record<string, unknown>;
		expect(flat.owner).toEqual(personBadge);
		expect(flat.applicationState).toBe('for-review');
		expect((flat.candidate as Record<string, unknown>).lastWorkExperience).toMatchObject({
			jobTitle: 'Engineer',
		});
		expect((flat.stage as Record<string, unknown>).name).toBe('Sourced');
		expect(viewTypesIn(flat)).toEqual([]);
	});
});

describe('flattenCustomAttribute', () => {
	test('an unknown value variant is kept with its viewType', () => {
		const other = { ...customImage, value: { viewType: 'customText', text: 'hello' } };
		expect(flattenCustomAttribute(other)).toEqual(other);
	});
});

describe('the order of the flattened fields (a table shows them in this order)', () => {
	test('a candidate: id and names first, how to reach them next; URLs and nested detail last; nothing dropped', () => {
		const flat = flattenCandidate(candidate()) as Record<string, unknown>;
		const keys = Object.keys(flat);
		expect(keys.slice(0, 5)).toEqual(['id', 'firstName', 'lastName', 'emails', 'phoneNumbers']);
		expect(keys.slice(-4)).toEqual(['avatarUrl', 'socialMedia', 'aiSummary', 'customAttributes']);
		const { name, currentPlacements, ...rest } = candidate() as Record<string, unknown>;
		expect(name).toBeDefined();
		expect(currentPlacements).toBeDefined();
		for (const key of Object.keys(rest)) expect(keys).toContain(key);
	});

	test('a job: id, name, client and stage first; description and nested detail last', () => {
		const keys = Object.keys(flattenVacancy(vacancyListItem()) as Record<string, unknown>);
		expect(keys.slice(0, 4)).toEqual(['id', 'name', 'client', 'stage']);
		expect(keys.indexOf('description')).toBeGreaterThan(keys.indexOf('createdAt'));
		expect(keys.sort()).toEqual(Object.keys(vacancyListItem()).sort());
	});
});
