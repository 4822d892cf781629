import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { readFrontMatter } from '#src/checking/front-matter.ts';
import { markdownToHtml } from '#src/checking/markdown-body.ts';
import { readBody } from '#src/content/body/body-html.ts';
import { checkContent } from '../../../../scripts/content/check/check-folder';
import { articleFixture, cleanFixtures, GOOD } from '../fixtures';

/** Articles written as index.md: the conversion, the check at index.md's lines, and hostile Markdown made inert. */

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
const indexMd = (body: string, front = FRONT) => `---\n${front.join('\n')}\n---\n\n${WORDS}\n\n${body}\n`;

/** A Markdown article folder (a copy of a sample, index.md replaced), checked. */
async function checked(text: string) {
  const dir = articleFixture('artigo-em-markdown', { files: { 'index.md': text } });
  return { dir, ...(await checkContent(dir, [], TODAY)) };
}
const errors = <P extends { severity: string }>(problems: P[]) => problems.filter((p) => p.severity === 'error');

describe('the Markdown forms', () => {
  it('an image alone in its paragraph is a figure, its title the caption', () => {
    expect(markdownToHtml('![Planta da casa](imagens/planta.webp "A planta & a legenda")').html).toBe(
      '<figure>\n<img src="imagens/planta.webp" alt="Planta da casa">\n<figcaption>A planta &amp; a legenda</figcaption>\n</figure>\n',
    );
  });

  it.each([
    ['https://www.youtube.com/watch?v=M7lc1UVf-VE "A obra"', 'A obra'],
    ['https://youtu.be/M7lc1UVf-VE "A obra"', 'A obra'],
    ['https://www.youtube.com/watch?v=M7lc1UVf-VE&t=10 "A obra <passo> a passo"', 'A obra &lt;passo&gt; a passo'],
    // Without a title, as the guide allows: named as a video of the article.
    ['https://www.youtube.com/watch?v=M7lc1UVf-VE', 'Vídeo do YouTube — Reforma da cozinha'],
    ['https://youtu.be/M7lc1UVf-VE', 'Vídeo do YouTube — Reforma da cozinha'],
  ])('a YouTube address alone on its line is the privacy-enhanced embed: %s', (line, title) => {
    expect(markdownToHtml(line, 'Reforma da cozinha').html).toBe(
      `<iframe src="https://www.youtube-nocookie.com/embed/M7lc1UVf-VE" title="${title}" allowfullscreen></iframe>\n`,
    );
    // Inside a sentence it stays text (linkify is off).
    expect(markdownToHtml(`Veja ${line}`).html).not.toContain('iframe');
  });

  it.each([
    [
      '/alugar-ou-comprar',
      '/alugar-ou-comprar',
      'Ferramenta: Alugar ou comprar?',
      'Compare o patrimônio de quem compra e de quem aluga, ano a ano.',
    ],
    [
      '/custos-da-compra "Quanto custa comprar em Curitiba"',
      '/custos-da-compra',
      'Ferramenta: Quanto custa comprar?',
      'Quanto custa comprar em Curitiba',
    ],
    // A full address copied from the browser, with the article's figures typed the reader's way: the site's own path, normalized.
    [
      'https://portal.example/simulador-de-financiamento?valor=R%24+650+mil&entrada=130000&juros=11,5&prazo=30&unidade=anos&sistema=sac&utm_source=x "As parcelas <deste> imóvel"',
      '/simulador-de-financiamento?valor=650000&amp;entrada=130000&amp;juros=11.5&amp;prazo=30&amp;unidade=anos&amp;sistema=sac',
      'Ferramenta: Simulador de financiamento',
      'As parcelas &lt;deste&gt; imóvel',
    ],
  ])('a tool address alone on its line is the tool card: %s', (line, href, name, text) => {
    const { html, notes } = markdownToHtml(line);
    expect(html).toBe(
      `<p><a class="tool-card" href="${href}"><span class="tool-card-name">${name}</span><span class="tool-card-text">${text}</span></a></p>\n`,
    );
    expect(notes).toEqual([]);
    // The check accepts the card as the site draws it, and the sanitizer serves it unchanged.
    expect(readBody(html, { report: true }).findings).toEqual([]);
    expect(readBody(html).html).toBe(html);
    // Inside a sentence, or another path, it stays text.
    expect(markdownToHtml(`Veja ${line}`).html).not.toContain('tool-card');
    expect(markdownToHtml('/alugar-ou-comprar-agora').html).not.toContain('tool-card');
  });

  it('a tool address with inputs the tool refuses is a card to the empty form, and a warning says why', () => {
    const { html, notes } = markdownToHtml('/alugar-ou-comprar?valor=muito');
    expect(html).toContain('<a class="tool-card" href="/alugar-ou-comprar">');
    expect(notes).toMatchObject([{ subject: 'ferramenta', severity: 'warning', line: 1 }]);
  });

  it('a hand-written imitation of the card is refused by the check, and served as the card the site draws', () => {
    const fake =
      '<p><a class="tool-card" href="/alugar-ou-comprar?valor=x" onclick="alert(1)"><span class="tool-card-name">Ganhe dinheiro</span><b>x</b></a></p>';
    const { html, findings } = readBody(fake, { report: true });
    expect(findings.map((finding) => finding.message)).toContain('este link imita o cartão de ferramenta do próprio site');
    expect(html).toBe(
      '<p><a class="tool-card" href="/alugar-ou-comprar"><span class="tool-card-name">Ferramenta: Alugar ou comprar?</span><span class="tool-card-text">Compare o patrimônio de quem compra e de quem aluga, ano a ano.</span></a></p>',
    );
    // A card's class on a link elsewhere is an ordinary link, its class dropped.
    expect(readBody('<p><a class="tool-card" href="https://evil.example/alugar-ou-comprar">x</a></p>').html).toBe(
      '<p><a href="https://evil.example/alugar-ou-comprar">x</a></p>',
    );
  });

  it('a GFM table is a table without the alignment style, its head cells heading columns', () => {
    const html = markdownToHtml('| Etapa | Custo |\n|:--|--:|\n| Piso | R$ 4.000 |').html;
    expect(html).toBe(
      '<table>\n<thead>\n<tr>\n<th scope="col">Etapa</th>\n<th scope="col">Custo</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>Piso</td>\n<td>R$ 4.000</td>\n</tr>\n</tbody>\n</table>\n',
    );
    expect(readBody(html, { report: true }).findings).toEqual([]);
  });

  it('footnotes, quotes and article links in the markup the policy keeps', () => {
    const html = markdownToHtml('Texto[^a] e [outra](/noticia/outra-materia).\n\n> Citação.\n\n[^a]: A nota.').html;
    expect(html).toBe(
      '<p>Texto<sup>[1]</sup> e <a href="/noticia/outra-materia">outra</a>.</p>\n\n<blockquote>Citação.</blockquote>\n\n<hr>\n<ol>\n<li><p>A nota.</p>\n</li>\n</ol>\n',
    );
    expect(readBody(html, { report: true }).findings).toEqual([]);
  });

  it("keeps the editors' quotes and dashes (no typographer)", () => {
    expect(markdownToHtml('"aspas" -- e ...').html).toBe('<p>&quot;aspas&quot; -- e ...</p>\n');
  });
});

