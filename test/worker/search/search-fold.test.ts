import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { NewsItem } from '#src/content/schema/news-item.ts';
import { foldText, foldWithOffsets } from '#src/search/fold.ts';
import { asWritten, highlightParts, indexableText, MARK_CLOSE, MARK_OPEN } from '#src/search/highlight.ts';
import { parseSearchQuery } from '#src/search/query.ts';
import { fetchPath, newsItem, textOf } from '../helpers';
import { clearSearch, indexArticles, indexDocuments, resultSlugs } from './search-helpers';

/** A search page's HTML. */
async function searchHtml(q: string): Promise<string> {
  const response = await fetchPath(`/busca?q=${encodeURIComponent(q)}`);
  expect(response.status).toBe(200);
  return textOf(response);
}

const found = async (q: string) => resultSlugs(await searchHtml(q));

const item = (slug: string, overrides: Partial<NewsItem> = {}) =>
  newsItem(slug, { imagemAtual: 'como-decorar-apartamentos-pequenos.webp', ...overrides });

beforeEach(clearSearch);
afterAll(clearSearch);

describe('compatibility characters ("m²", "1º") are found however they are typed', () => {
  beforeEach(() =>
    indexArticles([
      {
        item: item('no-corpo', { titulo: 'Reforma de cozinha', data: '2025-05-01' }),
        body: '<table><caption>Custos de uma cozinha de 8 m² no 1º andar</caption></table>',
      },
      { item: item('no-titulo', { titulo: 'Sala de 12 m² no 2º andar', data: '2025-05-02' }) },
      { item: item('no-resumo', { titulo: 'Varandas', descricao: 'Uma varanda de 5 m² no 3º andar.', data: '2025-05-03' }) },
      { item: item('escrito-sem', { titulo: 'Quarto de 9 m2, 1o andar', data: '2025-05-04' }) },
      { item: item('outro', { titulo: 'Jardim de inverno', data: '2025-05-05' }), body: '<p>m3 e 2a edição</p>' },
    ]),
  );

  it.each(['m²', 'm2', 'M²', 'M2', 'ｍ２', 'm₂'])('"%s" finds "m²" and "m2", in the body, the title and the summary', async (q) => {
    expect(await found(q)).toEqual(['escrito-sem', 'no-resumo', 'no-titulo', 'no-corpo']);
  });

  it.each(['1º', '1o', '1O', '１º'])('"%s" finds "1º" and "1o"', async (q) => {
    expect(await found(q)).toEqual(['escrito-sem', 'no-corpo']);
  });

  it('finds them among other words, and nothing for an ordinal that is not there', async () => {
    // "8" is one character, left out as any one-letter word is: "8 m²" is the search "m2".
    expect(await found('8 m²')).toEqual(await found('m2'));
    expect(await found('1º andar cozinha')).toEqual(['no-corpo']);
    expect(await found('3º')).toEqual(['no-resumo']);
    expect(await found('1ª')).toEqual([]);
  });

  it('shows titles and summaries as written, the matches marked; a body passage as indexed', async () => {
    const html = await searchHtml('m²');
    expect(html).toContain('<a href="/noticia/no-titulo">Sala de 12 <mark>m²</mark> no 2º andar</a>');
    expect(html).toContain('Uma varanda de 5 <mark>m²</mark> no 3º andar.');
    expect(html).toContain('<a href="/noticia/escrito-sem">Quarto de 9 <mark>m2</mark>, 1o andar</a>');
    // The body's written text is not at hand: its passage shows the folded form (docs/decisions/028-search-passages-shown-as-indexed.md).
    expect(html).toContain('Custos de uma cozinha de 8 <mark>m2</mark> no 1o andar');
    expect(await searchHtml('2o andar')).toContain('Sala de 12 m² no <mark>2º</mark> <mark>andar</mark>');
  });
});

