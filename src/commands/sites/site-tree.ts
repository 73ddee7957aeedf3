import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import type { Column } from '../../output/render';
import { idColumn } from '../../output/column-kinds';
import { displayWidth, truncate } from '../../output/display-width';
import type { SiteSection } from '../sections/columns';
import type { SiteSectionGroup } from '../section-groups/columns';
import type { SiteSpace } from '../site-spaces/columns';
import type { Site } from './columns';

/** A site's whole structure as a member reads it: groups, sections (with their site spaces) or root site spaces. */
export interface SiteTree {
  site: Site;
  groups: SiteSectionGroup[];
  sections: SiteSection[];
  rootSpaces: SiteSpace[];
}

type TopLevel = { kind: 'group'; group: SiteSectionGroup; sections: SiteSection[] } | { kind: 'section'; section: SiteSection };

/**
 * The top level of a site: sections come in reading order with each group's sections together, so a
 * group stands where its first section is. An empty group has no place of its own in that listing: it
 * goes after the group before it in the groups' order (or before the first group; at the end without one).
 */
function topLevelOf(groups: SiteSectionGroup[], sections: SiteSection[]): TopLevel[] {
  const nodes: TopLevel[] = [];
  const byGroup = new Map<string, TopLevel & { kind: 'group' }>();
  for (const section of sections) {
    const group = section.sectionGroup ? groups.find((g) => g.id === section.sectionGroup) : undefined;
    if (!group) {
      nodes.push({ kind: 'section', section });
      continue;
    }
    let node = byGroup.get(group.id);
    if (!node) {
      node = { kind: 'group', group, sections: [] };
      byGroup.set(group.id, node);
      nodes.push(node);
    }
    node.sections.push(section);
  }
  let last = -1;
  for (const group of groups) {
    const placed = byGroup.get(group.id);
    if (placed) {
      last = nodes.indexOf(placed);
      continue;
    }
    const firstGroup = nodes.findIndex((n) => n.kind === 'group');
    const at = last >= 0 ? last + 1 : firstGroup >= 0 ? firstGroup : nodes.length;
    nodes.splice(at, 0, { kind: 'group', group, sections: [] });
    last = at;
  }
  return nodes;
}

/** One line of the tree, also a row of the piped output. */
interface Row {
  depth: number;
  kind: 'group' | 'section' | 'site-space';
  id: string;
  parent: string;
  title: string;
  path: string;
  isDefault: boolean;
  condition: string;
  url: string;
}

function rowsOf(top: TopLevel[], rootSpaces: SiteSpace[]): Row[] {
  const rows: Row[] = [];
  const siteSpace = (s: SiteSpace, depth: number) =>
    rows.push({ depth, kind: 'site-space', id: s.id, parent: s.section ?? '', title: s.title, path: s.path, isDefault: Boolean(s.default), condition: s.condition ?? '', url: s.urls.published });
  const section = (s: SiteSection, depth: number) => {
    rows.push({ depth, kind: 'section', id: s.id, parent: s.sectionGroup ?? '', title: s.title, path: s.path, isDefault: Boolean(s.default), condition: s.condition ?? '', url: s.urls.published });
    for (const ss of s.siteSpaces) siteSpace(ss, depth + 1);
  };
  for (const node of top) {
    if (node.kind === 'section') section(node.section, 0);
    else {
      rows.push({ depth: 0, kind: 'group', id: node.group.id, parent: '', title: node.group.title, path: '', isDefault: false, condition: '', url: '' });
      for (const s of node.sections) section(s, 1);
    }
  }
  for (const s of rootSpaces) siteSpace(s, 0);
  return rows;
}

/** The narrowest a title is cut to so that the rest of its line (a path, an id) stays whole. */
const TITLE_MIN = 8;

/**
 * `head`, `title` and `tail` on one line of at most `width` columns: the title gives way first (the id
 * at the end is what a person copies), then, on a very narrow terminal, the line's end.
 */
