-- Articles whose search entry a run could not bring in line after its switch
-- (src/publishing/search-sync.ts, syncAfterSwitch). The change itself is live
-- by then (the article is on the site, or gone from it), so the run does not
-- fail: it names the slugs here, and the next run's search update takes them
-- with its own and then forgets them. `npm run content:reindex` repairs them
-- too, with every other article.
CREATE TABLE search_pending (
  slug TEXT PRIMARY KEY
);