describe('the front matter', () => {
  it('gives each key its line, and the body the line it starts on', () => {
    const front = readFrontMatter('---\ntitulo: A\ndata: 2025-01-01\n---\n\nTexto');
    expect(front.fields).toEqual({ titulo: 'A', data: '2025-01-01' });
    expect([...front.fieldLines]).toEqual([
      ['titulo', 2],
      ['data', 3],
    ]);
    expect(front.bodyLine).toBe(5);
  });

  it('names YAML errors by the line and column of index.md, every one', () => {
    const front = readFrontMatter('---\ntitulo: Reforma: por onde começar\ndata: 2025-01-01\ndata: 2025-01-02\n---\n');
    expect(front.fields).toBeNull();
    expect(front.faults.map((fault) => [fault.line, fault.column])).toEqual([
      [2, 9],
      [4, 1],
    ]);
    expect(front.faults[0]!.message).toMatch(/^linha 2, coluna 9: /);
  });

  /** What the YAML library would say itself (its first sentence), which an editor must never get instead of the check's words. */
  const libraryWords = (yaml: string) => parseDocument(yaml).errors.map((e) => e.message.split(' at line')[0]!);

  it.each([
    [
      'an alias bomb',
      ['a: &a [x, x, x, x, x, x, x, x, x]', 'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]', 'c: [*b, *b, *b, *b, *b, *b, *b, *b, *b]'],
      3,
      /apelido/,
    ],
    ['an alias without its anchor', ['titulo: *titulo'], 2, /apelido/],
    ['brackets nested too deep', [`titulo: ${'['.repeat(5000)}${']'.repeat(5000)}`], 2, /encaixados fundo demais/],
    ['two anchors on a value', ['titulo: &a &b Reforma'], 2, /mais de uma âncora/],
    ['a key over 1024 characters', [`${'x'.repeat(1100)}: 1`], 2, /mais de 1\.024 caracteres/],
  ])("%s: the check's own words in pt-BR, with the line and what to do, never the library's", (_, lines, line, meaning) => {
    const yaml = lines.join('\n');
    const front = readFrontMatter(`---\n${yaml}\n---\n\nTexto`);
    expect(front.fields).toBeNull();
    expect(front.faults).toHaveLength(1);
    const [fault] = front.faults;
    expect(fault!.line).toBe(line);
    expect(fault!.message).toMatch(new RegExp(`^linha ${line}(, coluna \\d+)?: `));
    expect(fault!.message).toMatch(meaning);
    expect(fault!.hint).not.toBe('');
    for (const words of libraryWords(yaml)) expect(`${fault!.message} ${fault!.hint}`).not.toContain(words);
    expect(`${fault!.message} ${fault!.hint}`).not.toMatch(/\b(?:the|must|alias|anchor|exceeded|indicates)\b/i);
  });

  it('a front matter that is a list, or a lone value, is said in pt-BR', () => {
    expect(readFrontMatter('---\n- a\n- b\n---\n').faults[0]!.message).toBe('o cabeçalho tem uma lista, e não campos');
    expect(readFrontMatter('---\nReforma\n---\n').faults[0]!.message).toBe('o cabeçalho tem um texto solto ("Reforma"), e não campos');
  });

  it('is required, and closed', () => {
    expect(readFrontMatter('Texto').faults[0]!.message).toContain('não começa pelos campos do artigo');
    expect(readFrontMatter('---\ntitulo: A\n').faults[0]!.message).toContain('não é fechado');
  });
});

