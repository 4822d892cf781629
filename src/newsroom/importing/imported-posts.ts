import { DraftsStore } from '../drafts/drafts-store';
import type { DraftContent } from '../shared/draft-input';

/**
 * What the WordPress import made of each post of an old site
 * (migrations/0012_imported_posts.sql): the record that makes a second run
 * change nothing and an interrupted one finish, and the notes a draft's page
 * shows about what the import could not carry over.
 */
export interface ImportedPost {
  postId: number;
  sourceHash: string;
  slug: string | null;
  draftId: string | null;
  draftVersion: number | null;
}

interface Row {
  post_id: number;
  source_hash: string;
  slug: string | null;
  draft_id: string | null;
  draft_version: number | null;
}

const postOf = (row: Row): ImportedPost => ({
  postId: row.post_id,
  sourceHash: row.source_hash,
  slug: row.slug,
  draftId: row.draft_id,
  draftVersion: row.draft_version,
});

/** Notes kept per post: far more than an import writes, so a hostile row stays small on a page. */
const MAX_NOTES = 50;
const MAX_NOTE_CHARS = 500;

/** A stored notes list, read as hostile: strings only, bounded. */
export function notesOf(json: string | null | undefined): string[] {
  let raw: unknown;
  try {
    raw = JSON.parse(json ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw
    .slice(0, MAX_NOTES)
    .filter((note): note is string => typeof note === 'string')
    .map((note) => note.slice(0, MAX_NOTE_CHARS));
}

export class ImportedPosts {
  constructor(private readonly db: D1Database) {}

  /** Every post of this old site the import has recorded, by WordPress ID. */
  async of(origin: string): Promise<Map<number, ImportedPost>> {
    const { results } = await this.db
      .prepare('SELECT post_id, source_hash, slug, draft_id, draft_version FROM imported_posts WHERE origin = ?')
      .bind(origin)
      .all<Row>();
    return new Map(results.map((row) => [row.post_id, postOf(row)]));
  }

  async get(origin: string, postId: number): Promise<ImportedPost | null> {
    const row = await this.db
      .prepare('SELECT post_id, source_hash, slug, draft_id, draft_version FROM imported_posts WHERE origin = ? AND post_id = ?')
      .bind(origin, postId)
      .first<Row>();
    return row ? postOf(row) : null;
  }

  /** The posts a publish put on the site, at their addresses; a draft made for one earlier stays linked to the record. */
  async recordPublished(origin: string, posts: readonly { postId: number; slug: string; sourceHash: string }[], now: number) {
    if (posts.length === 0) return;
    await this.db.batch(
      posts.map(({ postId, slug, sourceHash }) =>
        this.db
          .prepare(
            `INSERT INTO imported_posts (origin, post_id, source_hash, slug, notes, imported_at) VALUES (?1, ?2, ?3, ?4, '[]', ?5)
             ON CONFLICT (origin, post_id) DO UPDATE SET source_hash = ?3, slug = ?4, notes = '[]', imported_at = ?5`,
          )
          .bind(origin, postId, sourceHash, slug, now),
      ),
    );
  }

  /**
   * Creates a draft and its record in one transaction (a D1 batch): when the
   * record exists already (another run got there first), nothing is written
   * and the answer is null.
   */
  async createDraft(
    origin: string,
    post: { postId: number; sourceHash: string; notes: readonly string[] },
    content: DraftContent,
    by: string,
    now: number,
  ): Promise<string | null> {
    const id = crypto.randomUUID();
    try {
      await this.db.batch([
        // First, so a record that exists fails the batch before anything else is written.
        this.db
          .prepare(
            'INSERT INTO imported_posts (origin, post_id, source_hash, draft_id, draft_version, notes, imported_at) VALUES (?1, ?2, ?3, ?4, 1, ?5, ?6)',
          )
          .bind(origin, post.postId, post.sourceHash, id, JSON.stringify(post.notes), now),
        ...new DraftsStore(this.db).creation(id, content, by, now),
      ]);
    } catch (error) {
      if (await this.get(origin, post.postId)) return null;
      throw error;
    }
    return id;
  }

  /** A draft the import rewrote (a compare-and-set on its version already done): the version it wrote, the new hash and notes. */
  async recordDraftUpdate(
    origin: string,
    postId: number,
    post: { sourceHash: string; notes: readonly string[]; version: number },
    now: number,
  ) {
    await this.db
      .prepare(
        'UPDATE imported_posts SET source_hash = ?3, draft_version = ?4, notes = ?5, imported_at = ?6 WHERE origin = ?1 AND post_id = ?2',
      )
      .bind(origin, postId, post.sourceHash, post.version, JSON.stringify(post.notes), now)
      .run();
  }

  /** What the import could not carry over into this draft (empty for any other draft). */
  async notesFor(draftId: string): Promise<string[]> {
    const row = await this.db
      .prepare('SELECT notes FROM imported_posts WHERE draft_id = ? AND slug IS NULL')
      .bind(draftId)
      .first<{ notes: string }>();
    return notesOf(row?.notes);
  }
}
