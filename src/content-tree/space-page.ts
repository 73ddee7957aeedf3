/** A page of the space as push compares it and pull writes it (what `content pull` reads over the API). */
export interface RemotePage {
  id: string;
  path: string;
  parentId: string | null;
  slug: string;
  title: string;
  position: number;
  markdown: string;
  type: string;
  href?: string;
  /** The file Git Sync keeps the page in. */
  git?: string;
}