function fitLine(head: string, title: string, tail: string, width: number): string {
  const room = width - displayWidth(head) - displayWidth(tail);
  if (displayWidth(title) <= room || room < TITLE_MIN) return truncate(`${head}${title}${tail}`, width);
  return `${head}${truncate(title, room)}${tail}`;
}

/** Draws rows as a tree with box-drawing branches, each line fitted to `width` columns (titles cut first). */
function drawTree(rows: Row[], width: number): string {
  const lines: string[] = [];
  rows.forEach((row, i) => {
    // Whether a later row sits at `depth` before the tree climbs above it: then that level's branch continues.
    const continues = (depth: number) => {
      for (let j = i + 1; j < rows.length; j++) {
        if (rows[j].depth < depth) return false;
        if (rows[j].depth === depth) return true;
      }
      return false;
    };
    let prefix = '';
    for (let d = 0; d < row.depth; d++) prefix += continues(d) ? '│   ' : '    ';
    prefix += continues(row.depth) ? '├── ' : '└── ';
    const label = row.kind === 'group' ? ' (group)' : `  /${row.path}`;
    const notes = [row.isDefault ? 'default' : '', row.condition ? `if ${row.condition}` : '', row.id].filter(Boolean).join(', ');
    lines.push(fitLine(prefix, row.title, `${label}  [${notes}]`, width));
  });
  return lines.join('\n');
}

const rowColumns: Column<Row>[] = [
  { header: 'KIND', value: (r) => r.kind },
  idColumn((r) => r.id),
  { header: 'PARENT', value: (r) => r.parent, priority: 3 },
  { header: 'TITLE', value: (r) => r.title, priority: 1 },
  { header: 'PATH', value: (r) => r.path, priority: 1 },
  { header: 'DEFAULT', value: (r) => (r.kind === 'group' ? '' : r.isDefault), priority: 3 },
  { header: 'CONDITION', value: (r) => r.condition, priority: 3 },
  { header: 'URL', value: (r) => r.url },
];

/** Reads a site and its whole structure through the API (`sites tree`, `sites preview`). */
export async function loadSiteTree(ctx: Context, siteId: string): Promise<SiteTree> {
  const organizationId = await ctx.organizationId();
  const api = await ctx.client();
  const params = { organizationId, siteId };
  const page = { limit: 1000 };
  const site = await api.call(routes.getSiteById, { params });
  const sections: SiteSection[] = [];
  for await (const s of api.paginate(routes.listSiteSections, { params, query: page })) sections.push(s);
  const groups: SiteSectionGroup[] = [];
  const rootSpaces: SiteSpace[] = [];
  if (sections.length) {
    for await (const g of api.paginate(routes.listSiteSectionGroups, { params, query: page })) groups.push(g);
  } else {
    for await (const s of api.paginate(routes.listSiteSpaces, { params, query: page })) rootSpaces.push(s);
  }
  return { site, groups, sections, rootSpaces };
}

/** Prints a tree: JSON as published content carries the structure, TSV rows when piped, a drawn tree on a terminal. */
export async function printSiteTree(ctx: Context, tree: SiteTree, empty: string): Promise<void> {
  const { site, groups, sections, rootSpaces } = tree;
  if (ctx.out.json) {
    ctx.out.raw(sections.length ? { type: 'sections', structure: sections } : { type: 'siteSpaces', structure: rootSpaces });
    return;
  }
  const rows = rowsOf(topLevelOf(groups, sections), rootSpaces);
  if (!ctx.out.tty) {
    await ctx.out.list(rows, rowColumns);
    return;
  }
  ctx.out.text(fitLine('', site.title, `  ${site.urls.published}  [${site.id}]`, ctx.out.width));
  if (rows.length) ctx.out.text(drawTree(rows, ctx.out.width));
  else ctx.out.message(empty);
}
