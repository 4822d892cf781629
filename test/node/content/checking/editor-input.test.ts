import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Problem } from '#src/checking/problems.ts';
import { checkContent } from '../../../../scripts/content/check/check-folder';
import { PROCESS_TEST_TIMEOUT_MS, runCli } from '../../processes';
import { articleAt, articleFixture, body, cleanFixtures, indexMd, tempFolder } from '../fixtures';

/** Mistakes a new editor makes in the files and paths they give the check. */

afterAll(cleanFixtures);

const TODAY = new Date(2026, 0, 1);

async function errorsOf(paths: string | string[]): Promise<Problem[]> {
  return (await checkContent(paths, [], TODAY)).problems.filter((p) => p.severity === 'error');
}

/** The single error a mistake must produce: its field, message and fix. */
async function expectError(paths: string | string[], field: string, message: RegExp, hint?: RegExp): Promise<Problem> {
  const errors = await errorsOf(paths);
  expect(errors.map((e) => `[${e.field}] ${e.message}`)).toEqual([expect.stringMatching(message)]);
  const [only] = errors as [Problem];
  expect(only.field).toBe(field);
  expect(only.hint).toMatch(hint ?? /.{10}/);
  return only;
}

/** Problems other than the sample body's links to articles a fixture does not have (warnings). */
async function problemsOf(paths: string | string[]) {
  const { problems, articles } = await checkContent(paths, [], TODAY);
  return { problems: problems.filter((p) => p.field !== 'body: link'), articles };
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const TITLE = 'Um título de teste com tamanho adequado';

describe('index.md not saved as UTF-8', () => {
  it('an index.md saved as Windows-1252 is refused, with the line of the first bad byte', async () => {
    const dir = articleFixture('index-latin1', { files: { 'index.md': Buffer.from(indexMd(), 'latin1') } });
    const problem = await expectError(
      dir,
      'index.md',
      /index\.md não é UTF-8 válido: a linha 2 tem o byte 0xE7 \(em Windows-1252, "ç"\)/,
      /salve o arquivo como UTF-8/,
    );
    expect(problem.file).toMatch(/index-latin1\/index\.md$/);
  });

  it('an index.md saved as UTF-16 ("Unicode" in Notepad) is refused', async () => {
    const dir = articleFixture('index-utf16', {
      files: { 'index.md': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(indexMd(), 'utf16le')]) },
    });
    await expectError(dir, 'index.md', /index\.md está salvo como UTF-16/, /salve o arquivo como UTF-8/);
  });

  it('a UTF-8 BOM at the start of index.md is accepted and dropped', async () => {
    const dir = articleFixture('com-bom', { files: { 'index.md': Buffer.concat([BOM, Buffer.from(indexMd({ titulo: TITLE }, body()))]) } });
    const { problems, articles } = await problemsOf(dir);
    expect(problems).toEqual([]);
    expect(articles[0]!.body.startsWith('<p>')).toBe(true);
    expect(articles[0]!.item.titulo).toBe(TITLE);
  });
});

describe('front matter fields of the wrong kind or spelling', () => {
  it('a number for titulo', async () => {
    await expectError(
      articleFixture('titulo-numero', { fields: { titulo: 2025 } }),
      'titulo',
      /o campo "titulo" é o número 2025, e não um texto entre aspas/,
      /aspas duplas/,
    );
  });

  it('a list for descricao', async () => {
    await expectError(
      articleFixture('descricao-lista', { fields: { descricao: ['a', 'b'] } }),
      'descricao',
      /o campo "descricao" é uma lista \[ … \], e não um texto entre aspas/,
    );
  });

  it.each([
    ['Título', 'titulo'],
    ['descrição', 'descricao'],
    ['title', 'titulo'],
    ['Data', 'data'],
  ])('a key written %j instead of %j', async (key, field) => {
    const dir = articleFixture('chave-errada', { fields: { [field]: undefined, [key]: field === 'data' ? '2025-06-01' : TITLE } });
    await expectError(dir, field, new RegExp(`falta "${field}"; há um campo "${key}"`), new RegExp(`renomeie "${key}" para "${field}"`));
    // Named once, as the misspelt field, not again as an unknown one.
    expect((await problemsOf(dir)).problems).toHaveLength(1);
  });

  it.each(['index.md.txt', 'Index.md', 'artigo.md'])('a file named %j instead of index.md', async (wrong) => {
    const dir = articleFixture('nome-errado', { files: { 'index.md': null, [wrong]: indexMd() } });
    const name = wrong.replace(/\./g, '\\.');
    await expectError(dir, 'index.md', new RegExp(`falta index\\.md; há "${name}"`), new RegExp(`renomeie "${name}" para "index\\.md"`));
  });
});

