import { mapInOrder } from '../../src/engine/in-order';
import { describe, expect, it } from 'vitest';
import { PUBLIC_URL } from '../helpers/engine';
import { expectError, expectOk } from '../helpers/app';
import { commentSetup } from './comments-setup';

describe('POST /v1/spaces/{spaceId}/comments', () => {
  it('posts a comment on a page of the space, answering 200 with the whole comment', async () => {
    const s = await commentSetup();
    s.clock.advance(60_000);
    const revision = await s.spaceRevision();
    const res = await s.post({ page: s.guide, node: 'node-1', body: { markdown: 'Is **step 2** right?' } });
    expectOk(res, 'postCommentInSpace');
    const id = res.body.id;
    expect(res.body).toEqual({
      object: 'comment',
      id,
      postedBy: expect.objectContaining({ object: 'user', id: s.commenter, email: 'commenter@acme.test', displayName: 'Commenter' }),
      postedAt: '2026-03-01T10:01:00.000Z',
      reactions: [],
      replies: 0,
      repliers: [],
      body: {
        document: {
          object: 'document',
          data: {},
          nodes: [{
            object: 'block', type: 'paragraph', isVoid: false, data: {}, nodes: [{
              object: 'text',
              leaves: [
                { object: 'leaf', text: 'Is ', marks: [] },
                { object: 'leaf', text: 'step 2', marks: [{ object: 'mark', type: 'bold' }] },
                { object: 'leaf', text: ' right?', marks: [] },
              ],
            }],
          }],
        },
      },
      target: {
        node: { id: 'node-1' },
        page: {
          id: s.guide, title: 'Guide', path: 'intro/guide', outdated: false,
          createdAt: expect.any(String), updatedAt: expect.any(String),
        },
        space: s.spaceId,
        revision,
      },
      urls: { location: `${PUBLIC_URL}/v1/spaces/${s.spaceId}/comments/${id}` },
      permissions: { view: true, edit: true, reply: true, delete: true, resolve: true },
      status: 'open',
    });
    expect(res.body.editedAt).toBeUndefined();
    expect(res.body.resolvedAt).toBeUndefined();
  });

  it('answers the markdown with format=markdown, and reads an empty object as an empty body', async () => {
    const s = await commentSetup();
    expect((await s.postOk({ page: s.intro, body: { markdown: '# Heading\n\ntext' } }, s.commenter, undefined, '?format=markdown')).body)
      .toEqual({ markdown: '# Heading\n\ntext' });
    const empty = await s.postOk({ body: {} });
    expect(empty.body).toEqual({ document: { object: 'document', data: {}, nodes: [] } });
    expect((await s.getOk(empty.id, s.adminId, undefined, '?format=markdown')).body).toEqual({ markdown: '' });
    // A comment without a page is about the whole content.
    expect(empty.target).toEqual({ space: s.spaceId, revision: await s.spaceRevision() });
  });

  it('keeps a comment that starts with --- whole (it is not page frontmatter)', async () => {
    const s = await commentSetup();
    const c = await s.postOk({ body: { markdown: '---\ntitle: [\n---\nafter' } });
    expect(c.body.document.nodes.map((n: { type: string }) => n.type)).toEqual(['divider', 'heading-2', 'paragraph']);
  });

  it('validates the body, page and node, naming the field', async () => {
    const s = await commentSetup();
    expectError(await s.post({}), 400, /^body: is required$/);
    expectError(await s.post({ body: 'hello' }), 400, /^body: must be of type object$/);
    expectError(await s.post({ body: { markdown: 3 } }), 400, /^body\.markdown: must be of type string$/);
    expectError(await s.post({ body: { markdown: 'x'.repeat(100_001) } }), 400, /^body\.markdown: must be at most 100000 characters$/);
    expectOk(await s.post({ body: { markdown: 'x'.repeat(100_000) } }), 'postCommentInSpace');
    expectError(await s.post({ body: { text: 'x' } }), 400, /^body\.text: is not a known field$/);
    expectError(await s.post({ body: {}, title: 'x' }), 400, /^title: is not a known field$/);
    expectError(await s.post({ body: {}, page: 'nope' }), 400, /^page: no page nope in the content of space /);
    expectError(await s.post({ body: {}, page: '' }), 400, /^page: must not be empty$/);
    expectError(await s.post({ body: {}, node: 'n1' }), 400, /^node: requires page/);
    expectError(await s.post({ body: {} }, s.commenter, undefined, '?format=html'), 400, /^format: must be one of: "document", "markdown"$/);
    expect(await s.count('SELECT COUNT(*) AS n FROM comments')).toBe(1);
  });

  it('needs the comment role (403), access to the space (404) and a token (401)', async () => {
    const s = await commentSetup();
    expectError(await s.post({ body: {} }, s.reader), 403, /comment on this space \(comment role on the space required\)/);
    expectError(await s.post({ body: {} }, s.stranger), 404, /space .* not found/);
    expectError(await s.api.request('POST', s.root(), { as: null, body: { body: {} } }), 401);
    expectError(await s.api.request('POST', '/v1/spaces/nope/comments', { as: s.adminId, body: { body: {} } }), 404, /space nope not found/);
    for (const who of [s.editor, s.reviewer, s.adminId]) expectOk(await s.post({ body: {} }, who), 'postCommentInSpace');
    expect(await s.count('SELECT COUNT(*) AS n FROM comments')).toBe(3);
  });

  it('is allowed on a locked space: discussions go on while the content is frozen', async () => {
    const s = await commentSetup();
    expectOk(await s.api.request('PATCH', `/v1/spaces/${s.spaceId}`, { as: s.adminId, body: { editMode: 'locked' } }), 'updateSpaceById');
    const c = await s.postOk({ page: s.intro, body: { markdown: 'Still open for discussion' } });
    expect((await s.replyOk(c.id, 'yes')).object).toBe('comment-reply');
    expect((await s.putOk(c.id, { resolved: true })).status).toBe('resolved');
  });
});

