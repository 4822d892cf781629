import type { Element, ElementContent, Root, RootContent } from 'hast';
import { TOOL_CARD_CLASS, TOOL_CARD_TEXT_CLASS, toolAt } from '#shared/tool-card.ts';
import { VIDEO_FACADE_CLASS, VIDEO_LABEL_PREFIX, videoIdOfEmbedUrl } from '#shared/video-embed.ts';
import { embedVideo } from '#src/content/body/html-policy.ts';

// What of a live body Markdown writes the same way it reads back (html-to-markdown.ts):
// plain lists, links, images, figures, `|` tables and videos, and the footnotes
// and deep marks noted on the tree before the conversion.

/** Block elements: kept as HTML whole (their own lines), never opened as tags around Markdown. */
export const BLOCKS = new Set([
  'p',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'blockquote',
  'pre',
  'hr',
  'table',
  'figure',
  'iframe',
]);

export const FOOTNOTE_MARK = /^\[(\d{1,4})\]$/;

export const textOf = (node: Element | ElementContent): string =>
  node.type === 'text' ? node.value : node.type === 'element' ? node.children.map(textOf).join('') : '';

export const elementsIn = (node: Element | Root): Element[] =>
  (node.children as (ElementContent | RootContent)[]).filter((child): child is Element => child.type === 'element');

/** Whether a node is only white space (the line breaks between the blocks of published HTML). */
const isBlank = (node: ElementContent | RootContent) => node.type === 'text' && node.value.trim() === '';

/** The attributes an element carries, by their HTML names. */
export const attributesOf = (element: Element) => Object.keys(element.properties ?? {});

/** A list as Markdown writes it: items without attributes, and `start` alone on `<ol>`. */
export const plainList = (element: Element) =>
  attributesOf(element).every((name) => element.tagName === 'ol' && name === 'start') &&
  Number(element.properties.start ?? 1) >= 0 &&
  elementsIn(element).every((item) => attributesOf(item).length === 0);

/** A link Markdown writes the same way: an address, and perhaps a title. */
export const plainLink = (element: Element) =>
  typeof element.properties.href === 'string' && attributesOf(element).every((name) => name === 'href' || name === 'title');

/** An image Markdown writes (`![alt](src)`): a description, and no attribute but the size publishing writes again. */
export const plainImage = (element: Element) =>
  typeof element.properties.alt === 'string' && attributesOf(element).every((name) => ['src', 'alt', 'width', 'height'].includes(name));

/** The YouTube video an element shows, the way the site publishes it or serves it; null for anything else. */
export function videoOf(element: Element): { id: string; title: string } | null {
  const title = String(element.properties.title ?? '').trim();
  if (element.tagName === 'iframe') {
    const video = embedVideo(String(element.properties.src ?? ''));
    return video ? { id: video.id, title } : null;
  }
  const classes = element.properties.className;
  if (element.tagName !== 'a' || !Array.isArray(classes) || classes.join(' ') !== VIDEO_FACADE_CLASS) return null;
  const id = videoIdOfEmbedUrl(String(element.properties.href ?? ''));
  const label = String(element.properties.ariaLabel ?? '');
  return id === null ? null : { id, title: label.startsWith(VIDEO_LABEL_PREFIX) ? label.slice(VIDEO_LABEL_PREFIX.length).trim() : '' };
}

/** The tool card an element is, the way the site publishes and serves it (src/content/body/body-tool.ts); null for anything else. */
export function toolCardOf(element: Element): { href: string; text: string } | null {
  const classes = element.properties.className;
  if (element.tagName !== 'a' || !Array.isArray(classes) || classes.join(' ') !== TOOL_CARD_CLASS) return null;
  const href = String(element.properties.href ?? '');
  if (!href.startsWith('/') || toolAt(href.split('?')[0]!) === null) return null;
  const text = elementsIn(element).find((child) => {
    const names = child.properties.className;
    return Array.isArray(names) && names.join(' ') === TOOL_CARD_TEXT_CLASS;
  });
  return { href, text: text ? textOf(text).trim() : '' };
}

/** The image and caption of a `<figure>` Markdown writes as an image line: one `<img>`, then perhaps a `<figcaption>` of text. */
export function figureParts(figure: Element): { image: Element; caption: string } | null {
  if (attributesOf(figure).length > 0 || figure.children.some((child) => child.type === 'text' && !isBlank(child))) return null;
  const [image, caption, ...rest] = elementsIn(figure);
  if (image?.tagName !== 'img' || rest.length > 0) return null;
  if (caption === undefined) return { image, caption: '' };
  if (caption.tagName !== 'figcaption' || attributesOf(caption).length > 0 || elementsIn(caption).length > 0) return null;
  return { image, caption: textOf(caption) };
}

