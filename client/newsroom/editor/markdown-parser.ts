import type { Schema } from '@tiptap/pm/model';
import type { MarkdownIt, StateCore, Token } from 'markdown-it';
import { MarkdownParser } from 'prosemirror-markdown';
import { isAddressLine, markdownReader } from '../../../shared/markdown-reader';

/**
 * The body's Markdown in and out of the rich text editor. Read with the site's
 * own Markdown reader (shared/markdown-reader.ts: the same markdown-it and
 * options the check and publish use), so the editor sees the very blocks the
 * site renders; turned into the editor's document with prosemirror-markdown's
 * parser, and written back with its serializer (markdown-writer.ts).
 *
 * What the editor cannot show as rich text is kept as written: each top-level
 * block with something the editor has no form for (a video line, raw HTML, a
 * code block, an image inside text, a heading of level 1, 5 or 6, an inline
 * footnote, a paragraph of tab-separated lines) and every line between blocks
 * that is not blank (footnote and link definitions) becomes a `rawMarkdown`
 * node holding its exact lines, written back untouched.
 */

/** Inline tokens the editor shows as rich text (footnote references need their label, see below). */
const RICH_INLINE = new Set([
  'text',
  'softbreak',
  'hardbreak',
  'em_open',
  'em_close',
  'strong_open',
  'strong_close',
  's_open',
  's_close',
  'link_open',
  'link_close',
  'code_inline',
  'footnote_ref',
]);

/** Block tokens the editor shows as rich text (headings only at the levels a body may use). */
const RICH_BLOCK = new Set([
  'paragraph_open',
  'paragraph_close',
  'heading_open',
  'heading_close',
  'blockquote_open',
  'blockquote_close',
  'bullet_list_open',
  'bullet_list_close',
  'ordered_list_open',
  'ordered_list_close',
  'list_item_open',
  'list_item_close',
  'hr',
  'table_open',
  'table_close',
  'thead_open',
  'thead_close',
  'tbody_open',
  'tbody_close',
  'tr_open',
  'tr_close',
  'th_open',
  'th_close',
  'td_open',
  'td_close',
  'inline',
]);

/** The heading levels a body uses (src/checking/markdown-notes.ts, HEADING_LEVELS): others stay as written. */
export const EDITOR_HEADING_LEVELS = [2, 3, 4] as const;

const isRichInline = (token: Token) =>
  RICH_INLINE.has(token.type) && (token.type !== 'footnote_ref' || typeof token.meta?.label === 'string');

/** A paragraph the site shows as something other than text: a video line, or tab-separated lines (a table). */
const isSpecialParagraph = (inline: Token) => isAddressLine(inline.content.trim()) || inline.content.includes('\t');

/** Whether the editor shows these tokens (one top-level block) as rich text. */
function isRich(tokens: readonly Token[]): boolean {
  return tokens.every((token, i) => {
    if (!RICH_BLOCK.has(token.type)) return false;
    if (token.type === 'heading_open') return (EDITOR_HEADING_LEVELS as readonly number[]).includes(Number(token.tag.slice(1)));
    if (token.type !== 'inline') return true;
    if (tokens[i - 1]?.type === 'paragraph_open' && isSpecialParagraph(token)) return false;
    return (token.children ?? []).every(isRichInline);
  });
}

/** A paragraph that is an image alone: the site's figure (its title the caption). */
function figureOf(tokens: readonly Token[]): Token | null {
  const children = tokens[1]?.children ?? [];
  return tokens.length === 3 && tokens[0]!.type === 'paragraph_open' && children.length === 1 && children[0]!.type === 'image'
    ? children[0]!
    : null;
}

/**
 * Replaces, in the token stream, what the editor cannot show with `raw`
 * tokens holding the source's lines, and shapes the rest for the parser:
 * a figure is a block of its own, a table cell's text a paragraph (the
 * editor's cells hold blocks), a soft break a newline in the text.
 */