describe('GET /v1/spaces/{spaceId}/comments/{commentId}', () => {
  it('shows a comment to every reader of the space, with their permissions', async () => {
    const s = await commentSetup();
    const c = await s.postOk({ page: s.intro, body: { markdown: 'hi' } });
    expect((await s.getOk(c.id, s.reader)).permissions).toEqual({ view: true, edit: false, reply: false, delete: false, resolve: false });
    expect((await s.getOk(c.id, s.other)).permissions).toEqual({ view: true, edit: false, reply: true, delete: false, resolve: false });
    expect((await s.getOk(c.id, s.reviewer)).permissions).toEqual({ view: true, edit: false, reply: true, delete: false, resolve: true });
    expect((await s.getOk(c.id, s.adminId)).permissions).toEqual({ view: true, edit: false, reply: true, delete: true, resolve: true });
    expect((await s.getOk(c.id, s.commenter)).permissions).toEqual({ view: true, edit: true, reply: true, delete: true, resolve: true });
    expect((await s.getOk(c.id, s.reader, undefined, '?format=markdown')).body).toEqual({ markdown: 'hi' });
  });

  it('answers 404 for an unknown comment, a stranger, and a comment of another root', async () => {
    const s = await commentSetup();
    const c = await s.postOk({ body: {} });
    const cr = await s.createCr();
    expectError(await s.get('nope'), 404, /comment nope not found in space/);
    expectError(await s.get(c.id, s.stranger), 404, /space .* not found/);
    expectError(await s.get(c.id, s.adminId, cr.number), 404, new RegExp(`comment .* not found in change request #${cr.number}`));
    const other = await s.createSpace('Other');
    expectError(await s.api.request('GET', `/v1/spaces/${other}/comments/${c.id}`, { as: s.adminId }), 404, /not found/);
    expectError(await s.api.request('GET', `${s.root()}/${c.id}`, { as: null }), 401);
    expectError(await s.get(c.id, s.adminId, undefined, '?foo=1'), 400, /^foo: is not a known field$/);
  });
});