describe('other compatibility forms', () => {
  it('finds ligatures, full-width letters and "ª" by their plain letters, and shows the title as written', async () => {
    await indexArticles([
      { item: item('formas', { titulo: 'Ｃａｓａ ﬁnanciada, 2ª edição' }) },
      { item: item('normal', { titulo: 'Casa financiada, 2a edição' }) },
    ]);
    expect(await found('financiada')).toEqual(['normal', 'formas']);
    expect(await found('casa 2a')).toEqual(['normal', 'formas']);
    expect(await found('ＣＡＳＡ ﬁnanc 2ª')).toEqual(['normal', 'formas']);
    expect(await searchHtml('casa financ')).toContain('<mark>Ｃａｓａ</mark> <mark>ﬁnanciada</mark>, 2ª edição');
  });

  it('shows a row written before words were folded as it is, and finds it by its other words', async () => {
    await indexDocuments([
      {
        slug: 'antiga',
        published: 0,
        item: JSON.stringify(item('antiga', { titulo: 'Loja de 40 m² no centro' })),
        version: 'formato-anterior',
        titulo: 'Loja de 40 m² no centro',
        descricao: '',
        corpo: '',
      },
    ]);
    expect(await found('m2')).toEqual([]);
    expect(await searchHtml('loja')).toContain('<mark>Loja</mark> de 40 m² no centro');
  });
});

describe('one form on both sides', () => {
  it('folds the words of indexed text as the query folds a word, and leaves everything between them as written', () => {
    expect(indexableText('Cozinha de 8 m² no 1º andar… ﬁm ™ ｍ２\u0002')).toBe('Cozinha de 8 m2 no 1o andar… fim ™ m2');
    for (const word of ['m²', 'M²', '1º', 'ﬁnanciada', 'Ｃａｓａ', '2ª', 'decoração', 'decorac\u0327a\u0303o']) {
      const query = parseSearchQuery(word);
      expect(query.kind).toBe('terms');
      if (query.kind === 'terms') expect(query.terms).toEqual([foldText(word).toLowerCase()]);
    }
    expect(parseSearchQuery('8 M²; 1º')).toMatchObject({ kind: 'terms', terms: ['m2', '1o'], normalized: 'm2 1o' });
  });

  it('maps a folded offset back to the written text, widening to whole words', () => {
    const { folded, sourceOffset } = foldWithOffsets('ﬁm de ½ e 8 m²');
    expect(folded).toBe('fim de 1⁄2 e 8 m2');
    expect([0, 3, 7, 8, 9, 10, 17].map((offset) => sourceOffset(offset, 'start'))).toEqual([0, 2, 6, 6, 6, 7, 14]);
    expect([0, 1, 3, 8, 10, 16, 17].map((offset) => sourceOffset(offset, 'end'))).toEqual([0, 2, 2, 7, 7, 14, 14]);
  });

  const marked = (text: string) => highlightParts(text.replaceAll('[', MARK_OPEN).replaceAll(']', MARK_CLOSE));
  const written = (parts: ReturnType<typeof highlightParts>) => parts.map((part) => (part.marked ? `[${part.text}]` : part.text)).join('');

  it('shows highlighted text as written: whole fields, passages cut with an ellipsis, and anything it cannot place as it is', () => {
    const title = 'Sala de 8 m² no 1º andar';
    expect(written(asWritten(marked('Sala de 8 [m2] no [1o] andar'), title))).toBe('Sala de 8 [m²] no [1º] andar');
    expect(written(asWritten(marked('[Sala] de 8 m2 no 1o [andar]'), title))).toBe('[Sala] de 8 m² no 1º [andar]');
    expect(written(asWritten(marked('…8 [m2] no…'), title))).toBe('…8 [m²] no…');
    expect(written(asWritten(marked('…[m2] no 1o andar'), title))).toBe('…[m²] no 1º andar');
    expect(written(asWritten(marked('Sala de 8 [m2]…'), title))).toBe('Sala de 8 [m²]…');
    // An ellipsis the text itself has is kept.
    expect(written(asWritten(marked('Espera… 8 [m2]'), 'Espera… 8 m²'))).toBe('Espera… 8 [m²]');
    // A mark inside a word that folding split widens to the whole word.
    expect(written(asWritten(marked('receita de 1⁄[2] copo'), 'receita de ½ copo'))).toBe('receita de [½] copo');
    // Not found in the written text (another text, a row written before folding): as it is.
    expect(written(asWritten(marked('Sala de 8 [m²]'), title))).toBe('Sala de 8 [m²]');
    expect(written(asWritten(marked('Outra [coisa]'), title))).toBe('Outra [coisa]');
    expect(asWritten([], title)).toEqual([]);
  });
});
