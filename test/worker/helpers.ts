import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { type DefaultTreeAdapterTypes as Html, parse } from 'parse5';
import { app } from '#src/app.ts';
import { contentHash } from '#src/content/index/content-hash.ts';
import { buildIndex, type StoredAuthor } from '#src/content/index/index-build.ts';
import { parseIndexMeta } from '#src/content/index/index-parse.ts';
import { forgetLiveIndex } from '#src/content/index/live-index.ts';
import { INDEX_META_KEY, type IndexMeta, PUBLISHED_MARKER_KEY } from '#src/content/index/news-index.ts';
import type { NewsItem } from '#src/content/schema/news-item.ts';

export const ORIGIN = 'http://localhost:8787';

/** A request through the deployed entry point, as a reader's would arrive. */
export async function fetchPath(path: string, init?: RequestInit): Promise<Response> {
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, init));
}

/** A request through the app with some bindings replaced (e.g. a failing KV). */
export async function fetchWithEnv(path: string, overrides: Partial<Env>, init?: RequestInit): Promise<Response> {
  return app.request(`${ORIGIN}${path}`, init, { ...env, ...overrides });
}

/** A request with the edge cache (and so the memory cache) on, waiting for the cache write like the runtime would. */
export async function fetchCached(path: string, init?: RequestInit, overrides: Partial<Env> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.request(`${ORIGIN}${path}`, init, { ...env, EDGE_CACHE: 'on', ...overrides }, ctx);
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return new Response(body, response);
}

/**
 * A list's index files (chunks and meta), as the publish command writes them,
 * each key named by its value's real content hash: the worker checks every
 * value it reads against its key.
 */
export const indexOf = (items: readonly NewsItem[], now = Date.now(), authors: Readonly<Record<string, StoredAuthor>> = {}) =>
  buildIndex(items, contentHash, now, authors);

/** The bundled index's meta. */
export async function bundledMeta(): Promise<IndexMeta> {
  return parseIndexMeta(await (await env.ASSETS.fetch(`${ORIGIN}/${INDEX_META_KEY}`)).text());
}

/** The bundled sample list (its index's list chunk), as the tests' reference. */
export async function bundledNews(): Promise<NewsItem[]> {
  const response = await env.ASSETS.fetch(`${ORIGIN}/${(await bundledMeta()).listKeys[0]}`);
  return response.json();
}

/** Puts index files in KV, meta last and then the published marker as the publish command does, and forgets the per-isolate copy. */
export async function putIndex(files: ReadonlyMap<string, string>): Promise<void> {
  await Promise.all([...files].filter(([key]) => key !== INDEX_META_KEY).map(([key, value]) => env.NEWS.put(key, value)));
  const meta = files.get(INDEX_META_KEY);
  if (meta !== undefined) {
    await env.NEWS.put(INDEX_META_KEY, meta);
    await env.NEWS.put(PUBLISHED_MARKER_KEY, '{}');
  }
  forgetLiveIndex();
}

/** Puts a list's index in KV, as the publish command would, and forgets the per-isolate copy. */
export async function publishList(items: NewsItem[]): Promise<void> {
  await putIndex(await indexOf(items));
}

/** Publishes items, each with a short body, as the only list in KV. */
export async function publishWithBodies(...items: NewsItem[]): Promise<void> {
  await publishList(items);
  await Promise.all(items.map((item) => env.NEWS.put(item.htmlPath, '<p>Corpo do artigo.</p>')));
}

/** The parsed document a path answers with. */
export const pageDocument = async (path: string) => documentOf(await fetchPath(path));

/** Publishes one article with this title (and a short body) as the only one in KV. */
export async function publishTitle(slug: string, titulo: string): Promise<void> {
  await publishList([newsItem(slug, { titulo })]);
  await env.NEWS.put(`noticias/${slug}.html`, '<p>corpo</p>');
}

/** The meta of the index in KV. */
export async function kvMeta(): Promise<IndexMeta> {
  return parseIndexMeta((await env.NEWS.get(INDEX_META_KEY))!);
}

export function newsItem(slug: string, overrides: Partial<NewsItem> = {}): NewsItem {
  return {
    slug,
    titulo: `Título de ${slug}`,
    descricao: `Descrição de ${slug}`,
    data: '2025-06-01',
    imagemAtual: 'como-decorar-apartamentos-pequenos.webp',
    htmlPath: `noticias/${slug}.html`,
    ...overrides,
  };
}

/** A KV binding with nothing in it. */
/** The KV binding, recording every key read into `keys`: for tests that bound what a page reads. */
export function countingKv(keys: string[]): KVNamespace {
  return {
    get: (key: string, type: 'text' | 'arrayBuffer') => {
      keys.push(key);
      return env.NEWS.get(key, type as 'text');
    },
  } as unknown as KVNamespace;
}

/** A KV namespace nothing was ever published to. */
export const emptyKv = { get: async () => null } as unknown as KVNamespace;

/** Empties the local KV namespace, so one test's publish never leaks into the next. */
export async function clearKv(): Promise<void> {
  for (;;) {
    const { keys } = await env.NEWS.list();
    if (keys.length === 0) break;
    await Promise.all(keys.map((key) => env.NEWS.delete(key.name)));
  }
  forgetLiveIndex();
}

