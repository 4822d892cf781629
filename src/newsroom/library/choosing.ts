import type { Context } from 'hono';
import { type Draft, DraftsStore, isDraftId } from '../drafts/drafts-store';
import { PATHS } from '../paths';
import type { ImageKind } from '../shared/image-check';
import { isImageKind } from '../shared/image-check';
import type { NewsroomEnv } from '../team/newsroom-env';
import { canEditDraft } from '../team/roles';

/**
 * The library opened from a draft ("Escolher da biblioteca"): which draft,
 * and whether the photo is for its main image or its text. It travels in the
 * query (`rascunho`, `uso`), so every link and search of the library keeps
 * it, with or without JavaScript.
 */
export interface Choosing {
  draft: Draft;
  kind: ImageKind;
}

export const CHOOSING = { draft: 'rascunho', kind: 'uso' } as const;

/** The query that keeps the library in choosing mode. */
export const choosingQuery = (choosing: Choosing | null): Record<string, string> =>
  choosing ? { [CHOOSING.draft]: choosing.draft.id, [CHOOSING.kind]: choosing.kind } : {};

/** The draft the query names, when it exists and the person may change it; anything else is plain browsing. */
export async function choosingOf(c: Context<NewsroomEnv>): Promise<Choosing | null> {
  const id = c.req.query(CHOOSING.draft) ?? '';
  const kind = c.req.query(CHOOSING.kind);
  if (!isDraftId(id) || !isImageKind(kind)) return null;
  const draft = await new DraftsStore(c.env.DB).get(id);
  return draft !== null && canEditDraft(c.var.member, draft) ? { draft, kind } : null;
}

/** The library's address choosing a photo for this draft: the link "Escolher da biblioteca" (no JavaScript needed). */
export const choosePhotoFor = (draftId: string, kind: ImageKind) => PATHS.photos({ [CHOOSING.draft]: draftId, [CHOOSING.kind]: kind });
