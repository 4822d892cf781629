import { describeError, log } from '#src/lib/log.ts';
import { INDEX_META_KEY } from './news-index';
import { ContentUnavailableError } from './sources';

/**
 * What the content layer uses of the D1 binding (`DB`): one statement's
 * first row. Structural, like KvReader (./sources.ts).
 */
export interface D1Reader {
  prepare(query: string): { first(): Promise<unknown> };
}

/** The publish state's one row (migrations/0003_publish_state.sql): `version` counts the index switches the editors' commands made. */
const VERSION_SQL = 'SELECT version FROM publish_state WHERE id = 1';

/** How D1 words a statement on a table the database lacks: one not migrated yet. */
const MISSING_TABLE = /no such table/i;

/**
 * Whether D1's publish state records a published index (a version above 0):
 * the authority on "ever published" when KV has lost both its meta and its
 * published marker, so the bundled samples never stand in for a site that was
 * published. A database without the table (not migrated yet), or no binding
 * at all (the Node stand-ins: the preview, the bench), records none. Any other
 * failure is logged and thrown as {@link ContentUnavailableError}: unavailable,
 * never the samples.
 */
export async function publishedOnRecord(db: D1Reader | undefined): Promise<boolean> {
  if (db === undefined) return false;
  let row: unknown;
  try {
    row = await db.prepare(VERSION_SQL).first();
  } catch (error) {
    if (MISSING_TABLE.test(describeError(error).message)) return false;
    log('error', 'publish_state_read_failed', describeError(error));
    throw new ContentUnavailableError(INDEX_META_KEY);
  }
  const version = (row as { version?: unknown } | null)?.version;
  return typeof version === 'number' && version > 0;
}
