import type { OrgArchive } from '../../org-archive/archive';
import type { IdMap } from '../../org-archive/id-map';

/** One line of an import's plan or summary: a kind of object, how many the archive holds, and what became of them. */
export interface PlanRow {
  kind: string;
  archived: number;
  /** Completed by an earlier run (resumed import). */
  done: number;
  /** To make (dry run) or made by this run. */
  todo: number;
}

/** Each kind of object with the step keys the import records for it. */
export function stepKeys(archive: OrgArchive): { kind: string; keys: string[] }[] {
  const { organization: org, spaces, sites, specs } = archive;
  return [
    { kind: 'organization settings', keys: ['settings'] },
    { kind: 'members', keys: org.members.map((m) => `member:${m.email.toLowerCase()}`) },
    { kind: 'teams', keys: org.teams.map((t) => `team:${t.id}`) },
    { kind: 'custom fields', keys: org.customFields.map((f) => `field:${f.name}`) },
    { kind: 'translations', keys: org.translations.map((t) => `translation:${t.id}`) },
    { kind: 'OpenAPI spec versions', keys: specs.flatMap((s) => s.versions.map((v) => `spec-version:${s.slug}:${v.id}`)) },
    { kind: 'collections', keys: org.collections.map((c) => `collection:${c.id}`) },
    { kind: 'spaces', keys: spaces.map((s) => `space:${s.id}`) },
    { kind: 'space contents', keys: spaces.map((s) => `content:${s.id}`) },
    { kind: 'change requests', keys: spaces.flatMap((s) => s.changeRequests.map((cr) => `cr:${cr.id}`)) },
    { kind: 'comments', keys: spaces.flatMap((s) => [...s.comments, ...s.changeRequests.flatMap((cr) => cr.comments)].map((c) => `comment:${c.id}`)) },
    { kind: 'SAML providers', keys: org.samlProviders.map((p) => `saml:${p.id}`) },
    { kind: 'invite links', keys: org.invites.map((i) => `invite:${i.id}`) },
    { kind: 'sites', keys: sites.map((s) => `site:${s.id}`) },
  ];
}

/** The import's plan: per kind, how many objects are in the archive, done by an earlier run, and left to do. */
export function importPlan(archive: OrgArchive, map: IdMap): PlanRow[] {
  return stepKeys(archive).map(({ kind, keys }) => {
    const done = keys.filter((k) => map.isDone(k)).length;
    return { kind, archived: keys.length, done, todo: keys.length - done };
  });
}

/** The number of objects the progress line counts to. */
export function progressTotal(archive: OrgArchive): number {
  return stepKeys(archive).reduce((n, s) => n + s.keys.length, 0)
    + archive.spaces.reduce((n, s) => n + s.content.pages.length + s.content.files.length + s.content.reusableContents.length
      + [...s.comments, ...s.changeRequests.flatMap((cr) => cr.comments)].reduce((r, c) => r + c.replies.length, 0), 0);
}
