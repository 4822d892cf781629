-- Newest first straight from the full-text index. Until now the page query
-- took every match, joined it to search_articles for its date and sorted them
-- all before keeping 24: at 100,000 articles a common word cost tens of ms.
-- Now each article's FTS rowid is its sort key, so FTS5 hands the matches
-- over newest first and stops after the page (ORDER BY rowid DESC LIMIT), and
-- "published by now" is a rowid bound.
--
-- sort_key = (published in whole minutes) * 2^26 + id. An article's time is
-- at most minute-precise (its `data`), so the key orders by time, then by
-- id, and is unique while ids stay under 2^26 (67 million articles written);
-- src/search/index-sql.ts computes it on every write, and src/search/search-db.ts
-- the bound for "now".
ALTER TABLE search_articles ADD COLUMN sort_key INTEGER;
UPDATE search_articles SET sort_key = (published / 60000) * 67108864 + id;
CREATE UNIQUE INDEX search_articles_sort_key ON search_articles (sort_key);
DROP INDEX search_articles_published;

-- The text moves to rows keyed by sort_key: copied aside, the table made
-- again, copied back (the copy is dropped).
CREATE TABLE search_text_copy (sort_key INTEGER PRIMARY KEY, titulo TEXT, descricao TEXT, corpo TEXT);
INSERT INTO search_text_copy (sort_key, titulo, descricao, corpo)
  SELECT a.sort_key, t.titulo, t.descricao, t.corpo FROM search_text t JOIN search_articles a ON a.id = t.rowid;
DROP TABLE search_text;
CREATE VIRTUAL TABLE search_text USING fts5 (
  titulo,
  descricao,
  corpo,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
INSERT INTO search_text (rowid, titulo, descricao, corpo) SELECT sort_key, titulo, descricao, corpo FROM search_text_copy;
DROP TABLE search_text_copy;