describe('GET /v1/spaces/{spaceId}/comments (list)', () => {
  async function threeComments() {
    const s = await commentSetup();
    const a = await s.postOk({ page: s.intro, body: { markdown: 'a' } });
    s.clock.advance(1000);
    const b = await s.postOk({ page: s.guide, body: { markdown: 'b' } }, s.other);
    s.clock.advance(1000);
    const c = await s.postOk({ page: s.intro, body: { markdown: 'c' } }, s.reviewer);
    await s.putOk(b.id, { resolved: true }, s.other);
    return { s, a: a.id as string, b: b.id as string, c: c.id as string };
  }

  it('lists every comment of the root, newest first by default, oldest first with order=asc', async () => {
    const { s, a, b, c } = await threeComments();
    const res = await s.list('', s.reader);
    expect(s.ids(res)).toEqual([c, b, a]);
    expect(res.body.count).toBe(3);
    expect(res.body.next).toBeUndefined();
    expect(s.ids(await s.list('?order=asc'))).toEqual([a, b, c]);
    expect(s.ids(await s.list('?order=desc'))).toEqual([c, b, a]);
    expectError(await s.api.request('GET', `${s.root()}?order=up`, { as: s.adminId }), 400, /^order: must be one of: "asc", "desc"$/);
  });

  it('filters on status, target page and authors', async () => {
    const { s, a, b, c } = await threeComments();
    expect(s.ids(await s.list('?status=all'))).toEqual([c, b, a]);
    expect(s.ids(await s.list('?status=open'))).toEqual([c, a]);
    expect(s.ids(await s.list('?status=resolved'))).toEqual([b]);
    expect(s.ids(await s.list(`?targetPage=${s.intro}`))).toEqual([c, a]);
    expect(s.ids(await s.list(`?targetPage=${s.guide}&status=open`))).toEqual([]);
    expect(s.ids(await s.list(`?authors=${s.commenter}`))).toEqual([a]);
    expect(s.ids(await s.list(`?authors=${s.commenter}&authors=${s.reviewer}`))).toEqual([c, a]);
    expect(s.ids(await s.list('?authors=nobody'))).toEqual([]);
    expect((await s.list(`?authors=${s.other}`)).body.count).toBe(1);
    expectError(await s.api.request('GET', `${s.root()}?status=closed`, { as: s.adminId }), 400, /^status: must be one of: "all", "open", "resolved"$/);
    expectError(await s.api.request('GET', `${s.root()}?authors=`, { as: s.adminId }), 400, /^authors: /);
  });

  it('pages with opaque cursors, however many comments share a timestamp', async () => {
    const s = await commentSetup();
    const posted = await mapInOrder(Array.from({ length: 7 }, (_, i) => i), async (i) => (await s.postOk({ body: { markdown: String(i) } })).id as string);
    const seen: string[] = [];
    let page: string | undefined;
    do {
      const res = await s.list(`?order=asc&limit=3${page ? `&page=${page}` : ''}`);
      expect(res.body.count).toBe(7);
      seen.push(...s.ids(res));
      page = res.body.next?.page;
    } while (page);
    expect(seen).toEqual(posted);
    expectError(await s.api.request('GET', `${s.root()}?page=garbage`, { as: s.adminId }), 400, /^page: is not a valid page cursor/);
    expectError(await s.api.request('GET', `${s.root()}?limit=0`, { as: s.adminId }), 400, /^limit: must be at least 1$/);
    // A cursor of the ascending list is not one of the descending list.
    const asc = (await s.list('?order=asc&limit=1')).body.next.page;
    expectError(await s.api.request('GET', `${s.root()}?page=${asc}`, { as: s.adminId }), 400, /not a valid page cursor for this list/);
  });

  it('answers each comment in the asked format, and 404/401 like the other reads', async () => {
    const { s } = await threeComments();
    expect((await s.list('?format=markdown')).body.items.map((c: { body: { markdown: string } }) => c.body.markdown)).toEqual(['c', 'b', 'a']);
    expectError(await s.api.request('GET', s.root(), { as: s.stranger }), 404);
    expectError(await s.api.request('GET', s.root(), { as: null }), 401);
  });
});

