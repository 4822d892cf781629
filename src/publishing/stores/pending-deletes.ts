import { CHUNK_KEY_PATTERN } from '#src/content/index/news-index.ts';

/**
 * Keys waiting to be deleted, with the time each stopped being named by the
 * live index. A key is deleted only once DELETE_AFTER_MS has passed since
 * then and the current index still does not name it (a later publish may make
 * it live again). Until then a reader may still be shown it: an isolate keeps
 * the index it read for 60 s, KV is eventually consistent for 60 s, a page is
 * cached for 120 s at the edge and 60 s in the browser (docs/request-flow.md,
 * "How long until a change shows", adds them up).
 */
export const PENDING_DELETES_KEY = 'index/pending-deletes.json';

/** Twice the ~5-minute freshness bound: room for clock skew between editors' machines and slow runs. */
export const DELETE_AFTER_MS = 10 * 60_000;

/** Key → time (ms since the epoch) it stopped being referenced. */
export type Pending = Map<string, number>;

/** The only keys a run ever deletes: index chunks, article bodies and images. Never the meta, the lock or this list. */
export const isDeletable = (key: string) => CHUNK_KEY_PATTERN.test(key) || /^noticias\/[^/]+$/.test(key) || /^thumbnails\/[^/]+$/.test(key);

/**
 * The stored list, checked. Anything unreadable is dropped with a note (never
 * deleted on its word): at worst a key is left over, and `content:gc` finds it.
 */
export function parsePending(text: string | null, note: (line: string) => void = () => {}): Pending {
  const pending: Pending = new Map();
  if (text === null) return pending;
  let entries: unknown;
  try {
    entries = (JSON.parse(text) as { entries?: unknown }).entries;
  } catch {
    entries = undefined;
  }
  if (!Array.isArray(entries)) {
    note(`${PENDING_DELETES_KEY} não pôde ser lido: começando um novo (npm run content:gc encontra o que ele guardava)`);
    return pending;
  }
  for (const entry of entries) {
    if (Array.isArray(entry) && typeof entry[0] === 'string' && isDeletable(entry[0]) && Number.isSafeInteger(entry[1])) {
      pending.set(entry[0], entry[1] as number);
    }
  }
  return pending;
}

export const serializePending = (pending: Pending) =>
  JSON.stringify({ version: 1, entries: [...pending].sort(([a], [b]) => a.localeCompare(b)) });

/** The list with these keys added, each timed `now` (a key already waiting starts again: it stops being used now). */
export function schedule(pending: Pending, keys: Iterable<string>, now: number): Pending {
  const next = new Map(pending);
  for (const key of keys) if (isDeletable(key)) next.set(key, now);
  return next;
}

/**
 * Which waiting keys to delete now: those waited for long enough that the
 * current index does not name. A key the index names again leaves the list
 * (it is live; if it stops being used later, it is added again then).
 */
export function duePending(pending: Pending, referenced: ReadonlySet<string>, now: number): { due: string[]; keep: Pending } {
  const due: string[] = [];
  const keep: Pending = new Map();
  for (const [key, since] of pending) {
    if (referenced.has(key)) continue;
    if (now - since >= DELETE_AFTER_MS) due.push(key);
    else keep.set(key, since);
  }
  return { due, keep };
}
