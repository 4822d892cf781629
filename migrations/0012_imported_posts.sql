-- What the WordPress import (scripts/content/import/) made of each post of an
-- old site, so a second run changes nothing and an interrupted one finishes:
-- src/newsroom/importing/imported-posts.ts.
-- origin:           the old site's address, as its export names it.
-- post_id:          the post's WordPress ID.
-- source_hash:      a hash of the post as the export gave it (and of the
--                   import's rules): the same hash again is "nada a fazer".
-- slug:             the article's address once it was published; null while
--                   it is only a draft.
-- draft_id:         the newsroom draft made for it (a draft or pending post,
--                   or one the import could not publish), or null.
-- draft_version:    the draft's version the import wrote: a draft whose
--                   version moved past it was edited in the newsroom, and a
--                   later run leaves it as the journalist left it.
-- notes:            what the import could not carry over (pt-BR, a JSON
--                   list), shown on the draft's page.
CREATE TABLE imported_posts (
  origin TEXT NOT NULL,
  post_id INTEGER NOT NULL,
  source_hash TEXT NOT NULL,
  slug TEXT,
  draft_id TEXT,
  draft_version INTEGER,
  notes TEXT NOT NULL DEFAULT '[]',
  imported_at INTEGER NOT NULL,
  PRIMARY KEY (origin, post_id)
);

CREATE INDEX imported_posts_draft ON imported_posts (draft_id) WHERE draft_id IS NOT NULL;