describe('PUT /v1/spaces/{spaceId}/comments/{commentId}', () => {
  it('resolves and reopens: status, resolvedAt and resolvedBy, by the author or a reviewer', async () => {
    const s = await commentSetup();
    const c = await s.postOk({ body: { markdown: 'x' } });
    s.clock.advance(5000);
    const resolved = await s.putOk(c.id, { resolved: true }, s.reviewer);
    expect(resolved).toMatchObject({ status: 'resolved', resolvedAt: '2026-03-01T10:00:05.000Z', resolvedBy: { id: s.reviewer } });
    s.clock.advance(5000);
    // Resolving again keeps who resolved it first, and when.
    expect(await s.putOk(c.id, { resolved: true }, s.commenter)).toMatchObject({ resolvedAt: '2026-03-01T10:00:05.000Z', resolvedBy: { id: s.reviewer } });
    const reopened = await s.putOk(c.id, { resolved: false });
    expect(reopened.status).toBe('open');
    expect(reopened.resolvedAt).toBeUndefined();
    expect(reopened.resolvedBy).toBeUndefined();
    expect((await s.putOk(c.id, { resolved: true }, s.adminId)).resolvedBy.id).toBe(s.adminId);
  });

  it('refuses resolving to other commenters and readers (403), changing nothing', async () => {
    const s = await commentSetup();
    const c = await s.postOk({ body: {} });
    expectError(await s.put(c.id, { resolved: true }, s.other), 403, /only its author or someone with the review role/);
    expectError(await s.put(c.id, { resolved: true }, s.editor), 403, /resolve this comment/);
    expectError(await s.put(c.id, { resolved: true }, s.reader), 403);
    expectError(await s.put(c.id, { resolved: true }, s.stranger), 404);
    expectError(await s.api.request('PUT', `${s.root()}/${c.id}`, { as: null, body: {} }), 401);
    expect((await s.getOk(c.id)).status).toBe('open');
  });

  it('edits the body (author only), setting editedAt', async () => {
    const s = await commentSetup();
    const c = await s.postOk({ body: { markdown: 'tpyo' } });
    s.clock.advance(60_000);
    const edited = await s.putOk(c.id, { body: { markdown: 'typo' } });
    expect(edited.editedAt).toBe('2026-03-01T10:01:00.000Z');
    expect(edited.postedAt).toBe('2026-03-01T10:00:00.000Z');
    expect((await s.getOk(c.id, s.adminId, undefined, '?format=markdown')).body).toEqual({ markdown: 'typo' });
    expectError(await s.put(c.id, { body: { markdown: 'admin edit' } }, s.adminId), 403, /^you are not allowed to edit this comment: only its author can$/);
    expectError(await s.put(c.id, { body: { markdown: 'x'.repeat(100_001) } }), 400, /^body\.markdown: must be at most 100000 characters$/);
    expectError(await s.put(c.id, { resolved: 'yes' }), 400, /^resolved: must be of type boolean$/);
    expectError(await s.put(c.id, { status: 'resolved' }), 400, /^status: is not a known field$/);
  });

  it('adds and removes the caller\'s reactions, one per emoji per user, with counts', async () => {
    const s = await commentSetup();
    const c = await s.postOk({ body: {} });
    await s.putOk(c.id, { addedReactions: ['👍', '🎉'] }, s.commenter);
    s.clock.advance(1000);
    await s.putOk(c.id, { addedReactions: ['👍', '👍'] }, s.other);
    s.clock.advance(1000);
    // Adding again keeps the first reaction; removing one the caller does not have changes nothing.
    const after = await s.putOk(c.id, { addedReactions: ['👍'], removedReactions: ['❤️'] }, s.commenter);
    expect(after.reactions).toEqual([
      {
        emoji: '🎉', count: 1,
        users: [{ user: expect.objectContaining({ id: s.commenter }), reactedAt: '2026-03-01T10:00:00.000Z' }],
      },
      {
        emoji: '👍', count: 2,
        users: [
          { user: expect.objectContaining({ id: s.commenter }), reactedAt: '2026-03-01T10:00:00.000Z' },
          { user: expect.objectContaining({ id: s.other }), reactedAt: '2026-03-01T10:00:01.000Z' },
        ],
      },
    ]);
    const removed = await s.putOk(c.id, { removedReactions: ['👍', '🎉'] }, s.commenter);
    expect(removed.reactions).toEqual([{ emoji: '👍', count: 1, users: [expect.objectContaining({ user: expect.objectContaining({ id: s.other }) })] }]);
    expect((await s.list()).body.items[0].reactions).toEqual(removed.reactions);
  });

  it('validates reactions, and needs the comment role to react', async () => {
    const s = await commentSetup();
    const c = await s.postOk({ body: {} });
    expectError(await s.put(c.id, { addedReactions: [''] }), 400, /^addedReactions\[0\]: must not be empty/);
    expectError(await s.put(c.id, { addedReactions: ['thumbs up'] }), 400, /^addedReactions\[0\]: must be an emoji or short code without spaces$/);
    expectError(await s.put(c.id, { addedReactions: ['x'.repeat(33)] }), 400, /^addedReactions\[0\]: must be at most 32 characters$/);
    expectError(await s.put(c.id, { removedReactions: '👍' }), 400, /^removedReactions: must be of type array$/);
    expectError(await s.put(c.id, { addedReactions: ['👍'], removedReactions: ['👍'] }), 400, /^removedReactions: "👍" is also in addedReactions$/);
    expectError(await s.put(c.id, { addedReactions: ['👍'] }, s.reader), 403, /react to comments on this space \(comment role on the space required\)/);
    expectOk(await s.put(c.id, { addedReactions: [':+1:'] }, s.editor), 'updateCommentInSpace');
    expect(await s.count('SELECT COUNT(*) AS n FROM comment_reactions')).toBe(1);
  });

  it('applies all of a request or none of it', async () => {
    const s = await commentSetup();
    const c = await s.postOk({ body: { markdown: 'mine' } });
    // The reviewer may resolve and react, but not edit someone else's body: nothing happens.
    expectError(await s.put(c.id, { resolved: true, addedReactions: ['👍'], body: { markdown: 'theirs' } }, s.reviewer), 403);
    const now = await s.getOk(c.id, s.adminId, undefined, '?format=markdown');
    expect([now.status, now.reactions, now.body.markdown]).toEqual(['open', [], 'mine']);
    // A rule broken after the body and status were written rolls them back too.
    expectError(await s.put(c.id, { body: { markdown: 'edited' }, resolved: true, addedReactions: ['👍'], removedReactions: ['👍'] }), 400, /also in addedReactions/);
    const still = await s.getOk(c.id, s.adminId, undefined, '?format=markdown');
    expect([still.status, still.editedAt, still.body.markdown]).toEqual(['open', undefined, 'mine']);
  });
});

