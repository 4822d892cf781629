-- What the newsroom did to the live site (src/newsroom/actions-store.ts): who
-- published, scheduled, corrected or unpublished which article, and when. The
-- article's history in the newsroom reads it; no reader's page does.
-- action: publicar, agendar, corrigir, despublicar.
-- title:  the article's title at the time (the article may be gone since).
-- detail: what the run said of it, in the editors' words (one line).
CREATE TABLE newsroom_actions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at INTEGER NOT NULL,
  email TEXT NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('publicar', 'agendar', 'corrigir', 'despublicar')),
  slug TEXT NOT NULL,
  title TEXT NOT NULL,
  detail TEXT NOT NULL
);

CREATE INDEX newsroom_actions_slug ON newsroom_actions (slug, at DESC);
CREATE INDEX newsroom_actions_at ON newsroom_actions (at DESC);
