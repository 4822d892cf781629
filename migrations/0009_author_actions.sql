-- The history also names what editors do to the site's authors (the Autores
-- page): adicionar-autor, alterar-autor. Their slug is `autor/<slug>`, so an
-- author's history never mixes with an article of the same address. SQLite
-- cannot change a CHECK constraint, so the table is made again with the rows.
CREATE TABLE newsroom_actions_next (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at INTEGER NOT NULL,
  email TEXT NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('publicar', 'agendar', 'corrigir', 'despublicar', 'adicionar-autor', 'alterar-autor')),
  slug TEXT NOT NULL,
  title TEXT NOT NULL,
  detail TEXT NOT NULL
);

INSERT INTO newsroom_actions_next (id, at, email, action, slug, title, detail)
  SELECT id, at, email, action, slug, title, detail FROM newsroom_actions;
DROP TABLE newsroom_actions;
ALTER TABLE newsroom_actions_next RENAME TO newsroom_actions;

CREATE INDEX newsroom_actions_slug ON newsroom_actions (slug, at DESC);
CREATE INDEX newsroom_actions_at ON newsroom_actions (at DESC);
