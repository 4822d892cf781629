import { HASH_LENGTH } from '#src/content/index/news-index.ts';
import { mediaKey } from '../media/media-store';
import { isStoredFile, isStoredImage } from '../shared/media-names';
import { hashOf, NAMES_HASH } from './library-store';

/**
 * How long an image nothing names waits before it is deleted (decision 052):
 * a week. Far longer than an upload takes to be saved into its draft (the
 * autosave follows within seconds; a tab left open with the form unsaved
 * keeps its picture a week), and what an editor needs to notice a picture
 * taken out by mistake and put it back.
 */
export const MEDIA_GRACE_MS = 7 * 24 * 60 * 60_000;

/** R2 lists at most 1,000 keys a page; a run walks this many pages at most (100,000 files), then stops until the next run. */
const PAGE_SIZE = 500;
const MAX_PAGES = 200;

const PREFIX = mediaKey('');

export interface MediaGcResult {
  /** Images stored without a library row, given one (an import or a copy from before the library). */
  registered: number;
  /** Images (with their variants) that nothing names and were not waiting yet: they wait from now on. */
  found: number;
  /** Files deleted (or, with dryRun, that would be). */
  deleted: string[];
  /** Images still waiting for their time. */
  waiting: number;
  /** False when the walk stopped at MAX_PAGES: the rest waits for the next run. */
  complete: boolean;
}

interface StoredGroup {
  hash: string;
  files: { key: string; name: string; uploaded: number }[];
}

/** A page of the bucket's newsroom files, grouped by the hash an image and its variants share. */
function groupsOf(objects: readonly R2Object[]): StoredGroup[] {
  const groups = new Map<string, StoredGroup>();
  for (const object of objects) {
    const name = object.key.slice(PREFIX.length);
    if (!isStoredFile(name)) continue;
    const hash = hashOf(name);
    const group = groups.get(hash) ?? { hash, files: [] };
    group.files.push({ key: object.key, name, uploaded: object.uploaded.getTime() });
    groups.set(hash, group);
  }
  return [...groups.values()];
}

/** Rows read at a time while collecting names: a draft's body is at most 256 KB, so a page stays within a few MB. */
const ROWS_PER_PAGE = 50;

/** Any stored file's name (an image or a variant) written anywhere in a draft's fields or text: its hash. Errs towards keeping. */
const FILE_NAME = new RegExp(`([0-9a-f]{${HASH_LENGTH}})(?:-\\d+w)?\\.(?:webp|avif|jpg|png)`, 'g');

/**
 * Every content hash a draft or a kept revision names (decision 052: every
 * kept revision keeps its images), each table read once, page by page in
 * key order: one pass per run, however many images the bucket holds.
 */
async function namedHashes(db: D1Database): Promise<Set<string>> {
  const named = new Set<string>();
  const collect = (text: string) => {
    for (const [, hash = ''] of text.matchAll(FILE_NAME)) named.add(hash);
  };
  let id = '';
  for (;;) {
    const { results } = await db
      .prepare('SELECT id, fields, body FROM newsroom_drafts WHERE id > ?1 ORDER BY id LIMIT ?2')
      .bind(id, ROWS_PER_PAGE)
      .all<{ id: string; fields: string; body: string }>();
    for (const row of results) collect(`${row.fields}\n${row.body}`);
    if (results.length < ROWS_PER_PAGE) break;
    id = (results.at(-1) as { id: string }).id;
  }
  let at = { draft: '', version: 0 };
  for (;;) {
    const { results } = await db
      .prepare(
        `SELECT draft_id, version, fields, body FROM newsroom_revisions
         WHERE draft_id > ?1 OR (draft_id = ?1 AND version > ?2) ORDER BY draft_id, version LIMIT ?3`,
      )
      .bind(at.draft, at.version, ROWS_PER_PAGE)
      .all<{ draft_id: string; version: number; fields: string; body: string }>();
    for (const row of results) collect(`${row.fields}\n${row.body}`);
    if (results.length < ROWS_PER_PAGE) break;
    const last = results.at(-1) as { draft_id: string; version: number };
    at = { draft: last.draft_id, version: last.version };
  }
  return named;
}

/**
 * Nothing saved since the pass began names the hash, checked inside the
 * statement that claims it (D1 runs one statement at a time, so no save slips
 * in between). Only drafts changed since then are read (the index on
 * updated_at); a revision is always made by a save that changes its draft.
 */
const UNNAMED_SINCE = `NOT EXISTS (SELECT 1 FROM newsroom_drafts d WHERE d.updated_at >= ?3 AND ${NAMES_HASH('d', '?1')})`;

/**
 * Takes a due image out of the library, all or nothing: its rows and its
 * place on the waiting list go in one batch (a D1 transaction), only while it
 * is still waiting since `since` and still unnamed. An upload or a choice
 * from the library takes it off the list first (LibraryStore.add, claim), so
 * either they win and nothing is deleted, or the gc wins and they find no
 * row (a choice is refused; an upload stores the files again, newer than
 * `since`, and deleteFiles leaves them).
 */
