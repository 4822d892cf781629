import { afterAll, describe, expect, it } from 'vitest';
import { fieldMeant } from '#src/checking/folder/field-names.ts';
import type { Problem } from '#src/checking/problems.ts';
import { buildIndex } from '#src/content/index/index-build.ts';
import { INDEX_META_KEY } from '#src/content/index/news-index.ts';
import type { NewsItem } from '#src/content/schema/news-item.ts';
import { checkContent } from '../../../../scripts/content/check/check-folder';
import { articleFixture, body, cleanFixtures, frontMatter } from '../fixtures';

/** The optional fields of index.md in the editors' check: alt, credito, atualizado, correcao, destaque, and unknown keys. */

afterAll(cleanFixtures);

const TODAY = new Date(2026, 0, 1);

const BASE = {
  titulo: 'Um título de teste com tamanho adequado',
  descricao: 'Uma descrição de teste com tamanho suficiente para cards e resultados de busca.',
  data: '2025-06-01',
};
const ALT = 'Sala com sofá amarelo e prateleiras na parede';
const NOTE = 'Uma versão anterior dizia que a obra terminava em 2026; a entrega está prevista para 2027.';

/** A live list entry for a slug, as the publish command passes the live list. */
const liveEntry = (slug: string): NewsItem => ({
  slug,
  titulo: 'Outro título, de um artigo no ar',
  descricao: 'd',
  data: '2025-01-01',
  imagemAtual: 'a.webp',
  htmlPath: `noticias/${slug}.html`,
});

/** Checks an article with these fields (and its image) in index.md, alone or against a live list. */
async function check(fields: Record<string, unknown>, { live = [] as NewsItem[], bundled = false, slug = 'artigo-novo' } = {}) {
  const dir = articleFixture(slug, { files: { 'index.md': `${frontMatter({ imagem: 'imagem.webp', ...fields })}\n${body()}` } });
  const { problems, articles } = await checkContent(dir, live, TODAY, { bundled });
  // The sample body links to other samples, unknown here: those warnings are not this file's subject.
  return { problems: problems.filter((p) => p.field !== 'body: link'), item: articles[0]?.item };
}

/** Each problem in one line, without the line of index.md it names (markdown-article.test.ts checks those). */
const summary = (problems: Problem[]) =>
  problems.map((p) => `${p.severity} [${p.field}] ${p.message.replace(/^linha \d+: /, '')} | ${p.hint}`);

describe('alt', () => {
  it('is required of a new article: an error naming the field, the file and the fix', async () => {
    const { problems, item } = await check(BASE);
    expect(item).toBeUndefined();
    expect(problems).toEqual([
      expect.objectContaining({
        severity: 'error',
        field: 'alt',
        file: expect.stringMatching(/artigo-novo\/index\.md$/),
        message: expect.stringContaining('falta "alt"'),
        hint: expect.stringMatching(/acrescente "alt" ao cabeçalho do index\.md: o que a imagem mostra, de 10 a 150 caracteres/),
      }),
    ]);
  });

  it('only warns for an article already live, or bundled', async () => {
    for (const options of [{ live: [liveEntry('artigo-novo')] }, { bundled: true }]) {
      const { problems, item } = await check(BASE, options);
      expect(summary(problems)).toEqual([expect.stringMatching(/^warning \[alt\] falta "alt": o título descreve a imagem/)]);
      // Without the new fields, the same item as before they existed: it publishes unchanged.
      expect(Object.keys(item!)).toEqual(['slug', 'titulo', 'descricao', 'data', 'imagemAtual', 'htmlPath']);
    }
  });

  it.each([
    ['too short', 'Uma sala', /o campo "alt" tem 8 caracteres; o esperado é de 10 a 150/],
    ['too long', 'x'.repeat(151), /o campo "alt" tem 151 caracteres; o esperado é de 10 a 150/],
    ['not text', 42, /o campo "alt" é o número 42, e não um texto entre aspas/],
  ])('%s is an error', async (_, alt, message) => {
    const { problems } = await check({ ...BASE, alt });
    expect(summary(problems)).toEqual([expect.stringMatching(message)]);
    expect(problems[0]!.severity).toBe('error');
  });

  it('goes into the item, trimmed', async () => {
    expect((await check({ ...BASE, alt: ` ${ALT}` })).item).toMatchObject({ alt: ALT });
  });
});

