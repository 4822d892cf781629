import type { StoredAuthor } from '#src/content/index/index-build.ts';
import { collectionPageKeys, parseIndexMeta } from '#src/content/index/index-parse.ts';
import { indexKeysOf } from '#src/content/index/news-index.ts';
import { BODY_FOLDER, imageKey } from '#src/content/schema/format.ts';
import { shareImageFile, variantFiles, variantFormatsOf } from '#src/content/schema/image-variants.ts';
import type { NewsItem } from '#src/content/schema/news-item.ts';
import { figureFilesOf } from './figure-files';

/** The live index as a run read it. */
export interface Live {
  /** The live list: KV's, or the bundled one when KV has no index. Entries exactly as stored. */
  items: readonly NewsItem[];
  /** The live index/meta.json's text (the publish state's version, run.ts readLive); null when there is none yet (the site then shows the bundled list). */
  metaText: string | null;
  /** The keys KV holds under index/, when read: a chunk the live meta names but KV lacks is written again. */
  existing?: ReadonlySet<string>;
  /** Keys the live index names whose value KV lacks or holds altered (checked against its hash): written again. */
  damaged?: readonly string[];
  /** The bundled articles' files, when the live list is the bundled one (see {@link planChange}). */
  bundleFiles?: ReadonlyMap<string, string | Uint8Array>;
  /** The live author registry (slug → author), as stored; empty when there is none. */
  authors?: Readonly<Record<string, StoredAuthor>>;
  /**
   * The texts of the collections' files the meta names, by key: they name the
   * collections' page chunks, which the site reads and so must never be deleted.
   */
  collectionTexts?: ReadonlyMap<string, string>;
}

/** An image's KV keys: the published original and its responsive variants, in the formats its entry records. */
const imageKeys = (item: NewsItem, file: string) => [imageKey(file), ...variantFiles(file, variantFormatsOf(item)).map(imageKey)];

/** The KV keys an entry's page reads: its body, its image (with its share image when it records one) and its body's images, with the variants (odd entries: what they name). */
export function articleKeys(item: NewsItem): string[] {
  const keys: string[] = [];
  if (typeof item.htmlPath === 'string' && item.htmlPath.startsWith(BODY_FOLDER)) keys.push(item.htmlPath);
  if (typeof item.imagemAtual === 'string' && item.imagemAtual !== '') {
    keys.push(...imageKeys(item, item.imagemAtual));
    if (item.imagemSocial === true) keys.push(imageKey(shareImageFile(item.imagemAtual)));
  }
  for (const file of figureFilesOf(item)) keys.push(...imageKeys(item, file));
  return keys;
}

/**
 * Every KV key the live site reads through this index: the chunks its meta
 * names, the collections' page chunks their files name, each article's body
 * and images, and the authors' photos. Empty when KV has no index (the
 * bundled content is in the static assets, not in KV).
 */
export function referencedKeys(live: Pick<Live, 'items' | 'metaText' | 'authors' | 'collectionTexts'>): Set<string> {
  if (live.metaText === null) return new Set();
  const meta = parseIndexMeta(live.metaText);
  const collectionPages = [...meta.collections].flatMap(([name, key]) => collectionPageKeys(name, live.collectionTexts?.get(key)));
  return new Set([...indexKeysOf(meta), ...collectionPages, ...live.items.flatMap(articleKeys), ...photoKeys(live.authors)]);
}

/** The KV keys of the registry's photos. */
export const photoKeys = (authors: Live['authors'] = {}) =>
  Object.values(authors).flatMap((author) => (typeof author?.foto === 'string' ? [imageKey(author.foto)] : []));