describe('the check of a Markdown folder', () => {
  it('passes a sample, and publishes the body its Markdown converts to', async () => {
    const { problems, articles } = await checkContent(GOOD, [], TODAY);
    expect(errors(problems)).toEqual([]);
    expect(articles[0]!.body).toBe(
      markdownToHtml(readFileSync(join(GOOD, 'index.md'), 'utf8').split('---\n').slice(2).join('---\n').replace(/^\n/, '')).html,
    );
  });

  it('a YAML error: its line and column', async () => {
    const { problems, articles } = await checked(indexMd('', [...FRONT, 'correcao: errado: aqui']));
    expect(articles).toEqual([]);
    expect(errors(problems)).toEqual([
      expect.objectContaining({
        file: expect.stringMatching(/index\.md$/),
        message: expect.stringMatching(/^linha 7, coluna \d+: /),
        // The line to write, exactly: the text with ": " in it, in straight quotes.
        hint: 'escreva a linha assim: correcao: "errado: aqui"',
      }),
    ]);
  });

  it('an alias bomb in the front matter: one error of index.md at its line, in pt-BR (the check does not throw)', async () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x]',
      'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]',
      'c: [*b, *b, *b, *b, *b, *b, *b, *b, *b]',
    ];
    const { problems, articles } = await checked(indexMd('', [...FRONT, ...bomb]));
    expect(articles).toEqual([]);
    expect(errors(problems)).toEqual([
      expect.objectContaining({
        file: expect.stringMatching(/index\.md$/),
        message: expect.stringMatching(/^linha 8, coluna \d+: um apelido do YAML/),
        hint: expect.stringContaining('escreva cada valor por extenso'),
      }),
    ]);
  });

  it("an unknown key, and a field's problem, at the key's line", async () => {
    const { problems } = await checked(indexMd('', [...FRONT, 'cor: azul', 'temas: 3']));
    expect(errors(problems).map((p) => [p.field, p.message.slice(0, 8)])).toEqual([
      ['temas', 'linha 8:'],
      ['cor', 'linha 7:'],
    ]);
  });

  it('a body problem at its line of index.md', async () => {
    // Front matter: lines 1–7; the words: line 9; the script: line 11.
    const { problems } = await checked(indexMd('<script>alert(1)</script>'));
    expect(errors(problems).map((p) => p.message)).toEqual([expect.stringMatching(/^linha 11: /)]);
  });

  it('figures, videos and tables in their Markdown forms pass', async () => {
    const dir = articleFixture('figura-em-markdown');
    const sample = 'content/reforma-de-cozinha-planejamento-e-custos/imagens/plantas-de-cozinha.webp';
    const { mkdirSync, copyFileSync } = await import('node:fs');
    mkdirSync(join(dir, 'imagens'));
    copyFileSync(sample, join(dir, 'imagens', 'planta.webp'));
    writeFileSync(
      join(dir, 'index.md'),
      indexMd(
        '![Planta de uma cozinha em L vista de cima](imagens/planta.webp "A cozinha em L")\n\nhttps://youtu.be/M7lc1UVf-VE "A obra"\n\n| A | B |\n|---|---|\n| 1 | 2 |',
      ),
    );
    const { problems, articles } = await checkContent(dir, [], TODAY);
    expect(errors(problems)).toEqual([]);
    expect(articles[0]!.item.figuras).toHaveLength(1);
  });

  it('the main image is the file `imagem` names; without it, the error says so at its line', async () => {
    const missing = await checked(
      indexMd(
        '',
        FRONT.map((line) => line.replace('imagem.webp', 'foto.png')),
      ),
    );
    expect(errors(missing.problems)).toEqual([
      expect.objectContaining({
        field: 'imagem',
        message: expect.stringMatching(/^linha 5: "imagem" indica "foto.png", mas não há esse arquivo na pasta/),
      }),
    ]);
  });

  it('a folder holding both formats is an error naming both files', async () => {
    const dir = articleFixture('dois-formatos', {
      files: { 'index.md': indexMd(''), 'article.json': '{}', 'body.html': '<p>Texto.</p>' },
    });
    const { problems, articles } = await checkContent(dir, [], TODAY);
    expect(articles).toEqual([]);
    expect(errors(problems).map((p) => p.message)).toEqual([expect.stringContaining('index.md e também article.json e body.html')]);
  });
});