describe('DELETE /v1/spaces/{spaceId}/comments/{commentId}', () => {
  it('deletes a comment with its replies and every reaction (205)', async () => {
    const s = await commentSetup();
    const c = await s.postOk({ body: {} });
    const keep = await s.postOk({ body: {} });
    const reply = await s.replyOk(c.id, 'a reply');
    await s.putOk(c.id, { addedReactions: ['👍'] });
    expectOk(await s.api.request('PUT', `${s.replies(c.id)}/${reply.id}`, { as: s.other, body: { addedReactions: ['🎉'] } }), 'updateCommentReplyInSpace');
    await s.replyOk(keep.id, 'kept');
    const res = await s.api.request('DELETE', `${s.root()}/${c.id}`, { as: s.commenter });
    expectOk(res, 'deleteCommentInSpace');
    expect(res.status).toBe(205);
    expectError(await s.get(c.id), 404);
    expect(await s.count('SELECT COUNT(*) AS n FROM comment_replies')).toBe(1);
    expect(await s.count('SELECT COUNT(*) AS n FROM comment_reactions')).toBe(0);
    expect(await s.count('SELECT COUNT(*) AS n FROM reply_reactions')).toBe(0);
    expect(s.ids(await s.list())).toEqual([keep.id]);
  });

  it('lets the author or a space admin delete, nobody else', async () => {
    const s = await commentSetup();
    const c = await s.postOk({ body: {} });
    for (const who of [s.other, s.reviewer, s.editor]) {
      expectError(await s.api.request('DELETE', `${s.root()}/${c.id}`, { as: who }), 403, /only its author or an admin of the space can/);
    }
    expectError(await s.api.request('DELETE', `${s.root()}/${c.id}`, { as: s.stranger }), 404);
    expectError(await s.api.request('DELETE', `${s.root()}/${c.id}`, { as: null }), 401);
    expectError(await s.api.request('DELETE', `${s.root()}/nope`, { as: s.adminId }), 404, /comment nope not found/);
    expectError(await s.api.request('DELETE', `${s.root()}/${c.id}?force=true`, { as: s.adminId }), 400, /^force: is not a known field$/);
    expectOk(await s.api.request('DELETE', `${s.root()}/${c.id}`, { as: s.adminId }), 'deleteCommentInSpace');
    expect(await s.count('SELECT COUNT(*) AS n FROM comments')).toBe(0);
  });
});

