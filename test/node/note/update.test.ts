import nock from 'nock';

import { api, offline, operation, succeeds } from '../../harness/engine';

offline();

describe('Note: Update', () => {
	const update = operation({ resource: 'note', operation: 'update', noteId: 'n1' });
	const put = (body: nock.RequestBodyMatcher) => api().put('/v1/notes/n1', body).reply(200, '');

	test('sends content, title, pinned, source and labels', async () => {
		const scope = put({
			content: '<p>Called</p>',
			title: 'Call',
			pinned: true,
			source: 'phone',
			labelIds: ['l1', 'l2'],
		});
		const run = update({
			content: '<p>Called</p>',
			title: 'Call',
			pinned: true,
			additionalFields: { source: 'phone', labelIds: 'l1, l2' },
		});
		expect(await succeeds(scope, run)).toEqual([{ success: true, id: 'n1', updated: true }]);
	});

	test('an empty title and source None are sent as null', async () => {
		const scope = put({ content: 'x', title: null, pinned: false, source: null });
		await succeeds(
			scope,
			update({ content: 'x', title: '', additionalFields: { source: 'none' } }),
		);
	});

	// Moved from test/unit/bodies.test.ts (noteBody), the same assertions through n8n.
	test('an empty Label IDs field is not sent', async () => {
		const scope = put({ content: 'x', title: null, pinned: false });
		const run = update({
			content: 'x',
			title: '',
			pinned: false,
			additionalFields: { labelIds: '' },
		});
		await succeeds(scope, run);
	});

	test.each([
		[{ content: '  ' }, /^Content: is required/],
		[{ content: 'x', title: '', pinned: '={{ "yes" }}' }, /^Pinned: must be true or false/],
	])('%j names the field', async (parameters, message) => {
		expect((await update(parameters)).error?.message).toMatch(message);
	});
});
