/// <reference types="vite/client" />
import { getSchema } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import { readFrontMatter } from '#src/checking/front-matter.ts';
import { markdownToHtml } from '#src/checking/markdown-body.ts';
import { editorExtensions } from '../../client/newsroom/editor/extensions';
import { markdownParser } from '../../client/newsroom/editor/markdown-parser';
import { toMarkdown } from '../../client/newsroom/editor/markdown-writer';
import guide from '../../docs/editores.md?raw';

/**
 * The body editor reads a Markdown body into rich text and writes it back
 * (client/newsroom/editor/markdown-parser.ts): whatever it changes in the Markdown,
 * the page the site renders from it must stay the same.
 */

const schema = getSchema(editorExtensions());
const parser = markdownParser(schema);
const roundTrip = (markdown: string) => toMarkdown(parser.parse(markdown));
const html = (markdown: string) => markdownToHtml(markdown, 'Título do artigo').html;

/** Each bundled sample article's folder and text (content/<folder>/index.md, after the front matter). */
const samples = Object.entries(import.meta.glob<string>('../../content/*/index.md', { query: '?raw', import: 'default', eager: true })).map(
  ([path, text]) => [path.split('/').at(-2)!, readFrontMatter(text).body] as const,
);

/** The example article of the journalists' guide, its text after the front matter. */
const guideExample = () => {
  const block = /```markdown\n([\s\S]*?)```/.exec(guide)![1]!;
  return readFrontMatter(block).body;
};

/** Forms the guide describes, each a body of its own, and what editors write around them. */
const FORMS: Record<string, string> = {
  'soft and hard breaks': 'Uma linha\ne a seguinte, no mesmo parágrafo.\n\nCom quebra  \nforçada e outra\\\naqui.',
  'headings of every level': '# Um\n\n## Dois\n\n### Três\n\n#### Quatro\n\n##### Cinco\n\nTexto.',
  'loose and tight lists, nested': '- um\n- dois\n  - dois e meio\n\n1. primeiro\n\n2. segundo\n\n   com dois parágrafos\n\n7. sete',
  'a table with alignment and escaped pipes': '| a | b \\| c |\n|:---|---:|\n| `x|y` | **z** |\n| só uma |',
  'tab-separated lines': 'Etapa\tCusto\nDemolição\tR$ 1.500',
  'rows of | without a delimiter row': '| a | b |\n| c | d |',
  'a video, with and without a title': 'https://youtu.be/M7lc1UVf-VE\n\nhttps://www.youtube.com/watch?v=ab_cd-EF_gh "Vídeo: a obra"',
  'a tool card, with and without its words':
    '/custos-da-compra\n\nhttps://portal.example/alugar-ou-comprar?valor=500000&aluguel=2_500 "Faça a conta"',
  'raw HTML and inline HTML': '<div class="x">bloco</div>\n\nTexto com <abbr title="Imposto">IPTU</abbr> no meio.',
  'footnotes, inline and defined':
    'Texto[^a] e outro[^2] e ^[uma nota solta].\n\n[^a]: A nota.\n\n    Com um segundo parágrafo.\n\n[^2]: Outra.',
  'reference links': 'Veja [o guia][g] e [outro].\n\n[g]: https://exemplo.com.br/guia "Guia"\n[outro]: /noticia/x',
  'escapes and entities':
    'Um \\*não enfático\\*, 5 \\* 3, a\\_b, AT&amp;T, \\&copy; e &copy;, \\<b> e 1\\. não é lista.\n\n\\# não é título\n\n\\- nem item',
  'marks combined':
    '***negrito itálico*** e **negrito com *itálico* dentro** e ~~riscado~~ e `código` e [link **forte**](https://a.b/c_d "t").',
  'autolinks and a bare address': '<https://exemplo.com.br> e https://exemplo.com.br sem link.',
  'images: figure, inline, outside':
    '![Planta da cozinha](imagens/planta.webp "Legenda da planta")\n\nTexto com ![ícone](imagens/i.webp) no meio.\n\n![](https://outro.site/a.jpg)',
  'two lists in a row, of each kind': '- um\n- dois\n\n* outro\n\n1. primeiro\n\n1) outra lista\n\n2) segue',
  'quotes: one paragraph and several': '> Uma citação.\n\n> Duas\n>\n> partes.',
  'code blocks and rules': '```\ncódigo\n```\n\n    recuado\n\n---\n\n***',
  'html comment and blank lines at the ends': '\n\n<!-- nota -->\n\nTexto.\n\n\n',
};

describe('the editor writes back Markdown that renders to the same page', () => {
  it.each(samples)('the sample article %s', (_, body) => {
    expect(html(roundTrip(body))).toBe(html(body));
  });

  it("the guide's example article", () => {
    const body = guideExample();
    expect(html(roundTrip(body))).toBe(html(body));
  });

  it.each(Object.entries(FORMS))('%s', (_, body) => {
    expect(html(roundTrip(body))).toBe(html(body));
  });

  it('is stable: writing back what it wrote changes nothing', () => {
    for (const body of [guideExample(), ...Object.values(FORMS)]) expect(roundTrip(roundTrip(body))).toBe(roundTrip(body));
  });
});

describe('what the editor cannot show stays as written', () => {
  it.each([
    ['a video line', 'https://www.youtube.com/watch?v=ab_cd-EF_gh "Vídeo: a obra"'],
    ['a tool card line', '/simulador-de-financiamento?valor=500000&entrada=100_000 "Simule as parcelas"'],
    ['a footnote with two paragraphs', '[^a]: A nota.\n\n    Com um segundo parágrafo.'],
    ['raw HTML', '<div class="x">bloco</div>'],
    ['tab-separated lines', 'Etapa\tCusto\nDemolição\tR$ 1.500'],
  ])('%s', (_, block) => {
    const markdown = `Antes.\n\n${block}\n\nDepois.\n`;
    expect(roundTrip(markdown)).toBe(markdown);
    const kept: string[] = [];
    parser.parse(markdown).descendants((node) => {
      if (node.type.name === 'rawMarkdown') kept.push(node.attrs.text);
    });
    expect(kept).toEqual([block]);
  });
});