function keepUnknownAsWritten(state: StateCore): void {
  const lines = state.src.split('\n');
  const out: Token[] = [];
  const raw = (from: number, to: number) => {
    let start = from;
    let end = to;
    while (start < end && lines[start]!.trim() === '') start++;
    while (end > start && lines[end - 1]!.trim() === '') end--;
    if (start === end) return;
    const token = new state.Token('raw', '', 0);
    token.content = lines.slice(start, end).join('\n');
    token.block = true;
    out.push(token);
  };
  let line = 0;
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const first = tokens[i]!;
    // The footnotes' list, which the footnote rule appends at the end: their lines are kept as written (between blocks).
    if (first.type === 'footnote_block_open') break;
    let j = i;
    for (let depth = first.nesting; depth > 0; ) depth += tokens[++j]!.nesting;
    const block = tokens.slice(i, j + 1);
    i = j;
    const map = first.map;
    if (!map) continue;
    raw(line, map[0]);
    line = map[1];
    const figure = figureOf(block);
    if (figure) {
      figure.type = 'figure';
      out.push(figure);
    } else if (isRich(block)) {
      for (const token of block) {
        for (const child of token.children ?? []) {
          if (child.type !== 'softbreak') continue;
          child.type = 'text';
          child.content = '\n';
        }
        const cell = token.type === 'th_open' || token.type === 'td_open';
        const cellEnd = token.type === 'th_close' || token.type === 'td_close';
        if (cellEnd) out.push(new state.Token('paragraph_close', 'p', -1));
        out.push(token);
        if (cell) out.push(new state.Token('paragraph_open', 'p', 1));
      }
    } else raw(map[0], map[1]);
  }
  raw(line, lines.length);
  state.tokens = out;
}

/** The site's reader, plus the rule above: what the editor parses. */
function editorReader(): MarkdownIt {
  const md = markdownReader();
  md.core.ruler.push('editor_raw_blocks', keepUnknownAsWritten);
  return md;
}

/** Whether a list is tight (no blank lines between items): its items' paragraphs are hidden. */
function listIsTight(tokens: readonly Token[], i: number): boolean {
  for (let k = i + 1; k < tokens.length; k++) if (tokens[k]!.type !== 'list_item_open') return tokens[k]!.hidden;
  return false;
}

/** Markdown → the editor's document, for a schema with the editor's nodes (./extensions.ts). */
export function markdownParser(schema: Schema): MarkdownParser {
  return new MarkdownParser(schema, editorReader(), {
    paragraph: { block: 'paragraph' },
    heading: { block: 'heading', getAttrs: (token) => ({ level: Number(token.tag.slice(1)) }) },
    blockquote: { block: 'blockquote' },
    bullet_list: { block: 'bulletList', getAttrs: (_, tokens, i) => ({ tight: listIsTight(tokens, i) }) },
    ordered_list: {
      block: 'orderedList',
      getAttrs: (token, tokens, i) => ({ start: Number(token.attrGet('start') ?? 1), tight: listIsTight(tokens, i) }),
    },
    list_item: { block: 'listItem' },
    hr: { node: 'horizontalRule' },
    table: { block: 'table' },
    thead: { ignore: true },
    tbody: { ignore: true },
    tr: { block: 'tableRow' },
    th: { block: 'tableHeader' },
    td: { block: 'tableCell' },
    hardbreak: { node: 'hardBreak' },
    em: { mark: 'italic' },
    strong: { mark: 'bold' },
    s: { mark: 'strike' },
    link: { mark: 'link', getAttrs: (token) => ({ href: token.attrGet('href'), title: token.attrGet('title') || null }) },
    code_inline: { mark: 'code', noCloseToken: true },
    footnote_ref: { node: 'footnoteRef', getAttrs: (token) => ({ label: String(token.meta.label) }) },
    figure: {
      node: 'image',
      getAttrs: (token) => ({
        src: token.attrGet('src'),
        alt: token.children?.map((child) => child.content).join('') ?? '',
        title: token.attrGet('title') || null,
      }),
    },
    raw: { node: 'rawMarkdown', getAttrs: (token) => ({ text: token.content }) },
  });
}
