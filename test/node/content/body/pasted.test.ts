import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readFrontMatter } from '#src/checking/front-matter.ts';
import { markdownToHtml } from '#src/checking/markdown-body.ts';
import { cleanPastedMarkup, describeCleaned } from '#src/checking/pasted-markup.ts';
import type { Problem } from '#src/checking/problems.ts';
import { readBody } from '#src/content/body/body-html.ts';
import { checkContent } from '../../../../scripts/content/check/check-folder';
import { cleanFixtures, tempFolder } from '../fixtures';

afterAll(cleanFixtures);

const TODAY = new Date(2026, 0, 1);
/** What Word (16, Windows) and Google Docs put on the clipboard as HTML, as editors paste it. */
const WORD = readFileSync('test/fixtures/pasted/word.html', 'utf8');
const DOCS = readFileSync('test/fixtures/pasted/google-docs.html', 'utf8');

const said = (html: string) => cleanPastedMarkup(html).cleaned.map((cleaned) => `${cleaned.line}: ${describeCleaned(cleaned)}`);

describe('what Word leaves in a pasted body', () => {
  const { html } = cleanPastedMarkup(WORD);

  it('is taken out: spans, <o:p>, <font>, class="MsoNormal", style=, table attributes, &nbsp; runs, empty paragraphs, fake bullets', () => {
    expect(html).not.toMatch(/<span|<o:p|<\/o:p|<font|class=|style=|width=|valign=|border=|cellspacing=|Mso|&nbsp;&nbsp;|·/);
    expect(said(WORD)).toEqual([
      '1: removidos 29 atributos de formatação (style=, class="MsoNormal", width=, align=…): a folha de estilos do site formata o artigo',
      '1: removidas 9 marcações <span> copiadas do Word ou do Google Docs (o texto fica; negrito e itálico viram <strong> e <em>)',
      '4: removidas 9 marcações do Word como <o:p> (o texto fica)',
      '6: trocada 1 sequência de espaços fixos (&nbsp;) por um espaço simples',
      '12: removido 1 parágrafo vazio (só com espaços)',
      '14: removidos 2 marcadores de lista desenhados pelo Word (·, o): os itens ficam como parágrafos',
      '27: removida 1 marcação <font> (o texto fica)',
    ]);
  });

  it('keeps every word, the bold and italics, a single &nbsp; (R$ 98) and the table', () => {
    const text = (body: string) => readBody(body, { report: true }).text.replace(/\s+/g, ' ').trim();
    expect(text(html)).toBe(text(WORD).replace(/·\s*/g, '').replace(/\s+/g, ' ').trim());
    expect(html).toContain('<p><b>\n\nFinanciamento\nimobiliário cresce no semestre</b></p>');
    expect(html).toContain('<i>segundo analistas\nouvidos pela reportagem</i>');
    expect(html).toContain('R$&nbsp;98 bilhões');
    expect(html).toMatch(/<table>\s*<tr>\s*<td><p>Fonte<\/p><\/td>/);
  });

  it('keeps every line where it was, so later findings name the editor’s lines', () => {
    expect(html.split('\n')).toHaveLength(WORD.split('\n').length);
  });

  it('leaves nothing the body policy refuses or changes', () => {
    const read = readBody(html, { report: true });
    expect(read.findings).toEqual([]);
  });
});

describe('what Google Docs leaves in a pasted body', () => {
  const { html } = cleanPastedMarkup(DOCS);

  it('is taken out: <meta>, the docs-internal-guid wrapper, a span per run, dir="ltr" and style=, the redirect links', () => {
    expect(said(DOCS)).toEqual([
      '1: removida 1 marcação <meta> que veio com o texto colado',
      '1: removido o invólucro <b id="docs-internal-guid-…"> que o Google Docs põe em volta do texto colado (não é negrito)',
      '1: removidos 6 atributos de formatação (style=, class="MsoNormal", width=, align=…): a folha de estilos do site formata o artigo',
      '1: removidas 8 marcações <span> copiadas do Word ou do Google Docs (o texto fica; negrito e itálico viram <strong> e <em>)',
      '1: trocada 1 sequência de espaços fixos (&nbsp;) por um espaço simples',
      '1: trocado 1 link de redirecionamento do Google (google.com/url?q=…) pelo endereço de destino',
    ]);
    expect(html).not.toMatch(/<meta|docs-internal-guid|<span|style=|dir=|google\.com\/url/);
  });

  it('keeps a run in bold as <strong>, one in italics as <em>, and the link to where it pointed', () => {
    expect(html).toContain('subiu <strong>5,4% em doze meses</strong>, acima');
    expect(html).toContain('<em>Quem pensa em comprar</em> deve');
    expect(html).toContain('<a href="https://www.fipe.org.br/pt-br/indices/fipezap/">série completa do índice</a>');
    expect(readBody(html, { report: true }).findings).toEqual([]);
  });
});

