import { copyFileSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { markdownToHtml } from '#src/checking/markdown-body.ts';
import { fieldLabel, type Problem } from '#src/checking/problems.ts';
import { readBody, settledBody } from '#src/content/body/body-html.ts';
import type { NewsItem } from '#src/content/schema/news-item.ts';
import { checkContent } from '../../../../scripts/content/check/check-folder';
import { articleFixture, cleanFixtures, tempFolder } from '../fixtures';

/**
 * What docs/editores.md tells a journalist to write, copied as written into an
 * article: the check accepts it, and the page shows what the guide says.
 */

afterAll(cleanFixtures);

const TODAY = new Date('2026-01-02T12:00:00Z');
const TITLE = 'Reforma de cozinha: como planejar o layout';
const WORDS = `${'Palavra '.repeat(120).trim()}.`;
// Front matter: lines 1–7; the words: line 9; what the test writes: from line 11.
const FRONT = [
  `titulo: "${TITLE}"`,
  'descricao: Uma descrição de teste com tamanho suficiente para cards e resultados de busca.',
  'data: 2025-06-01',
  'imagem: imagem.webp',
  'alt: "Uma imagem de teste: sala com sofá e prateleiras"',
];
const indexMd = (text: string) => `---\n${FRONT.join('\n')}\n---\n\n${WORDS}\n\n${text}\n`;

async function checked(text: string) {
  const dir = articleFixture('artigo-do-guia', { files: { 'index.md': text } });
  return checkContent(dir, [], TODAY);
}

/** `[label] message` of each problem of one severity, as the terminal shows it. */
const said = (problems: Problem[], severity: Problem['severity']) =>
  problems.filter((p) => p.severity === severity).map((p) => `[${fieldLabel(p.field)}] ${p.message}`);

const GUIDE = readFileSync('docs/editores.md', 'utf8');
const ID = 'M7lc1UVf-VE';

/** The guide's video forms: the example's line, and each address form of the list, with and without the title. */
const guideVideos = (): string[] => {
  const example = GUIDE.split('\n').find((line) => line.startsWith('https://www.youtube.com/watch?v='));
  const forms = [...GUIDE.matchAll(/`(https:\/\/(?:www\.youtube\.com\/watch\?v=|youtu\.be\/))…`/g)].map((match) => `${match[1]}${ID}`);
  expect(example).toBeDefined();
  expect(forms).toEqual([`https://www.youtube.com/watch?v=${ID}`, `https://youtu.be/${ID}`]);
  return [example!, ...forms, ...forms.map((form) => `${form} "A ordem das etapas de uma reforma"`)];
};

describe("the guide's videos", () => {
  it.each(guideVideos())('%s passes the check and shows the video, named', async (line) => {
    const { problems, articles } = await checked(indexMd(line));
    expect(said(problems, 'error')).toEqual([]);
    const titled = line.includes('"');
    expect(said(problems, 'warning')).toEqual(titled ? [] : [`[texto: vídeo] linha 11: o vídeo ${line} não tem título`]);
    if (!titled) {
      expect(problems.find((p) => p.severity === 'warning')!.hint).toMatch(
        /^escreva-o entre aspas duplas depois do endereço, na mesma linha/,
      );
    }
    // The page: the site's facade, named by the title written, else as the article's YouTube video.
    const name = titled ? /"([^"]+)"/.exec(line)![1] : `Vídeo do YouTube — ${TITLE}`;
    const served = settledBody(articles[0]!.body);
    expect(served).toContain(`href="https://www.youtube-nocookie.com/embed/${ID}" aria-label="Assistir ao vídeo: ${name}"`);
  });

  it('an untitled video is noted at its own line, one note each', async () => {
    const { problems } = await checked(indexMd(`https://youtu.be/${ID}\n\nTexto.\n\nhttps://www.youtube.com/watch?v=${ID}`));
    expect(said(problems, 'warning')).toEqual([
      `[texto: vídeo] linha 11: o vídeo https://youtu.be/${ID} não tem título`,
      `[texto: vídeo] linha 15: o vídeo https://www.youtube.com/watch?v=${ID} não tem título`,
    ]);
  });

  it('no message of a video written in Markdown names a tag the journalist did not type', async () => {
    const { problems } = await checked(indexMd(`https://youtu.be/${ID}`));
    for (const problem of problems) expect(`${problem.field} ${problem.message} ${problem.hint}`).not.toMatch(/<[a-z]|[a-z]+=/);
  });
});

