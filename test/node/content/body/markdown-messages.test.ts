import { afterAll, describe, expect, it } from 'vitest';
import { markdownToHtml } from '#src/checking/markdown-body.ts';
import { fieldLabel, type Problem } from '#src/checking/problems.ts';
import { ALLOWED_ELEMENT_NAMES } from '#src/content/body/html-policy.ts';
import { checkContent } from '../../../../scripts/content/check/check-folder';
import { articleFixture, cleanFixtures } from '../fixtures';

/**
 * The rule for every message of the check on an index.md: it names the line
 * and the words the journalist wrote (the address, the heading, the rows),
 * never an element or attribute the Markdown became.
 */

afterAll(cleanFixtures);

const TODAY = new Date('2026-01-02T12:00:00Z');
const WORDS = `${'Palavra '.repeat(120).trim()}.`;
const FRONT = [
  'titulo: Um título de teste com tamanho adequado',
  'descricao: Uma descrição de teste com tamanho suficiente para cards e resultados de busca.',
  'data: 2025-06-01',
  'imagem: imagem.webp',
  'alt: "Uma imagem de teste: sala com sofá e prateleiras"',
];
const ALT = 'Uma planta da casa vista de cima';

/** What the HTML a Markdown text becomes is made of: its elements (<img>, <a>, <h1>…) and their attributes (src=, href=…). */
const MARKUP = new RegExp(
  `<\\/?(?:${[...ALLOWED_ELEMENT_NAMES, 'iframe', 'img', 'h1', 'h5', 'h6'].join('|')})\\b|\\b(?:src|alt|href|title|scope|allowfullscreen)=`,
  'i',
);

/** Markdown as a journalist writes it (from line 11 of index.md), and the words each message must quote. */
const WRITTEN: [string, string, string[]][] = [
  ['a level-1 heading', '# Como planejar a reforma', ['# Como planejar a reforma']],
  ['a level-5 heading', '##### Detalhe da obra', ['##### Detalhe da obra']],
  ['a level-1 heading underlined', 'Como planejar a reforma\n===', ['"Como planejar a reforma" sublinhado com "==="']],
  ['an image without a description', '![](imagens/planta.webp)', ['imagens/planta.webp']],
  ['an image from another site', `![${ALT}](https://fora.example/x.jpg)`, ['https://fora.example/x.jpg']],
  ['an image inside a sentence, from another site', `Veja ![${ALT}](https://fora.example/x.jpg) aqui.`, ['https://fora.example/x.jpg']],
  ['an image missing from imagens/', `![${ALT}](imagens/nao-existe.webp)`, ['imagens/nao-existe.webp']],
  ['an image with a short description', '![Planta](imagens/nao-existe.webp)', ['imagens/nao-existe.webp']],
  ['an image already published', `![${ALT}](/thumbnails/outro-0123456789.webp)`, ['/thumbnails/outro-0123456789.webp']],
  ['a link to an address that is not the web’s', '[o edital](ftp://exemplo.com/edital.pdf)', ['ftp://exemplo.com/edital.pdf']],
  ['a link to an unpublished article', '[o guia](/noticia/um-guia-que-nao-existe)', ['/noticia/um-guia-que-nao-existe']],
  ['a video without its title', 'https://youtu.be/M7lc1UVf-VE', ['https://youtu.be/M7lc1UVf-VE']],
  ['table rows without the delimiter row', '| Etapa | Custo |\n| Piso | R$ 4.000 |', ['|---|---|']],
  ['a table row with a cell too many', '| Etapa | Custo |\n|---|---|\n| Piso | R$ 4.000 | 5 dias |', ['3 células']],
];

async function problemsOf(markdown: string): Promise<Problem[]> {
  const text = `---\n${FRONT.join('\n')}\n---\n\n${WORDS}\n\n${markdown}\n`;
  const dir = articleFixture('mensagens-do-markdown', { files: { 'index.md': text } });
  return (await checkContent(dir, [], TODAY)).problems;
}

describe('every message of the check on Markdown', () => {
  it.each(WRITTEN)('%s: the line, the words written, no element', async (_, markdown, quoted) => {
    const problems = await problemsOf(markdown);
    const body = problems.filter((p) => p.field.startsWith('body'));
    expect(body.length).toBeGreaterThan(0);
    for (const problem of body) {
      const said = `[${fieldLabel(problem.field)}] ${problem.message}\n${problem.hint}`;
      expect(problem.message).toMatch(/^linha 1[1-3]: /);
      expect(said).not.toMatch(MARKUP);
    }
    for (const words of quoted) expect(body.map((p) => `${p.message} ${p.hint}`).join('\n')).toContain(words);
  });

  it('markup the journalist typed is named as typed', async () => {
    const problems = await problemsOf('<div>um bloco colado</div>');
    expect(problems.map((p) => `[${fieldLabel(p.field)}] ${p.message}`)).toEqual([
      '[texto: <div>] linha 11: <div> não é permitido num artigo',
    ]);
  });

  it('what a refused form was is left out of the page, so the preview can show the rest', async () => {
    const dir = articleFixture('mensagens-do-markdown', {
      files: {
        'index.md': `---\n${FRONT.join('\n')}\n---\n\n${WORDS}\n\n# Como planejar\n\n![${ALT}](https://fora.example/x.jpg)\n\n[o edital](ftp://exemplo.com/edital.pdf)\n`,
      },
    });
    const { articles } = await checkContent(dir, [], TODAY);
    expect(articles).toEqual([]);
    // The newsroom's preview renders what the conversion keeps (src/newsroom/preview/draft-article.ts).
    const { html: body } = markdownToHtml(
      `${WORDS}\n\n# Como planejar\n\n![${ALT}](https://fora.example/x.jpg)\n\n[o edital](ftp://exemplo.com/edital.pdf)\n`,
    );
    expect(body).toContain('<p>o edital</p>');
  });
});
