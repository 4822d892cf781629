-- Full-text search for /busca (src/search/). Filled and kept in sync by the
-- editors' commands (scripts/search/), never by the worker, which only reads.
--
-- search_articles: one row per published article, keyed by slug. `item` is the
-- list entry (the card's fields, as the news index stores it), checked again
-- on every read; `published` is when it may be shown (ms since the epoch),
-- so scheduled articles stay out of results until their time; `version`
-- names the indexed content, so a sync rewrites only what changed.
CREATE TABLE search_articles (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  published INTEGER NOT NULL,
  item TEXT NOT NULL,
  version TEXT NOT NULL
);

-- Results are newest first: this index gives the order.
CREATE INDEX search_articles_published ON search_articles (published DESC, id DESC);

-- The searchable text, one row per article (rowid = search_articles.id).
-- unicode61 with remove_diacritics 2 folds case and accents ("decoracao"
-- finds "Decoração"); prefix indexes of 2 and 3 characters keep short
-- prefix queries ("fi*", "fin*") from scanning every term.
CREATE VIRTUAL TABLE search_text USING fts5 (
  titulo,
  descricao,
  corpo,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
