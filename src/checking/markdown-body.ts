import type { StateCore, Token } from 'markdown-it';
import { markdownReader, VIDEO_LINE } from '#shared/markdown-reader.ts';
import { TOOL_LINE } from '#shared/tool-card.ts';
import { videoEmbedUrl, videoOfArticle } from '#shared/video-embed.ts';
import { toolCardHtml, toolCardOf } from '../content/body/body-tool';
import { safeUrl } from '../content/body/html-policy';
import type { TextFault } from './editor-text';
import {
  type BodyNote,
  HEADING_LEVELS,
  headingLevel,
  imageFault,
  linkFault,
  refusedToolInputs,
  type Said,
  untitledVideo,
} from './markdown-notes';
import { brokenTable, tabSeparatedTable, unevenRow } from './markdown-tables';

/** The site's Markdown reader (shared/markdown-reader.ts), with the portal's rules below. */
const md = markdownReader();

const escapeHtml = md.utils.escapeHtml;

/** What the portal's rules read and write while the Markdown is parsed. */
type PortalEnv = {
  /** The article's title, which names a video given no title of its own. */
  articleTitle?: string;
  notes: BodyNote[];
};

/** A token that stands for the HTML given, in place of a paragraph. */
function htmlToken(state: StateCore, content: string, map: [number, number] | null): Token {
  const token = new state.Token('html_block', '', 0);
  token.content = content;
  token.block = true;
  token.map = map;
  return token;
}

/** A token turned into nothing: what the check refused, left out of the page (the note says what and where). */
function dropToken(token: Token): void {
  token.type = 'text';
  token.tag = '';
  token.nesting = 0;
  token.content = '';
  token.children = null;
}

/**
 * What a journalist wrote that the body policy would refuse once converted,
 * said here in the words written, at its line, and converted to what the
 * policy accepts (markdown-notes.ts): a heading of level 1, 5 or 6 is shown
 * at the nearest level the text uses; an image from outside imagens/ or
 * without a description, and a link to an address that is not the web's, are
 * left out.
 */
md.core.ruler.push('portal_checks', (state) => {
  const env = state.env as unknown as PortalEnv;
  let line = 1;
  for (let i = 0; i < state.tokens.length; i++) {
    const token = state.tokens[i]!;
    if (token.map) line = token.map[0] + 1;
    if (token.type === 'heading_open') {
      const level = Number(token.tag.slice(1));
      if (level >= HEADING_LEVELS.min && level <= HEADING_LEVELS.max) continue;
      const { shownAs, ...said } = headingLevel(level, state.tokens[i + 1]?.content ?? '', token.markup);
      env.notes.push({ ...said, line });
      token.tag = `h${shownAs}`;
      state.tokens[i + 2]!.tag = `h${shownAs}`;
      continue;
    }
    if (token.type !== 'inline') continue;
    const children = token.children ?? [];
    let at = line;
    for (let j = 0; j < children.length; j++) {
      const child = children[j]!;
      if (child.type === 'softbreak' || child.type === 'hardbreak') at++;
      let said: Said | null = null;
      if (child.type === 'image') {
        said = imageFault(String(child.attrGet('src') ?? ''), md.renderer.renderInlineAsText(child.children ?? [], md.options, state.env));
        if (said) dropToken(child);
      } else if (child.type === 'link_open' && safeUrl(String(child.attrGet('href') ?? '')) === null) {
        said = linkFault(String(child.attrGet('href') ?? ''));
        dropToken(child);
        const close = children.findIndex((next, k) => k > j && next.type === 'link_close');
        if (close > 0) dropToken(children[close]!);
      }
      if (said) env.notes.push({ ...said, line: at });
    }
  }
});

/**
 * The forms an editor types for what a body shows beyond text: an image alone
 * in its paragraph is a figure (its title is the caption); a YouTube address
 * alone in its paragraph is the video (the site draws its facade), named by
 * its title or else as a video of the article; lines copied from a
 * spreadsheet (tab-separated) are a table; a quote of one paragraph is the
 * quote's text, as hand-written bodies have it. Rows of `|` Markdown does not
 * read as a table, or read with cells lost, are noted.
 */