describe("the guide's tables, and lines that only look like one", () => {
  it("the guide's table passes and is a table", async () => {
    const lines = GUIDE.split('\n');
    const start = lines.findIndex((line) => line.startsWith('| Etapa'));
    const table = lines.slice(start, lines.indexOf('', start));
    expect(table).toHaveLength(3);
    const { problems, articles } = await checked(indexMd(table.join('\n')));
    expect(problems).toEqual([]);
    expect(articles[0]!.body).toContain('<th scope="col">Etapa</th>');
  });

  it('rows of | without the delimiter row: a warning at the first row, with the row to write', async () => {
    const { problems } = await checked(indexMd('| Etapa | Custo | Prazo |\n| Demolição | R$ 1.500 | 3 a 5 dias |'));
    expect(said(problems, 'error')).toEqual([]);
    expect(said(problems, 'warning')).toEqual([
      '[texto: tabela] linha 11: estas linhas parecem uma tabela, mas falta a linha de separação (|---|---|---|) depois da primeira: o site as mostra como um parágrafo de "|"',
    ]);
    expect(problems[0]!.hint).toContain('escreva |---|---|---|');
  });

  it('a delimiter row with another number of columns than the titles', async () => {
    const { problems } = await checked(indexMd('| Etapa | Custo | Prazo |\n|---|---|\n| Demolição | R$ 1.500 | 3 a 5 dias |'));
    expect(said(problems, 'warning')).toEqual([
      '[texto: tabela] linha 11: a linha dos títulos desta tabela tem 3 colunas, e a linha de separação abaixo dela, 2: o site a mostra como um parágrafo de "|"',
    ]);
  });

  it('a row with more or fewer cells than the titles: a warning at that row', async () => {
    const { problems } = await checked(
      indexMd('| Etapa | Custo |\n|---|---|\n| Piso | R$ 4.000 | 5 dias |\n| Pintura |\n| Gesso \\| forro | R$ 900 |'),
    );
    expect(said(problems, 'warning')).toEqual([
      '[texto: tabela] linha 13: esta linha da tabela tem 3 células, e a linha dos títulos 2: a última não aparece',
      '[texto: tabela] linha 14: esta linha da tabela tem 1 célula, e a linha dos títulos 2: a que falta fica vazia',
    ]);
  });

  it('lines copied from a spreadsheet (tab-separated) are a table, its first line the titles', () => {
    const pasted = markdownToHtml('Etapa\tCusto\tPrazo\nDemolição\tR$ 1.500\t3 a 5 dias\nPiso\t**R$ 4.000**\t').html;
    expect(pasted).toBe(
      markdownToHtml('| Etapa | Custo | Prazo |\n|---|---|---|\n| Demolição | R$ 1.500 | 3 a 5 dias |\n| Piso | **R$ 4.000** | |').html,
    );
    expect(readBody(pasted, { report: true }).findings).toEqual([]);
  });

  it('a spreadsheet copy pasted into index.md passes the check as a table', async () => {
    const { problems, articles } = await checked(indexMd('Etapa\tCusto\nDemolição\tR$ 1.500'));
    expect(problems).toEqual([]);
    expect(articles[0]!.body).toContain('<td>R$ 1.500</td>');
  });
});

describe("the guide's example article", () => {
  it('copied as written (with more words, the guide abridges it) passes the check and shows what the guide says', async () => {
    const example = /```markdown\n([\s\S]*?)```/.exec(GUIDE)![1]!;
    const root = tempFolder();
    cpSync('content/autores', join(root, 'autores'), { recursive: true });
    const dir = join(root, 'reforma-de-cozinha');
    mkdirSync(join(dir, 'imagens'), { recursive: true });
    copyFileSync(
      'content/reforma-de-cozinha-planejamento-e-custos/imagens/plantas-de-cozinha.webp',
      join(dir, 'imagens/plantas-de-cozinha.webp'),
    );
    await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#0f5c5a' } })
      .jpeg()
      .toFile(join(dir, 'cozinha.jpg'));
    writeFileSync(join(dir, 'index.md'), `${example}\n${WORDS}\n`);
    const linked = { slug: 'como-usar-o-fgts-na-compra-do-imovel', titulo: 'Como usar o FGTS na compra do imóvel' } as NewsItem;
    const { problems, articles } = await checkContent(dir, [linked], TODAY);
    expect(problems).toEqual([]);
    const served = settledBody(articles[0]!.body);
    expect(served).toContain('<figcaption>Os três formatos mais comuns</figcaption>');
    expect(served).toContain('aria-label="Assistir ao vídeo: Vídeo: a ordem das etapas de uma reforma"');
    expect(served).toContain('<th scope="col">Etapa</th>');
    expect(served).toContain('<blockquote>“Planejar antes de quebrar a primeira parede evita retrabalho”, diz uma arquiteta.</blockquote>');
    expect(served).toContain('<sup>[1]</sup>');
  });
});
