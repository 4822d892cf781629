import QuickLRU from 'quick-lru';
import { describeError, log } from '#src/lib/log.ts';
import { type Author, parseRegistry } from '../schema/authors';
import { isValidSlug } from '../schema/format';
import { type NewsEntry, parseNewsItem } from '../schema/news-item';
import { parseUpdated } from '../schema/updated';
import { parseCollection } from './index-parse';
import { CHUNK_SIZE, type ChunkedList, type IndexMeta, SITEMAP_CHUNK_SIZE, shardOf } from './news-index';
import { findInShardText } from './shard-text';
import { type ContentBindings, DamagedContentError, readText, type Source } from './sources';

/** A page chunk's items, ascending, checked; null in the place of a bad one (so positions hold). */
export type PageChunk = readonly (NewsEntry | null)[];

/**
 * How many values of each kind a reader keeps. Page chunks: the grid's first
 * pages and the feed use one or two, related picks a random one. Entries and
 * bodies: an article rendered again (its page is kept two minutes by the page
 * caches) then costs no read at all.
 */
const PAGE_CHUNKS_KEPT = 64;
const ENTRIES_KEPT = 64;
const BODIES_KEPT = 16;

/**
 * One index (one meta, from one source) and every value read through it:
 * page chunks, slug shards, collections, the author registry, bodies. Each is
 * read from the index's source alone and checked before use; what was read is
 * kept here, private, for as long as the index serves (./live-index.ts): the
 * keys a meta names carry a hash of their content, so a kept value is always
 * the one the meta means. A miss or an unreadable value is not kept (it may be
 * a failed read); a KV failure throws (a 503), never another source's value.
 */
export class IndexReader {
  readonly #env: ContentBindings;
  readonly #pages = new QuickLRU<string, PageChunk>({ maxSize: PAGE_CHUNKS_KEPT });
  readonly #entries = new QuickLRU<string, NewsEntry>({ maxSize: ENTRIES_KEPT });
  readonly #bodies = new QuickLRU<string, string>({ maxSize: BODIES_KEPT });
  readonly #collections = new Map<string, ChunkedList | null>();
  #authors: ReadonlyMap<string, Author> | undefined;

  constructor(
    env: ContentBindings,
    readonly source: Source,
    /** The meta's text as read: the same text keeps this reader (./live-index.ts). */
    readonly metaText: string,
    readonly meta: IndexMeta,
  ) {
    this.#env = env;
  }

  /**
   * A value named by the meta; null (logged) when the source lacks it
   * (publishing writes every chunk before the meta) or holds another text
   * than its key names: a list skips a damaged chunk as it skips a lost one.
   */
  async #read(key: string, options?: { hashChecked: false }): Promise<string | null> {
    let text: string | null;
    try {
      text = await readText(this.#env, this.source, key, options);
    } catch (error) {
      if (error instanceof DamagedContentError) return null;
      throw error;
    }
    if (text === null) log('error', 'news_index_chunk_missing', { source: this.source, key });
    return text;
  }

