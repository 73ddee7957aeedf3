import { routes } from '../../api/routes/index';
import type { ArchivedChangeRequest, ArchivedComment, ArchivedSpace, Role } from '../../org-archive/model';
import type { Importer } from './importer';
import { matchReusables, pageIdsByPath, writeContent } from './write-content';
import { readReusables } from '../content/remote-tree';

const IMPORT_SUBJECT = 'Content imported by docsctl import';

/** Comments with their replies, on the target pages of the same path; resolved ones are resolved again. */
async function importComments(im: Importer, spaceId: string, changeRequestId: string | undefined, comments: ArchivedComment[], pageIds: Map<string, string>, where: string): Promise<void> {
  const params = { spaceId, changeRequestId: changeRequestId ?? '' };
  for (const comment of comments) {
    await im.step(`comment:${comment.id}`, `comment ${comment.id} in ${where}`, async () => {
      const page = comment.page ? pageIds.get(comment.page) : undefined;
      if (comment.page && !page) im.note(`comment ${comment.id} in ${where}`, 'its page was not imported: posted on the whole content');
      const commentId = await im.ensure('comment', comment.id, async () => {
        const body = { body: { markdown: comment.markdown }, ...(page ? { page } : {}) };
        const posted = changeRequestId ? await im.api.call(routes.postCommentInChangeRequest, { params, body }) : await im.api.call(routes.postCommentInSpace, { params, body });
        return posted.id;
      });
      for (const [n, reply] of comment.replies.entries()) {
        await im.ensure('reply', `${comment.id}:${n}`, async () => {
          const input = { params: { ...params, commentId }, body: { body: { markdown: reply.markdown } } };
          return (changeRequestId ? await im.api.call(routes.postCommentReplyInChangeRequest, input) : await im.api.call(routes.postCommentReplyInSpace, input)).id;
        });
      }
      if (comment.status === 'resolved') {
        const input = { params: { ...params, commentId }, body: { resolved: true } };
        if (changeRequestId) await im.api.call(routes.updateCommentInChangeRequest, input);
        else await im.api.call(routes.updateCommentInSpace, input);
      }
      const authors = new Set([comment.author, ...comment.replies.map((r) => r.author)].filter((a) => a && a.toLowerCase() !== im.callerEmail.toLowerCase()));
      if (authors.size) im.note(`comment ${comment.id} in ${where}`, `posted by the person importing: the API posts as its caller (written by ${[...authors].join(', ')})`);
    }, 1 + comment.replies.length);
  }
}

/** Title, emoji, place, settings, permissions and custom-field values of a space. */
async function importSpaceSettings(im: Importer, space: ArchivedSpace): Promise<string> {
  const parent = space.parent ? im.map.id('collection', space.parent) : undefined;
  if (space.parent && !parent) throw new Error('its collection was not imported');
  const spaceId = await im.ensure('space', space.id, async () => (await im.api.call(routes.createSpace, {
    params: { organizationId: im.organizationId },
    body: { title: space.title, emoji: space.emoji, ...(parent ? { parent } : {}), ...(space.editMode ? { editMode: space.editMode } : {}) },
  })).id);
  await im.api.call(routes.updateSpaceById, { params: { spaceId }, body: { defaultLevel: space.defaultLevel, visibility: space.visibility as never } });
  const byRole = new Map<Role, { users: string[]; teams: string[] }>();
  const grant = (role: Role) => byRole.get(role) ?? byRole.set(role, { users: [], teams: [] }).get(role)!;
  for (const u of space.permissions.users) {
    const id = im.user(u.email);
    if (id) grant(u.role).users.push(id);
    else im.note(`space "${space.title}"`, `no role for ${u.email}: not a member of the target organization`);
  }
  for (const t of space.permissions.teams) {
    const id = im.map.id('team', t.team);
    if (id) grant(t.role).teams.push(id);
    else im.note(`space "${space.title}"`, `no role for team ${t.team}: the team was not imported`);
  }
  for (const [role, who] of byRole) await im.api.call(routes.grantSpacePermissions, { params: { spaceId }, body: { role, ...who } });
  if (Object.keys(space.fields).length) {
    await im.api.call(routes.updateSpaceCustomFields, { params: { spaceId }, body: { values: Object.fromEntries(Object.entries(space.fields).map(([name, value]) => [name, { value }])) } });
  }
  return spaceId;
}

