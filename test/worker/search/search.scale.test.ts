import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchDocument } from '#src/search/index-sql.ts';
import { generatedSearchDocument, SEARCH_TOPICS } from '../../../scripts/bench/search/search-documents';
import { fetchPath, textOf } from '../helpers';
import { clearSearch, indexDocuments, resultSlugs } from './search-helpers';

/**
 * 100,000 articles in the search index, written with the same statements as
 * the editors' commands (1,000 documents a statement): searches still find
 * exactly the right articles, newest first, on every page. How long they
 * take is measured by `npm run bench` (scripts/bench/search/search.ts), not
 * asserted here; the times below are printed for the record.
 */
const COUNT = 100_000;
const DAY = 86_400_000;
const START = Date.UTC(1740, 0, 1);
/** The newest five are scheduled for a time long after the test runs. */
const SCHEDULED = 5;
const FUTURE = Date.UTC(2999, 0, 1);

/** Article i, dated a day after article i - 1; the newest five scheduled. */
function generated(i: number): SearchDocument {
  const scheduled = i >= COUNT - SCHEDULED;
  const published = scheduled ? FUTURE + i : START + i * DAY;
  const data = new Date(scheduled ? FUTURE : published).toISOString().slice(0, 10);
  return generatedSearchDocument(i, { published, data, version: 'escala' });
}

/** Newest-first slugs of the published articles matching `matches`. */
const expected = (matches: (i: number) => boolean, from: number, to: number) => {
  const slugs: string[] = [];
  for (let i = COUNT - SCHEDULED - 1; i >= 0 && slugs.length < to; i--) if (matches(i)) slugs.push(`artigo-${i}`);
  return slugs.slice(from, to);
};

const timings: string[] = [];

async function search(path: string) {
  const started = performance.now();
  const response = await fetchPath(path);
  const html = await textOf(response);
  timings.push(`${path}: ${(performance.now() - started).toFixed(1)} ms`);
  expect(response.status, path).toBe(200);
  return html;
}

beforeAll(async () => {
  await clearSearch();
  const started = performance.now();
  const documents = Array.from({ length: COUNT }, (_, i) => generated(i));
  await indexDocuments(documents, 1_000);
  timings.push(`indexing ${COUNT} articles: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}, 600_000);

afterAll(async () => {
  console.log(`search at ${COUNT} articles (workerd, local D1):\n  ${timings.join('\n  ')}`);
  await clearSearch();
}, 120_000);

describe('search over 100,000 articles', () => {
  it('finds a word in every seventh article, newest first, and counts them all', async () => {
    const html = await search('/busca?q=financiamento');
    const total = Math.ceil((COUNT - SCHEDULED) / SEARCH_TOPICS.length);
    expect(html).toContain(`${total.toLocaleString('pt-BR')} notícias encontradas para “financiamento”`);
    expect(resultSlugs(html)).toEqual(expected((i) => i % 7 === 0, 0, 24));
    expect(html).toContain('Página 1 de 50');
  });

  it('serves the last page the pager reaches', async () => {
    const html = await search('/busca?q=financiamento&pagina=50');
    expect(resultSlugs(html)).toEqual(expected((i) => i % 7 === 0, 49 * 24, 50 * 24));
  });

  it('finds one article by its own word, in its body', async () => {
    const html = await search('/busca?q=c%C3%B3digo54321');
    expect(resultSlugs(html)).toEqual(['artigo-54321']);
    expect(html).toContain('<mark>código54321</mark>');
  });

  it('combines words and prefixes, without accents', async () => {
    const html = await search('/busca?q=decoracao%20juro');
    // Topic 1 (decoração) and a multiple of 10: i ≡ 1 (mod 7) and i ≡ 0 (mod 10).
    expect(resultSlugs(html)).toEqual(expected((i) => i % 7 === 1 && i % 10 === 0, 0, 24));
  });

  it('matches nearly every article with a common word, and still answers one page', async () => {
    const html = await search('/busca?q=mercado');
    expect(html).toContain(`${(COUNT - SCHEDULED).toLocaleString('pt-BR')} notícias encontradas`);
    expect(resultSlugs(html)).toEqual(expected(() => true, 0, 24));
  });

  it('keeps the scheduled articles out', async () => {
    const html = await search(`/busca?q=c%C3%B3digo${COUNT - 1}`);
    expect(resultSlugs(html)).toEqual([]);
    expect(html).toContain('Nenhuma notícia encontrada');
  });

  it('answers a short prefix shared by many words', async () => {
    const html = await search('/busca?q=ar');
    expect(resultSlugs(html)).toHaveLength(24);
  });
});
