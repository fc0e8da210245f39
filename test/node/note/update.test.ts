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

	test.each([
		[
			'an empty title and source None are sent as null',
			{ title: '', additionalFields: { source: 'none' } },
			{ content: 'x', title: null, pinned: false, source: null },
		],
		// Moved from test/unit/bodies.test.ts (noteBody), the same assertions through n8n.
		[
			'an empty Label IDs field is not sent',
			{ title: '', pinned: false, additionalFields: { labelIds: '' } },
			{ content: 'x', title: null, pinned: false },
		],
	])('%s', async (_name, parameters, body) => {
		await succeeds(put(body), update({ content: 'x', ...parameters }));
	});

	test.each([
		[{ content: '  ' }, /^Content: is required/],
		[{ content: 'x', title: '', pinned: '={{ "yes" }}' }, /^Pinned: must be true or false/],
	])('%j names the field', async (parameters, message) => {
		expect((await update(parameters)).error?.message).toMatch(message);
	});
});