describe('credito', () => {
  it('goes into the item when given', async () => {
    const { problems, item } = await check({ ...BASE, alt: ALT, credito: 'Foto: Ana Lima/Folhapress' });
    expect(problems).toEqual([]);
    expect(item).toMatchObject({ credito: 'Foto: Ana Lima/Folhapress' });
  });

  it.each([
    ['too short', 'AB', /o campo "credito" tem 2 caracteres; o esperado é de 3 a 100/],
    ['not text', ['a'], /o campo "credito" é uma lista \[ … \], e não um texto entre aspas/],
  ])('%s is an error', async (_, credito, message) => {
    expect(summary((await check({ ...BASE, alt: ALT, credito })).problems)).toEqual([expect.stringMatching(message)]);
  });
});

describe('atualizado', () => {
  it.each(['2025-06-03', '2025-06-03T14:30', '2025-06-01T00:00'])('%s is accepted and kept as written', async (atualizado) => {
    const { problems, item } = await check({ ...BASE, alt: ALT, correcao: NOTE, atualizado });
    expect(problems).toEqual([]);
    expect(item).toMatchObject({ atualizado, correcao: NOTE });
  });

  it.each([
    [
      'before data',
      '2025-05-31T23:59',
      /^error \[atualizado\] "atualizado" 2025-05-31T23:59 é anterior a "data" 2025-06-01 \| a correção vem depois/,
    ],
    ['not a real day', '2025-06-31', /"atualizado" "2025-06-31" não é uma data do calendário: junho de 2025 tem 30 dias/],
    ['not a real time', '2025-06-03T24:10', /o campo "atualizado" "2025-06-03T24:10" tem um horário que não existe, 24:10/],
    ['written with a space', '2025-06-03 14:30', /e não "AAAA-MM-DD" nem "AAAA-MM-DDTHH:mm".*\| escreva "2025-06-03T14:30"$/],
    ['with seconds', '2025-06-03T14:30:15', /\| escreva "2025-06-03T14:30"$/],
    ['in UTC', '2025-06-03T17:30:00Z', /horário de Brasília, sem segundos nem fuso\) \| escreva "2025-06-03T14:30"$/],
    ['day first', '03/06/2025', /\| escreva "2025-06-03"$/],
    ['day first with a time', '03/06/2025 9:05', /\| escreva "2025-06-03T09:05"$/],
    ['a number', 20250603, /o campo "atualizado" é o número 20250603, e não uma data entre aspas/],
  ])('%s is an error with the fix', async (_, atualizado, message) => {
    const { problems, item } = await check({ ...BASE, alt: ALT, correcao: NOTE, atualizado });
    expect(summary(problems)).toEqual([expect.stringMatching(message)]);
    expect(item).toBeUndefined();
  });

  it('in the future is a warning', async () => {
    const { problems, item } = await check({ ...BASE, alt: ALT, correcao: NOTE, atualizado: '2026-02-01T10:00' });
    expect(summary(problems)).toEqual([expect.stringMatching(/^warning \[atualizado\] "atualizado" 2026-02-01T10:00 está no futuro/)]);
    expect(item).toMatchObject({ atualizado: '2026-02-01T10:00' });
  });
});

