import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bodyKey } from '../../src/content/format.ts';
import { buildIndex } from '../../src/content/index-build.ts';
import { articlePath } from '../../src/seo/urls.ts';
import { contentHash } from '../content/content-hash.ts';
import { readMarkdownArticle } from '../content/markdown-article.ts';
import { BENCH_DIST } from './dist-snapshot.ts';

/** The worker's vars for every measurement. */
export const BENCH_VARS = {
  SITE_URL: 'https://casaempauta.com.br',
  CONTACT_EMAIL: 'contato@casaempauta.com.br',
  EDGE_CACHE: 'off',
  // Measure renders, not index refreshes: keep the index counts for the whole run.
  NEWS_LIST_TTL_SECONDS: '86400',
};

/**
 * In-memory stand-ins for the worker's bindings, for measuring render CPU in
 * Node: KV from a Map, static assets from the run's copy of dist/. (No HTMLRewriter in Node, so
 * the article sanitizer passes bodies through: workerd spends a little more.)
 */
export function fakeEnv(kv: Map<string, string>) {
  return {
    NEWS: {
      async get(key: string) {
        return kv.get(key) ?? null;
      },
    },
    ASSETS: {
      async fetch(url: string) {
        try {
          return new Response(readFileSync(join(BENCH_DIST, new URL(url).pathname)));
        } catch {
          return new Response(null, { status: 404 });
        }
      },
    },
    ...BENCH_VARS,
  };
}

const slugOf = (i: number) => `artigo-gerado-${i}`;

/** A store holding `count` generated articles, indexed as the publish command does, all sharing one sample body. */
export function generatedStore(count: number): Map<string, string> {
  // The sample's body as publishing makes it: its Markdown converted to HTML.
  const body = readMarkdownArticle(readFileSync('content/como-decorar-apartamentos-pequenos/index.md', 'utf8')).body;
  const start = Date.UTC(2025, 11, 31);
  const items = Array.from({ length: count }, (_, i) => ({
    slug: slugOf(i),
    titulo: `Artigo gerado número ${i} sobre o mercado imobiliário brasileiro`,
    descricao: `Descrição do artigo gerado ${i}, com o tamanho típico de um resumo de card e de resultado de busca.`,
    data: new Date(start - (i % 3650) * 86_400_000).toISOString().slice(0, 10),
    imagemAtual: 'como-decorar-apartamentos-pequenos-be2c843918.webp',
    htmlPath: bodyKey(slugOf(i)),
  }));
  const kv = buildIndex(items, contentHash);
  kv.set(bodyKey(slugOf(Math.floor(count / 2))), body);
  return kv;
}

/** The path of the one generated article with a body: the middle one. */
export const articleOf = (count: number) => articlePath({ slug: slugOf(Math.floor(count / 2)) });
