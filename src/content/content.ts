import { log } from '../lib/log';
import type { IndexReader } from './index/index-reader';
import { openLiveIndex } from './index/live-index';
import {
  CHUNK_SIZE,
  type ChunkedList,
  type CollectionKind,
  chunksForWindow,
  collectionName,
  parseCollectionName,
  SITEMAP_CHUNK_SIZE,
  visibleCount,
} from './index/news-index';
import type { ContentBindings } from './index/sources';
import { type Author, DEFAULT_AUTHOR_SLUG, hasAuthorPage } from './schema/authors';
import type { NewsEntry } from './schema/news-item';
import { isThemeSlug } from './schema/themes';

/** Who signs an article when the registry has neither its author nor the site's editor: the site settings' editor. */
export type EditorFallback = Omit<Author, 'slug' | 'bio'>;

/**
 * What one request reads of the site's content, at one instant: the routes'
 * only door to it (`c.var.content`, src/middleware/content.ts). The index is
 * opened at the first read (./index/live-index.ts), so a page that reads no content
 * never waits for it, and every read of the request sees the same index and
 * the same "now" (an article scheduled for this very second is either out
 * everywhere on the page or nowhere).
 *
 * A count or a list is what readers can see now: scheduled articles whose time
 * has not come (the newest end of every list) are left out everywhere.
 * Throws ContentUnavailableError (./index/sources.ts) when the index cannot be read
 * and no good copy stands in: the page is then a clean 503.
 */
export class Content {
  readonly #env: ContentBindings;
  #reader: Promise<IndexReader> | undefined;

  constructor(
    env: ContentBindings,
    /** The request's instant, in ms: what "published" and "scheduled" are judged against. */
    readonly now: number,
  ) {
    this.#env = env;
  }

