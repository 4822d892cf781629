import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Problem } from '#src/checking/problems.ts';
import { contentHash } from '#src/content/index/content-hash.ts';
import { buildIndex } from '#src/content/index/index-build.ts';
import { parseIndexMeta } from '#src/content/index/index-parse.ts';
import { INDEX_META_KEY } from '#src/content/index/news-index.ts';
import { describePlan } from '#src/publishing/plan/describe-plan.ts';
import { referencedKeys } from '#src/publishing/plan/live.ts';
import { planPublish, planUnpublish } from '#src/publishing/plan/plan.ts';
import { checkContent } from '../../../../scripts/content/check/check-folder';
import { articleAt, cleanFixtures, image, tempFolder } from '../fixtures';
import { article, itemsOf } from '../publishing/publish-fixtures';

/** `autor` and `temas` in index.md, and the author registry in content/autores/: the editors' side. */

afterAll(cleanFixtures);

const TODAY = new Date(2026, 0, 1);
const ANA = { nome: 'Ana Souza', cargo: 'Repórter de finanças', bio: 'Escreve sobre crédito imobiliário e juros há dez anos.' };

/** A content folder with one article (these fields over a good one's) and these author files. */
function contentWith(fields: Record<string, unknown>, authors: Record<string, unknown> = {}, files: Record<string, Buffer> = {}): string {
  const root = tempFolder();
  articleAt(root, 'artigo-novo', { fields });
  mkdirSync(join(root, 'autores'));
  for (const [slug, value] of Object.entries(authors)) {
    writeFileSync(join(root, 'autores', `${slug}.json`), typeof value === 'string' ? value : JSON.stringify(value));
  }
  for (const [name, bytes] of Object.entries(files)) writeFileSync(join(root, 'autores', name), bytes);
  return root;
}

/** The errors and warnings, without the sample body's links to other samples. */
const summary = (problems: Problem[]) =>
  problems.filter((p) => p.field !== 'body: link').map((p) => `${p.severity} [${p.field}] ${p.message} | ${p.hint}`);