describe('the policy still judges everything that is not a word processor’s formatting', () => {
  it.each([
    ['a span with an event handler', '<p>a <span onclick="alert(1)">b</span></p>', 'body: <span>'],
    ['a font with an event handler', '<p><font onmouseover="x()">b</font></p>', 'body: <font>'],
    ['a script beside the paste', '<p class="MsoNormal">a</p><script>alert(1)</script>', 'body: <script>'],
    [
      'a javascript: link in a Docs redirect',
      '<p><a href="https://www.google.com/url?q=javascript:alert(1)&amp;sa=D">x</a></p>',
      'body: href=',
    ],
    [
      'an outside image in a Word paragraph',
      '<p class=MsoNormal><img src="https://exemplo.com/a.png" alt="uma imagem de fora"></p>',
      'body: <img>',
    ],
  ])('%s is refused', (_, pasted, field) => {
    const { html } = cleanPastedMarkup(pasted);
    const findings = readBody(html, { report: true }).findings;
    expect(findings.map((finding) => `body: ${finding.subject}`)).toContain(field);
  });

  it('a body nested thousands of levels deep is cleaned down to the depth the policy allows, without exhausting the stack', () => {
    const deep = `${'<blockquote><span class="MsoNormal">'.repeat(4_000)}texto${'</span></blockquote>'.repeat(4_000)}`;
    const { html, cleaned } = cleanPastedMarkup(deep);
    // The outer levels' Word spans go; below the policy's depth the sanitizer unwraps everything anyway.
    expect(cleaned.map((c) => c.kind)).toEqual(['span']);
    expect(html.length).toBeLessThan(deep.length);
    expect(html).toContain('texto');
  });

  it('a body with none of it is left byte for byte as written', () => {
    const written = '<p>Texto&nbsp;com um espaço fixo, <b>negrito</b> e <a href="/noticia/x">link</a>.</p>\n<pre>a&nbsp;&nbsp;b</pre>';
    expect(cleanPastedMarkup(written)).toEqual({ html: written, cleaned: [] });
  });
});

/** A Markdown article folder with `body` after the sample's front matter. */
function markdownFolder(slug: string, front: string, body: string): string {
  const dir = join(tempFolder(), slug);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'imagem.webp'), readFileSync('content/como-decorar-apartamentos-pequenos/imagem.webp'));
  writeFileSync(join(dir, 'index.md'), `---\n${front}imagem: imagem.webp\n---\n\n${body}\n`);
  return dir;
}

const FRONT =
  'titulo: Um título de teste com tamanho adequado\n' +
  'descricao: Uma descrição de teste com tamanho suficiente para cards e resultados de busca.\n' +
  'data: 2025-06-01\n' +
  'alt: Uma imagem de teste, sala com sofá e prateleiras\n';

const bodyProblems = (problems: Problem[]) => problems.filter((p) => p.field.startsWith('body') || p.field === 'index.md');

