import MarkdownIt, { type MarkdownIt as Reader } from 'markdown-it';
import footnote from 'markdown-it-footnote';
import { TOOL_LINE } from './tool-card';

/**
 * How this site reads an article's Markdown, shared by the check and publish
 * (src/checking/markdown-body.ts, which adds the portal's own rules) and the
 * newsroom's rich text editor (client/newsroom/editor/), so the editor splits
 * a text into the very blocks the site renders.
 *
 * CommonMark, tables, strikethrough and footnotes. `html`: raw HTML is
 * allowed, as in body.html, and judged by the body policy. `linkify` off: a
 * link is what the editor wrote as one, never a word that looks like a domain
 * ("imoveis.com.br") or a video's address (which stands alone for the player).
 * `typographer` off: the editors' quotes and dashes stay as typed.
 */
export function markdownReader(): Reader {
  return new MarkdownIt('commonmark', { html: true, linkify: false, typographer: false, xhtmlOut: false })
    .enable(['table', 'strikethrough'])
    .use(footnote);
}

/** A YouTube address alone in its paragraph, with an optional title in double quotes after it: the site shows the video. */
export const VIDEO_LINE =
  /^(?:https?:\/\/(?:(?:www\.|m\.)?youtube\.com\/watch\?(?:\S*&)?v=([A-Za-z0-9_-]{11})(?:&\S*)?|youtu\.be\/([A-Za-z0-9_-]{11})(?:\?\S*)?))(?:[ \t]+"([^"\n]*)")?$/;

/**
 * A line the site shows as something other than text when it stands alone in
 * its paragraph: a video's address (VIDEO_LINE) or a tool's (shared/tool-card.ts,
 * TOOL_LINE). The editor keeps it exactly as typed.
 */
export const isAddressLine = (text: string) => VIDEO_LINE.test(text) || TOOL_LINE.test(text);