export async function claimForDeletion(db: D1Database, hash: string, since: number, passBegan: number): Promise<boolean> {
  const waiting = `EXISTS (SELECT 1 FROM newsroom_media_unused WHERE hash = ?1 AND since = ?2)`;
  const [, mark] = await db.batch([
    db
      .prepare(`DELETE FROM newsroom_media WHERE substr(name, 1, length(?1)) = ?1 AND ${waiting} AND ${UNNAMED_SINCE}`)
      .bind(hash, since, passBegan),
    db.prepare(`DELETE FROM newsroom_media_unused WHERE hash = ?1 AND since = ?2 AND ${UNNAMED_SINCE}`).bind(hash, since, passBegan),
  ]);
  return mark?.meta.changes === 1;
}

/** Deletes a claimed image's files, each only if it was stored before it was found unused (a file stored again since is someone's new upload). */
async function deleteFiles(bucket: R2Bucket, group: StoredGroup, since: number): Promise<string[]> {
  const deleted: string[] = [];
  for (const file of group.files) {
    const head = await bucket.head(file.key);
    if (head === null || head.uploaded.getTime() > since) continue;
    await bucket.delete(file.key);
    deleted.push(file.name);
  }
  return deleted;
}

/**
 * The newsroom's gc of R2 (decision 052): walks the bucket's newsroom files
 * page by page; gives a library row to any image without one; puts on the
 * waiting list every image that no draft and no kept revision names (a
 * published article is named by its draft; its own copies in KV are the
 * engine's gc's); takes off the list every image named again; and deletes,
 * with its variants, each image that has waited MEDIA_GRACE_MS and is still
 * unnamed at that instant. With dryRun it writes and deletes nothing.
 */
export async function collectMedia(env: { DB: D1Database; MEDIA: R2Bucket }, now: number, dryRun = false): Promise<MediaGcResult> {
  const { DB: db, MEDIA: bucket } = env;
  const result: MediaGcResult = { registered: 0, found: 0, deleted: [], waiting: 0, complete: false };
  // A minute's margin for the clocks of the isolates that saved.
  const passBegan = now - 60_000;
  const named = await namedHashes(db);
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const listed = await bucket.list({ prefix: PREFIX, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) });
    const groups = groupsOf(listed.objects);
    if (!dryRun) result.registered += await register(db, groups);
    const unnamed = groups.filter((group) => !named.has(group.hash));
    const hashes = JSON.stringify(groups.map((group) => group.hash));
    const { results: waitingRows } = await db
      .prepare('SELECT hash, since FROM newsroom_media_unused WHERE hash IN (SELECT value FROM json_each(?1))')
      .bind(hashes)
      .all<{ hash: string; since: number }>();
    const waitingSince = new Map(waitingRows.map((row) => [row.hash, row.since]));
    const namedAgain = groups.filter((group) => named.has(group.hash) && waitingSince.has(group.hash)).map((group) => group.hash);
    if (!dryRun && namedAgain.length > 0) {
      await db
        .prepare('DELETE FROM newsroom_media_unused WHERE hash IN (SELECT value FROM json_each(?1))')
        .bind(JSON.stringify(namedAgain))
        .run();
    }
    for (const group of unnamed) {
      const since = waitingSince.get(group.hash);
      if (since === undefined) {
        result.found += 1;
        result.waiting += 1;
        if (!dryRun)
          await db.prepare('INSERT OR IGNORE INTO newsroom_media_unused (hash, since) VALUES (?1, ?2)').bind(group.hash, now).run();
      } else if (now - since < MEDIA_GRACE_MS) {
        result.waiting += 1;
      } else if (dryRun) {
        result.deleted.push(...group.files.map((file) => file.name));
      } else if (await claimForDeletion(db, group.hash, since, passBegan)) {
        result.deleted.push(...(await deleteFiles(bucket, group, since)));
      }
    }
    if (!listed.truncated) {
      result.complete = true;
      break;
    }
    cursor = listed.cursor;
  }
  return result;
}

/** Library rows for the page's images that have none, dated when each was stored. */
async function register(db: D1Database, groups: readonly StoredGroup[]): Promise<number> {
  const images = groups.flatMap((group) => group.files.filter((file) => isStoredImage(file.name)));
  if (images.length === 0) return 0;
  const results = await db.batch(
    images.map((image) =>
      db
        .prepare("INSERT OR IGNORE INTO newsroom_media (name, uploaded_at, uploaded_by) VALUES (?1, ?2, 'redacao')")
        .bind(image.name, image.uploaded),
    ),
  );
  return results.reduce((sum, item) => sum + (item.meta.changes ?? 0), 0);
}
