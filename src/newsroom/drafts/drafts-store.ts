import { type DraftContent, storedFields } from '../shared/draft-input';

/** Revisions kept per draft: the brief asks for at least the last 20. */
export const REVISIONS_KEPT = 50;
/** The list shows the drafts changed last, this many. */
const LIST_LIMIT = 500;

export interface Draft extends DraftContent {
  id: string;
  version: number;
  createdBy: string;
  createdAt: number;
  updatedBy: string;
  updatedAt: number;
  /** The article's address once the draft is linked to one (published, or opened from the site); null before. */
  slug: string | null;
  /** The draft's version readers see, or null when none is live. */
  publishedVersion: number | null;
  /** Who sent it to an editor for review, and when; null when nobody has (or it was published since). */
  reviewRequested: { by: string; at: number } | null;
}

/** One saved version of a draft. */
export interface Revision extends DraftContent {
  version: number;
  savedBy: string;
  savedAt: number;
}

/** A save's outcome: the draft as saved, or, when it had moved on past the version the save started from, the draft as it is now. */
export type SaveResult = { saved: true; draft: Draft } | { saved: false; current: Draft | null };

interface DraftRow {
  id: string;
  fields: string;
  body: string;
  version: number;
  created_by: string;
  created_at: number;
  updated_by: string;
  updated_at: number;
  slug: string | null;
  published_version: number | null;
  review_requested_by: string | null;
  review_requested_at: number | null;
}

interface RevisionRow {
  version: number;
  fields: string;
  body: string;
  saved_by: string;
  saved_at: number;
}

const draftOf = (row: DraftRow): Draft => ({
  id: row.id,
  fields: storedFields(row.fields),
  body: row.body,
  version: row.version,
  createdBy: row.created_by,
  createdAt: row.created_at,
  updatedBy: row.updated_by,
  updatedAt: row.updated_at,
  slug: row.slug,
  publishedVersion: row.published_version,
  reviewRequested:
    row.review_requested_by !== null && row.review_requested_at !== null
      ? { by: row.review_requested_by, at: row.review_requested_at }
      : null,
});

const revisionOf = (row: RevisionRow): Revision => ({
  version: row.version,
  fields: storedFields(row.fields),
  body: row.body,
  savedBy: row.saved_by,
  savedAt: row.saved_at,
});

/** Drafts ids are random UUIDs: anything else in a path names no draft. */
export const isDraftId = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id);

/**
 * Drafts and their revisions in D1 (migrations/0005_newsroom.sql). Every save
 * is a compare-and-set on the version it started from, in one batch (a D1
 * transaction) with the revision it makes: a save over a newer version
 * changes nothing and gets the draft as it is now, so nothing is lost and
 * nothing merged.
 */
export class DraftsStore {
  constructor(private readonly db: D1Database) {}

  /** The statements that create a draft and its first revision: for a batch of one's own, with more (src/newsroom/importing/imported-posts.ts). */
  creation(id: string, content: DraftContent, by: string, now: number): D1PreparedStatement[] {
    const fields = JSON.stringify(content.fields);
    return [
      this.db
        .prepare(
          'INSERT INTO newsroom_drafts (id, fields, body, version, created_by, created_at, updated_by, updated_at) VALUES (?1, ?2, ?3, 1, ?4, ?5, ?4, ?5)',
        )
        .bind(id, fields, content.body, by, now),
      this.db
        .prepare('INSERT INTO newsroom_revisions (draft_id, version, fields, body, saved_by, saved_at) VALUES (?1, 1, ?2, ?3, ?4, ?5)')
        .bind(id, fields, content.body, by, now),
    ];
  }

  async create(content: DraftContent, by: string, now: number): Promise<Draft> {
    const id = crypto.randomUUID();
    await this.db.batch(this.creation(id, content, by, now));
    return {
      id,
      ...content,
      version: 1,
      createdBy: by,
      createdAt: now,
      updatedBy: by,
      updatedAt: now,
      slug: null,
      publishedVersion: null,
      reviewRequested: null,
    };
  }

  /**
   * Creates the draft of a live article: linked to its address, and marked as
   * what readers see (`published_version` 1). The address is unique: when
   * another draft has it (a concurrent "Editar" got there first), nothing is
   * written and the answer is null.
   */
  async createLinked(content: DraftContent, slug: string, by: string, now: number): Promise<Draft | null> {
    const id = crypto.randomUUID();
    const fields = JSON.stringify(content.fields);
    const [insert] = await this.db.batch([
      this.db
        .prepare(
          `INSERT OR IGNORE INTO newsroom_drafts (id, fields, body, version, created_by, created_at, updated_by, updated_at, slug, published_version)
           VALUES (?1, ?2, ?3, 1, ?4, ?5, ?4, ?5, ?6, 1)`,
        )
        .bind(id, fields, content.body, by, now, slug),
      // Only when the draft was made: a slug already taken leaves no revision behind.
      this.db
        .prepare(
          `INSERT INTO newsroom_revisions (draft_id, version, fields, body, saved_by, saved_at)
           SELECT id, 1, fields, body, created_by, created_at FROM newsroom_drafts WHERE id = ?1`,
        )
        .bind(id),
    ]);
    return insert?.meta.changes === 1 ? this.get(id) : null;
  }

