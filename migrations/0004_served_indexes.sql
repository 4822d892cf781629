-- Which news indexes KV has served, and until when (src/publishing/served-indexes.ts).
-- A key an index names may be read by readers for a while after KV stops naming
-- it (an isolate keeps the index it read for 60 s, KV takes up to 60 s to show a
-- write everywhere, pages are cached for minutes): so a key waiting for deletion
-- is deleted only once no index that names it has been served for 10 minutes.
-- The waiting starts when KV stops serving an index, not when D1 switched away
-- from it: a run stopped between its switch in D1 and its write to KV leaves the
-- old index served until the next run writes the new one.
--
-- meta_hash:    the content hash of that text (compared instead of the text, which is up to
--               about 60 KB: remotely each statement's values are written into its SQL).
-- meta:         the text of index/meta.json as KV held it.
-- version:      the publish_state version whose meta it is, when known.
-- served_from:  when a run first saw or wrote it in KV (ms since the epoch, database clock).
-- served_until: when a run first saw KV hold another meta instead; null while it is served.
CREATE TABLE served_indexes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  meta_hash TEXT NOT NULL,
  meta TEXT NOT NULL,
  version INTEGER,
  served_from INTEGER NOT NULL,
  served_until INTEGER
);
