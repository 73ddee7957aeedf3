import { addMember } from '../helpers/engine';
import { expectOk, type CallResult } from '../helpers/app';
import { contentSetup } from '../helpers/content';
import type { Routes } from '../../src/api/routes/index';

/**
 * The content fixture with two pages on the space (`intro`, `guide` under it), and a `commenter` and a
 * second commenter `other` with the `comment` role. Helpers post and read comments at either root.
 */
export async function commentSetup() {
  const s = await contentSetup();
  const commenter = await addMember(s.engine, s.orgId, 'commenter@acme.test', 'read', 'Commenter');
  const other = await addMember(s.engine, s.orgId, 'other@acme.test', 'read', 'Other');
  await s.grant(s.spaceId, 'comment', [commenter, other]);
  const [intro, guide] = await s.seed(['# Intro\n\nHello.', '# Guide\n\nSteps.']);
  // Make `guide` a child of `intro`, so paths have two levels.
  await s.changeMain([{ operation: 'update_page', page: guide, into: intro }]);

  const root = (cr?: string | number) => (cr === undefined ? `/v1/spaces/${s.spaceId}/comments` : `${s.crUrl(cr)}/comments`);
  const op = (name: string, cr?: string | number) => `${name}${cr === undefined ? 'InSpace' : 'InChangeRequest'}` as keyof Routes;

  const post = async (body: unknown, as: string = commenter, cr?: string | number, query = '') => await s.api.request('POST', `${root(cr)}${query}`, { as, body });
  const postOk = async (body: unknown, as: string = commenter, cr?: string | number, query = '') => {
    const res = await s.api.request('POST', `${root(cr)}${query}`, { as, body });
    expectOk(res, op('postComment', cr));
    return res.body;
  };
  const get = async (id: string, as: string = s.adminId, cr?: string | number, query = '') => await s.api.request('GET', `${root(cr)}/${id}${query}`, { as });
  const getOk = async (id: string, as: string = s.adminId, cr?: string | number, query = '') => {
    const res = await get(id, as, cr, query);
    expectOk(res, op('getComment', cr));
    return res.body;
  };
  const put = async (id: string, body: unknown, as: string = commenter, cr?: string | number) => await s.api.request('PUT', `${root(cr)}/${id}`, { as, body });
  const putOk = async (id: string, body: unknown, as: string = commenter, cr?: string | number) => {
    const res = await put(id, body, as, cr);
    expectOk(res, op('updateComment', cr));
    return res.body;
  };
  const list = async (query = '', as: string = s.adminId, cr?: string | number): Promise<CallResult> => {
    const res = await s.api.request('GET', `${root(cr)}${query}`, { as });
    expectOk(res, op('listComments', cr));
    return res;
  };
  const ids = (res: CallResult): string[] => res.body.items.map((c: { id: string }) => c.id);

  const replies = (comment: string, cr?: string | number) => `${root(cr)}/${comment}/replies`;
  const replyOk = async (comment: string, markdown: string, as: string = commenter, cr?: string | number) => {
    const res = await s.api.request('POST', replies(comment, cr), { as, body: { body: { markdown } } });
    expectOk(res, op('postCommentReply', cr));
    return res.body;
  };

  return { ...s, commenter, other, intro, guide, root, op, post, postOk, get, getOk, put, putOk, list, ids, replies, replyOk };
}

export type CommentSetup = Awaited<ReturnType<typeof commentSetup>>;
