import { describe, expect, it } from 'vitest';
import { PUBLIC_URL } from '../helpers/engine';
import { expectError, expectOk } from '../helpers/app';
import { commentSetup } from './comments-setup';
import { mapInOrder } from '../../src/engine/in-order';

describe('POST …/comments/{commentId}/replies', () => {
  it('replies to a comment (200), counted on the comment', async () => {
    const s = await commentSetup();
    const c = await s.postOk({ page: s.intro, body: { markdown: 'question' } });
    s.clock.advance(1000);
    const res = await s.api.request('POST', s.replies(c.id), { as: s.other, body: { body: { markdown: 'answer' } } });
    expectOk(res, 'postCommentReplyInSpace');
    expect(res.body).toEqual({
      object: 'comment-reply',
      id: res.body.id,
      postedBy: expect.objectContaining({ object: 'user', id: s.other, email: 'other@acme.test' }),
      postedAt: '2026-03-01T10:00:01.000Z',
      reactions: [],
      body: { document: { object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', isVoid: false, data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'answer', marks: [] }] }] }] } },
      urls: { location: `${PUBLIC_URL}/v1/spaces/${s.spaceId}/comments/${c.id}/replies/${res.body.id}` },
      permissions: { view: true, edit: true, reply: true, delete: true },
    });
    await s.replyOk(c.id, 'another');
    expect((await s.getOk(c.id)).replies).toBe(2);
    expect((await s.list()).body.items[0].replies).toBe(2);
    const markdown = await s.api.request('POST', `${s.replies(c.id)}?format=markdown`, { as: s.other, body: { body: { markdown: 'md' } } });
    expect(markdown.body.body).toEqual({ markdown: 'md' });
  });

  it('validates the body and needs the comment role', async () => {
    const s = await commentSetup();
    const c = await s.postOk({ body: {} });
    const post = async (body: unknown, as: string | null = s.other) => await s.api.request('POST', s.replies(c.id), { as, body });
    expectError(await post({}), 400, /^body: is required$/);
    expectError(await post({ body: { markdown: 'x'.repeat(100_001) } }), 400, /^body\.markdown: must be at most 100000 characters$/);
    expectError(await post({ body: {}, page: s.intro }), 400, /^page: is not a known field$/);
    expectError(await post({ body: {} }, s.reader), 403, /reply to comments on this space \(comment role on the space required\)/);
    expectError(await post({ body: {} }, s.stranger), 404, /space .* not found/);
    expectError(await post({ body: {} }, null), 401);
    expectError(await s.api.request('POST', s.replies('nope'), { as: s.other, body: { body: {} } }), 404, /comment nope not found/);
    expect(await s.count('SELECT COUNT(*) AS n FROM comment_replies')).toBe(0);
    expectOk(await post({ body: {} }), 'postCommentReplyInSpace');
  });
});

describe('GET …/comments/{commentId}/replies (list) and one reply', () => {
  it('lists replies oldest first, with paging', async () => {
    const s = await commentSetup();
    const c = await s.postOk({ body: {} });
    const posted = await mapInOrder([0, 1, 2, 3, 4], async (i) => (await s.replyOk(c.id, `r${i}`, i % 2 ? s.other : s.commenter)).id);
    await s.replyOk((await s.postOk({ body: {} })).id, 'elsewhere');
    const first = await s.api.request('GET', `${s.replies(c.id)}?limit=2&format=markdown`, { as: s.reader });
    expectOk(first, 'listCommentRepliesInSpace');
    expect(first.body.count).toBe(5);
    expect(first.body.items.map((r: { body: { markdown: string } }) => r.body.markdown)).toEqual(['r0', 'r1']);
    const seen = first.body.items.map((r: { id: string }) => r.id);
    let page = first.body.next?.page;
    while (page) {
      const next = await s.api.request('GET', `${s.replies(c.id)}?limit=2&page=${page}`, { as: s.reader });
      expectOk(next, 'listCommentRepliesInSpace');
      seen.push(...next.body.items.map((r: { id: string }) => r.id));
      page = next.body.next?.page;
    }
    expect(seen).toEqual(posted);
    expectError(await s.api.request('GET', `${s.replies(c.id)}?page=bad`, { as: s.reader }), 400, /^page: is not a valid page cursor/);
    expectError(await s.api.request('GET', `${s.replies(c.id)}?order=asc`, { as: s.reader }), 400, /^order: is not a known field$/);
    expectError(await s.api.request('GET', s.replies(c.id), { as: s.stranger }), 404);
    expectError(await s.api.request('GET', s.replies('nope'), { as: s.reader }), 404, /comment nope not found/);
    expectError(await s.api.request('GET', s.replies(c.id), { as: null }), 401);
  });

  it('gets one reply, 404 for an unknown one or one of another comment', async () => {
    const s = await commentSetup();
    const c = await s.postOk({ body: {} });
    const d = await s.postOk({ body: {} });
    const r = await s.replyOk(c.id, 'hello');
    const res = await s.api.request('GET', `${s.replies(c.id)}/${r.id}?format=markdown`, { as: s.reader });
    expectOk(res, 'getCommentReplyInSpace');
    expect(res.body).toMatchObject({ id: r.id, body: { markdown: 'hello' }, permissions: { view: true, edit: false, reply: false, delete: false } });
    expect((await s.api.request('GET', `${s.replies(c.id)}/${r.id}`, { as: s.adminId })).body.permissions).toEqual({ view: true, edit: false, reply: true, delete: true });
    expectError(await s.api.request('GET', `${s.replies(c.id)}/nope`, { as: s.reader }), 404, /reply nope not found on comment/);
    expectError(await s.api.request('GET', `${s.replies(d.id)}/${r.id}`, { as: s.reader }), 404, /reply .* not found on comment/);
    expectError(await s.api.request('GET', `${s.replies(c.id)}/${r.id}`, { as: s.stranger }), 404);
  });
});

describe('PUT and DELETE …/replies/{commentReplyId}', () => {
  it('edits a reply (author only) and reacts to it', async () => {
    const s = await commentSetup();
    const c = await s.postOk({ body: {} });
    const r = await s.replyOk(c.id, 'frist');
    const url = `${s.replies(c.id)}/${r.id}`;
    s.clock.advance(30_000);
    const edited = await s.api.request('PUT', `${url}?format=markdown`, { as: s.commenter, body: { body: { markdown: 'first' }, addedReactions: ['😅'] } });
    expectOk(edited, 'updateCommentReplyInSpace');
    expect(edited.body).toMatchObject({ editedAt: '2026-03-01T10:00:30.000Z', body: { markdown: 'first' }, reactions: [{ emoji: '😅', count: 1 }] });
    const reacted = await s.api.request('PUT', url, { as: s.other, body: { addedReactions: ['😅'] } });
    expect(reacted.body.reactions).toEqual([{ emoji: '😅', count: 2, users: [expect.anything(), expect.objectContaining({ user: expect.objectContaining({ id: s.other }) })] }]);
    expectError(await s.api.request('PUT', url, { as: s.adminId, body: { body: { markdown: 'x' } } }), 403, /^you are not allowed to edit this reply: only its author can$/);
    expectError(await s.api.request('PUT', url, { as: s.reader, body: { addedReactions: ['👍'] } }), 403, /react to replies/);
    expectError(await s.api.request('PUT', url, { as: s.commenter, body: { resolved: true } }), 400, /^resolved: is not a known field$/);
    expectError(await s.api.request('PUT', url, { as: s.commenter, body: { addedReactions: ['a b'] } }), 400, /^addedReactions\[0\]: must be an emoji/);
    expectError(await s.api.request('PUT', url, { as: null, body: {} }), 401);
    expectError(await s.api.request('PUT', `${s.replies(c.id)}/nope`, { as: s.commenter, body: {} }), 404);
  });

  it('deletes a reply (205) by its author or a space admin, with its reactions', async () => {
    const s = await commentSetup();
    const c = await s.postOk({ body: {} });
    const mine = await s.replyOk(c.id, 'mine', s.other);
    const theirs = await s.replyOk(c.id, 'theirs', s.commenter);
    expectOk(await s.api.request('PUT', `${s.replies(c.id)}/${mine.id}`, { as: s.commenter, body: { addedReactions: ['👍'] } }), 'updateCommentReplyInSpace');
    expect(await s.count('SELECT COUNT(*) AS n FROM reply_reactions')).toBe(1);
    // The comment's author does not own the replies to it.
    expectError(await s.api.request('DELETE', `${s.replies(c.id)}/${mine.id}`, { as: s.commenter }), 403, /delete this reply: only its author or an admin/);
    expectError(await s.api.request('DELETE', `${s.replies(c.id)}/${mine.id}`, { as: s.stranger }), 404);
    expectError(await s.api.request('DELETE', `${s.replies(c.id)}/${mine.id}`, { as: null }), 401);
    const res = await s.api.request('DELETE', `${s.replies(c.id)}/${mine.id}`, { as: s.other });
    expectOk(res, 'deleteCommentReplyInSpace');
    expect(res.status).toBe(205);
    expect(await s.count('SELECT COUNT(*) AS n FROM reply_reactions')).toBe(0);
    expectOk(await s.api.request('DELETE', `${s.replies(c.id)}/${theirs.id}`, { as: s.adminId }), 'deleteCommentReplyInSpace');
    expect((await s.getOk(c.id)).replies).toBe(0);
    expectError(await s.api.request('DELETE', `${s.replies(c.id)}/${theirs.id}`, { as: s.adminId }), 404);
  });
});