/** Hostile Markdown: whatever the parser emits is judged by the body policy; what reaches the page is inert. */
const HOSTILE_MARKDOWN: [string, string][] = [
  ['javascript: link', '[x](javascript:alert(1))'],
  ['JaVaScRiPt: link', '[x](JaVaScRiPt:alert(1))'],
  ['entity-encoded scheme', '[x](&#106;avascript:alert(1))'],
  ['hex entity scheme', '[x](&#x6A;avascript&#x3A;alert(1))'],
  ['percent-encoded scheme', '[x](%6Aavascript:alert(1))'],
  ['tab inside the scheme', '[x](java\tscript:alert(1))'],
  ['escaped colon', '[x](javascript\\:alert(1))'],
  ['angle-bracket destination', '[x](<javascript:alert(1)>)'],
  ['vbscript', '[x](vbscript:msgbox(1))'],
  ['data: html', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
  ['autolink javascript', '<javascript:alert(1)>'],
  ['autolink data', '<data:text/html,<script>alert(1)</script>>'],
  ['reference link', '[x][r]\n\n[r]: javascript:alert(1)'],
  ['reference link, encoded', '[x][r]\n\n[r]: &#106;avascript:alert(1) "t"'],
  ['raw HTML script', '<script>alert(1)</script>'],
  ['raw HTML handler', '<p onclick="alert(1)">x</p>'],
  ['raw HTML link', '<a href="javascript:alert(1)">x</a>'],
  ['inline raw HTML', 'texto <img src=x onerror=alert(1)> texto'],
  ['image javascript', '![x](javascript:alert(1))'],
  ['image data svg', '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'],
  ['image elsewhere', '![x](https://evil.example/x.png "legenda")'],
  ['image protocol-relative', '![x](//evil.example/x.png)'],
  ['image path escape', '![x](imagens/../../segredo.webp)'],
  ['image with quote in alt', '![x" onerror="alert(1)](imagens/a.webp)'],
  ['video with markup in its title', 'https://youtu.be/M7lc1UVf-VE "<script>alert(1)</script>"'],
  ['tool card with markup in its text', '/alugar-ou-comprar "<script>alert(1)</script>"'],
  ['tool card with a hostile query', '/custos-da-compra?valor=1&cidade=%22%3E%3Cscript%3E'],
  ['footnote with raw HTML', 'x[^a]\n\n[^a]: <img src=x onerror=alert(1)>'],
  ['table with raw HTML', '| a |\n|---|\n| <a href="javascript:alert(1)">x</a> |'],
];

describe('hostile Markdown, converted then sanitized, is inert', () => {
  it.each(HOSTILE_MARKDOWN)('%s', (_, markdown) => {
    const served = readBody(markdownToHtml(`${WORDS}\n\n${markdown}`).html).html;
    // Read again, nothing the policy refuses; sanitizing again changes nothing.
    expect(readBody(served, { report: true }).findings).toEqual([]);
    expect(readBody(served).html).toBe(served);
    expect(served).not.toMatch(/<script|<iframe|\bon[a-z]+=|\bstyle=|\bsrcdoc=/i);
    // Every address left, resolved as a browser does on an article page, is the web's: never a script.
    for (const [, url] of served.matchAll(/\b(?:href|src)="([^"]*)"/g)) {
      expect(new URL(url!.replaceAll('&amp;', '&'), 'https://casaempauta.example/noticia/a').protocol).toBe('https:');
    }
  });
});
