import nock from 'nock';

import { API, API_KEY, jsonOf, runRecruiting } from '../../harness/engine';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

describe('Note: Update', () => {
	test('sends content, title, pinned, source and labels', async () => {
		const scope = nock(API, { reqheaders: { 'x-api-key': API_KEY } })
			.put('/v1/notes/n1', {
				content: '<p>Called</p>',
				title: 'Call',
				pinned: true,
				source: 'phone',
				labelIds: ['l1', 'l2'],
			})
			.reply(200, '');
		const result = await runRecruiting({
			parameters: {
				resource: 'note',
				operation: 'update',
				noteId: 'n1',
				content: '<p>Called</p>',
				title: 'Call',
				pinned: true,
				additionalFields: { source: 'phone', labelIds: 'l1, l2' },
			},
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		expect(jsonOf(result)).toEqual([{ success: true, id: 'n1', updated: true }]);
	});

	test('an empty title and source None are sent as null', async () => {
		const scope = nock(API, { reqheaders: { 'x-api-key': API_KEY } })
			.put('/v1/notes/n1', { content: 'x', title: null, pinned: false, source: null })
			.reply(200, '');
		const result = await runRecruiting({
			parameters: {
				resource: 'note',
				operation: 'update',
				noteId: 'n1',
				content: 'x',
				title: '',
				additionalFields: { source: 'none' },
			},
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
	});

	test('empty content names the field', async () => {
		const result = await runRecruiting({
			parameters: { resource: 'note', operation: 'update', noteId: 'n1', content: '  ' },
		});
		expect(result.error?.message).toMatch(/^Content: is required/);
	});

	// Moved from test/unit/bodies.test.ts (noteBody), the same assertions through n8n.
	test('an empty Label IDs field is not sent', async () => {
		let sent: unknown;
		const scope = nock(API, { reqheaders: { 'x-api-key': API_KEY } })
			.put('/v1/notes/n1', (body) => {
				sent = body;
				return true;
			})
			.reply(200, '');
		const result = await runRecruiting({
			parameters: {
				resource: 'note',
				operation: 'update',
				noteId: 'n1',
				content: 'x',
				title: '',
				pinned: false,
				additionalFields: { labelIds: '' },
			},
		});
		expect(result.error).toBeUndefined();
		expect(scope.isDone()).toBe(true);
		expect(sent).toEqual({ content: 'x', title: null, pinned: false });
	});

	test('pinned must be a boolean', async () => {
		const result = await runRecruiting({
			parameters: {
				resource: 'note',
				operation: 'update',
				noteId: 'n1',
				content: 'x',
				title: '',
				pinned: '={{ "yes" }}',
			},
		});
		expect(result.error?.message).toMatch(/^Pinned: must be true or false/);
	});
});