md.core.ruler.push('portal_blocks', (state) => {
  const tokens = state.tokens;
  const env = state.env as unknown as PortalEnv;
  const source = state.src.split('\n');
  const note = (map: [number, number] | null, said: Said | null) => {
    if (said && map) env.notes.push({ ...said, line: map[0] + 1 });
  };
  const table = (fault: TextFault | null): Said | null => fault && { subject: 'tabela', severity: 'warning', ...fault };
  let columns = 0;
  for (let i = 0; i < tokens.length; i++) {
    const open = tokens[i]!;
    if (open.type === 'blockquote_open' && tokens[i + 1]?.type === 'paragraph_open' && tokens[i + 4]?.type === 'blockquote_close') {
      tokens[i + 1]!.hidden = true;
      tokens[i + 3]!.hidden = true;
      continue;
    }
    if (open.type === 'thead_open') columns = 0;
    if (open.type === 'th_open') columns++;
    if (open.type === 'tr_open' && tokens[i - 1]?.type !== 'thead_open' && open.map) {
      note(open.map, table(unevenRow(source[open.map[0]] ?? '', columns)));
    }
    if (open.type !== 'paragraph_open' || open.hidden || tokens[i + 2]?.type !== 'paragraph_close') continue;
    const inline = tokens[i + 1]!;
    const children = inline.children ?? [];
    const video = VIDEO_LINE.exec(inline.content.trim());
    const tool = video ? null : TOOL_LINE.exec(inline.content.trim());
    const lines = inline.content.split('\n');
    let html: string | null = null;
    if (children.length > 0 && children.every((child) => child.type === 'text' && child.content === '')) {
      html = ''; // all it held was refused (portal_checks): no empty paragraph
    } else if (video) {
      const id = (video[1] ?? video[2])!;
      const title = video[3]?.trim();
      if (!title) note(open.map, untitledVideo(video[0], env.articleTitle));
      html = `<iframe src="${videoEmbedUrl(id)}" title="${escapeHtml(title || videoOfArticle(env.articleTitle))}" allowfullscreen></iframe>\n`;
    } else if (tool) {
      const made = toolCardOf(tool[1]!, tool[2] ?? '', tool[3] ?? '')!;
      if (made.refused) note(open.map, refusedToolInputs(tool[0]));
      html = `<p>${toolCardHtml(made.card)}</p>\n`;
    } else if (children.length === 1 && children[0]!.type === 'image') {
      const image = children[0]!;
      const alt = md.renderer.renderInlineAsText(image.children ?? [], md.options, state.env);
      const src = String(image.attrGet('src') ?? '');
      const caption = String(image.attrGet('title') ?? '');
      html = `<figure>\n<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}">\n${caption ? `<figcaption>${escapeHtml(caption)}</figcaption>\n` : ''}</figure>\n`;
    } else {
      html = tabSeparatedTable(lines, (text) => md.renderInline(text, state.env));
      if (html === null) note(open.map, table(brokenTable(lines)));
    }
    if (html !== null) tokens.splice(i, 3, htmlToken(state, html, open.map));
  }
});

// Table cells without the alignment's style attribute (the policy allows none); header cells of the head say they head a column.
md.renderer.rules.th_open = () => '<th scope="col">';
md.renderer.rules.td_open = () => '<td>';
// Footnotes in the markup the policy allows (no id, no class, no section): a numbered mark, and the notes in that order after a rule.
md.renderer.rules.footnote_ref = (tokens, idx) => `<sup>[${Number(tokens[idx]!.meta?.id) + 1}]</sup>`;
md.renderer.rules.footnote_block_open = () => '<hr>\n<ol>\n';
md.renderer.rules.footnote_block_close = () => '</ol>\n';
md.renderer.rules.footnote_open = () => '<li>';
md.renderer.rules.footnote_close = () => '</li>\n';
md.renderer.rules.footnote_anchor = () => '';

/** A Markdown body as HTML, and where each line of that HTML came from. */
export interface ConvertedBody {
  html: string;
  /** The line of the Markdown (1 = its first) a line of the HTML (1 = its first) came from. */
  sourceLine: (htmlLine: number) => number;
  /** What the Markdown gives other than meant ({@link BodyNote}), at lines of the Markdown. */
  notes: BodyNote[];
}

const newlines = (text: string) => text.split('\n').length - 1;

/**
 * Converts a Markdown body to HTML: each top-level block rendered on its own,
 * the blocks separated by a blank line, so a line of
 * the HTML, which the body check names, leads back to the Markdown's.
 */
export function markdownToHtml(markdown: string, articleTitle?: string): ConvertedBody {
  const env: PortalEnv = { notes: [], ...(articleTitle ? { articleTitle } : {}) };
  const tokens = md.parse(markdown, env);
  const parts: string[] = [];
  const starts: { html: number; from: number; to: number; raw: boolean }[] = [];
  let htmlLine = 1;
  let lastLine = 0;
  for (let i = 0; i < tokens.length; ) {
    let j = i;
    if (tokens[i]!.nesting === 1) {
      let depth = 0;
      for (; j < tokens.length; j++) {
        depth += tokens[j]!.nesting;
        if (depth === 0) break;
      }
    }
    const first = tokens[i]!;
    const part = md.renderer.render(tokens.slice(i, j + 1), md.options, env);
    const [from, to] = first.map ?? [lastLine, lastLine + 1];
    lastLine = to;
    starts.push({ html: htmlLine, from, to, raw: first.type === 'html_block' && first.map !== null });
    parts.push(part);
    htmlLine += newlines(part) + 1;
    i = j + 1;
  }
  const html = parts.join('\n');
  return {
    html,
    notes: env.notes,
    sourceLine(line) {
      let at = starts[0];
      for (const start of starts) {
        if (start.html > line) break;
        at = start;
      }
      if (!at) return 1;
      // Raw HTML keeps its lines; any other block is named by its first line.
      return (at.raw ? Math.min(at.from + (line - at.html), at.to - 1) : at.from) + 1;
    },
  };
}
