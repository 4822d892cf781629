import { type Cleaned, type CleanedKind, cleanPastedMarkup } from '../../../src/newsroom/shared/pasted-markup';

/**
 * What a paste brings into the body editor, made fit for the site: HTML from
 * Word or Google Docs cleaned by the rules the check applies to a pasted body
 * (src/checking/pasted-markup.ts), each kind of thing taken out said to the
 * journalist; a table from Excel, Google Sheets or Word given its header row
 * (a Markdown table has one); a spreadsheet's plain-text copy (tab-separated
 * lines) made a table.
 */

/** The pasted HTML, cleaned, each table's first row made its header row, and what was cleaned. */
export function cleanPastedHtml(html: string): { html: string; cleaned: Cleaned[] } {
  const pasted = cleanPastedMarkup(html);
  return { html: withHeaderRow(pasted.html), cleaned: pasted.cleaned };
}

/**
 * Each table whose first row is of plain cells (Excel's, Sheets', Word's) with that row as its header
 * row, and without column widths (`<col>`), which Markdown cannot write and which, first in the HTML,
 * would make the editor read the paste as the inside of a table.
 */
function withHeaderRow(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const columns = [...doc.querySelectorAll('col, colgroup')];
  for (const column of columns) column.remove();
  const tables = [...doc.querySelectorAll('table')].filter((table) => !table.querySelector('th'));
  for (const table of tables) {
    const first = table.querySelector('tr');
    if (!first) continue;
    for (const cell of [...first.children]) {
      if (cell.tagName !== 'TD') continue;
      const header = doc.createElement('th');
      header.append(...cell.childNodes);
      cell.replaceWith(header);
    }
  }
  return tables.length > 0 || columns.length > 0 ? doc.body.innerHTML : html;
}

/** Tab-separated lines (two or more, each with a tab) as an HTML table, its first line the header row; null for other text. */
export function tabSeparatedTable(text: string): string | null {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n');
  if (lines.length < 2 || !lines.every((line) => line.includes('\t'))) return null;
  const doc = document.implementation.createHTMLDocument('');
  const table = doc.createElement('table');
  lines.forEach((line, index) => {
    const row = table.appendChild(doc.createElement('tr'));
    for (const cell of line.split('\t')) row.appendChild(doc.createElement(index === 0 ? 'th' : 'td')).textContent = cell.trim();
  });
  return table.outerHTML;
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many.replace('#', count.toLocaleString('pt-BR')));

/** What the journalist reads about one kind of thing taken out of a paste (pt-BR, in what they see, not markup). */
export function pastedNote({ kind, count }: { kind: CleanedKind; count: number }): string {
  switch (kind) {
    case 'span':
    case 'font':
    case 'office':
    case 'word-style':
    case 'meta':
      return 'tiradas as fontes, cores e tamanhos do Word ou do Google Docs (o texto, o negrito e o itálico ficam)';
    case 'docs-wrapper':
      return 'o Google Docs marcou o texto colado como negrito sem que fosse: essa marca saiu';
    case 'formatting-attribute':
      return `${plural(count, 'tirada 1 formatação', 'tiradas # formatações')} de alinhamento, largura ou cor: o site formata o artigo`;
    case 'list-bullet':
      return `${plural(count, 'tirado 1 marcador', 'tirados # marcadores')} de lista desenhados pelo Word: os itens ficaram como parágrafos; para uma lista, selecione-os e use o botão "Lista"`;
    case 'nbsp':
      return `${plural(count, 'trocada 1 sequência', 'trocadas # sequências')} de espaços fixos por um espaço`;
    case 'empty-paragraph':
      return `${plural(count, 'tirado 1 parágrafo vazio', 'tirados # parágrafos vazios')}`;
    case 'google-redirect':
      return `${plural(count, 'trocado 1 link', 'trocados # links')} de redirecionamento do Google pelo endereço de destino`;
  }
}

/** The notes of one paste, one per thing the journalist would notice (several kinds of Word markup are one note). */
export function pastedNotes(cleaned: readonly Cleaned[]): string[] {
  return [...new Set(cleaned.map(pastedNote))];
}
