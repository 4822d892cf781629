import { describe, expect, it } from 'vitest';
import { checkArticleFields, checkFields } from '#src/checking/folder/article-fields.ts';
import { ARTICLE_FIELDS } from '#src/content/schema/article-schema.ts';
import { AUTHOR_FIELDS } from '#src/content/schema/author-schema.ts';
import { parseAuthor } from '#src/content/schema/authors.ts';
import { parseNewsItem } from '#src/content/schema/news-item.ts';

/**
 * One schema, two readers: for every field of an article and of an
 * author, and good and bad values of each, the worker's lenient reader
 * (src/content/schema/news-item.ts, authors.ts) and the editors' strict check
 * (src/checking/folder/article-fields.ts) agree.
 *
 * - good: both keep it (the check stores it trimmed; the worker as stored);
 * - bad: the check reports an error on the field; the worker drops an
 *   optional field (the article still shows) and refuses an entry without a
 *   required one, or an author with any field bad;
 * - cleaned: characters no feed may carry, and a tab or line break in a
 *   one-line text: an error for the check; the worker keeps the text with a
 *   space in their place;
 * - editorial: a required text of the wrong length: an error for the check;
 *   the worker shows it (a title of any length still names its article);
 * - registry: an author's slug the registry lacks: only the check knows the
 *   registry (the worker signs the article by the site's editor).
 */

type Verdict = 'good' | 'bad' | 'cleaned' | 'editorial' | 'registry';
type Row = [verdict: Verdict, value: unknown, cleanedTo?: string];

const NOTE = 'Uma versão anterior dizia que a obra terminava em 2026; a entrega é em 2027.';

const ARTICLE_VALUES: Record<keyof typeof ARTICLE_FIELDS, Row[]> = {
  titulo: [
    ['good', 'Casas de madeira voltam a crescer no Sul'],
    ['good', '  Casas de madeira voltam a crescer no Sul '],
    ['bad', 2025],
    ['bad', ['Casas de madeira']],
    ['bad', ''],
    ['bad', '   '],
    ['editorial', 'Curto demais'],
    ['editorial', 'x'.repeat(91)],
    ['cleaned', 'Casas de madeira\u000bvoltam a crescer no Sul', 'Casas de madeira voltam a crescer no Sul'],
    ['cleaned', 'Casas de madeira\tvoltam a crescer no Sul', 'Casas de madeira voltam a crescer no Sul'],
  ],
  subtitulo: [
    ['good', 'Sistemas industrializados encurtam a obra'],
    ['bad', 'Curto'],
    ['bad', 'x'.repeat(161)],
    ['bad', true],
    ['cleaned', 'Sistemas industrializados\nencurtam a obra', 'Sistemas industrializados encurtam a obra'],
  ],
  descricao: [
    ['good', 'Construtoras apostam em sistemas industrializados de madeira, mais rápidos.'],
    ['bad', null],
    ['bad', ''],
    ['editorial', 'Curta demais.'],
    [
      'cleaned',
      'Construtoras apostam em madeira,\nmais rápida e com menor pegada que a alvenaria.',
      'Construtoras apostam em madeira, mais rápida e com menor pegada que a alvenaria.',
    ],
  ],
  data: [
    ['good', '2025-06-01'],
    ['good', '2025-06-01T08:30'],
    ['bad', '2025-02-30'],
    ['bad', '2025-06-01T24:00'],
    ['bad', '01/06/2025'],
    ['bad', ' 2025-06-01'],
    ['bad', 20250601],
    ['bad', ''],
  ],
  alt: [
    ['good', 'Sala com sofá amarelo e prateleiras na parede'],
    ['bad', 'Uma sala'],
    ['bad', 'x'.repeat(151)],
    ['bad', 42],
    ['cleaned', 'Sala\u0085 com sofá amarelo e prateleiras', 'Sala com sofá amarelo e prateleiras'],
  ],
  credito: [
    ['good', 'Foto: Ana Lima/Folhapress'],
    ['bad', 'AB'],
    ['bad', ['Foto']],
    ['cleaned', 'Foto: Ana\ufffe Lima', 'Foto: Ana Lima'],
  ],
  tituloSocial: [
    ['good', 'Madeira volta a crescer no Sul'],
    ['bad', 'Curto'],
    ['bad', 'x'.repeat(101)],
    ['bad', 7],
    ['cleaned', 'Madeira volta\ta crescer no Sul', 'Madeira volta a crescer no Sul'],
  ],
  descricaoSocial: [
    ['good', 'Construtoras apostam em madeira, mais rápida que a alvenaria.'],
    ['bad', 'Curta demais.'],
    ['bad', 'x'.repeat(201)],
    ['bad', ['Construtoras apostam em madeira, mais rápida que a alvenaria.']],
  ],
  atualizado: [
    ['good', '2025-06-03'],
    ['good', '2025-06-01T00:00'],
    ['bad', '2025-05-31T23:59'],
    ['bad', '2025-06-31'],
    ['bad', '2025-06-03 14:30'],
    ['bad', 20250603],
  ],
  correcao: [
    ['good', NOTE],
    ['good', NOTE.replace('; ', ';\n')],
    ['bad', 'Errata.'],
    ['bad', 'x'.repeat(401)],
    ['bad', ['a', 'b']],
    ['cleaned', `${NOTE}\uffff`, NOTE],
  ],
  destaque: [
    ['good', true],
    ['good', false],
    ['bad', 'true'],
    ['bad', 1],
  ],
  autor: [
    ['good', 'ana-souza'],
    ['good', 'helena-duarte'],
    ['bad', 'Ana Souza'],
    ['bad', 42],
    ['registry', 'beto-lima'],
  ],
  temas: [
    ['good', ['decoracao']],
    ['good', ['decoracao', 'arquitetura', 'financiamento', 'investimentos', 'mercado-imobiliario', 'sustentabilidade']],
    ['bad', 'decoracao'],
    ['bad', []],
    ['bad', ['Decoração']],
    ['bad', ['decoracao', 'decoracao']],
    ['bad', [1]],
  ],
};

