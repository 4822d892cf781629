import { HASH_LENGTH } from '#src/content/index/news-index.ts';
import { isValidImageFile, isValidSlug } from '#src/content/schema/format.ts';
import { storedFields } from '../shared/draft-input';
import { figuresIn, IMAGE_FIELD, isStoredImage } from '../shared/media-names';

/** A title search looks at this many drafts, changed last first. */
const TITLE_MATCHES = 50;

/** The library shows this many photos a page: a grid of thumbnails that loads quickly on a phone. */
export const PHOTOS_PER_PAGE = 24;

/**
 * One image of the library: one the newsroom stores in R2
 * (migrations/0013_media_library.sql), or the main image of a live article
 * that has no copy there (published by the command line or a WordPress
 * import), read from the site's search table, which holds every live entry.
 */
export interface Photo {
  name: string;
  width: number | null;
  height: number | null;
  alt: string;
  credit: string;
  uploadedAt: number;
  uploadedBy: string;
  /** For a photo only on the site: its article's address and title. */
  article: { slug: string; title: string } | null;
}

interface PhotoRow {
  name: string;
  width: number | null;
  height: number | null;
  alt: string;
  credit: string;
  uploaded_at: number;
  uploaded_by: string;
  slug?: string | null;
  title?: string | null;
}

const photoOf = (row: PhotoRow): Photo => ({
  name: row.name,
  width: row.width,
  height: row.height,
  alt: row.alt,
  credit: row.credit,
  uploadedAt: row.uploaded_at,
  uploadedBy: row.uploaded_by,
  article: typeof row.slug === 'string' ? { slug: row.slug, title: typeof row.title === 'string' ? row.title : row.slug } : null,
});

/** A published name (`<slug>-<hash>.<ext>`) the newsroom holds no copy of (`<hash>.<ext>`, its primary key). A slug has no dot, so the first dot of a published name ends its hash. */
const NOT_HELD = (name: string) =>
  `instr(${name}, '.') > ${HASH_LENGTH + 1} AND NOT EXISTS (SELECT 1 FROM newsroom_media m WHERE m.name = substr(${name}, instr(${name}, '.') - ${HASH_LENGTH}))`;

/** An item as JSON, or an empty object when the row holds something else: json_each would fail on it, and a filter beside it may run after. */
const ITEM = `CASE WHEN json_valid(item) THEN item ELSE '{}' END`;

/**
 * Every photo: the newsroom's, then each live article's main image and the
 * figures of its text (`figuras`, as the publish names them) that the
 * newsroom holds no copy of. A figure is offered without alt text: the
 * article's text holds it (its page reads it there: liveFigureAlt).
 */
const ALL_PHOTOS = `
  SELECT name, width, height, alt, credit, uploaded_at, uploaded_by, NULL AS slug, NULL AS title FROM newsroom_media
  UNION ALL
  SELECT s.name, NULL, NULL, s.alt, s.credit, s.published, 'site', s.slug, s.title FROM (
    SELECT json_extract(item, '$.imagemAtual') AS name, coalesce(json_extract(item, '$.alt'), '') AS alt,
      coalesce(json_extract(item, '$.credito'), '') AS credit, json_extract(item, '$.titulo') AS title, published, slug
    FROM search_articles WHERE json_valid(item)
  ) s
  WHERE typeof(s.name) = 'text' AND typeof(s.alt) = 'text' AND typeof(s.credit) = 'text' AND ${NOT_HELD('s.name')}
  UNION ALL
  SELECT f.value, NULL, NULL, '', '', a.published, 'site', a.slug, json_extract(a.item, '$.titulo')
  FROM (SELECT ${ITEM} AS item, slug, published FROM search_articles) a, json_each(a.item, '$.figuras') f
  WHERE f.type = 'text' AND f.value IS NOT json_extract(a.item, '$.imagemAtual') AND ${NOT_HELD('f.value')}`;

