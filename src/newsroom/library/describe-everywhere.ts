import { DraftsStore } from '../drafts/drafts-store';
import type { DraftContent } from '../shared/draft-input';
import { FIGURE_FOLDER, IMAGE_FIELD } from '../shared/media-names';
import { LibraryStore } from './library-store';
import { whereUsed } from './where-used';

/** What changing an image's alt text and credit everywhere did. */
export interface Described {
  /** Drafts saved with the new text (each a new version, in its revisions). */
  changed: number;
  /** Drafts someone saved while this ran: left as they were, to be changed again (nothing of theirs is overwritten). */
  moved: number;
  /** Drafts past the ones a change reaches at once (USES_SHOWN): the page says to run it again. */
  more: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The alt text of every figure of the text that shows `name`, replaced; a figure's caption (its title) is kept. */
export function withFigureAlt(body: string, name: string, alt: string): string {
  const figure = new RegExp(`!\\[[^\\]\\n]*\\]\\(${escapeRegExp(`${FIGURE_FOLDER}${name}`)}(?=[\\s)])`, 'g');
  const safe = alt.replace(/[[\]\n]/g, ' ').trim();
  return body.replace(figure, () => `![${safe}](${FIGURE_FOLDER}${name}`);
}

/** A draft's content with the image's new alt text (and, as its main image, the new credit). */
export function described(content: DraftContent, name: string, alt: string, credit: string): DraftContent {
  const fields = { ...content.fields };
  if (fields[IMAGE_FIELD] === name) {
    fields.alt = alt;
    if (credit === '') delete fields.credito;
    else fields.credito = credit;
  }
  return { fields, body: withFigureAlt(content.body, name, alt) };
}

/**
 * Gives an image a new alt text and credit in the library and in every draft
 * that uses it: each draft saved with a compare-and-set on the version read
 * (DraftsStore.save), so a colleague's save in between is never overwritten;
 * that draft is counted as moved and left for the next try. A live article
 * shows the change at its next publish (its draft changes now).
 */
export async function describeEverywhere(
  db: D1Database,
  name: string,
  alt: string,
  credit: string,
  by: string,
  now: number,
): Promise<Described> {
  await new LibraryStore(db).describe(name, alt, credit);
  const { uses, more } = await whereUsed(db, name);
  const store = new DraftsStore(db);
  let changed = 0;
  let moved = 0;
  for (const { draft } of uses) {
    const next = described(draft, name, alt, credit);
    if (JSON.stringify(next) === JSON.stringify({ fields: draft.fields, body: draft.body })) continue;
    const result = await store.save(draft.id, draft.version, next, by, now);
    if (result.saved) changed += 1;
    else moved += 1;
  }
  return { changed, moved, more };
}
