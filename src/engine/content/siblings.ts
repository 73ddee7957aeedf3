import { childrenIndex, type PageEntry, type RevisionState } from './state';

/**
 * The children of every parent in order while a batch applies: built on first use and kept up to date
 * by the batch's inserts, moves and deletes, so placing each of thousands of new pages does not sort
 * every page of the revision again (`childrenOf` per page cost the square of the tree's size).
 */
export class Siblings {
  private byParent: Map<string | null, PageEntry[]> | undefined;

  constructor(private readonly state: RevisionState) {}

  /** The children of `parent` in order: the index's own list, changed only through this class. */
  of(parent: string | null): PageEntry[] {
    this.byParent ??= childrenIndex(this.state);
    let list = this.byParent.get(parent);
    if (!list) this.byParent.set(parent, (list = []));
    return list;
  }

  /**
   * Puts a page under `parent`: at the end after the last sibling when `at` is undefined (the others keep
   * their positions), else at index `at` (clamped) with the siblings renumbered 0..n-1. The page's former
   * parent is not renumbered (see `renumber`).
   */
  place(page: PageEntry, parent: string | null, at: number | undefined): void {
    this.detach(page);
    const siblings = this.of(parent);
    page.parent = parent;
    if (at === undefined) {
      page.position = siblings.length ? siblings[siblings.length - 1].position + 1 : 0;
      siblings.push(page);
      return;
    }
    siblings.splice(Math.max(0, Math.min(at, siblings.length)), 0, page);
    siblings.forEach((p, i) => {
      p.position = i;
    });
  }

  /** Renumbers the children of `parent` 0..n-1 in their current order. */
  renumber(parent: string | null): void {
    this.of(parent).forEach((p, i) => {
      p.position = i;
    });
  }

  /** A page and every page under it, the page first. */
  descendants(pageId: string): string[] {
    const out = [pageId];
    for (const child of this.of(pageId)) out.push(...this.descendants(child.id));
    return out;
  }

  /** Drops a page and every page under it from the state. */
  remove(page: PageEntry): void {
    this.detach(page);
    for (const id of this.descendants(page.id)) {
      this.state.pages.delete(id);
      this.byParent!.delete(id);
    }
  }

  private detach(page: PageEntry): void {
    const list = this.of(page.parent);
    const index = list.indexOf(page);
    if (index >= 0) list.splice(index, 1);
  }
}