  /** The draft linked to an article's address, or null. */
  async bySlug(slug: string): Promise<Draft | null> {
    const row = await this.db.prepare('SELECT * FROM newsroom_drafts WHERE slug = ?').bind(slug).first<DraftRow>();
    return row ? draftOf(row) : null;
  }

  async get(id: string): Promise<Draft | null> {
    const row = await this.db.prepare('SELECT * FROM newsroom_drafts WHERE id = ?').bind(id).first<DraftRow>();
    return row ? draftOf(row) : null;
  }

  /** The drafts changed last first. */
  async list(): Promise<Draft[]> {
    const { results } = await this.db
      .prepare('SELECT * FROM newsroom_drafts ORDER BY updated_at DESC, id LIMIT ?')
      .bind(LIST_LIMIT)
      .all<DraftRow>();
    return results.map(draftOf);
  }

  /** Saves `content` as the version after `base`, if the draft is still at `base`. */
  async save(id: string, base: number, content: DraftContent, by: string, now: number): Promise<SaveResult> {
    const fields = JSON.stringify(content.fields);
    const [update] = await this.db.batch([
      this.db
        .prepare(
          'UPDATE newsroom_drafts SET fields = ?3, body = ?4, version = version + 1, updated_by = ?5, updated_at = ?6 WHERE id = ?1 AND version = ?2',
        )
        .bind(id, base, fields, content.body, by, now),
      // Only when the update took place: otherwise the version after `base` is someone else's, already kept.
      this.db
        .prepare(
          `INSERT OR IGNORE INTO newsroom_revisions (draft_id, version, fields, body, saved_by, saved_at)
           SELECT id, version, fields, body, updated_by, updated_at FROM newsroom_drafts WHERE id = ?1 AND version = ?2 + 1`,
        )
        .bind(id, base),
      this.db.prepare('DELETE FROM newsroom_revisions WHERE draft_id = ?1 AND version <= ?2').bind(id, base + 1 - REVISIONS_KEPT),
    ]);
    if (update?.meta.changes === 1) {
      const draft = await this.get(id);
      if (draft) return { saved: true, draft };
    }
    return { saved: false, current: await this.get(id) };
  }

  /**
   * Links the draft to the article it published: its address, and `version`
   * as the one readers see (unless a later version was recorded meanwhile, by
   * an editor publishing it at the same time); clears "em revisão".
   */
  async markPublished(id: string, version: number, slug: string): Promise<void> {
    await this.db
      .prepare(
        `UPDATE newsroom_drafts SET slug = ?3, published_version = ?2, review_requested_by = NULL, review_requested_at = NULL
         WHERE id = ?1 AND (published_version IS NULL OR published_version <= ?2)`,
      )
      .bind(id, version, slug)
      .run();
  }

  /** The article at this address left the site: its draft keeps the address, and no version of it is live. */
  async markUnpublished(slug: string): Promise<void> {
    await this.db.prepare('UPDATE newsroom_drafts SET published_version = NULL WHERE slug = ?').bind(slug).run();
  }

  /** Another draft already linked to this address, if any: two drafts never publish to one article. */
  async slugHolder(slug: string, except: string): Promise<Draft | null> {
    const row = await this.db.prepare('SELECT * FROM newsroom_drafts WHERE slug = ? AND id != ?').bind(slug, except).first<DraftRow>();
    return row ? draftOf(row) : null;
  }

  /** Sends the draft to an editor for review ("em revisão"); the first request stands until it is published. */
  async requestReview(id: string, by: string, now: number): Promise<void> {
    await this.db
      .prepare(
        'UPDATE newsroom_drafts SET review_requested_by = ?2, review_requested_at = ?3 WHERE id = ?1 AND review_requested_by IS NULL',
      )
      .bind(id, by, now)
      .run();
  }

  /** The revisions kept, newest first. */
  async revisions(id: string): Promise<Revision[]> {
    const { results } = await this.db
      .prepare('SELECT version, fields, body, saved_by, saved_at FROM newsroom_revisions WHERE draft_id = ? ORDER BY version DESC')
      .bind(id)
      .all<RevisionRow>();
    return results.map(revisionOf);
  }

  async revision(id: string, version: number): Promise<Revision | null> {
    const row = await this.db
      .prepare('SELECT version, fields, body, saved_by, saved_at FROM newsroom_revisions WHERE draft_id = ? AND version = ?')
      .bind(id, version)
      .first<RevisionRow>();
    return row ? revisionOf(row) : null;
  }
}
