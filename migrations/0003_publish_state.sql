-- The publish state (src/publishing/publish-state.ts): one row that makes
-- publish, unpublish, gc and restore runs exclusive and records which news
-- index is live. Only the editors' commands write it; the worker reads `version`
-- alone, and only when KV has lost both index/meta.json and index/published.json
-- (src/content/publish-record.ts: above 0, never the bundled samples). It lives in the search database because that is the D1 database the
-- deployment already has: one database runs statements one at a time, so an
-- `UPDATE … WHERE` that returns its row is a real compare-and-set, which KV
-- (where the index itself lives) does not offer.
--
-- version:     how many times a run switched the index (0: never, under this table).
-- meta:        the text of index/meta.json as that switch wrote it, null at 0.
--              KV's index/meta.json is written right after the row changes, so
--              this is the truth when the two differ (a run stopped in between,
--              or KV had not caught up yet): the next run writes it to KV first.
-- kv_version:  the last version a run saw or wrote in KV's index/meta.json: a
--              meta missing from KV at version = kv_version was deleted (refuse,
--              `npm run content:restore`), at a later version it was never written.
-- switched_at: when `version` last changed (ms since the epoch, database clock).
-- lock_*:      the run holding the lock (null when free): a unique run id, the
--              machine (host name and boot), user, pid and command, and when it
--              took the lock and when it expires (ms, database clock).
CREATE TABLE publish_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL DEFAULT 0,
  meta TEXT,
  kv_version INTEGER NOT NULL DEFAULT 0,
  switched_at INTEGER,
  lock_id TEXT,
  lock_host TEXT,
  lock_boot TEXT,
  lock_user TEXT,
  lock_pid INTEGER,
  lock_command TEXT,
  lock_acquired INTEGER,
  lock_expires INTEGER
);

INSERT INTO publish_state (id) VALUES (1);
