import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMarkdownArticle } from '../../../src/checking/markdown-article.ts';
import { contentHash } from '../../../src/content/index/content-hash.ts';
import { buildIndex } from '../../../src/content/index/index-build.ts';
import { bodyKey } from '../../../src/content/schema/format.ts';
import { articlePath } from '../../../src/seo/urls.ts';
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

/** How many generated articles have a body (the same one): the middle one, and those {@link anotherArticleOf} names. */
const WITH_BODY = 500;

/** Generated article with a body number i (0 to 499): spread evenly over the archive, and at 100,000 articles never the middle one. */
const spreadSlug = (count: number, i: number) => slugOf(Math.floor(((i % WITH_BODY) + 0.5) * (count / WITH_BODY)));

/** A store holding `count` generated articles, indexed as the publish command does, sharing one sample body. */
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
  for (let i = 0; i < Math.min(count, WITH_BODY); i++) kv.set(bodyKey(spreadSlug(count, i)), body);
  return kv;
}

/** The path of the middle generated article (it has a body). */
export const articleOf = (count: number) => articlePath({ slug: slugOf(Math.floor(count / 2)) });

/**
 * The path of request i of a run that asks for another article each time: at
 * 100,000 articles, up to 500 requests, each for an article the isolate has
 * not read, so its slug shard and body are read and checked, as for any
 * article whose entry the isolate does not keep (src/content/index/index-reader.ts).
 */
export const anotherArticleOf = (count: number, i: number) => articlePath({ slug: spreadSlug(count, i) });
