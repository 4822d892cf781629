import { openLiveIndex } from '#src/content/index/live-index.ts';
import { type ContentBindings, ContentUnavailableError } from '#src/content/index/sources.ts';
import { IMAGE_FOLDER } from '#src/content/schema/format.ts';
import type { NewsEntry } from '#src/content/schema/news-item.ts';
import { type Draft, DraftsStore } from '../drafts/drafts-store';
import { recordDraftImages } from '../library/draft-images';
import { type DraftFields, FIELD_NAMES } from '../shared/draft-input';
import { FIGURE_FOLDER, IMAGE_FIELD } from '../shared/media-names';
import { bodyMarkdown } from './html-to-markdown';
import { imageSources, readLiveBody } from './live-body';
import { copyPublishedImage } from './live-images';

type Bindings = ContentBindings & { MEDIA: R2Bucket; DB: D1Database };

/** A live entry's article fields as the draft form holds them (the schema's keys; texts, `destaque`, `temas`), and its main image's stored name. */
function draftFieldsOf(entry: NewsEntry, image: string | null): DraftFields {
  const fields: DraftFields = {};
  for (const name of FIELD_NAMES) {
    const value: unknown = entry[name];
    if (typeof value === 'string' || value === true) fields[name] = value;
    else if (Array.isArray(value)) fields[name] = value.map(String);
  }
  if (image !== null) fields[IMAGE_FIELD] = image;
  return fields;
}

/** A published image's file named by a body's address (`/thumbnails/<file>`); null for any other address. */
const publishedFile = (src: string) => (src.startsWith(`/${IMAGE_FOLDER}`) ? src.slice(IMAGE_FOLDER.length + 1) : null);

/** The draft, or what is missing to make one: the article, its body (unreadable now), or a body past the policy's limits. */
export type OpenedDraft = { draft: Draft } | { missing: 'article' | 'body' | 'markdown' };

/**
 * The draft of a live article ("Editar"): the draft linked to its address
 * when there is one; otherwise a new one made from exactly what is live (its
 * entry's fields, its body as Markdown, its images copied into the
 * newsroom's bucket), linked to the address and marked as the version
 * readers see. Two people opening the same article at once get one draft:
 * the address is unique, so the second insert is refused and the first's
 * draft is opened.
 */
export async function openLiveDraft(env: Bindings, slug: string, by: string, now: number): Promise<OpenedDraft> {
  const store = new DraftsStore(env.DB);
  const linked = await store.bySlug(slug);
  if (linked) return { draft: linked };
  const index = await openLiveIndex(env, now);
  const entry = await index.entry(slug);
  if (entry === null) return { missing: 'article' };
  // A KV failure, or a body that is not the text its key names: not readable now (the page says so; nothing is made).
  const html = await index.body(entry.htmlPath).catch((error: unknown) => {
    if (error instanceof ContentUnavailableError) return null;
    throw error;
  });
  if (html === null) return { missing: 'body' };
  const parsed = readLiveBody(html);
  if (parsed === null) return { missing: 'markdown' };
  const copy = (file: string | null) => (file === null ? Promise.resolve(null) : copyPublishedImage(env, index.source, file));
  const sources = imageSources(parsed);
  const [image, ...figures] = await Promise.all([copy(entry.imagemAtual), ...sources.map((src) => copy(publishedFile(src)))]);
  const addresses = new Map(sources.flatMap((src, at) => (figures[at] ? [[src, `${FIGURE_FOLDER}${figures[at]}`] as const] : [])));
  const body = bodyMarkdown(parsed, (src) => addresses.get(src) ?? src);
  const content = { fields: draftFieldsOf(entry, image ?? null), body };
  await recordDraftImages(env.DB, content, by, now);
  const draft = (await store.createLinked(content, slug, by, now)) ?? (await store.bySlug(slug));
  // Null only if the draft that took the address first was deleted in between: there is nothing to open.
  return draft ? { draft } : { missing: 'article' };
}
