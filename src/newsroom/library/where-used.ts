import { type Draft, DraftsStore } from '../drafts/drafts-store';
import { figuresIn, IMAGE_FIELD } from '../shared/media-names';
import { hashIn, NAMES_HASH } from './library-store';

/** The most drafts one image's page lists (and that "everywhere" changes at once): far more than any photo is reused in. */
export const USES_SHOWN = 100;

/** A draft that uses the image: as its main image, in its text, or both. */
export interface Use {
  draft: Draft;
  main: boolean;
  inText: boolean;
}

export interface WhereUsed {
  uses: Use[];
  /** More drafts than USES_SHOWN name it. */
  more: boolean;
  /** Other drafts that no longer use it but whose kept revisions (decision 052) still do: a restore would bring it back. */
  inRevisions: number;
}

/**
 * Where an image is used: the drafts whose main image or text names it now
 * (a live article is one of them: its draft, marked "no ar"), and how many
 * other drafts still have it in a kept revision (a revision may be restored). One query per
 * table, each bounded; a draft whose fields or text merely mention the hash
 * without using the image is left out of the list, never out of the gc's
 * count (which errs towards keeping).
 */
export async function whereUsed(db: D1Database, name: string): Promise<WhereUsed> {
  const hash = hashIn(name);
  const [drafts, revisions] = await db.batch([
    db
      .prepare(`SELECT id FROM newsroom_drafts d WHERE ${NAMES_HASH('d', '?1')} ORDER BY updated_at DESC, id LIMIT ?2`)
      .bind(hash, USES_SHOWN + 1),
    db
      .prepare(
        `SELECT count(DISTINCT r.draft_id) AS total FROM newsroom_revisions r JOIN newsroom_drafts d ON d.id = r.draft_id
         WHERE ${NAMES_HASH('r', '?1')} AND NOT ${NAMES_HASH('d', '?1')}`,
      )
      .bind(hash),
  ]);
  const ids = ((drafts?.results ?? []) as { id: string }[]).map((row) => row.id);
  const store = new DraftsStore(db);
  const uses: Use[] = [];
  for (const id of ids.slice(0, USES_SHOWN)) {
    const draft = await store.get(id);
    if (draft === null) continue;
    // A published name (`<slug>-<hash>.<ext>`) is the draft's `<hash>.<ext>`.
    const stored = name.slice(name.indexOf('.') - hash.length);
    const main = draft.fields[IMAGE_FIELD] === stored;
    const inText = figuresIn(draft.body).includes(stored);
    if (main || inText) uses.push({ draft, main, inText });
  }
  return {
    uses,
    more: ids.length > USES_SHOWN,
    inRevisions: Number((revisions?.results as { total: number }[] | undefined)?.[0]?.total ?? 0),
  };
}