describe('the comments counters', () => {
  it('count open comments: the space its own, each change request its own', async () => {
    const s = await commentSetup();
    const cr = await s.createCr();
    const a = await s.postOk({ body: {} });
    await s.postOk({ body: {} });
    await s.postOk({ body: {} }, s.commenter, cr.number);
    expect((await s.spaceOf()).comments).toBe(2);
    expect((await s.getCr(cr.id)).comments).toBe(1);
    await s.putOk(a.id, { resolved: true });
    expect((await s.spaceOf()).comments).toBe(1);
    const listed = await s.api.request('GET', `/v1/orgs/${s.orgId}/spaces`, { as: s.adminId });
    expect(listed.body.items.find((x: { id: string }) => x.id === s.spaceId).comments).toBe(1);
    const crs = await s.api.request('GET', s.crs(), { as: s.adminId });
    expect(crs.body.items.find((x: { id: string }) => x.id === cr.id).comments).toBe(1);
    await s.putOk(a.id, { resolved: false });
    expect((await s.spaceOf()).comments).toBe(2);
  });
});

describe('target.page.outdated', () => {
  it('becomes true when the page changes or goes in the root\'s current content, and not for other pages', async () => {
    const s = await commentSetup();
    const onIntro = await s.postOk({ page: s.intro, body: {} });
    const onGuide = await s.postOk({ page: s.guide, body: {} });
    const postedOn = onIntro.target.revision;
    // Moving a page is no change of its content.
    await s.changeMain([{ operation: 'update_page', page: s.guide, into: null }]);
    expect((await s.getOk(onGuide.id)).target.page).toMatchObject({ outdated: false, path: 'guide' });
    await s.changeMain([{ operation: 'update_page', page: s.intro, document: { markdown: '# Intro\n\nHello, again.' } }]);
    expect((await s.getOk(onIntro.id)).target.page).toMatchObject({ id: s.intro, title: 'Intro', outdated: true });
    expect((await s.getOk(onIntro.id)).target.revision).toBe(postedOn);
    expect((await s.getOk(onGuide.id)).target.page.outdated).toBe(false);
    // A deleted page is outdated and described as it was when the comment was posted.
    await s.changeMain([{ operation: 'delete_page', page: s.guide }]);
    expect((await s.getOk(onGuide.id)).target.page).toMatchObject({ id: s.guide, title: 'Guide', path: 'intro/guide', outdated: true });
    expect((await s.list()).body.items.map((c: { target: { page: { outdated: boolean } } }) => c.target.page.outdated)).toEqual([true, true]);
  });
});

describe('purging a deleted space', () => {
  it('removes its comments, replies and reactions with it', async () => {
    const s = await commentSetup();
    const cr = await s.createCr();
    const c = await s.postOk({ body: {} });
    const r = await s.replyOk(c.id, 'reply');
    await s.putOk(c.id, { addedReactions: ['👍'] });
    expectOk(await s.api.request('PUT', `${s.replies(c.id)}/${r.id}`, { as: s.commenter, body: { addedReactions: ['👍'] } }), 'updateCommentReplyInSpace');
    await s.postOk({ body: {} }, s.commenter, cr.number);
    // Each table has something to purge.
    for (const table of ['comments', 'comment_replies', 'comment_reactions', 'reply_reactions']) {
      expect(await s.count(`SELECT COUNT(*) AS n FROM ${table}`), table).toBeGreaterThan(0);
    }
    expectOk(await s.api.request('DELETE', `/v1/spaces/${s.spaceId}`, { as: s.adminId }), 'deleteSpaceById');
    s.clock.advance(8 * 86_400_000);
    expect(await s.engine.spaces.purge()).toBe(1);
    for (const table of ['comments', 'comment_replies', 'comment_reactions', 'reply_reactions']) {
      expect(await s.count(`SELECT COUNT(*) AS n FROM ${table}`), table).toBe(0);
    }
  });
});
