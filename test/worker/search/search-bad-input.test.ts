import { env } from 'cloudflare:test';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_TERMS, parseSearchQuery } from '#src/search/query.ts';
import { searchArticles } from '#src/search/search-db.ts';
import { bundledNews, fetchPath, fetchWithEnv, newsItem, textOf } from '../helpers';
import { clearSearch, indexArticles, resultSlugs } from './search-helpers';

/** Raw query strings, as they would follow `q=` in a URL (so percent-encoding is theirs). */
const HOSTILE = [
  // FTS5 syntax: quotes, prefix, operators, NEAR, column filters, grouping
  '%22',
  '%22%22',
  '%22casa',
  'casa%22%20OR%20%22',
  '*',
  '**casa',
  'casa*',
  'casa%20*',
  'NEAR(casa%20sala)',
  'NEAR(casa%20sala,%205)',
  'casa%20NEAR%20sala',
  'AND',
  'OR',
  'NOT',
  'casa%20AND',
  'casa%20AND%20NOT%20sala',
  'NOT%20casa',
  'casa%20OR%20OR',
  'titulo:casa',
  'titulo%20:%20casa',
  '{titulo%20corpo}:casa',
  '-titulo:casa',
  'corpo:',
  ':',
  '^casa',
  '+casa',
  '-casa',
  '(((casa',
  'casa)))',
  ')(',
  '(',
  'casa%20(sala%20OR',
  // SQL, markup, escapes
  "'%3B%20DROP%20TABLE%20search_articles%3B%20--",
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '%5C%22%5C',
  '%27%27',
  // control characters and bad percent-encoding
  '%00',
  '%00casa%01%1F',
  'casa%0Asala%0D%09',
  '%7F%C2%80',
  '%E0%A4%A',
  '%',
  '%%',
  '%ZZ',
  '%FF%FE',
  '%ED%A0%80',
  // sizes
  'a'.repeat(10_240),
  'casa%20'.repeat(2_000),
  'x'.repeat(201),
  `${'palavra'.repeat(20)}`,
  Array.from({ length: 30 }, (_, i) => `termo${i}`).join('%20'),
  // other scripts and symbols
  '%F0%9F%8F%A0',
  'casa%F0%9F%8F%A0',
  '%D8%A8%D9%8A%D8%AA',
  'e%CC%81',
  '%EF%AC%81nanciamento',
  // parameter shapes
  'casa&q=sala',
  'casa&pagina=1&pagina=2',
  'casa+sala',
];

let errors: string[] = [];

beforeAll(() =>
  indexArticles([
    { item: newsItem('casa-sala', { titulo: 'Casa com sala ampla', data: '2025-05-01' }) },
    { item: newsItem('financiamento', { titulo: 'Financiamento e juros', data: '2025-05-02' }) },
  ]),
);
afterAll(clearSearch);
afterEach(() => vi.restoreAllMocks());

const watchErrors = () => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((line: unknown) => {
    errors.push(String(line));
  });
};

describe('hostile queries', () => {
  it.each(HOSTILE)('q=%s answers 200 or 400, never an FTS error or a 500', async (raw) => {
    watchErrors();
    const response = await fetchPath(`/busca?q=${raw}`);
    expect([200, 400]).toContain(response.status);
    const html = await textOf(response);
    expect(html).toContain('<h1 class="section-title">Busca');
    expect(html).not.toMatch(/fts5|syntax error|SQLITE|D1_ERROR|at .*\.ts:\d+/i);
    expect(html).not.toContain('<script>alert');
    expect(errors).toEqual([]);
  });

  it('are each a MATCH that D1 runs, where the raw text would fail', async () => {
    const now = Date.now();
    for (const raw of HOSTILE) {
      let text: string;
      try {
        text = decodeURIComponent(raw.replaceAll('+', ' '));
      } catch {
        text = raw;
      }
      const query = parseSearchQuery(text);
      if (query.kind === 'terms') await expect(searchArticles(env.DB, query.match, 1, now)).resolves.toBeDefined();
    }
    // The same texts unescaped are FTS5 syntax errors: what the escaping is for.
    for (const raw of ['"casa', 'NEAR(', 'casa AND', 'titulo:', '(casa', '*', 'NOT']) {
      await expect(searchArticles(env.DB, raw, 1, now), raw).rejects.toThrow();
    }
  });

  it('turn operators and column names into plain words', async () => {
    expect(parseSearchQuery('titulo:casa OR "sala" NEAR(juros*)')).toMatchObject({
      kind: 'terms',
      terms: ['titulo', 'casa', 'or', 'sala', 'near', 'juros'],
      match: '"titulo"* "casa"* "or"* "sala"* "near"* "juros"*',
    });
    expect(resultSlugs(await textOf(await fetchPath('/busca?q=casa%20OR%20financiamento')))).toEqual([]);
    expect(resultSlugs(await textOf(await fetchPath('/busca?q=(casa)%20%22sala%22*')))).toEqual(['casa-sala']);
  });

  it('refuses a search over 200 characters with a pt-BR message, and keeps at most 8 words', async () => {
    const response = await fetchPath(`/busca?q=${'a'.repeat(10_240)}`);
    expect(response.status).toBe(400);
    expect(await textOf(response)).toContain('A busca pode ter até 200 caracteres.');
    const words = Array.from({ length: 12 }, (_, i) => `casa${i}`);
    const many = parseSearchQuery(words.join(' '));
    expect(many).toMatchObject({ kind: 'terms', truncated: true });
    expect(many.kind === 'terms' && many.terms).toHaveLength(MAX_TERMS);
    expect(await textOf(await fetchPath(`/busca?q=${words.join('+')}`))).toContain('Buscamos só as 8 primeiras palavras.');
  });
});

/** A D1 binding whose every statement names a table that does not exist: D1's own error, as after a deploy without migrations. */
const missingTables = {
  prepare: (sql: string) => env.DB.prepare(sql.replaceAll('search_articles', 'nao_existe').replaceAll('search_text', 'nao_existe_fts')),
  batch: (statements: D1PreparedStatement[]) => env.DB.batch(statements),
} as unknown as D1Database;

const throwing = {
  prepare: () => {
    throw new Error('D1 is down');
  },
  batch: () => Promise.reject(new Error('D1 is down')),
} as unknown as D1Database;

describe('when D1 fails', () => {
  const cases: [string, Partial<Env>][] = [
    ['the binding is missing', { DB: undefined as unknown as D1Database }],
    ['the tables are missing', { DB: missingTables }],
    ['every call throws', { DB: throwing }],
  ];

  it.each(cases)('%s: /busca answers a pt-BR 503 page, not stored, and logs why', async (_, overrides) => {
    watchErrors();
    const response = await fetchWithEnv('/busca?q=casa', overrides);
    expect(response.status).toBe(503);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const html = await textOf(response);
    expect(html).toContain('<h1 id="status-title">Busca indisponível</h1>');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toMatch(/D1 is down|no such table|nao_existe/);
    expect(errors.map((line) => JSON.parse(line).event)).toEqual(['search_unavailable']);
  });

  it.each(cases)('%s: every other page still answers', async (_, overrides) => {
    const [sample] = await bundledNews();
    for (const path of [
      '/',
      `/noticia/${sample!.slug}`,
      '/sobre',
      '/sitemap.xml',
      '/feed.xml',
      '/robots.txt',
      '/opensearch.xml',
      '/busca',
    ]) {
      expect((await fetchWithEnv(path, overrides)).status, path).toBe(200);
    }
  });
});
