/** A write batch's changes (`POST …/change-requests/{id}/content`), as the engine applies them and `content push` plans them. */

/** A page's `computed` field: the page's content is generated from an OpenAPI spec of the organization. */
export interface PageComputed {
  type: 'builtin:openapi';
  dependencies: { spec: { ref: { kind: 'openapi'; spec: string } } };
  props?: Record<string, unknown>;
}

export type Change =
  | {
      operation: 'insert_page';
      document: { markdown: string };
      title?: string;
      slug?: string;
      /** docsctl extension: `group` pages only hold sub-pages; `link` pages point at `href`. */
      type?: 'document' | 'group' | 'link';
      href?: string;
      /** docsctl extension: the page's content is generated from an OpenAPI spec when read. */
      computed?: PageComputed;
      /** docsctl extension: the file Git Sync keeps the page in (`content push` sets it, `pull` writes there). */
      git?: { path: string };
      /** docsctl extension: a label later changes of the same batch may use as `into`. */
      ref?: string;
      into?: string | null;
      at?: number;
    }
  | {
      operation: 'update_page';
      page: string;
      document?: { markdown: string };
      title?: string;
      slug?: string;
      into?: string | null;
      at?: number;
      computed?: PageComputed | null;
      /** null forgets the page's file. */
      git?: { path: string } | null;
    }
  | { operation: 'delete_page'; page: string }
  | { operation: 'insert_files'; files: InsertedFile[] }
  /** docsctl extension: files taken out of the content (`content push` deletes what the folder no longer has). */
  | { operation: 'delete_files'; files: string[] }
  /**
   * docsctl extensions: reusable content (Git Sync's `.gitbook/includes/` files), which pages include
   * with the line `{% include "/reusable-contents/<id>" %}`. The markdown is stored whole, as given.
   * `ref` labels an inserted one so later changes of the same batch may name it as `reusableContent`.
   */
  | { operation: 'insert_reusable_content'; title: string; document: { markdown: string }; git?: { path: string }; ref?: string }
  /** null for `git` forgets the file Git Sync keeps it in. */
  | { operation: 'update_reusable_content'; reusableContent: string; title?: string; document?: { markdown: string }; git?: { path: string } | null }
  | { operation: 'delete_reusable_content'; reusableContent: string }
  /**
   * docsctl extensions (issue 30): content as it was in an earlier revision of the same space.
   * `restore_content` makes the whole content (pages, files, reusable contents) that revision's;
   * `restore_page` brings back one page as it was there (same id, same content), with those of its
   * sub-pages there that the content lacks now, and the files and reusable contents they reference that
   * the content lacks now (docs/decisions.md, "Revision history and undo").
   */
  | { operation: 'restore_content'; revision: string }
  | { operation: 'restore_page'; revision: string; page: string };

/**
 * A file of an `insert_files` change: its bytes as `base64`, or `upload`, the id of an upload of the
 * space (`POST /v1/spaces/{spaceId}/uploads`, kept 24 hours) — exactly one of the two.
 */
export interface InsertedFile {
  name: string;
  contentType?: string;
  base64?: string;
  upload?: string;
  /** docsctl extension: where Git Sync keeps the file, relative to the content root (`content push` sets it, `pull` writes there). */
  git?: { path: string };
}