/** The publish state as a fresh deployment has it (version 0, no lock, no index served): SQL, to run alone or with more. */
export const RESET_PUBLISH_STATE =
  'UPDATE publish_state SET version = 0, meta = NULL, kv_version = 0, lock_id = NULL; DELETE FROM served_indexes;';

/** Whether the site's search index has an entry for the slug. */
export const searchFinds = async (slug: string) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM search_articles WHERE slug = ?').bind(slug).first<{ n: number }>())!.n > 0;

/**
 * Runs `work` with the search index's table away, as a D1 whose search statements fail; puts it back after,
 * even when `work` throws, and empties the list of slugs left for the next run (migrations/0010_search_pending.sql).
 */
export async function withSearchAway<T>(work: () => Promise<T>): Promise<T> {
  await env.DB.exec('ALTER TABLE search_articles RENAME TO search_articles_away');
  try {
    return await work();
  } finally {
    await env.DB.exec('ALTER TABLE search_articles_away RENAME TO search_articles');
  }
}

/** The slugs a failed search update left for the next run. */
export const searchPending = async () =>
  (await env.DB.prepare('SELECT slug FROM search_pending ORDER BY slug').all<{ slug: string }>()).results.map(({ slug }) => slug);

/** A KV binding whose reads always throw, like a KV outage. */
export const failingKv = {
  get: async () => {
    throw new Error('KV unavailable');
  },
} as unknown as KVNamespace;

/** HTML of a response without React's text separators and with common entities decoded. */
export async function textOf(response: Response): Promise<string> {
  return (await response.text())
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** A response's HTML, parsed as a browser parses it (parse5 follows the WHATWG algorithm). */
export async function documentOf(response: Response): Promise<Html.Document> {
  return parse(await response.text());
}

type Element = Html.Element;

/** One part of a selector: `tag.class#id[attr][attr="value"]`, any of them. */
interface Compound {
  tag?: string;
  id?: string;
  classes: string[];
  attributes: [name: string, value: string | undefined][];
}

const SELECTOR_PART = /(\s+)|([a-z][a-z0-9-]*)|\.([\w-]+)|#([\w-]+)|\[([\w:-]+)(?:="([^"]*)")?\]/gy;

function parseSelector(selector: string): Compound[] {
  const compounds: Compound[] = [{ classes: [], attributes: [] }];
  let read = 0;
  for (const [text, space, tag, className, id, name, value] of selector.trim().matchAll(SELECTOR_PART)) {
    read += text.length;
    const current = compounds.at(-1)!;
    if (space) compounds.push({ classes: [], attributes: [] });
    else if (tag) current.tag = tag;
    else if (className) current.classes.push(className);
    else if (id) current.id = id;
    else if (name) current.attributes.push([name, value]);
  }
  if (read !== selector.trim().length) throw new Error(`selector not understood: ${selector}`);
  return compounds;
}

/** An attribute's value as parsed (names are lowercase: `srcset`, `datetime`); undefined when absent. */
export const attr = (element: Element, name: string) => element.attrs.find((attribute) => attribute.name === name)?.value;

function matches(element: Element, { tag, id, classes, attributes }: Compound): boolean {
  if (tag !== undefined && element.tagName !== tag) return false;
  if (id !== undefined && attr(element, 'id') !== id) return false;
  const classList = (attr(element, 'class') ?? '').split(/\s+/);
  if (!classes.every((name) => classList.includes(name))) return false;
  return attributes.every(([name, value]) => (value === undefined ? attr(element, name) !== undefined : attr(element, name) === value));
}

/** Every element below a node, in document order. */
function descendants(node: Html.ParentNode): Element[] {
  const found: Element[] = [];
  const walk = (parent: Html.ParentNode) => {
    for (const child of parent.childNodes) {
      if (!('tagName' in child)) continue;
      found.push(child);
      walk(child);
    }
  };
  walk(node);
  return found;
}

/**
 * The elements below `root` that match a small CSS selector, in document
 * order: compounds of a tag, `.class`, `#id`, `[attr]` and `[attr="value"]`,
 * joined by spaces (descendants), e.g. `aside.ad-slot ins[data-ad-slot]`.
 * What tests ask of the markup then no longer depends on attribute order.
 */
export function queryAll(root: Html.ParentNode, selector: string): Element[] {
  let found: Html.ParentNode[] = [root];
  for (const compound of parseSelector(selector)) {
    const next = new Set<Element>();
    for (const parent of found) for (const element of descendants(parent)) if (matches(element, compound)) next.add(element);
    found = [...next];
  }
  return found as Element[];
}

/** The first element that matches; throws when there is none, naming the selector. */
export function query(root: Html.ParentNode, selector: string): Element {
  const [first] = queryAll(root, selector);
  if (!first) throw new Error(`no element matches ${selector}`);
  return first;
}

/** The text a node holds, as a browser's textContent (comments, such as React's separators, are left out). */
export function textContent(node: Html.Node): string {
  if (node.nodeName === '#text') return (node as Html.TextNode).value;
  return 'childNodes' in node ? node.childNodes.map(textContent).join('') : '';
}