describe('autor', () => {
  it('names an author of the registry beside the articles; the registry folder is never taken for an article', async () => {
    const root = contentWith({ autor: 'ana-souza' }, { 'ana-souza': ANA });
    const { problems, articles, registry } = await checkContent(root, [], TODAY);
    expect(summary(problems)).toEqual([]);
    expect(articles.map((a) => a.item.autor)).toEqual(['ana-souza']);
    expect(registry.authors).toEqual({ 'ana-souza': ANA });
    // The article folder alone finds the registry beside it.
    expect((await checkContent(join(root, 'artigo-novo'), [], TODAY)).registry.authors).toHaveProperty('ana-souza');
  });

  it('an author neither in the folder nor live is an error naming the file to write', async () => {
    const root = contentWith({ autor: 'beto-lima' }, { 'ana-souza': ANA });
    expect(summary((await checkContent(root, [], TODAY)).problems)).toEqual([
      expect.stringMatching(
        /^error \[autor\] linha 9: "autor" "beto-lima" não está no cadastro de autores \| crie content\/autores\/beto-lima\.json/,
      ),
    ]);
    // One already live is known.
    expect(summary((await checkContent(root, [], TODAY, { liveAuthors: ['beto-lima'] })).problems)).toEqual([]);
  });

  it('the site editor needs no file; a non-slug is an error', async () => {
    expect(summary((await checkContent(contentWith({ autor: 'helena-duarte' }), [], TODAY)).problems)).toEqual([]);
    expect(summary((await checkContent(contentWith({ autor: 'Ana Souza' }), [], TODAY)).problems)).toEqual([
      expect.stringMatching(/^error \[autor\] linha 9: o campo "autor" é "Ana Souza", e não o slug de um autor/),
    ]);
  });

  it('an author file is checked: fields, lengths, unknown keys, JSON, and its photo', async () => {
    const root = contentWith(
      {},
      {
        'sem-bio': { nome: 'Sem Bio', cargo: 'Repórter' },
        'com-extra': { ...ANA, email: 'a@b.c' },
        quebrado: '{ "nome": "X", }',
        'sem-foto': { ...ANA, foto: 'nao-existe.jpg' },
        'foto-pequena': { ...ANA, foto: 'pequena.png' },
      },
      { 'pequena.png': await image(64, 64, 'png') },
    );
    const lines = summary((await checkContent(root, [], TODAY)).problems);
    expect(lines).toEqual(
      expect.arrayContaining([
        'error [bio] falta o campo "bio" | acrescente "bio": "…" (de 20 a 600 caracteres)',
        expect.stringMatching(/^error \[email\] campo desconhecido "email" \| um arquivo de autor aceita nome, cargo, bio, foto/),
        expect.stringMatching(/^error \[quebrado\.json\]/),
        expect.stringMatching(/^error \[foto\] "foto" "nao-existe\.jpg" não é um arquivo de/),
        expect.stringMatching(/^error \[foto\] "foto" pequena\.png tem \d+×\d+ pixels, menos que o mínimo de 192×192/),
      ]),
    );
    expect(lines.filter((line) => line.startsWith('error'))).toHaveLength(5);
  });

  // The JSON mistakes an editor makes in an author file: what, where, how to fix.
  it.each([
    [
      'a trailing comma',
      '{\n  "titulo": "x",\n  "data": "2025-06-01",\n}\n',
      /linha 3, coluna 23: uma vírgula depois do último campo/,
      /apague a vírgula/,
    ],
    ['single quotes', "{\n  'titulo': 'x'\n}", /linha 2, coluna 3: aspas simples ' onde deveria haver aspas duplas "/, /aspas duplas/],
    ['single quotes around a value', '{\n  "titulo": \'x\'\n}', /linha 2, coluna 13: aspas simples/, /aspas duplas/],
    ['typographic quotes', '{\n  “titulo”: “x”\n}', /linha 2, coluna 3: aspas curvas “/, /aspas inteligentes/],
    [
      'a missing comma between fields',
      '{\n  "titulo": "x"\n  "data": "2025-06-01"\n}',
      /linha 2, coluna 16: falta uma vírgula depois deste campo/,
      /ponha uma vírgula/,
    ],
    [
      'a double quote inside a text',
      '{\n  "titulo": "O "melhor" imóvel"\n}',
      /linha 2, coluna 16: aspas duplas " dentro de um texto encerram o texto antes da hora/,
      /\\"/,
    ],
    [
      'a line break inside a text',
      '{\n  "titulo": "linha\nduas"\n}',
      /linha 2, coluna 19: uma quebra de linha dentro de um texto/,
      /numa linha só/,
    ],
    ['a key without quotes', '{\n  titulo: "x"\n}', /linha 2, coluna 3: um nome de campo sem aspas duplas/, /"nome"/],
    ['a comment', '{\n  // rascunho\n  "titulo": "x"\n}', /linha 2, coluna 3: um comentário/, /apague o comentário/],
    ['a missing closing brace', '{\n  "titulo": "x"\n', /o arquivo acaba antes da hora/, /feche cada \{ com \}/],
    ['an empty file', '', /ana-souza\.json está vazio/, /"nome"/],
  ])('an author file with %s', async (_, json, message, hint) => {
    const errors = (await checkContent(contentWith({}, { 'ana-souza': json }), [], TODAY)).problems.filter((p) => p.severity === 'error');
    expect(errors).toEqual([expect.objectContaining({ field: 'ana-souza.json', message: expect.stringMatching(message) })]);
    expect(errors[0]!.hint).toMatch(hint);
  });

  it('a photo is published square, 192 px, WebP, under a name of its bytes', async () => {
    const root = contentWith({}, { 'ana-souza': { ...ANA, foto: 'ana.png' } }, { 'ana.png': await image(600, 400, 'png') });
    const { registry } = await checkContent(root, [], TODAY);
    expect(registry.authors['ana-souza']!.foto).toMatch(/^autor-ana-souza-[0-9a-f]{10}\.webp$/);
    expect(registry.photos.map((p) => p.key)).toEqual([`thumbnails/${registry.authors['ana-souza']!.foto}`]);
    const sharp = (await import('sharp')).default;
    expect(await sharp(registry.photos[0]!.value).metadata()).toMatchObject({ format: 'webp', width: 192, height: 192 });
  });
});

describe('temas', () => {
  it.each([
    [['decoracao', 'arquitetura'], []],
    [['Decoração'], ['error [temas] linha 7: o campo "temas" tem "Decoração", que não é um dos seis temas | escreva "decoracao"']],
    [
      ['#MercadoImobiliario'],
      ['error [temas] linha 7: o campo "temas" tem "#MercadoImobiliario", que não é um dos seis temas | escreva "mercado-imobiliario"'],
    ],
    [
      'decoracao',
      ['error [temas] linha 7: o campo "temas" é o texto "decoracao", e não uma lista | ponha entre colchetes: temas: ["decoracao"]'],
    ],
    [['decoracao', 'decoracao'], ['error [temas] linha 7: o campo "temas" traz "decoracao" duas vezes | escreva cada tema uma vez só']],
    [
      ['jardinagem'],
      [
        'error [temas] linha 7: o campo "temas" tem "jardinagem", que não é um dos seis temas | escreva uma lista com um ou mais destes: mercado-imobiliario, financiamento, investimentos, decoracao, arquitetura, sustentabilidade; p. ex. temas: ["decoracao", "arquitetura"]',
      ],
    ],
  ])('%j', async (temas, expected) => {
    const root = contentWith({ temas });
    const { problems, articles } = await checkContent(root, [], TODAY);
    expect(summary(problems)).toEqual(expected);
    if (expected.length === 0) expect(articles[0]!.item.temas).toEqual(temas);
  });
});

describe('the registry in a publish', () => {
  const LIVE_ITEMS = itemsOf([article('a', '2025-01-01', 'v1', { autor: 'ana-souza', temas: ['financiamento'] })]);
  const liveWith = (authors: Record<string, typeof ANA>) => {
    const files = buildIndex(LIVE_ITEMS, contentHash, Date.now(), authors);
    const metaText = files.get(INDEX_META_KEY)!;
    const collectionTexts = new Map([...parseIndexMeta(metaText).collections.values()].map((key) => [key, files.get(key)!]));
    return { items: LIVE_ITEMS, metaText, authors, collectionTexts };
  };
  const BETO = { nome: 'Beto Lima', cargo: 'Repórter de cidades', bio: 'Cobre habitação, urbanismo e obras nas grandes cidades.' };

  it('merges the folder’s authors into the live registry: none is dropped, a changed one is replaced', () => {
    const live = liveWith({ 'ana-souza': ANA });
    const changed = { ...ANA, cargo: 'Editora de finanças' };
    const plan = planPublish([], live, contentHash, { registry: { authors: { 'beto-lima': BETO, 'ana-souza': changed }, photos: [] } });
    expect(plan.authors).toEqual({ 'ana-souza': changed, 'beto-lima': BETO });
    expect(plan.authorsChanged.sort()).toEqual(['ana-souza', 'beto-lima']);
    expect(describePlan(plan, 'http://localhost:8787')).toEqual(
      expect.arrayContaining([
        'autor           "Beto Lima" (Repórter de cidades)',
        '                http://localhost:8787/autor/beto-lima',
      ]),
    );
    // The same registry again changes nothing.
    const again = planPublish([], { ...live, authors: plan.authors }, contentHash, {
      registry: { authors: { 'ana-souza': changed }, photos: [] },
    });
    expect(again.authorsChanged).toEqual([]);
  });

  it('the first publish over the bundle keeps the bundled registry and copies its photos into KV', () => {
    const photo = 'autor-ana-souza-0123456789.webp';
    const bundleFiles = new Map<string, string | Buffer>([[`thumbnails/${photo}`, Buffer.from('foto')]]);
    const live = { items: LIVE_ITEMS, metaText: null, bundleFiles, authors: { 'ana-souza': { ...ANA, foto: photo } } };
    const plan = planPublish([article('b', '2025-02-01')], live, contentHash, { registry: { authors: { 'beto-lima': BETO }, photos: [] } });
    expect(Object.keys(plan.authors).sort()).toEqual(['ana-souza', 'beto-lima']);
    expect(plan.writes.map((w) => w.key)).toContain(`thumbnails/${photo}`);
    expect(referencedKeys({ items: plan.next, metaText: plan.metaText, authors: plan.authors })).toContain(`thumbnails/${photo}`);
  });

  it('an unpublish keeps the registry; the old collection chunks wait to be deleted, the live ones never do', () => {
    const live = liveWith({ 'ana-souza': ANA });
    const plan = planUnpublish('a', live, contentHash)!;
    expect(plan.authors).toEqual({ 'ana-souza': ANA });
    const before = referencedKeys(live);
    const collectionPages = [...before].filter((key) => /^index\/collections\/.+\/\d+\./.test(key));
    expect(collectionPages).toHaveLength(2); // Ana's list and the theme's, one chunk each
    expect(plan.stale).toEqual(expect.arrayContaining(collectionPages));
    const after = referencedKeys({
      items: plan.next,
      metaText: plan.metaText,
      authors: plan.authors,
      collectionTexts: plan.collectionTexts,
    });
    expect(plan.stale.filter((key) => after.has(key))).toEqual([]);
  });
});