describe('"data": wrong format, impossible date, wrong kind', () => {
  it.each([
    ['30/04/2025', /"data" é "30\/04\/2025" \(dia\/mês\/ano\); as datas são escritas AAAA-MM-DD/, 'escreva "2025-04-30"'],
    ['30-04-2025', /\(dia\/mês\/ano\)/, 'escreva "2025-04-30"'],
    ['2025/04/30', /\(ano\/mês\/dia\)/, 'escreva "2025-04-30"'],
    ['2025-4-3', /\(ano\/mês\/dia\)/, 'escreva "2025-04-03"'],
    ['30 de abril de 2025', /\(data por extenso\)/, 'escreva "2025-04-30"'],
    [' 2025-04-30', /com espaços em volta da data/, 'escreva "2025-04-30"'],
    [
      'ontem',
      /"data" é "ontem", e não uma data no formato AAAA-MM-DD/,
      'escreva no formato "AAAA-MM-DD" (ano, mês, dia), p. ex. "2025-04-28"',
    ],
  ])('%j is a wrong format, with the value to write', async (data, message, hint) => {
    const problem = await expectError(articleFixture('data-formato', { fields: { data } }), 'data', message);
    expect(problem.hint).toBe(hint);
  });

  it.each([
    ['2025-02-30', /"data" "2025-02-30" não é uma data do calendário: fevereiro de 2025 tem 28 dias/],
    ['2024-04-31', /abril de 2024 tem 30 dias/],
    ['2025-13-01', /não existe o mês 13/],
    ['31/02/2025', /"data" é "31\/02\/2025" \(dia\/mês\/ano\), que não é uma data real: fevereiro de 2025 tem 28 dias/],
  ])('%j is well formed but not a real day', async (data, message) => {
    await expectError(articleFixture('data-impossivel', { fields: { data } }), 'data', message, /confira o dia e o mês/);
  });

  it.each([
    [20250430, /o campo "data" é o número 20250430, e não uma data entre aspas/, /escreva "2025-04-30"/],
    [null, /o campo "data" é null, e não uma data entre aspas/, /AAAA-MM-DD/],
    [undefined, /falta o campo "data"/, /acrescente data: "AAAA-MM-DD"/],
  ])('%j is not a text', async (data, message, hint) => {
    await expectError(articleFixture('data-tipo', { fields: { data } }), 'data', message, hint);
  });
});

describe('the path given to the check', () => {
  it('an article folder one level too deep inside a folder of articles', async () => {
    const root = tempFolder();
    articleAt(root, 'boa');
    articleAt(root, 'x/y');
    const problem = await expectError(
      root,
      'path',
      /x não tem index\.md; dentro dela há a pasta de artigo .*x\/y, um nível abaixo do esperado/,
      /mova essa pasta para dentro de .*, ou passe essa pasta: npm run content:check -- .*x\/y$/,
    );
    expect(problem.file).toMatch(/\/x$/);
  });

  it.each(['index.md', 'imagem.webp'])('the path of %s itself', async (file) => {
    const dir = articleFixture('arquivo');
    await expectError(
      join(dir, file),
      'path',
      new RegExp(`arquivo/${file.replace('.', '\\.')} é um arquivo; o check recebe a pasta do artigo`),
      /passe a pasta: .*arquivo$/,
    );
  });

  it('another file', async () => {
    const root = tempFolder();
    writeFileSync(join(root, 'notas.txt'), 'x');
    await expectError(join(root, 'notas.txt'), 'path', /notas\.txt é um arquivo, e não uma pasta/, /passe a pasta de um artigo/);
  });

  it('a path that does not exist, with the folder probably meant', async () => {
    const dir = articleFixture('casas-de-madeira');
    await expectError(`${dir}s`, 'path', /casas-de-madeiras não existe/, /você quis dizer .*casas-de-madeira\?/);
  });

  it('a folder with no article in it', async () => {
    const root = tempFolder();
    writeFileSync(join(root, 'notas.txt'), 'x');
    await expectError(root, 'path', /não tem index\.md nem pastas de artigo; ela tem notas\.txt/, /passe a pasta de um artigo/);
  });

  it('an empty folder among articles is skipped with a warning', async () => {
    const root = tempFolder();
    articleAt(root, 'boa');
    mkdirSync(join(root, 'vazia'));
    const { problems, articles } = await problemsOf(root);
    expect(articles).toHaveLength(1);
    expect(problems).toEqual([
      expect.objectContaining({ severity: 'warning', field: 'path', message: expect.stringMatching(/vazia é uma pasta vazia: ignorada/) }),
    ]);
  });
});

describe('several paths, checked as one set', () => {
  it('checks every path', async () => {
    const good = articleFixture('primeira');
    const bad = articleFixture('segunda', { fields: { data: '2025-02-30' } });
    const { problems, articles } = await problemsOf([good, bad]);
    expect(articles.map((a) => a.item.slug)).toEqual(['primeira']);
    expect(problems).toEqual([expect.objectContaining({ field: 'data', file: expect.stringMatching(/segunda\/index\.md$/) })]);
  });

  it('two folders with the same slug are an error', async () => {
    const a = articleFixture('mesmo-slug');
    const b = articleFixture('mesmo-slug', { fields: { titulo: 'Outro título de teste, com outro texto' } });
    await expectError([a, b], 'slug', /duas pastas têm o slug "mesmo-slug": .* e .*/, /renomeie uma delas, ou passe só uma/);
  });

  it('the same folder reached twice is checked once', async () => {
    const root = tempFolder();
    const dir = articleAt(root, 'unica');
    const { problems, articles } = await problemsOf([root, dir]);
    expect(problems).toEqual([]);
    expect(articles).toHaveLength(1);
  });
});

// Each test starts a tsx process: PROCESS_TEST_TIMEOUT_MS says why it gets more than Vitest's 5 s.
describe('the command line', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('content:check with two paths checks the second too', () => {
    const good = articleFixture('primeira-cli');
    const bad = articleFixture('segunda-cli', { fields: { data: '30/04/2025' } });
    const run = runCli('check', good, bad);
    expect(run.stdout).toContain('segunda-cli/index.md');
    expect(run.stdout).toContain('escreva "2025-04-30"');
    expect(run.status).toBe(1);
  });

  it('content:unpublish with two slugs is a usage error', () => {
    const run = runCli('unpublish', '--local', '--dry-run', 'um-slug', 'outro-slug');
    expect(run.stderr).toContain('content:unpublish recebe um slug só, não 2');
    expect(run.status).toBe(2);
  });
});
