-- A draft's link to the article it publishes (src/newsroom/drafts-store.ts).
-- slug:              the article's address on the site, fixed once the draft
--                    is first published or opened from a live article (a title
--                    changed afterwards never moves a published article); null
--                    for a draft never published. One draft per address.
-- published_version: the draft's version that is live, or null when none is
--                    (never published, or unpublished): a draft whose version
--                    is past it has changes readers do not see yet.
-- review_requested_by, review_requested_at: who sent the draft to an editor
--                    for review ("em revisão"), and when; null when nobody
--                    has, or once an editor published it.
ALTER TABLE newsroom_drafts ADD COLUMN slug TEXT;
ALTER TABLE newsroom_drafts ADD COLUMN published_version INTEGER;
ALTER TABLE newsroom_drafts ADD COLUMN review_requested_by TEXT;
ALTER TABLE newsroom_drafts ADD COLUMN review_requested_at INTEGER;

CREATE UNIQUE INDEX newsroom_drafts_slug ON newsroom_drafts (slug) WHERE slug IS NOT NULL;
