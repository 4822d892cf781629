/// <reference types="vite/client" />
import type { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { markdownToHtml } from '#src/checking/markdown-body.ts';
import { FIGURE_EVENT } from '#src/newsroom/shared/names.ts';
import { setUpBodyEditor } from '../../client/newsroom/editor/body-editor';
import { tabSeparatedTable } from '../../client/newsroom/editor/paste';
import docs from '../fixtures/pasted/google-docs.html?raw';
import word from '../fixtures/pasted/word.html?raw';

/**
 * The body editor in the form (client/newsroom/editor/body-editor.ts). Pasting: what Word and Google
 * Docs put on the clipboard is cleaned by the check's own rules, the
 * journalist is told what went, and the Markdown written back is what the
 * check accepts.
 */

/** What Excel puts on the clipboard: a table of plain cells, no header cells (as test/e2e/newsroom/newsroom-editor.spec.ts pastes it). */
const EXCEL =
  '<html><body><!--StartFragment--><table border=0 cellpadding=0 cellspacing=0 width=256><col width=128 span=2><tr height=20><td height=20 class=xl65 width=128>Etapa</td><td class=xl65 width=128>Custo</td></tr><tr height=20><td height=20>Demolição</td><td>R$ 1.500</td></tr><!--EndFragment--></table></body></html>';

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

function draftBody(markdown = '') {
  document.body.innerHTML = `<form><label for="campo-corpo">Texto</label><p id="dica-corpo">dica</p>
    <textarea id="campo-corpo" name="corpo" aria-describedby="dica-corpo" data-body-editor data-media="/redacao/midia/"></textarea></form>`;
  const textarea = document.querySelector('textarea')!;
  textarea.value = markdown;
  editor = setUpBodyEditor(textarea);
  const said = () => document.querySelector('.nr-ed-pasted')?.textContent ?? '';
  return { textarea, editor, said };
}

/** What the site's Markdown reader notes in a text (a table it cannot read, an image it leaves out…); the preview's check is in test/e2e/newsroom/newsroom-editor.spec.ts. */
const notes = (markdown: string) => markdownToHtml(markdown, 'Título').notes;

describe('a paste from Word', () => {
  it('keeps the text, bold, italics and the table, without Word markup, and says what went', () => {
    const { textarea, editor, said } = draftBody();
    editor.view.pasteHTML(word);
    const markdown = textarea.value;
    expect(markdown).toContain('**Financiamento imobiliário cresce no semestre**');
    expect(markdown).toContain('*segundo analistas ouvidos pela reportagem*');
    expect(markdown).toMatch(/^\| .+ \|\n\| --- \| --- \|/m);
    // A single non-breaking space is the writer's (R$ 98), kept; runs of them are gone.
    expect(markdown).toContain('R$\u00a098 bilhões');
    expect(markdown).not.toMatch(/<|&nbsp;|·|Mso|\u00a0{2}/);
    expect(notes(markdown)).toEqual([]);
    expect(said()).toContain('tiradas as fontes, cores e tamanhos do Word ou do Google Docs');
    expect(said()).toContain('tirados 2 marcadores de lista desenhados pelo Word');
    expect(said()).toContain('trocada 1 sequência de espaços fixos por um espaço');
    // Said in what the journalist sees: no markup they never typed.
    expect(said()).not.toMatch(/<\w/);
  });
});

describe('a paste from Google Docs', () => {
  it('is not all bold, and its links go to their real address', () => {
    const { textarea, editor, said } = draftBody();
    editor.view.pasteHTML(docs);
    const markdown = textarea.value;
    expect(markdown).not.toContain('google.com/url');
    expect(markdown).toMatch(/\]\(https:\/\/(?!www\.google)/);
    expect(markdown.split('\n')[0]).not.toMatch(/^\*\*.*\*\*$/);
    expect(notes(markdown)).toEqual([]);
    expect(said()).toContain('o Google Docs marcou o texto colado como negrito sem que fosse');
    expect(said()).toContain('de redirecionamento do Google pelo endereço de destino');
  });
});

describe('a table from a spreadsheet', () => {
  it("Excel's HTML becomes a table whose first row heads the columns", () => {
    const { textarea, editor } = draftBody('Os custos:');
    editor.commands.focus('end');
    editor.view.pasteHTML(EXCEL);
    expect(textarea.value).toBe('Os custos:\n\n| Etapa | Custo |\n| --- | --- |\n| Demolição | R$ 1.500 |\n');
  });

  it('tab-separated lines (the plain-text copy) become the same table', () => {
    const table = tabSeparatedTable('Etapa\tCusto\r\nDemolição\tR$ 1.500\n');
    expect(table).not.toBeNull();
    const { textarea, editor } = draftBody();
    editor.view.pasteHTML(table!);
    expect(textarea.value).toBe('| Etapa | Custo |\n| --- | --- |\n| Demolição | R$ 1.500 |\n');
  });

  it('a line break inside a cell becomes a space: a Markdown row is one line', () => {
    const { textarea, editor } = draftBody();
    editor.view.pasteHTML('<table><tr><th>Etapa</th><th>Custo</th></tr><tr><td>Demolição<br>e entulho</td><td>R$ 1.500</td></tr></table>');
    expect(textarea.value).toBe('| Etapa | Custo |\n| --- | --- |\n| Demolição e entulho | R$ 1.500 |\n');
  });

  it('one line, or lines without tabs, are text', () => {
    expect(tabSeparatedTable('Etapa\tCusto')).toBeNull();
    expect(tabSeparatedTable('Etapa\tCusto\nDemolição')).toBeNull();
  });
});

describe('plain text', () => {
  it('a YouTube address alone is the video line, kept as written', () => {
    const { textarea, editor } = draftBody('Antes.');
    editor.commands.focus('end');
    editor.view.pasteText('https://www.youtube.com/watch?v=ab_cd-EF_gh');
    expect(textarea.value).toBe('Antes.\n\nhttps://www.youtube.com/watch?v=ab_cd-EF_gh\n');
    expect(markdownToHtml(textarea.value, 'Título').html).toContain('<iframe src="https://www.youtube-nocookie.com/embed/ab_cd-EF_gh');
  });
});

describe('images for the text', () => {
  it('one uploaded with the picker goes in at the cursor as a figure, and the toolbar inserts it again from the list', () => {
    const { textarea, editor } = draftBody('Antes.');
    const list = document.createElement('ul');
    list.dataset.figures = '';
    list.innerHTML = '<li><img src="/redacao/midia/3f9a0c21bd-480w.webp" alt=""><code>imagens/3f9a0c21bd.webp</code></li>';
    textarea.form!.append(list);
    editor.commands.focus('end');
    const uploaded = new CustomEvent(FIGURE_EVENT, {
      detail: { alt: 'Planta da cozinha em L', name: '3f9a0c21bd.webp' },
      cancelable: true,
    });
    // Taken by the editor: the picker does not write the line itself.
    expect(textarea.dispatchEvent(uploaded)).toBe(false);
    expect(textarea.value).toBe('Antes.\n\n![Planta da cozinha em L](imagens/3f9a0c21bd.webp)\n');
    // The next thing typed goes after it, not in its place.
    editor.commands.insertContent('Depois.');
    expect(textarea.value).toBe('Antes.\n\n![Planta da cozinha em L](imagens/3f9a0c21bd.webp)\n\nDepois.\n');
    [...document.querySelectorAll<HTMLButtonElement>('.nr-ed-button')].find((b) => b.textContent === 'Imagem')!.click();
    document.querySelector<HTMLButtonElement>('button[aria-label="Inserir imagens/3f9a0c21bd.webp"]')!.click();
    expect(textarea.value).toBe(
      'Antes.\n\n![Planta da cozinha em L](imagens/3f9a0c21bd.webp)\n\nDepois.\n\n![Planta da cozinha em L](imagens/3f9a0c21bd.webp)\n',
    );
  });

  it('in the Markdown view, the picker writes the line itself', () => {
    const { textarea } = draftBody('Antes.');
    [...document.querySelectorAll<HTMLButtonElement>('.nr-ed-button')].find((b) => b.textContent === 'Markdown')!.click();
    expect(textarea.hidden).toBe(false);
    const uploaded = new CustomEvent(FIGURE_EVENT, { detail: { alt: 'Planta', name: '3f9a0c21bd.webp' }, cancelable: true });
    expect(textarea.dispatchEvent(uploaded)).toBe(true);
  });
});
