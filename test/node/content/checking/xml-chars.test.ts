import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Problem } from '#src/checking/problems.ts';
import { checkContent } from '../../../../scripts/content/check/check-folder';
import { articleAt, cleanFixtures, tempFolder } from '../fixtures';

/**
 * The check refuses the characters no feed or sitemap may carry (XML 1.0's
 * forbidden ones, DEL and the C1 controls) in every text of an article and of
 * an author, and a tab or a line break in a one-line text. Written
 * as files hold them: the YAML library writes a control character in index.md
 * as an escape between double quotes, JSON.stringify as \u000b in an author
 * file, as an editor's tool would.
 */

afterAll(cleanFixtures);

const TODAY = new Date(2026, 0, 1);
const ANA = { nome: 'Ana Souza', cargo: 'Repórter de finanças', bio: 'Escreve sobre crédito imobiliário e juros há dez anos.' };
const NOTE = { atualizado: '2025-06-02', correcao: 'Uma versão anterior dizia que a obra terminava em 2026; a entrega é em 2027.' };

/** A content folder with one article (these fields over a good one's) and these author files. */
function contentWith(fields: Record<string, unknown>, authors: Record<string, unknown> = { 'ana-souza': ANA }): string {
  const root = tempFolder();
  articleAt(root, 'artigo-novo', { fields: { autor: 'ana-souza', ...NOTE, ...fields } });
  mkdirSync(join(root, 'autores'));
  for (const [slug, value] of Object.entries(authors)) writeFileSync(join(root, 'autores', `${slug}.json`), JSON.stringify(value));
  return root;
}

/** The problems of a check, but the sample body's links to other samples (warnings, not this file's subject). */
async function check(fields: Record<string, unknown>, authors?: Record<string, unknown>) {
  const { problems, articles, registry } = await checkContent(contentWith(fields, authors), [], TODAY);
  return { problems: problems.filter((p) => p.field !== 'body: link'), articles, registry };
}

/** Each problem in one line, without the line of index.md it names (markdown-article.test.ts checks those). */
const summary = (problems: Problem[]) =>
  problems.map((p) => `${p.severity} [${p.field}] ${p.message.replace(/^linha \d+: /, '')} | ${p.hint}`);

