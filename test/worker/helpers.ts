import { env } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { app } from '../../src/app';
import { buildIndex, listChunkKey } from '../../src/content/news-index';
import { clearNewsListCache } from '../../src/content/store';
import type { NewsItem } from '../../src/content/news-item';

export const ORIGIN = 'http://localhost:8787';

/** A request through the deployed entry point, as a reader's would arrive. */
export async function fetchPath(path: string, init?: RequestInit): Promise<Response> {
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, init));
}

/** A request through the app with some bindings replaced (e.g. a failing KV). */
export async function fetchWithEnv(path: string, overrides: Partial<Env>, init?: RequestInit): Promise<Response> {
  return app.request(`${ORIGIN}${path}`, init, { ...env, ...overrides });
}

/** The bundled sample list (its index's list chunk), as the tests' reference. */
export async function bundledNews(): Promise<NewsItem[]> {
  const response = await env.ASSETS.fetch(`${ORIGIN}/${listChunkKey(0)}`);
  return response.json();
}

/** Puts a list's index in KV, as the publish command would, and forgets the per-isolate copy. */
export async function publishList(items: NewsItem[]): Promise<void> {
  await Promise.all([...buildIndex(items)].map(([key, value]) => env.NEWS.put(key, value)));
  clearNewsListCache();
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
export const emptyKv = { get: async () => null } as unknown as KVNamespace;

/** Empties the local KV namespace, so one test's publish never leaks into the next. */
export async function clearKv(): Promise<void> {
  for (;;) {
    const { keys } = await env.NEWS.list();
    if (keys.length === 0) break;
    await Promise.all(keys.map((key) => env.NEWS.delete(key.name)));
  }
  clearNewsListCache();
}

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
    .replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}
