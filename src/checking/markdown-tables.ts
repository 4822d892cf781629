import type { TextFault } from './editor-text';

/**
 * Tables as journalists bring them into index.md: text copied from Excel,
 * Google Sheets or a Word table arrives as tab-separated lines, which become a
 * table; rows of `|` that Markdown does not read as a table (no delimiter
 * row, or rows with another number of cells) are said, with their line and
 * the fix. Pure: the Markdown reader (markdown-article.ts) calls these on its
 * paragraphs and tables.
 */

/** A cell's text rendered as Markdown inline (escaped, links and emphasis kept). */
export type RenderInline = (text: string) => string;

/**
 * The table a paragraph of tab-separated lines is (what a spreadsheet's or a
 * Word table's copy gives as plain text), its first line heading the columns,
 * in the markup Markdown's own tables have; null when the paragraph is not
 * one: fewer than two lines, or a line without a tab.
 */
export function tabSeparatedTable(lines: readonly string[], renderInline: RenderInline): string | null {
  if (lines.length < 2 || !lines.every((line) => line.includes('\t'))) return null;
  const rows = lines.map((line) => line.split('\t').map((cell) => cell.trim()));
  const columns = Math.max(...rows.map((row) => row.length));
  const row = (cells: string[], tag: 'th' | 'td') =>
    `<tr>\n${Array.from({ length: columns }, (_, i) => `${tag === 'th' ? '<th scope="col">' : '<td>'}${renderInline(cells[i] ?? '')}</${tag}>\n`).join('')}</tr>\n`;
  const [head, ...body] = rows as [string[], ...string[][]];
  return `<table>\n<thead>\n${row(head, 'th')}</thead>\n<tbody>\n${body.map((cells) => row(cells, 'td')).join('')}</tbody>\n</table>\n`;
}

/** The cells of a table row as Markdown splits them: on every `|` not after a backslash, the outer pipes dropped. */
function cellCount(line: string): number {
  const cells = line.trim().split(/(?<!\\)\|/);
  if (cells[0] === '') cells.shift();
  if (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
  return cells.length;
}

/** A row of a table as typed (or saved by a rich text editor): it starts with `|` and has another `|` after it. */
const PIPE_ROW = /^\s*\|.*\|/;
/** Markdown's delimiter row: `|---|:--:|` (outer pipes optional). */
const DELIMITER_ROW = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;

/** The delimiter row for a table of `columns` columns. */
const delimiterFor = (columns: number) => `|${'---|'.repeat(Math.max(columns, 1))}`;

/**
 * What is wrong with a paragraph whose lines all look like table rows:
 * Markdown read it as text, so the page shows a paragraph of `|`. Null for
 * any other paragraph.
 */
export function brokenTable(lines: readonly string[]): TextFault | null {
  if (lines.length === 0 || !lines.every((line) => PIPE_ROW.test(line) || DELIMITER_ROW.test(line))) return null;
  const columns = cellCount(lines[0]!);
  const second = lines[1];
  if (second !== undefined && DELIMITER_ROW.test(second) && second.includes('-')) {
    const written = cellCount(second);
    return {
      message: `a linha dos títulos desta tabela tem ${columns} ${columns === 1 ? 'coluna' : 'colunas'}, e a linha de separação abaixo dela, ${written}: o site a mostra como um parágrafo de "|"`,
      hint: `escreva a linha de separação com uma coluna para cada título: ${delimiterFor(columns)}`,
    };
  }
  return {
    message: `estas linhas parecem uma tabela, mas falta a linha de separação (${delimiterFor(columns)}) depois da primeira: o site as mostra como um parágrafo de "|"`,
    hint: `logo abaixo da primeira linha (a dos títulos das colunas), escreva ${delimiterFor(columns)}, com um ---| para cada coluna`,
  };
}

/** What is wrong with a row of a table that has another number of cells than its title row: null when it has as many. */
export function unevenRow(line: string, columns: number): TextFault | null {
  const cells = cellCount(line);
  if (cells === columns) return null;
  return {
    message:
      cells > columns
        ? `esta linha da tabela tem ${cells} células, e a linha dos títulos ${columns}: ${cells - columns === 1 ? 'a última não aparece' : `as ${cells - columns} últimas não aparecem`}`
        : `esta linha da tabela tem ${cells} ${cells === 1 ? 'célula' : 'células'}, e a linha dos títulos ${columns}: ${columns - cells === 1 ? 'a que falta fica vazia' : 'as que faltam ficam vazias'}`,
    hint: `deixe a linha com ${columns} células, separadas por |, como a dos títulos (uma célula vazia é | |); um | dentro do texto de uma célula se escreve \\|`,
  };
}
