/** Comments and replies on spaces and change requests, with reactions. */
export const sql = `
-- A comment lives at one root: the space's own content (change_request_id NULL) or a change request.
-- seq (the rowid) orders comments posted in the same millisecond by when they were inserted.
CREATE TABLE comments (
  seq               INTEGER PRIMARY KEY,
  id                TEXT NOT NULL UNIQUE,
  space_id          TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  change_request_id TEXT REFERENCES change_requests(id) ON DELETE CASCADE,
  posted_by         TEXT REFERENCES users(id) ON DELETE SET NULL,
  posted_at         TEXT NOT NULL,
  edited_at         TEXT,
  markdown          TEXT NOT NULL,
  -- What it is about: a page (and a node of it) of the root's content when it was posted.
  page_id           TEXT,
  node_id           TEXT,
  page_version_id   TEXT,
  revision_id       TEXT NOT NULL,
  status            TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
  resolved_at       TEXT,
  resolved_by       TEXT REFERENCES users(id) ON DELETE SET NULL,
  root_key          TEXT GENERATED ALWAYS AS (COALESCE(change_request_id, '')) VIRTUAL
);
CREATE INDEX comments_by_root ON comments (space_id, root_key, posted_at, seq);
CREATE INDEX comments_by_status ON comments (space_id, root_key, status, posted_at, seq);
CREATE INDEX comments_by_change_request ON comments (change_request_id);

CREATE TABLE comment_replies (
  seq        INTEGER PRIMARY KEY,
  id         TEXT NOT NULL UNIQUE,
  comment_id TEXT NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
  posted_by  TEXT REFERENCES users(id) ON DELETE SET NULL,
  posted_at  TEXT NOT NULL,
  edited_at  TEXT,
  markdown   TEXT NOT NULL
);
CREATE INDEX comment_replies_by_comment ON comment_replies (comment_id, posted_at, seq);

-- One reaction per emoji per user, on a comment or on a reply.
CREATE TABLE comment_reactions (
  comment_id TEXT NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
  emoji      TEXT NOT NULL,
  user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reacted_at TEXT NOT NULL,
  PRIMARY KEY (comment_id, emoji, user_id)
) WITHOUT ROWID;

CREATE TABLE reply_reactions (
  reply_id   TEXT NOT NULL REFERENCES comment_replies(id) ON DELETE CASCADE,
  emoji      TEXT NOT NULL,
  user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reacted_at TEXT NOT NULL,
  PRIMARY KEY (reply_id, emoji, user_id)
) WITHOUT ROWID;
`;