describe('a character no feed may carry', () => {
  it('in the title: an error naming the field, the character, where it is and the fix; nothing to publish', async () => {
    const { problems, articles } = await check({ titulo: 'Casas de madeira\u000bvoltam a crescer no Sul' });
    expect(articles).toEqual([]);
    expect(problems).toEqual([
      expect.objectContaining({
        severity: 'error',
        field: 'titulo',
        file: expect.stringMatching(/artigo-novo\/index\.md$/),
        message: 'linha 2: o campo "titulo" tem um caractere de controle invisível (U+000B) no caractere 17, depois de "Casas de madeira"',
        hint: expect.stringMatching(/^apague \(no arquivo ele pode estar escrito \\u000b\).*recusam um feed ou sitemap que tenha um$/),
      }),
    ]);
  });

  it.each([
    [
      'titulo',
      'Título com \u0001 um caractere de controle',
      /^error \[titulo\] o campo "titulo" tem um caractere de controle invisível \(U\+0001\) no caractere 12, depois de "Título com "/,
    ],
    [
      'descricao',
      'Uma descrição longa o bastante para o card e um nulo\u0000 no meio do texto.',
      /^error \[descricao\] .*\(U\+0000\) no caractere 53, depois de "…ara o card e um nulo" \|/,
    ],
    [
      'alt',
      '\u001fSala com sofá e prateleiras na parede',
      /^error \[alt\] o campo "alt" tem um caractere de controle invisível \(U\+001F\) no início \|/,
    ],
    [
      'credito',
      'Foto: Ana\ufffe Lima',
      /^error \[credito\] o campo "credito" tem o não caractere U\+FFFE no caractere 10, depois de "Foto: Ana" \|/,
    ],
    ['correcao', `${NOTE.correcao}\uffff`, /^error \[correcao\] o campo "correcao" tem o não caractere U\+FFFF no caractere 77, /],
  ])('in %s', async (field, value, expected) => {
    const { problems, articles } = await check({ [field]: value });
    expect(summary(problems)).toEqual([expect.stringMatching(expected)]);
    expect(articles).toEqual([]);
  });

  it('half of an emoji (a lone surrogate, as "\\ud83c" in the file): an error saying to write both halves', async () => {
    const { problems } = await check({ titulo: 'Casa nova \ud83c com jardim e piscina' });
    expect(summary(problems)).toEqual([
      expect.stringMatching(
        /^error \[titulo\] o campo "titulo" tem metade de um emoji ou símbolo \(o surrogate isolado U\+D83C\) no caractere 11, depois de "Casa nova " \| escreva o caractere inteiro .*"\\uD83C\\uDFE0" para 🏠/,
      ),
    ]);
    // A whole emoji is fine.
    expect((await check({ titulo: 'Casa nova 🏠 com jardim e piscina' })).problems).toEqual([]);
  });

  it('a C1 control (a Windows-1252 quote decoded as Latin-1): says which character was meant', async () => {
    const { problems } = await check({ titulo: 'O \u0093boom\u0094 dos imóveis de madeira' });
    expect(summary(problems)).toEqual([
      'error [titulo] o campo "titulo" tem um caractere de controle invisível (U+0093) no caractere 3, depois de "O " (e mais 1 depois dele) | ' +
        'provavelmente é um “ de um texto salvo como Windows-1252: escreva “ no lugar (ou apague)',
    ]);
    const del = await check({ titulo: 'Reforma sem susto\u007f em seis passos' });
    expect(summary(del.problems)).toEqual([
      expect.stringMatching(/\(U\+007F\) no caractere 18.*\| apague .*\\u007f.*aparece como nada, ou como um quadradinho$/),
    ]);
  });

  it('a tab or a line break in a one-line text is an error; in a note or a bio it is only white space', async () => {
    expect(summary((await check({ titulo: 'Casas de madeira\tvoltam a crescer' })).problems)).toEqual([
      'error [titulo] o campo "titulo" tem uma tabulação no caractere 17, depois de "Casas de madeira" | troque por um espaço: "titulo" ocupa uma só linha',
    ]);
    expect(
      summary((await check({ descricao: 'Construtoras apostam em madeira,\nmais rápida e com menor pegada que a alvenaria.' })).problems),
    ).toEqual([
      expect.stringMatching(
        /^error \[descricao\] o campo "descricao" tem uma quebra de linha \(U\+000A\) no caractere 33, .*\| troque por um espaço/,
      ),
    ]);
    const paragraph = await check(
      { correcao: NOTE.correcao.replace('; ', ';\n') },
      { 'ana-souza': { ...ANA, bio: `${ANA.bio}\nMora em Curitiba.` } },
    );
    expect(paragraph.problems).toEqual([]);
    expect(paragraph.articles).toHaveLength(1);
  });

  it.each([
    [
      'nome',
      'Ana\u0001 Souza',
      /^error \[nome\] o campo "nome" tem um caractere de controle invisível \(U\+0001\) no caractere 4, depois de "Ana" \|/,
    ],
    [
      'cargo',
      'Repórter\u001b[2J de finanças',
      /^error \[cargo\] o campo "cargo" tem um caractere de controle invisível \(U\+001B\) no caractere 9, depois de "Repórter" \|/,
    ],
    ['bio', `${ANA.bio}\u0007`, /^error \[bio\] o campo "bio" tem um caractere de controle invisível \(U\+0007\) no caractere 55, /],
    [
      'nome',
      'Ana\tSouza',
      /^error \[nome\] o campo "nome" tem uma tabulação no caractere 4, depois de "Ana" \| troque por um espaço: "nome" ocupa uma só linha$/,
    ],
  ])('in an author’s %s', async (field, value, expected) => {
    const { problems, registry } = await check({}, { 'ana-souza': { ...ANA, [field]: value } });
    expect(summary(problems.filter((p) => p.file.includes('autores')))).toEqual([expect.stringMatching(expected)]);
    expect(registry.authors).toEqual({});
  });
});