describe('correcao', () => {
  it('goes into the item, trimmed, beside its atualizado (spaces around it are only a warning)', async () => {
    const { problems, item } = await check({ ...BASE, alt: ALT, atualizado: '2025-06-03', correcao: `  ${NOTE} ` });
    expect(summary(problems)).toEqual([expect.stringMatching(/^warning \[correcao\] o campo "correcao" tem espaços a mais/)]);
    expect(item).toMatchObject({ atualizado: '2025-06-03', correcao: NOTE });
  });

  it('missing beside atualizado is a warning: readers would not learn what changed', async () => {
    const { problems, item } = await check({ ...BASE, alt: ALT, atualizado: '2025-06-03' });
    expect(summary(problems)).toEqual([
      expect.stringMatching(/^warning \[correcao\] há "atualizado", mas não "correcao".*\| numa correção, acrescente correcao: /),
    ]);
    expect(item).toMatchObject({ atualizado: '2025-06-03' });
    expect(item).not.toHaveProperty('correcao');
  });

  it.each([
    [
      'without atualizado',
      { correcao: NOTE },
      /^error \[correcao\] há "correcao" sem "atualizado".*\| acrescente atualizado: "AAAA-MM-DD"/,
    ],
    [
      'too short',
      { atualizado: '2025-06-03', correcao: 'Errata.' },
      /^error \[correcao\] o campo "correcao" tem 7 caracteres; o esperado é de 20 a 400/,
    ],
    [
      'not text',
      { atualizado: '2025-06-03', correcao: ['a', 'b'] },
      /^error \[correcao\] o campo "correcao" é .*, e não um texto entre aspas/,
    ],
  ])('%s is an error, and nothing is published', async (_, fields, message) => {
    const { problems, item } = await check({ ...BASE, alt: ALT, ...fields });
    expect(summary(problems)).toEqual([expect.stringMatching(message)]);
    expect(item).toBeUndefined();
  });

  it('written as "errata" is named as the field it means', async () => {
    const { problems } = await check({ ...BASE, alt: ALT, atualizado: '2025-06-03', errata: NOTE });
    expect(summary(problems)).toContainEqual(
      expect.stringMatching(/^error \[correcao\] campo desconhecido "errata"; você quis dizer "correcao"\?/),
    );
  });
});

describe('data', () => {
  it('takes a time in Brasília, "YYYY-MM-DDTHH:mm", as "atualizado" does', async () => {
    const { problems, item } = await check({ ...BASE, alt: ALT, data: '2025-06-01T08:30', atualizado: '2025-06-01', correcao: NOTE });
    expect(problems).toEqual([]);
    expect(item).toMatchObject({ data: '2025-06-01T08:30', atualizado: '2025-06-01' });
  });

  it.each([
    ['no such time', '2025-06-01T24:00', /^error \[data\] o campo "data" "2025-06-01T24:00" tem um horário que não existe, 24:00/],
    ['no such day', '2025-02-30T10:00', /^error \[data\] o campo "data" "2025-02-30T10:00" não é uma data do calendário/],
  ])('%s is an error', async (_, data, message) => {
    const { problems, item } = await check({ ...BASE, alt: ALT, data });
    expect(summary(problems)).toEqual([expect.stringMatching(message)]);
    expect(item).toBeUndefined();
  });

  it('in the future is no warning: the article is scheduled, at 00:00 for a day alone', async () => {
    const timed = await check({ ...BASE, alt: ALT, data: '2026-01-10T08:30' });
    expect(summary(timed.problems)).toEqual([
      expect.stringMatching(/^note \[data\] agendado para 10\/01\/2026 08:30 \| ele é publicado agora, mas não aparece em lugar nenhum/),
    ]);
    expect(timed.item).toMatchObject({ data: '2026-01-10T08:30' });
    const day = await check({ ...BASE, alt: ALT, data: '2026-01-10' });
    expect(summary(day.problems)).toEqual([expect.stringMatching(/^note \[data\] agendado para 10\/01\/2026 00:00 \|/)]);
    expect(day.problems.filter((p) => p.severity === 'warning')).toEqual([]);
  });
});

describe('destaque', () => {
  it('true marks the item; false leaves it as if absent', async () => {
    expect((await check({ ...BASE, alt: ALT, destaque: true })).item).toMatchObject({ destaque: true });
    const { problems, item } = await check({ ...BASE, alt: ALT, destaque: false });
    expect(problems).toEqual([]);
    expect(item).not.toHaveProperty('destaque');
  });

  it.each([
    ['"true" in quotes', 'true', /o campo "destaque" é o texto "true", entre aspas \| escreva true sem aspas: destaque: true/],
    ['a number', 1, /o campo "destaque" é o número 1; ele só aceita true ou false/],
  ])('%s is an error', async (_, destaque, message) => {
    expect(summary((await check({ ...BASE, alt: ALT, destaque })).problems)).toEqual([expect.stringMatching(message)]);
  });

  it('the index names the newest marked article as featured', () => {
    const item = (slug: string, data: string, destaque?: true): NewsItem => ({
      ...liveEntry(slug),
      data,
      ...(destaque ? { destaque } : {}),
    });
    const meta = (items: NewsItem[]) => JSON.parse(buildIndex(items, () => '0123456789').get(INDEX_META_KEY)!);
    expect(meta([item('a', '2025-02-01', true), item('b', '2025-03-01', true), item('c', '2025-04-01')]).featured).toBe('b');
    expect(meta([item('a', '2025-02-01'), item('c', '2025-04-01')])).not.toHaveProperty('featured');
  });
});