/** A text field of the item when `?2` is its main image; empty for a figure, or a field that is not text. */
const MAIN_TEXT = (field: string) =>
  `CASE WHEN json_extract(item, '$.imagemAtual') = ?2 AND json_type(item, '$.${field}') = 'text' THEN json_extract(item, '$.${field}') ELSE '' END`;

/** The content hash an image and its variants share: what names them all in a draft's text. */
export const hashOf = (file: string) => file.slice(0, HASH_LENGTH);

/** The hash of any image's name: the newsroom's (`<hash>.<ext>`) or a published one (`<slug>-<hash>.<ext>`). */
export const hashIn = (file: string) => {
  const dot = file.indexOf('.');
  return dot > HASH_LENGTH ? file.slice(dot - HASH_LENGTH, dot) : hashOf(file);
};

/** `%`, `_` and `\` typed in a search are letters, not LIKE's wildcards. */
const likePattern = (query: string) => `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** A draft names a file when its fields (the main image) or its text (`imagens/<name>`) hold its hash: the SQL both the library and the gc use. */
export const NAMES_HASH = (table: string, hash: string) => `(instr(${table}.fields, ${hash}) > 0 OR instr(${table}.body, ${hash}) > 0)`;

/** What an upload or an import knows of an image. */
export interface NewPhoto {
  name: string;
  width?: number | null;
  height?: number | null;
  alt?: string;
  credit?: string;
  by: string;
  now: number;
}

/**
 * The library's rows in D1: one per image stored in R2. Adding one is
 * idempotent (the same bytes are the same name); it also takes the image off
 * the gc's waiting list, in the same batch, since whoever stores an image is
 * about to use it (src/newsroom/library/media-gc.ts explains the order).
 */
export class LibraryStore {
  constructor(private readonly db: D1Database) {}

  /** Takes the image off the waiting list and adds its row when it has none; an existing row keeps its alt and credit. */
  async add(photo: NewPhoto): Promise<void> {
    if (!isStoredImage(photo.name)) return;
    await this.db.batch([
      this.db.prepare('DELETE FROM newsroom_media_unused WHERE hash = ?').bind(hashOf(photo.name)),
      this.db
        .prepare(
          `INSERT INTO newsroom_media (name, width, height, alt, credit, uploaded_at, uploaded_by) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
           ON CONFLICT (name) DO UPDATE SET
             alt = CASE WHEN newsroom_media.alt = '' THEN excluded.alt ELSE newsroom_media.alt END,
             credit = CASE WHEN newsroom_media.credit = '' THEN excluded.credit ELSE newsroom_media.credit END,
             width = coalesce(newsroom_media.width, excluded.width),
             height = coalesce(newsroom_media.height, excluded.height)`,
        )
        .bind(photo.name, photo.width ?? null, photo.height ?? null, photo.alt ?? '', photo.credit ?? '', photo.now, photo.by),
    ]);
  }

  /**
   * Claims an image for a new use: off the waiting list, then its row read
   * back. Null when the gc deleted it first (it removes the row before the
   * files, and only while the image is still waiting), so a draft never
   * names an image that is going away.
   */
  async claim(name: string): Promise<Photo | null> {
    if (!isStoredImage(name)) return null;
    const [, read] = await this.db.batch([
      this.db.prepare('DELETE FROM newsroom_media_unused WHERE hash = ?').bind(hashOf(name)),
      this.db.prepare('SELECT * FROM newsroom_media WHERE name = ?').bind(name),
    ]);
    const row = (read?.results as PhotoRow[] | undefined)?.[0];
    return row ? photoOf(row) : null;
  }

  /** A photo by its name: the newsroom's (`<hash>.<ext>`), or a live article's main image or figure (`<slug>-<hash>.<ext>`). */
  async get(name: string): Promise<Photo | null> {
    if (isStoredImage(name)) {
      const row = await this.db.prepare('SELECT * FROM newsroom_media WHERE name = ?').bind(name).first<PhotoRow>();
      return row ? photoOf(row) : null;
    }
    const slug = name.slice(0, name.lastIndexOf('-'));
    if (!isValidSlug(slug) || !isValidImageFile(name)) return null;
    // The main image comes with the article's alt text and credit; a figure with none (its text holds them).
    const row = await this.db
      .prepare(
        `SELECT ?2 AS name, NULL AS width, NULL AS height, ${MAIN_TEXT('alt')} AS alt, ${MAIN_TEXT('credito')} AS credit,
           published AS uploaded_at, 'site' AS uploaded_by, slug,
           json_extract(item, '$.titulo') AS title
         FROM (SELECT ${ITEM} AS item, slug, published FROM search_articles WHERE slug = ?1)
         WHERE json_extract(item, '$.imagemAtual') = ?2 OR ?2 IN (SELECT value FROM json_each(item, '$.figuras'))`,
      )
      .bind(slug, name)
      .first<PhotoRow>();
    return row ? photoOf(row) : null;
  }

  /**
   * A page of the library, newest first: every photo, or those whose alt
   * text or credit holds `query`, or that a draft whose title holds it uses
   * (the TITLE_MATCHES drafts changed last: a search by title names an
   * article, not hundreds). Two bounded statements: the drafts by title, then
   * the photos; never a scan of every draft for every photo.
   */
  async list({ query, page }: { query: string; page: number }): Promise<{ total: number; photos: Photo[] }> {
    const pattern = likePattern(query);
    const titled = query === '' ? [] : await this.namedByTitle(pattern);
    // An empty search is the pattern `%%`, which the first test matches at once: one statement for both.
    const where = `WHERE ?1 = '%%' OR p.alt LIKE ?1 ESCAPE '\\' OR p.credit LIKE ?1 ESCAPE '\\' OR p.title LIKE ?1 ESCAPE '\\'
      OR p.name IN (SELECT value FROM json_each(?2))`;
    const names = JSON.stringify(titled);
    const [count, rows] = await this.db.batch([
      this.db.prepare(`SELECT count(*) AS total FROM (${ALL_PHOTOS}) p ${where}`).bind(pattern, names),
      this.db
        .prepare(`SELECT p.* FROM (${ALL_PHOTOS}) p ${where} ORDER BY p.uploaded_at DESC, p.name LIMIT ?3 OFFSET ?4`)
        .bind(pattern, names, PHOTOS_PER_PAGE, (page - 1) * PHOTOS_PER_PAGE),
    ]);
    const total = Number((count?.results as { total: number }[] | undefined)?.[0]?.total ?? 0);
    return { total, photos: ((rows?.results ?? []) as PhotoRow[]).map(photoOf) };
  }

  /** The images (main and in the text) of the drafts changed last whose title matches. */
  private async namedByTitle(pattern: string): Promise<string[]> {
    const { results } = await this.db
      .prepare(
        `SELECT fields, body FROM newsroom_drafts WHERE json_valid(fields) AND json_extract(fields, '$.titulo') LIKE ?1 ESCAPE '\\'
         ORDER BY updated_at DESC, id LIMIT ?2`,
      )
      .bind(pattern, TITLE_MATCHES)
      .all<{ fields: string; body: string }>();
    const names = new Set<string>();
    for (const row of results) {
      const main = storedFields(row.fields)[IMAGE_FIELD];
      if (main) names.add(main);
      for (const name of figuresIn(row.body)) names.add(name);
    }
    return [...names];
  }

  /** The alt text and credit the library offers for the image from now on. */
  async describe(name: string, alt: string, credit: string): Promise<boolean> {
    const result = await this.db.prepare('UPDATE newsroom_media SET alt = ?2, credit = ?3 WHERE name = ?1').bind(name, alt, credit).run();
    return result.meta.changes === 1;
  }
}