/** Target ids by archived id, of files and of reusable contents: what links and includes are pointed at. */
interface ContentIds {
  files: Map<string, string>;
  reusables: Map<string, string>;
}

/** The space's current content, written to a change request of its own and merged. */
async function importMainContent(im: Importer, space: ArchivedSpace, spaceId: string, ids: ContentIds): Promise<void> {
  if (!space.content.pages.length && !space.content.files.length && !space.content.reusableContents.length) return;
  const changeRequestId = await im.ensure('content-cr', space.id, async () =>
    (await im.api.call(routes.createChangeRequest, { params: { spaceId }, body: { subject: IMPORT_SUBJECT } })).id);
  const root = { spaceId, changeRequestId };
  // A run that stopped after merging but before recording it finds the change request merged.
  const status = (await im.api.call(routes.getChangeRequest, { params: root })).status;
  if (status === 'merged') return;
  await writeContent(im, root, space.content, ids.files, ids.reusables);
  const merged = await im.api.call(routes.mergeChangeRequest, { params: root });
  if (merged.result === 'conflicts') throw new Error(`the imported content conflicts with the space on ${merged.conflicts?.length ?? 0} page(s)`);
}

async function importChangeRequest(im: Importer, space: ArchivedSpace, spaceId: string, cr: ArchivedChangeRequest, ids: ContentIds): Promise<void> {
  const where = `change request #${cr.number} of "${space.title}"`;
  const crFileIds = new Map(ids.files);
  const crReusableIds = new Map(ids.reusables);
  let changeRequestId: string | undefined;
  const ok = await im.step(`cr:${cr.id}`, where, async () => {
    changeRequestId = await im.ensure('cr', cr.id, async () => (await im.api.call(routes.createChangeRequest, { params: { spaceId }, body: { subject: cr.subject } })).id);
    await writeContent(im, { spaceId, changeRequestId }, cr.content, crFileIds, crReusableIds);
    if (cr.status !== 'open') await im.api.call(routes.updateChangeRequest, { params: { spaceId, changeRequestId }, body: { status: cr.status } });
  });
  changeRequestId ??= im.map.id('cr', cr.id);
  if (!ok || !changeRequestId || !cr.comments.length) return;
  const pageIds = await pageIdsByPath(im, { spaceId, changeRequestId }, cr.content.pages);
  await importComments(im, spaceId, changeRequestId, cr.comments, pageIds, where);
}

/** A space: settings, then content, then its open change requests, then comments. */
export async function importSpace(im: Importer, space: ArchivedSpace): Promise<void> {
  const where = `space "${space.title}"`;
  let spaceId: string | undefined;
  const settled = await im.step(`space:${space.id}`, where, async () => {
    spaceId = await importSpaceSettings(im, space);
  });
  spaceId ??= im.map.id('space', space.id);
  if (!settled || !spaceId) return;
  const ids: ContentIds = { files: new Map(), reusables: new Map() };
  const { pages, files, reusableContents } = space.content;
  const contentDone = await im.step(`content:${space.id}`, `content of ${where}`, () => importMainContent(im, space, spaceId!, ids), 1 + pages.length + files.length + reusableContents.length);
  if (!contentDone) return;
  // After a resumed run the main content's files are found again by name and size, its reusable contents by file or title.
  if (space.changeRequests.length && !ids.files.size && files.length) {
    const listed = await im.api.call(routes.listSpaceFiles, { params: { spaceId }, query: { limit: 1000 } });
    const bySignature = new Map(listed.items.map((f) => [`${f.name}\0${f.size}`, f.id]));
    for (const f of files) {
      const id = bySignature.get(`${f.name}\0${f.size}`);
      if (id) ids.files.set(f.id, id);
    }
  }
  if (space.changeRequests.length && !ids.reusables.size && reusableContents.length) {
    matchReusables(reusableContents, await readReusables(im.api, { spaceId }), ids.reusables);
  }
  for (const cr of space.changeRequests) await importChangeRequest(im, space, spaceId, cr, ids);
  if (space.comments.length) {
    const pageIds = await pageIdsByPath(im, { spaceId }, space.content.pages);
    await importComments(im, spaceId, undefined, space.comments, pageIds, where);
  }
}
