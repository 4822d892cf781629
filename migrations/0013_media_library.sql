-- The newsroom's photo library (/redacao/fotos, src/newsroom/library/) and
-- the collection of images nothing uses any more (src/newsroom/library/media-gc.ts).

-- One row per image stored in R2 (MEDIA, `redacao/<name>`): written on
-- upload, on an import and when a live article is opened as a draft, and by
-- the gc's walk of the bucket for any image stored without one. Its
-- variants (`<hash>-480w.webp`...) have no row: they follow their image.
-- name:        the stored name, `<content hash>.<ext>` (src/newsroom/shared/media-names.ts).
-- width, height: the image's pixels as its bytes say, or null when unknown.
-- alt, credit: the text alternative and credit the library offers when the
--              image is used again (a draft keeps its own copy of both).
-- uploaded_at, uploaded_by: when it came in, and who (an e-mail, or "importação").
CREATE TABLE newsroom_media (
  name TEXT PRIMARY KEY,
  width INTEGER,
  height INTEGER,
  alt TEXT NOT NULL DEFAULT '',
  credit TEXT NOT NULL DEFAULT '',
  uploaded_at INTEGER NOT NULL,
  uploaded_by TEXT NOT NULL
);

CREATE INDEX newsroom_media_newest ON newsroom_media (uploaded_at DESC, name);

-- The waiting list of R2 images nothing names (decision 052): a content
-- hash (an image and its variants share it), and when the gc first found
-- nothing naming it. Deleted after the grace period, unless something names
-- it again first (its row is then removed: it starts over if it is dropped
-- again later).
CREATE TABLE newsroom_media_unused (
  hash TEXT PRIMARY KEY,
  since INTEGER NOT NULL
);