  /** A value's JSON; null (logged) when it is missing or not JSON. */
  async #readJson(key: string): Promise<unknown> {
    const text = await this.#read(key);
    if (text === null) return null;
    try {
      return JSON.parse(text);
    } catch (error) {
      log('error', 'news_index_invalid', { source: this.source, key, ...describeError(error) });
      return null;
    }
  }

  /**
   * Page chunk n of a list (the meta or a collection), checked: at most
   * CHUNK_SIZE items (a longer chunk is corrupt, and its extra items would
   * shift every page), each slug once (a copy is dropped, keeping the first).
   */
  async pageChunk(list: ChunkedList, n: number): Promise<PageChunk> {
    if (!Number.isInteger(n) || n < 0 || n >= list.pageChunks) return [];
    const key = list.pageKeys[n]!;
    const kept = this.#pages.get(key);
    if (kept) return kept;
    const raw = await this.#readJson(key);
    if (!Array.isArray(raw)) return [];
    const seen = new Set<string>();
    const chunk = raw.slice(0, CHUNK_SIZE).map((value) => {
      const entry = checkedEntry(value, key);
      if (entry === null) return null;
      if (seen.has(entry.slug)) {
        log('warn', 'news_item_skipped', { key, reason: `duplicate slug "${entry.slug}"` });
        return null;
      }
      seen.add(entry.slug);
      return entry;
    });
    this.#pages.set(key, chunk);
    return chunk;
  }

  /**
   * The stored article with this slug, published yet or not: one read of its
   * slug shard. The one value read without checking its hash: a shard is the
   * largest value an article page reads, and hashing it cost as much workerd
   * CPU as the shard scanner saves on each article the isolate has not read
   * (docs/decisions/027-slug-shards-read-unchecked.md). What it could let
   * through is bounded: the item is validated like any entry, must carry the
   * slug asked for, can only name this slug's own body, and that body is checked.
   */
  async entry(slug: string): Promise<NewsEntry | null> {
    const kept = this.#entries.get(slug);
    if (kept) return kept;
    const key = this.meta.shardKeys[shardOf(slug)];
    if (!key) return null;
    const text = await this.#read(key, { hashChecked: false });
    const raw = text === null ? undefined : itemInShard(text, slug);
    const entry = raw === undefined ? null : checkedEntry(raw, key);
    if (entry?.slug !== slug) return null;
    this.#entries.set(slug, entry);
    return entry;
  }

  /** An article's body: null when the source lacks it; throws DamagedContentError (./sources.ts) when it holds another text than its key names. */
  async body(path: string): Promise<string | null> {
    const kept = this.#bodies.get(path);
    if (kept !== undefined) return kept;
    const text = await readText(this.#env, this.source, path);
    if (text !== null) this.#bodies.set(path, text);
    return text;
  }

  /**
   * A collection's list by name (`autor/<slug>`, `tema/<slug>`): empty when the
   * meta names none; null when it names one that cannot be read (logged).
   */
  async collection(name: string): Promise<ChunkedList | null> {
    const key = this.meta.collections.get(name);
    if (key === undefined) return EMPTY_LIST;
    if (this.#collections.has(name)) return this.#collections.get(name)!;
    const text = await this.#read(key);
    if (text === null) return null;
    let list: ChunkedList | null = null;
    try {
      list = parseCollection(name, text);
    } catch (error) {
      log('error', 'news_index_invalid', { source: this.source, key, ...describeError(error) });
    }
    this.#collections.set(name, list);
    return list;
  }

  /** The author registry; empty when the meta names none or it is unreadable (logged: every article shows the editor). */
  async authors(): Promise<ReadonlyMap<string, Author>> {
    if (this.#authors) return this.#authors;
    const key = this.meta.authorsKey;
    if (key === null) return new Map();
    const text = await this.#read(key);
    if (text === null) return new Map();
    try {
      this.#authors = parseRegistry(text, (slug, reason) => log('warn', 'author_skipped', { key, slug: slug.slice(0, 140), reason }));
    } catch (error) {
      log('error', 'news_index_invalid', { source: this.source, key, ...describeError(error) });
      this.#authors = new Map();
    }
    return this.#authors;
  }

  /**
   * The first `visible` [slug, date] pairs of sitemap chunk n, checked (a bad
   * pair is skipped, so nothing stored reaches the XML unchecked), each slug
   * once. One log line per chunk, not per pair: a corrupt chunk could hold thousands.
   */
  async sitemapChunk(n: number, visible: number): Promise<[string, string][]> {
    if (!Number.isInteger(n) || n < 0 || n >= this.meta.sitemapChunks) return [];
    const key = this.meta.sitemapKeys[n]!;
    const raw = await this.#readJson(key);
    if (!Array.isArray(raw)) return [];
    const seen = new Set<string>();
    const pairs: [string, string][] = [];
    for (const value of raw.slice(0, Math.min(visible, SITEMAP_CHUNK_SIZE))) {
      if (isSitemapPair(value) && !seen.has(value[0])) {
        seen.add(value[0]);
        pairs.push([value[0], value[1]]);
      }
    }
    const skipped = Math.min(visible, raw.length, SITEMAP_CHUNK_SIZE) - pairs.length;
    if (skipped > 0 || raw.length > SITEMAP_CHUNK_SIZE)
      log('warn', 'sitemap_entries_skipped', { key, skipped, extra: Math.max(0, raw.length - SITEMAP_CHUNK_SIZE) });
    return pairs;
  }
}

const EMPTY_LIST: ChunkedList = { count: 0, pageChunks: 0, pageKeys: [], scheduled: [] };

/**
 * A checked entry, or null for a bad one: skipped and logged rather than
 * breaking the page. A bad optional field is left out of the entry, logged.
 */
function checkedEntry(value: unknown, key: string): NewsEntry | null {
  const parsed = parseNewsItem(value, (field, reason) =>
    log('warn', 'news_item_field_dropped', { key, slug: (value as { slug?: unknown } | null)?.slug, field, reason }),
  );
  if (typeof parsed !== 'string') return parsed;
  log('warn', 'news_item_skipped', { key, reason: parsed });
  return null;
}

/** A shard's raw item for a slug: picked out of the text when it can be, else by parsing the whole shard. */
function itemInShard(text: string, slug: string): unknown {
  const found = findInShardText(text, slug);
  if (typeof found === 'object' && found !== null && (found as { slug?: unknown }).slug === slug) return found;
  try {
    const entries: unknown = JSON.parse(text);
    if (typeof entries !== 'object' || entries === null || Array.isArray(entries) || !Object.hasOwn(entries, slug)) return undefined;
    return (entries as Record<string, unknown>)[slug];
  } catch {
    return undefined;
  }
}

/** A sitemap pair whose slug and date are what the sitemap may print. */
function isSitemapPair(value: unknown): value is [string, string] {
  if (!Array.isArray(value) || value.length !== 2) return false;
  const [slug, date] = value as unknown[];
  return typeof slug === 'string' && isValidSlug(slug) && typeof date === 'string' && parseUpdated(date) !== null;
}
