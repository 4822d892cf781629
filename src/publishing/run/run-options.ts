import type { StoredAuthor } from '#src/content/index/index-build.ts';
import type { ContentHash } from '#src/content/index/news-index.ts';
import type { NewsItem } from '#src/content/schema/news-item.ts';
import type { Target } from '../stores/kv-store';
import type { LockTiming } from '../stores/lock';
import type { LockOwner, PublishDb } from '../stores/publish-state';

/** How many times a run merges again after losing its lock to another run. */
export const MAX_ATTEMPTS = 5;

export interface RunOptions extends LockTiming {
  hash: ContentHash;
  owner: LockOwner;
  /** The publish state: the lock, and the version of the live index (publish-state.ts). */
  db: PublishDb;
  /** Where the command writes: named in the repairs it suggests. */
  target: Target;
  /** The bundled list, its files and its author registry: what is live while KV has no index. */
  bundled(): Promise<{ list: NewsItem[]; files: ReadonlyMap<string, string | Uint8Array>; authors?: Record<string, StoredAuthor> }>;
  /**
   * How long KV may take to show a write everywhere (60 s remotely, 0
   * locally): a meta or chunk that should be there but is not is read again
   * after this long before the run calls it lost.
   */
  kvSettleMs: number;
  /** The site's origin, for the article addresses the log shows (paths alone without it). */
  site?: string;
}