/** What each field needs beside it: a note needs its date. */
const BESIDE: Partial<Record<string, Record<string, unknown>>> = { correcao: { atualizado: '2025-06-03' } };

const ARTICLE = {
  titulo: 'Um título de teste com tamanho adequado',
  descricao: 'Uma descrição de teste com tamanho suficiente para cards e resultados de busca.',
  data: '2025-06-01',
  alt: 'Sala com sofá amarelo e prateleiras na parede',
};
const STORED = { slug: 'artigo', imagemAtual: 'artigo-0123456789.webp', htmlPath: 'noticias/artigo.0123456789.html' };
const CONTEXT = { today: new Date(2026, 0, 1), published: false, authors: new Set(['ana-souza']), misspelt: new Set<string>() };

const rows = (table: Record<string, Row[]>) =>
  Object.entries(table).flatMap(([field, list]) => list.map(([verdict, value, cleanedTo]) => ({ field, verdict, value, cleanedTo })));

describe('the worker and the check agree on every article field', () => {
  it('every field of the schema has good and bad values here', () => {
    expect(Object.keys(ARTICLE_VALUES)).toEqual(Object.keys(ARTICLE_FIELDS));
    for (const [field, list] of Object.entries(ARTICLE_VALUES)) {
      expect(
        list.map(([verdict]) => verdict),
        field,
      ).toEqual(expect.arrayContaining(['good', 'bad']));
    }
  });

  it.each(rows(ARTICLE_VALUES))('$field = $value: $verdict', ({ field, verdict, value, cleanedTo }) => {
    const fields = { ...ARTICLE, ...BESIDE[field], [field]: value };
    const checked = checkArticleFields(fields, 'index.md', CONTEXT);
    const errors = checked.problems.filter((p) => p.severity === 'error');
    const dropped: string[] = [];
    const entry = parseNewsItem({ ...STORED, ...fields }, (name) => dropped.push(name));
    const read = typeof entry === 'string' ? undefined : (entry as unknown as Record<string, unknown>);
    const required = 'required' in ARTICLE_FIELDS[field as keyof typeof ARTICLE_FIELDS];

    if (verdict === 'good') {
      expect(errors).toEqual([]);
      expect(dropped).toEqual([]);
      expect(read?.[field]).toEqual(value === false ? undefined : value);
      const published = (checked.fields as Record<string, unknown>)[field];
      expect(published).toEqual(value === false ? undefined : typeof value === 'string' ? value.trim() : value);
      return;
    }
    expect(errors.map((p) => p.field)).toContain(field);
    expect(errors.every((p) => p.hint.length > 0)).toBe(true);
    if (verdict === 'bad' && required) expect(entry).toEqual(expect.any(String));
    if (verdict === 'bad' && !required) {
      expect(dropped).toEqual([field]);
      expect(read).toBeDefined();
      expect(read).not.toHaveProperty(field);
    }
    if (verdict === 'cleaned') expect(read?.[field]).toBe(cleanedTo);
    if (verdict === 'editorial' || verdict === 'registry') expect(read?.[field]).toBe(value);
  });
});

