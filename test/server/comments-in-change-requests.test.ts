import { describe, expect, it } from 'vitest';
import { PUBLIC_URL } from '../helpers/engine';
import { expectError, expectOk } from '../helpers/app';
import { commentSetup } from './comments-setup';

/** The same operations at /v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments. */
describe('comments on a change request', () => {
  it('runs every operation by number and by id, replies included', async () => {
    const s = await commentSetup();
    const cr = await s.createCr({ subject: 'Review me' });
    const base = `${PUBLIC_URL}/v1/spaces/${s.spaceId}/change-requests/${cr.id}/comments`;
    const c = await s.postOk({ page: s.intro, body: { markdown: 'On the CR' } }, s.commenter, cr.number);
    expect(c.target).toMatchObject({ changeRequest: cr.id, space: s.spaceId, revision: cr.revision, page: { id: s.intro, outdated: false } });
    expect(c.urls.location).toBe(`${base}/${c.id}`);
    expect((await s.getOk(c.id, s.reader, cr.id)).id).toBe(c.id);
    expect(s.ids(await s.list('', s.reader, cr.number))).toEqual([c.id]);
    expect(s.ids(await s.list(`?status=open&targetPage=${s.intro}&authors=${s.commenter}&order=asc`, s.reader, cr.id))).toEqual([c.id]);
    expect(await s.putOk(c.id, { resolved: true, addedReactions: ['👀'] }, s.reviewer, cr.number)).toMatchObject({ status: 'resolved', reactions: [{ emoji: '👀' }] });

    const r = await s.replyOk(c.id, 'reply on the CR', s.other, cr.number);
    expect(r.urls.location).toBe(`${base}/${c.id}/replies/${r.id}`);
    const replies = await s.api.request('GET', s.replies(c.id, cr.id), { as: s.reader });
    expectOk(replies, 'listCommentRepliesInChangeRequest');
    expect(replies.body.items.map((x: { id: string }) => x.id)).toEqual([r.id]);
    const one = await s.api.request('GET', `${s.replies(c.id, cr.number)}/${r.id}`, { as: s.reader });
    expectOk(one, 'getCommentReplyInChangeRequest');
    const edited = await s.api.request('PUT', `${s.replies(c.id, cr.number)}/${r.id}?format=markdown`, { as: s.other, body: { body: { markdown: 'edited' } } });
    expectOk(edited, 'updateCommentReplyInChangeRequest');
    expect(edited.body.body).toEqual({ markdown: 'edited' });
    expectError(await s.api.request('DELETE', `${s.replies(c.id, cr.number)}/${r.id}`, { as: s.commenter }), 403);
    expectOk(await s.api.request('DELETE', `${s.replies(c.id, cr.number)}/${r.id}`, { as: s.other }), 'deleteCommentReplyInChangeRequest');
    expectOk(await s.api.request('DELETE', `${s.root(cr.number)}/${c.id}`, { as: s.commenter }), 'deleteCommentInChangeRequest');
    expect(await s.count('SELECT COUNT(*) AS n FROM comments')).toBe(0);
  });

  it('keeps each root to itself: space comments are not the change request\'s, and the other way round', async () => {
    const s = await commentSetup();
    const cr = await s.createCr();
    const onSpace = await s.postOk({ body: {} });
    const onCr = await s.postOk({ body: {} }, s.commenter, cr.number);
    expect(s.ids(await s.list())).toEqual([onSpace.id]);
    expect(s.ids(await s.list('', s.adminId, cr.number))).toEqual([onCr.id]);
    expectError(await s.get(onCr.id), 404, /not found in space/);
    expectError(await s.put(onSpace.id, { resolved: true }, s.commenter, cr.number), 404);
    expectError(await s.api.request('DELETE', `${s.root(cr.number)}/${onSpace.id}`, { as: s.adminId }), 404);
    expectError(await s.api.request('POST', s.replies(onSpace.id, cr.number), { as: s.commenter, body: { body: {} } }), 404);
  });

  it('targets pages of the change request\'s content, not the space\'s', async () => {
    const s = await commentSetup();
    const cr = await s.createCr();
    const added = (await s.writeOk(cr.id, [{ operation: 'insert_page', document: { markdown: '# New page' } }])).changes[0].page as string;
    const c = await s.postOk({ page: added, body: {} }, s.commenter, cr.number);
    expect(c.target.page).toMatchObject({ id: added, title: 'New page', path: 'new-page', outdated: false });
    expectError(await s.post({ page: added, body: {} }), 400, new RegExp(`^page: no page ${added} in the content of space`));
    expectError(await s.post({ page: 'nope', body: {} }, s.commenter, cr.number), 400, /^page: no page nope in the content of change request #\d+$/);
  });

  it('marks a comment outdated when the change request\'s own content of the page changes', async () => {
    const s = await commentSetup();
    const cr = await s.createCr();
    const c = await s.postOk({ page: s.intro, body: {} }, s.commenter, cr.number);
    // Changing the space leaves the change request's content, and so the comment, as it was.
    await s.changeMain([{ operation: 'update_page', page: s.guide, document: { markdown: '# Guide\n\nNew steps.' } }]);
    expect((await s.getOk(c.id, s.adminId, cr.number)).target.page.outdated).toBe(false);
    await s.writeOk(cr.id, [{ operation: 'update_page', page: s.intro, document: { markdown: '# Intro\n\nReworded.' } }]);
    expect((await s.getOk(c.id, s.adminId, cr.number)).target.page.outdated).toBe(true);
  });

  it('answers 404 for an unknown change request or a stranger, 403 without the comment role, 401 without a token', async () => {
    const s = await commentSetup();
    const cr = await s.createCr();
    expectError(await s.post({ body: {} }, s.commenter, 99), 404, /change request 99 not found/);
    expectError(await s.api.request('GET', s.root(99), { as: s.adminId }), 404, /change request 99 not found/);
    expectError(await s.post({ body: {} }, s.stranger, cr.number), 404);
    expectError(await s.post({ body: {} }, s.reader, cr.number), 403, /comment role on the space required/);
    expectError(await s.api.request('GET', s.root(cr.number), { as: null }), 401);
    expectError(await s.api.request('GET', `${s.root(cr.number)}?status=nope`, { as: s.adminId }), 400, /^status: must be one of/);
  });

  it('allows discussion of merged change requests', async () => {
    const s = await commentSetup();
    const cr = await s.createCr();
    expectOk(await s.merge(cr.id), 'mergeChangeRequest');
    const c = await s.postOk({ body: { markdown: 'Shipped, thanks' } }, s.commenter, cr.number);
    expect((await s.getCr(cr.id)).comments).toBe(1);
    expect((await s.replyOk(c.id, '🎉', s.other, cr.number)).object).toBe('comment-reply');
  });
});
