import { Content } from '#src/content/content.ts';
import { forgetLiveIndex, openLiveIndex } from '#src/content/index/live-index.ts';
import type { ContentBindings } from '#src/content/index/sources.ts';
import { authorOf } from '#src/content/schema/authors.ts';
import { imageKey } from '#src/content/schema/format.ts';
import { variantFiles } from '#src/content/schema/image-variants.ts';
import type { NewsItem } from '#src/content/schema/news-item.ts';
import type { MemoryStore } from './memory-store';

/** The worker's bindings over a memory store (KV) and a map of bundled files (the static assets). */
function workerEnv(kv: MemoryStore, bundle: ReadonlyMap<string, string | Uint8Array>): ContentBindings {
  return {
    NEWS: { get: async (key: string) => kv.text(key) } as ContentBindings['NEWS'],
    ASSETS: {
      fetch: async (url: string) => {
        const value = bundle.get(new URL(url).pathname.slice(1));
        return value === undefined
          ? new Response(null, { status: 404 })
          : new Response(typeof value === 'string' ? value : new Uint8Array(value));
      },
    },
  };
}

/**
 * The site as the worker reads it, through the worker's own store code: every
 * listed article (newest first) and what is broken about it (a card whose
 * article, body or image is missing, a sitemap entry that leads nowhere).
 */
export async function siteView(kv: MemoryStore, bundle: ReadonlyMap<string, string | Uint8Array>) {
  forgetLiveIndex();
  const env = workerEnv(kv, bundle);
  const now = Date.now();
  const index = await openLiveIndex(env, now);
  const content = new Content(env, now);
  const listed = await content.newest(0, index.meta.count);
  const broken: string[] = [];
  const has = (key: string) => kv.text(key) !== null || bundle.has(key);
  for (const item of listed) {
    if ((await content.article(item.slug))?.htmlPath !== item.htmlPath) broken.push(`${item.slug}: not found by slug`);
    if ((await content.body(item)) === null) broken.push(`${item.slug}: no body ${item.htmlPath}`);
    for (const file of [item.imagemAtual, ...variantFiles(item.imagemAtual)]) {
      if (!has(imageKey(file))) broken.push(`${item.slug}: no image ${file}`);
    }
  }
  const inSitemap: string[] = [];
  for (let n = 0; n < index.meta.sitemapChunks; n++) inSitemap.push(...(await content.sitemapPart(n)).map(([slug]) => slug));
  const slugs = listed.map((item) => item.slug);
  if (inSitemap.sort().join() !== [...slugs].sort().join()) broken.push('the sitemap does not list exactly the articles');
  // Every author's and theme's page lists exactly its articles, through chunks that exist.
  const members = new Map<string, string[]>();
  for (const item of listed) {
    for (const name of [`autor/${authorOf(item)}`, ...(item.temas ?? []).map((slug) => `tema/${slug}`)]) {
      members.set(name, [...(members.get(name) ?? []), item.slug]);
    }
  }
  for (const name of new Set([...members.keys(), ...index.meta.collections.keys()])) {
    const [kind, slug] = name.split('/') as ['autor' | 'tema', string];
    const list = await content.collection(kind, slug);
    if (!list) {
      broken.push(`${name}: its list cannot be read`);
      continue;
    }
    const shown = (await content.newest(0, list.count, list)).map((item) => item.slug);
    if (shown.sort().join() !== (members.get(name) ?? []).sort().join()) broken.push(`${name}: does not list exactly its articles`);
  }
  for (const [slug, author] of await content.authors()) {
    if (author.foto !== undefined && !has(imageKey(author.foto))) broken.push(`author ${slug}: no photo ${author.foto}`);
  }
  const items: NewsItem[] = listed.map(({ date: _date, ...item }) => item);
  return { source: index.source, items, broken };
}
