import type { Actor, Core } from '../core';
import { invalid } from '../errors';
import type { spacesModule } from '../spaces';
import { applyChanges } from '../content/batch';
import type { Change } from '../../domain/content-change';
import { loadState, saveRevision } from '../content/state';
import { setSpaceRevision } from '../content/space-revision';
import type { NewSpaceKind } from '../../domain/site-values';
import { insertSiteSpace } from './structure/site-spaces';
import { repairDefaults } from './structure/defaults';
import { spaceInOrganization } from './structure/access';
import { mapInOrder } from '../in-order';

type Spaces = ReturnType<typeof spacesModule>;

/** The pages a `spaces: "sample"` site starts with: enough to show navigation, links and a table. */
const SAMPLE_PAGES: Change[] = [
  {
    operation: 'insert_page',
    document: { markdown: '# Welcome\n\nThis is the first page of your new docs site. Edit it, or replace it with your own content.\n\n- [Quickstart](quickstart.md) gets a reader going in five minutes.\n- [FAQ](faq.md) answers the usual questions.\n' },
  },
  {
    operation: 'insert_page',
    document: { markdown: '# Quickstart\n\n1. Install the tool.\n2. Sign in with your token.\n3. Run your first command:\n\n```bash\ndocsctl spaces list\n```\n' },
  },
  {
    operation: 'insert_page',
    document: { markdown: '# FAQ\n\n| Question | Answer |\n| --- | --- |\n| Who can read this site? | Whoever its visibility allows. |\n| How do I publish it? | `docsctl sites publish SITE`. |\n' },
  },
];

/** The spaces a new site starts with, checked: `spaces[i]` must be a live space of the organization the caller can read. */
async function existingSpaces(spaces: Spaces, actor: Actor, organizationId: string, ids: string[]): Promise<{ id: string; title: string }[]> {
  const seen = new Set<string>();
  return await mapInOrder(ids, async (id, i) => {
    if (seen.has(id)) throw invalid(`spaces[${i}]: space ${id} is listed twice`);
    seen.add(id);
    const row = await spaceInOrganization(spaces, actor, organizationId, id, `spaces[${i}]`);
    return { id: row.id, title: row.title };
  });
}

/** A new space for the site, titled like it; `sample` writes a few pages through the content engine. */
async function newSpace(core: Core, spaces: Spaces, actor: Actor, organizationId: string, siteTitle: string, kind: NewSpaceKind): Promise<{ id: string; title: string }> {
  const space = await spaces.create(actor, organizationId, { title: siteTitle.slice(0, 50), emoji: kind === 'sample' ? '📗' : '' });
  if (kind === 'sample') {
    const state = await loadState(core, space.revision);
    await applyChanges(core, state, SAMPLE_PAGES, space.id);
    await setSpaceRevision(core, space.id, await saveRevision(core, space.id, state, { parents: [space.revision], type: 'edits', createdBy: actor.userId }), core.now());
  }
  return { id: space.id, title: space.title };
}

/**
 * Adds a new site's first site spaces at its root, in the given order, the first one the default.
 * Runs inside the create transaction.
 */
export async function addInitialSiteSpaces(
  core: Core, spaces: Spaces, actor: Actor, organizationId: string, site: { id: string; title: string }, input: string[] | NewSpaceKind | undefined,
): Promise<void> {
  if (input === undefined) return;
  const chosen = Array.isArray(input) ? await existingSpaces(spaces, actor, organizationId, input) : [await newSpace(core, spaces, actor, organizationId, site.title, input)];
  // The structure's own insert: paths are slugs of the space titles, unique at the root; the first is the default.
  for (const space of chosen) await insertSiteSpace(core, site.id, null, space);
  await repairDefaults(core, site.id);
}