describe('a paste, through the whole check', () => {
  it('Word HTML in index.md: the warnings name the lines of index.md, and what is published is clean', async () => {
    const dir = markdownFolder('colado-do-word', FRONT, `Primeiro parágrafo escrito no próprio arquivo.\n\n${WORD}`);
    const { problems, articles } = await checkContent(dir, [], TODAY);
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    // Lines 1-7 the front matter, 8 blank, 9 the first paragraph, 10 blank: the paste starts on line 11.
    expect(bodyProblems(problems).map((p) => p.message.slice(0, 9))).toEqual([
      'linha 11:',
      'linha 11:',
      'linha 14:',
      'linha 16:',
      'linha 22:',
      'linha 24:',
      'linha 37:',
    ]);
    const published = articles[0]!.body;
    expect(published).not.toMatch(/<span|<o:p|<font|class=|style=|&nbsp;&nbsp;/);
    expect(published).toContain('<p>Primeiro parágrafo escrito no próprio arquivo.</p>');
  });

  it('Google Docs HTML pasted into index.md is refused, never published, first with what happened and the way out', async () => {
    const dir = markdownFolder('colado-do-docs', FRONT, DOCS);
    const { problems, articles } = await checkContent(dir, [], TODAY);
    expect(articles).toEqual([]);
    const errors = problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => p.field)).toContain('body: <p>');
    const first = errors.find((p) => p.field.startsWith('body'))!;
    expect(first.message).toMatch(/^linha \d+: isto é o HTML que o Google Docs copia, colado no index\.md/);
    expect(first.hint).toContain('cole o texto de novo como texto simples (Ctrl+Shift+V)');
  });

  it('Docs markup that Markdown reads cleanly gets the cleaning warnings only, not the paste error', async () => {
    const paragraph = `<b style="font-weight:normal;" id="docs-internal-guid-1a2b"><span style="font-size:11pt">${'Texto do artigo com palavras suficientes para a verificação. '.repeat(20)}</span></b>`;
    const { problems, articles } = await checkContent(markdownFolder('docs-limpo', FRONT, paragraph), [], TODAY);
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(articles).toHaveLength(1);
  });

  it('&nbsp; runs typed (or pasted as text) in Markdown become one space, with a warning', async () => {
    const text = `${'Texto corrido do artigo com palavras suficientes. '.repeat(20)}\n\nO preço subiu\u00a0\u00a0\u00a0 12% no ano.`;
    const { problems, articles } = await checkContent(markdownFolder('espacos', FRONT, text), [], TODAY);
    expect(bodyProblems(problems).map((p) => p.message)).toEqual([
      'linha 11: trocada 1 sequência de espaços fixos (&nbsp;) por um espaço simples',
    ]);
    expect(articles[0]!.body).toContain('O preço subiu 12% no ano.');
  });

  it('hundreds of pasted paragraphs give a handful of warnings, never hundreds of errors', async () => {
    const paragraph = WORD.split('\n\n')[1]!;
    const long = Array(300).fill(paragraph).join('\n\n');
    const { problems } = await checkContent(markdownFolder('colado-longo', FRONT, long), [], TODAY);
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(bodyProblems(problems).length).toBeLessThanOrEqual(4);
    expect(bodyProblems(problems)[0]!.message).toMatch(/^linha 9: removidos 300 atributos de formatação/);
  });
});

describe('what Word does to the front matter', () => {
  it('curly quotes around a text with ": " are refused with the exact line to write', () => {
    const front = readFrontMatter('---\ntitulo: “Reforma: por onde começar”\n---\n');
    expect(front.faults).toEqual([
      {
        line: 2,
        column: 9,
        message: 'linha 2, coluna 9: o valor está entre aspas curvas (“ ”), que o Word põe no lugar das retas, e o YAML não as entende',
        hint: 'escreva a linha assim: titulo: "Reforma: por onde começar"',
      },
    ]);
  });

  it('curly quotes around a whole value that YAML reads are taken off, with a warning saying how to keep them', async () => {
    const dir = markdownFolder(
      'aspas-curvas',
      FRONT.replace('titulo: Um título de teste com tamanho adequado', 'titulo: “Um título de teste com tamanho adequado”'),
      'Texto corrido do artigo com palavras suficientes. '.repeat(20),
    );
    const { problems, articles } = await checkContent(dir, [], TODAY);
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(bodyProblems(problems)).toEqual([
      expect.objectContaining({
        severity: 'warning',
        message: expect.stringMatching(/^linha 2: tiradas as aspas curvas em volta de "titulo"/),
        hint: expect.stringContaining("titulo: '“Um título de teste com tamanho adequado”'"),
      }),
    ]);
    expect(articles[0]!.item.titulo).toBe('Um título de teste com tamanho adequado');
  });

  it('a date typed 24/11/2026 is refused with the date to write', async () => {
    const dir = markdownFolder('data-digitada', FRONT.replace('data: 2025-06-01', 'data: 24/11/2026'), 'Texto corrido. '.repeat(90));
    const { problems } = await checkContent(dir, [], TODAY);
    const data = problems.filter((p) => p.field === 'data');
    expect(data).toEqual([expect.objectContaining({ severity: 'error', hint: expect.stringContaining('2026-11-24') })]);
    expect(data[0]!.message).toMatch(/^linha 4: /);
  });
});

describe("the site's own markup is no paste", () => {
  it('a tool card drawn from its Markdown line keeps its class and spans, and nothing is said about it', () => {
    const card = markdownToHtml('/custos-da-compra "Os custos do exemplo"').html;
    expect(cleanPastedMarkup(card)).toEqual({ html: card, cleaned: [] });
  });
});