describe('keys of index.md', () => {
  it('an unknown key is an error that lists the keys index.md takes', async () => {
    const { problems } = await check({ ...BASE, alt: ALT, cor: 'azul' });
    expect(summary(problems)).toEqual([
      'error [cor] campo desconhecido "cor" | apague-o, ou confira a grafia: o index.md aceita imagem, titulo, subtitulo, descricao, data, alt, credito, tituloSocial, descricaoSocial, atualizado, correcao, destaque, autor, temas',
    ]);
  });

  it('a key another system uses for themes or authors is named as the field it means', async () => {
    const { problems } = await check({ ...BASE, alt: ALT, tags: ['decoracao'], author: 'helena-duarte' });
    expect(summary(problems)).toEqual([
      'error [temas] campo desconhecido "tags"; você quis dizer "temas"? | renomeie "tags" para "temas" (minúsculas, sem acento)',
      'error [autor] campo desconhecido "author"; você quis dizer "autor"? | renomeie "author" para "autor" (minúsculas, sem acento)',
    ]);
  });

  it.each([
    ['Crédito', 'credito'],
    ['credit', 'credito'],
    ['atualizdo', 'atualizado'],
    ['updated', 'atualizado'],
    ['Destaque', 'destaque'],
  ])('an optional field written %j is named: did you mean %j', async (key, field) => {
    const value = field === 'destaque' ? true : field === 'atualizado' ? '2025-06-03' : 'Foto: Ana Lima';
    const { problems } = await check({ ...BASE, alt: ALT, [key]: value });
    expect(summary(problems)).toEqual([
      `error [${field}] campo desconhecido "${key}"; você quis dizer "${field}"? | renomeie "${key}" para "${field}" (minúsculas, sem acento)`,
    ]);
  });

  it('alt written another way is named as the missing alt of a new article', async () => {
    const { problems } = await check({ ...BASE, 'Alt text': ALT });
    expect(summary(problems)).toEqual([
      'error [alt] falta "alt"; há um campo "Alt text" | renomeie "Alt text" para "alt" (minúsculas, sem acento)',
    ]);
  });

  it('every key the former alias table named still means its field (the schema keeps only the aliases spelling cannot find)', () => {
    const former: Record<string, string[]> = {
      titulo: ['title'],
      descricao: ['description'],
      data: ['date'],
      alt: ['alt text', 'alttext', 'alt_text', 'alt-text', 'texto alternativo'],
      credito: ['credit', 'creditos', 'credito da imagem', 'fonte'],
      atualizado: ['updated', 'atualizado em', 'atualizacao', 'data de atualizacao', 'modificado'],
      correcao: ['correction', 'correcoes', 'nota de correcao', 'errata'],
      destaque: ['featured', 'em destaque', 'destacado'],
      autor: ['author', 'autora', 'autores'],
      temas: ['tema', 'themes', 'tags', 'categorias', 'hashtags'],
    };
    const meant = Object.entries(former).flatMap(([field, keys]) => keys.map((key) => [key, fieldMeant(key), field]));
    expect(meant.filter(([, got, field]) => got !== field)).toEqual([]);
    expect(meant).toHaveLength(32);
  });

  it('a misspelt key beside the right one is still named', async () => {
    const { problems } = await check({ ...BASE, alt: ALT, credito: 'Foto: Ana Lima', creditos: 'Foto: Ana Lima' });
    expect(summary(problems)).toEqual([
      expect.stringMatching(/^error \[creditos\] campo desconhecido "creditos"; você quis dizer "credito"\?/),
    ]);
  });
});
