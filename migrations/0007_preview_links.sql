-- The newsroom's shared preview links (src/newsroom/preview/share-links.ts):
-- one row per link made, so each can be revoked on its own. The link itself
-- (/previa/<token>) is signed; this row says whether it still stands.
-- expires_at, revoked_at: milliseconds since the epoch; revoked_at NULL while it stands.
CREATE TABLE newsroom_share_links (
  id TEXT PRIMARY KEY,
  draft_id TEXT NOT NULL,
  created_by TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER,
  revoked_by TEXT
);

CREATE INDEX newsroom_share_links_draft ON newsroom_share_links (draft_id, created_at DESC);
