import { env } from 'cloudflare:test';
import type { NewsItem } from '#src/content/schema/news-item.ts';
import { searchDocument } from '#src/search/document.ts';
import { DELETE_ALL, type SearchDocument, UPSERT_DOCUMENTS } from '#src/search/index-sql.ts';

/** Writes documents as the commands do (the shared statements), in batches of `size`. */
export async function indexDocuments(documents: readonly SearchDocument[], size = 500): Promise<void> {
  for (let start = 0; start < documents.length; start += size) {
    const json = JSON.stringify(documents.slice(start, start + size));
    await env.DB.batch(UPSERT_DOCUMENTS.map((sql) => env.DB.prepare(sql).bind(json)));
  }
}

/** Indexes articles with their bodies. */
export async function indexArticles(articles: readonly { item: NewsItem; body?: string }[]): Promise<void> {
  await indexDocuments(await Promise.all(articles.map(({ item, body }) => searchDocument(item, body ?? '<p>corpo</p>'))));
}

/** Empties the search index, so one test file's articles never show in the next. */
export async function clearSearch(): Promise<void> {
  await env.DB.batch(DELETE_ALL.map((sql) => env.DB.prepare(sql)));
}

/** The slugs of a results page's cards, in order. */
export const resultSlugs = (html: string) => [...html.matchAll(/<h2 class="card-title"><a href="\/noticia\/([^"]+)"/g)].map((m) => m[1]);
