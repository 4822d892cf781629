-- The newsroom (/redacao, src/newsroom/): who may enter and the drafts they
-- write. Only newsroom requests read or write these tables; no reader's page
-- touches them. They live in the project's one D1 database (binding SEARCH).

-- The newsroom's people: an e-mail as Cloudflare Access vouches for it
-- (stored lowercase), a role, and the registry author who signs their
-- articles. The first editor-in-chief is named by configuration
-- (NEWSROOM_CHIEF), not by a row, so a deployment is never locked out.
-- role:      colaborador (writes drafts), editor (also publishes; sees and
--            restores revisions), chefe (an editor who also manages people).
-- author:    the slug of an author of the registry (content/autores/), or null.
CREATE TABLE newsroom_people (
  email TEXT PRIMARY KEY,
  role TEXT NOT NULL CHECK (role IN ('colaborador', 'editor', 'chefe')),
  author TEXT,
  changed_by TEXT NOT NULL,
  changed_at INTEGER NOT NULL
);

-- A draft: the article's fields as the form holds them (JSON, the keys of
-- src/content/article-schema.ts, possibly incomplete or invalid: a draft is
-- work in progress), the Markdown body, and who made and last changed it.
-- version: 1 at creation, +1 at every save; a save names the version it
--          started from and is refused (409) when the draft has moved on.
CREATE TABLE newsroom_drafts (
  id TEXT PRIMARY KEY,
  fields TEXT NOT NULL,
  body TEXT NOT NULL,
  version INTEGER NOT NULL,
  created_by TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_by TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE INDEX newsroom_drafts_updated ON newsroom_drafts (updated_at DESC);

-- Every version a draft had, as saved: the same columns, kept per draft for
-- the last versions (src/newsroom/drafts-store.ts says how many).
CREATE TABLE newsroom_revisions (
  draft_id TEXT NOT NULL REFERENCES newsroom_drafts (id) ON DELETE CASCADE,
  version INTEGER NOT NULL,
  fields TEXT NOT NULL,
  body TEXT NOT NULL,
  saved_by TEXT NOT NULL,
  saved_at INTEGER NOT NULL,
  PRIMARY KEY (draft_id, version)
);
