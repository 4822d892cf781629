import type { DraftContent } from '../shared/draft-input';
import { figuresIn, IMAGE_FIELD } from '../shared/media-names';
import { LibraryStore } from './library-store';

/**
 * Gives the library a row for each image a draft names (its main image, with
 * the draft's alt text and credit; its text's images), for drafts made from
 * elsewhere than an upload: a WordPress import, a live article opened in the
 * newsroom. An image already in the library keeps its row.
 */
export async function recordDraftImages(db: D1Database, content: DraftContent, by: string, now: number): Promise<void> {
  const store = new LibraryStore(db);
  const { fields } = content;
  const main = fields[IMAGE_FIELD];
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  if (main) await store.add({ name: main, alt: text(fields.alt), credit: text(fields.credito), by, now });
  for (const name of figuresIn(content.body)) await store.add({ name, by, now });
}