const AUTHOR = { nome: 'Ana Souza', cargo: 'Repórter de finanças', bio: 'Escreve sobre crédito imobiliário e juros há dez anos.' };

const AUTHOR_VALUES: Record<Exclude<keyof typeof AUTHOR_FIELDS, 'foto'>, Row[]> = {
  nome: [
    ['good', 'Beto Lima'],
    ['good', ' Beto Lima '],
    ['bad', 'Bo'],
    ['bad', 'x'.repeat(81)],
    ['bad', 7],
    ['bad', undefined],
    ['cleaned', 'Ana\u0001 Souza', 'Ana Souza'],
    ['cleaned', 'Ana\tSouza', 'Ana Souza'],
  ],
  cargo: [
    ['good', 'Repórter de cidades'],
    ['bad', 'Ed'],
    ['bad', undefined],
  ],
  bio: [
    ['good', 'Cobre habitação, urbanismo e obras nas grandes cidades.'],
    ['good', 'Cobre habitação e urbanismo.\nMora em Curitiba.'],
    ['bad', 'Curta.'],
    ['bad', 'x'.repeat(601)],
    ['cleaned', 'Cobre habitação, urbanismo e obras.\u0007', 'Cobre habitação, urbanismo e obras.'],
  ],
};

describe('the worker and the check agree on every author field', () => {
  it('every field of the schema has good and bad values here, but the photo (a file the check reads: authors-themes.test.ts)', () => {
    expect([...Object.keys(AUTHOR_VALUES), 'foto']).toEqual(Object.keys(AUTHOR_FIELDS));
  });

  it.each(rows(AUTHOR_VALUES))('$field = $value: $verdict', ({ field, verdict, value, cleanedTo }) => {
    const fields = { ...AUTHOR, [field]: value };
    const errors = checkFields(AUTHOR_FIELDS, [], fields, 'ana-souza.json').problems.filter((p) => p.severity === 'error');
    const author = parseAuthor('ana-souza', fields);
    if (verdict === 'good') {
      expect(errors).toEqual([]);
      expect(author).toMatchObject({ [field]: (value as string).trim() });
      return;
    }
    expect(errors.map((p) => p.field)).toEqual([field]);
    if (verdict === 'bad') expect(author).toEqual(expect.any(String));
    if (verdict === 'cleaned') expect(author).toMatchObject({ [field]: cleanedTo });
  });

  it('a stored photo name is kept, a bad one refuses the author (as before)', () => {
    expect(parseAuthor('ana-souza', { ...AUTHOR, foto: 'autor-ana-souza-0123456789.webp' })).toMatchObject({
      foto: 'autor-ana-souza-0123456789.webp',
    });
    expect(parseAuthor('ana-souza', { ...AUTHOR, foto: '../segredo.txt' })).toBe('o campo "foto" não é o nome de um arquivo de imagem');
  });
});
