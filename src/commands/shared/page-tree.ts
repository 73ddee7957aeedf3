import type { routes } from '../../api/routes/index';
import type { ResultOf } from '../../api/routes/route';

/** A page of a page-tree answer (`content/pages`): what the commands read of each variant. */
export interface TreePage {
  id: string;
  type: string;
  path: string;
  slug: string;
  title: string;
  href?: string;
  git?: { path: string };
  /** A computed page's generator. */
  computed?: Extract<ResultOf<typeof routes.getSpacePage>, { type: 'computed' }>['computed'];
  /** Link pages have none. */
  pages?: TreePage[];
}

/** Every page of a page tree, parents before their children and siblings in order, with where each sits. */
export function flattenTree(pages: unknown[]): { page: TreePage; parentId: string | null; position: number; depth: number }[] {
  const out: { page: TreePage; parentId: string | null; position: number; depth: number }[] = [];
  const walk = (level: TreePage[], parentId: string | null, depth: number) =>
    level.forEach((page, position) => {
      out.push({ page, parentId, position, depth });
      walk(page.pages ?? [], page.id, depth + 1);
    });
  walk(pages as TreePage[], null, 0);
  return out;
}