/** A table markdownToHtml writes from `|` rows: one header row of `<th scope="col">`, then rows of plain `<td>`, text and inline marks only. */
export function isPipeTable(table: Element): boolean {
  if (attributesOf(table).length > 0) return false;
  const [head, body, ...rest] = elementsIn(table);
  if (head?.tagName !== 'thead' || (body !== undefined && body.tagName !== 'tbody') || rest.length > 0) return false;
  const headRows = elementsIn(head);
  const header = headRows[0];
  if (headRows.length !== 1 || header === undefined) return false;
  const columns = elementsIn(header);
  const plainCell = (cell: Element, tag: string) =>
    cell.tagName === tag &&
    attributesOf(cell).every((name) => tag === 'th' && name === 'scope' && cell.properties.scope === 'col') &&
    !cell.children.some((child) => child.type === 'element' && BLOCKS.has(child.tagName)) &&
    !textOf(cell).includes('\n');
  if (!columns.every((cell) => plainCell(cell, 'th'))) return false;
  return (body === undefined ? [] : elementsIn(body)).every((row) => {
    const cells = elementsIn(row);
    return row.tagName === 'tr' && cells.length === columns.length && cells.every((cell) => plainCell(cell, 'td'));
  });
}

/** What an element of the body is for the conversion, noted on it before (hast-util-to-mdast hands handlers a copy of the tree). */
type Role = 'footnote-mark' | 'footnote-rule' | 'footnote-list' | 'deep-mark';

declare module 'hast' {
  interface ElementData {
    portalRole?: Role;
  }
}

export const roleOf = (element: Element): Role | undefined => element.data?.portalRole;
// hast's ElementData also names the positions some parsers add; this parse adds none.
const setRole = (element: Element, role: Role) => {
  element.data = { ...element.data, portalRole: role } as Element['data'];
};

/**
 * The footnotes markdownToHtml writes at the end of a body (a rule, then a
 * list of as many items as the marks `<sup>[1]</sup>`… number), noted on
 * their elements; nothing when the end of the body is not that.
 */
export function noteFootnotes(root: Root): void {
  const blocks = root.children.filter((node) => !isBlank(node));
  const [rule, list] = blocks.slice(-2);
  if (rule?.type !== 'element' || rule.tagName !== 'hr' || list?.type !== 'element' || list.tagName !== 'ol') return;
  if (attributesOf(list).length > 0) return;
  const notes = elementsIn(list);
  if (notes.length === 0 || notes.some((note) => note.tagName !== 'li' || attributesOf(note).length > 0)) return;
  const marks: { element: Element; number: number }[] = [];
  const stack: Element[] = elementsIn(root).filter((child) => child !== list);
  for (let element = stack.pop(); element; element = stack.pop()) {
    const number = element.tagName === 'sup' && attributesOf(element).length === 0 ? FOOTNOTE_MARK.exec(textOf(element)) : null;
    if (number) marks.push({ element, number: Number(number[1]) });
    else stack.push(...elementsIn(element));
  }
  const numbered = [...new Set(marks.map((mark) => mark.number))].sort((a, b) => a - b);
  if (numbered.length !== notes.length || numbered.some((n, index) => n !== index + 1)) return;
  for (const { element } of marks) setRole(element, 'footnote-mark');
  setRole(rule, 'footnote-rule');
  setRole(list, 'footnote-list');
}

/** Inline marks Markdown writes with delimiters around their content. */
const MARKS = new Set(['em', 'strong', 's', 'del', 'a']);
/**
 * How many marks deep Markdown writes them; deeper ones stay their HTML tags.
 * mdast-util-to-markdown's work grows much faster than the nesting (timed in
 * docs/newsroom-publishing.md, "A draft from a live article"), and a mark inside three
 * others is never what a journalist typed.
 */
const MARK_DEPTH = 3;

/** Notes the marks nested deeper than {@link MARK_DEPTH}. */
export function noteDeepMarks(root: Root): void {
  const stack: { node: Element | Root; marks: number }[] = [{ node: root, marks: 0 }];
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    for (const child of elementsIn(frame.node)) {
      const mark = MARKS.has(child.tagName);
      if (mark && frame.marks >= MARK_DEPTH) setRole(child, 'deep-mark');
      stack.push({ node: child, marks: frame.marks + (mark ? 1 : 0) });
    }
  }
}