  #index(): Promise<IndexReader> {
    this.#reader ??= openLiveIndex(this.#env, this.now);
    return this.#reader;
  }

  /** How many articles of a list (the whole archive by default) readers can see. */
  async count(list?: ChunkedList): Promise<number> {
    return visibleCount(list ?? (await this.#index()).meta, this.now);
  }

  /**
   * The articles at newest-first positions [from, to) of a list (the whole
   * archive by default): what page N of a grid and the feed show. One or two
   * small reads, whatever the archive's size; a slug in both chunks (corrupt
   * data) is shown once.
   */
  async newest(from: number, to: number, list?: ChunkedList): Promise<NewsEntry[]> {
    const index = await this.#index();
    const chosen = list ?? index.meta;
    const window = chunksForWindow(visibleCount(chosen, this.now), from, to);
    if (!window) return [];
    const ascending: (NewsEntry | null)[] = [];
    for (let n = window.firstChunk; n <= window.lastChunk; n++) ascending.push(...(await index.pageChunk(chosen, n)));
    const offset = window.firstChunk * CHUNK_SIZE;
    const seen = new Set<string>();
    const unique = ascending.slice(window.first - offset, window.last - offset + 1).filter((entry): entry is NewsEntry => {
      if (!entry || seen.has(entry.slug)) return false;
      seen.add(entry.slug);
      return true;
    });
    return unique.reverse();
  }

  /** How many page chunks hold the visible articles (related picks choose one). */
  async chunkCount(): Promise<number> {
    return Math.ceil((await this.count()) / CHUNK_SIZE);
  }

  /** The visible articles of page chunk n of the archive, ascending, each slug once. */
  async chunk(n: number): Promise<NewsEntry[]> {
    const index = await this.#index();
    const visible = (await this.count()) - n * CHUNK_SIZE;
    return (await index.pageChunk(index.meta, n)).slice(0, Math.max(0, visible)).filter((entry) => entry !== null);
  }

  /** The published article with this slug, or null (also while it is scheduled). */
  async article(slug: string): Promise<NewsEntry | null> {
    const entry = await (await this.#index()).entry(slug);
    return entry && entry.published <= this.now ? entry : null;
  }

  /** An article's HTML body, or null when its source lacks it. */
  async body(item: NewsEntry): Promise<string | null> {
    return (await this.#index()).body(item.htmlPath);
  }

  /**
   * The article the home page features: the one the meta names (the newest
   * marked `destaque`, found when the index was built). Null when none is
   * marked, while it is scheduled, or when the named one is missing or no
   * longer marked (logged): the page then shows its fixed block.
   */
  async featured(): Promise<NewsEntry | null> {
    const index = await this.#index();
    const slug = index.meta.featured;
    if (slug === null) return null;
    const entry = await index.entry(slug);
    if (entry && entry.published > this.now) return null;
    if (entry?.destaque === true) return entry;
    log('warn', 'featured_item_unusable', { source: index.source, slug, reason: entry ? 'not marked destaque' : 'not found' });
    return null;
  }

  /**
   * An author's or a theme's list, to page through with {@link newest}: empty
   * when the index names none (no article of theirs yet); null when it names
   * one that cannot be read (logged): the page then says so.
   */
  async collection(kind: CollectionKind, slug: string): Promise<ChunkedList | null> {
    return (await this.#index()).collection(collectionName(kind, slug));
  }

  /** The author registry (a bad entry left out, an unreadable registry empty: both logged). */
  async authors(): Promise<ReadonlyMap<string, Author>> {
    return (await this.#index()).authors();
  }

  /** The author who signs an article (see {@link signingAuthor}). */
  async authorOf(item: { slug: string; autor?: string }, fallback: EditorFallback): Promise<Author> {
    return signingAuthor(await this.authors(), item, fallback);
  }

  /**
   * The author and theme pages the index's lists give a page to, as names
   * (`autor/<slug>`, `tema/<slug>`): a theme of the fixed table, an author the
   * registry lists or the site's editor. Anyone else's list (an author since
   * dropped from the registry, a name in a damaged meta) would put a 404 in
   * the sitemap.
   */
  async listsWithPages(): Promise<string[]> {
    const index = await this.#index();
    const lists = [...index.meta.collections.keys()].flatMap((name) => {
      const parsed = parseCollectionName(name);
      return parsed ? [{ name, ...parsed }] : [];
    });
    // The registry is read only when an author's list needs it.
    const registry = lists.some(({ kind }) => kind === 'autor') ? await index.authors() : new Map();
    return lists.filter(({ kind, slug }) => (kind === 'tema' ? isThemeSlug(slug) : hasAuthorPage(registry, slug))).map(({ name }) => name);
  }

  /** How many sitemap files the visible articles need. */
  async sitemapParts(): Promise<number> {
    return Math.ceil((await this.count()) / SITEMAP_CHUNK_SIZE);
  }

  /** The visible [slug, date] pairs of sitemap part n, checked. */
  async sitemapPart(n: number): Promise<[string, string][]> {
    // Pairs are in the list's ascending order: the scheduled ones are the last.
    const visible = Math.max(0, (await this.count()) - n * SITEMAP_CHUNK_SIZE);
    return (await this.#index()).sitemapChunk(n, visible);
  }
}

/**
 * The author who signs an article: its `autor` from the registry, else the
 * site's editor (from the registry when it lists her, else `fallback`). An
 * `autor` the registry lacks is logged: the article is still signed, by the editor.
 */
export function signingAuthor(
  authors: ReadonlyMap<string, Author>,
  item: { slug: string; autor?: string },
  fallback: EditorFallback,
): Author {
  const wanted = item.autor ?? DEFAULT_AUTHOR_SLUG;
  const author = authors.get(wanted);
  if (author) return author;
  if (wanted !== DEFAULT_AUTHOR_SLUG) log('warn', 'author_unknown', { slug: item.slug, autor: wanted });
  return authors.get(DEFAULT_AUTHOR_SLUG) ?? { slug: DEFAULT_AUTHOR_SLUG, bio: '', ...fallback };
}
