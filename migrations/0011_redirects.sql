-- Old addresses that lead to this site's pages (src/redirects/redirects-store.ts):
-- the list the newsroom shows and edits. Each redirect is also one KV key
-- (`redirects/<hash of key>` in NEWS), which is what a request reads: one
-- read at any size. KV is written first and D1 last, so a row always names a
-- redirect that was stored, and a run that fails between the two writes both
-- again.
-- key:        the old address as oldAddressKey (src/redirects/old-address.ts) makes it.
-- address:    the old address as it was given (an export's link), for people.
-- target:     the path of this site it leads to.
-- origin:     what made it: 'wordpress' for the import.
-- created_at, created_by: when, and who (an e-mail or a service token's id).
CREATE TABLE redirects (
  key TEXT PRIMARY KEY,
  address TEXT NOT NULL,
  target TEXT NOT NULL,
  origin TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  created_by TEXT NOT NULL
);

CREATE INDEX redirects_newest ON redirects (created_at DESC, key);
