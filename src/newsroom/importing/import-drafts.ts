import { DraftsStore } from '../drafts/drafts-store';
import { recordDraftImages } from '../library/draft-images';
import { mediaKey, putMedia } from '../media/media-store';
import type { DraftToImport } from './import-request';
import { ImportedPosts } from './imported-posts';

/** What became of one post sent as a draft. */
export type DraftOutcome =
  | { postId: number; result: 'criado' | 'atualizado'; draftId: string }
  /** The same post as the last run: nothing to do. */
  | { postId: number; result: 'inalterado'; draftId: string | null }
  /** Its draft was edited in the newsroom since the import wrote it: the journalist's work stays. */
  | { postId: number; result: 'mantido'; draftId: string }
  /** An earlier run published it: it is no draft any more. */
  | { postId: number; result: 'publicado'; slug: string }
  /** An image it names is neither in the request nor in the bucket. */
  | { postId: number; result: 'recusado'; missing: string };

interface Bindings {
  DB: D1Database;
  MEDIA: R2Bucket;
}

/**
 * The WordPress import's drafts (a draft or pending post, or one the import
 * could not publish): each created with its record in one transaction, its
 * images stored first (named by their bytes, so storing one twice changes
 * nothing). A post already recorded is left as it is when unchanged, and
 * rewritten only while its draft is still the version the import wrote: a
 * draft a journalist has edited is never overwritten.
 */
export async function importDrafts(
  env: Bindings,
  who: string,
  request: { origin: string; drafts: readonly DraftToImport[]; files: ReadonlyMap<string, Uint8Array> },
  now: number,
): Promise<DraftOutcome[]> {
  const { origin, drafts, files } = request;
  for (const [file, bytes] of files) await putMedia(env.MEDIA, file, bytes);
  const records = new ImportedPosts(env.DB);
  const store = new DraftsStore(env.DB);
  const outcomes: DraftOutcome[] = [];
  for (const draft of drafts) {
    const missing = await firstMissing(env.MEDIA, draft.images, files);
    if (missing) {
      outcomes.push({ postId: draft.postId, result: 'recusado', missing });
      continue;
    }
    await recordDraftImages(env.DB, draft.content, draft.createdBy ?? who, now);
    outcomes.push(await importOne(records, store, origin, draft, draft.createdBy ?? who, now));
  }
  return outcomes;
}

async function importOne(
  records: ImportedPosts,
  store: DraftsStore,
  origin: string,
  draft: DraftToImport,
  by: string,
  now: number,
): Promise<DraftOutcome> {
  const { postId, sourceHash, notes, content } = draft;
  const known = await records.get(origin, postId);
  if (known?.slug) return { postId, result: 'publicado', slug: known.slug };
  if (!known?.draftId) {
    const id = await records.createDraft(origin, { postId, sourceHash, notes }, content, by, now);
    // Another run recorded it meanwhile: what it recorded stands.
    return id ? { postId, result: 'criado', draftId: id } : { postId, result: 'inalterado', draftId: null };
  }
  const current = await store.get(known.draftId);
  if (known.sourceHash === sourceHash || current === null) return { postId, result: 'inalterado', draftId: known.draftId };
  if (current.version !== known.draftVersion) return { postId, result: 'mantido', draftId: known.draftId };
  const saved = await store.save(known.draftId, current.version, content, by, now);
  if (!saved.saved) return { postId, result: 'mantido', draftId: known.draftId };
  await records.recordDraftUpdate(origin, postId, { sourceHash, notes, version: saved.draft.version }, now);
  return { postId, result: 'atualizado', draftId: known.draftId };
}

async function firstMissing(bucket: R2Bucket, images: readonly string[], files: ReadonlyMap<string, Uint8Array>) {
  for (const image of images) {
    if (files.has(image)) continue;
    if ((await bucket.head(mediaKey(image))) === null) return image;
  }
  return null;
}
