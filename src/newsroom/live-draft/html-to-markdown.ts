import type { Element, ElementContent, Root, RootContent } from 'hast';
import { fromParse5 } from 'hast-util-from-parse5';
import { toHtml } from 'hast-util-to-html';
import { defaultHandlers, type Handle, type State, toMdast } from 'hast-util-to-mdast';
import type {
  FootnoteDefinition,
  Html,
  ListItem,
  RootContent as MdastContent,
  Image as MdastImage,
  Nodes as MdastNodes,
  Paragraph,
  PhrasingContent,
} from 'mdast';
import { gfmFootnoteToMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughToMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableToMarkdown } from 'mdast-util-gfm-table';
import { toMarkdown } from 'mdast-util-to-markdown';
import type { DefaultTreeAdapterTypes as P } from 'parse5';
import { VIDEO_FACADE_CLASS, VIDEO_LABEL_PREFIX, videoIdOfEmbedUrl } from '../../../shared/video-embed';
import { BodyTooComplexError, parseBody } from '../../content/body/body-parse';
import { embedVideo, MAX_DEPTH } from '../../content/body/html-policy';

/**
 * A live article's body (HTML, as published) as the Markdown a draft holds,
 * written so that the site's own reader (markdownToHtml,
 * src/checking/markdown-body.ts) gives the same HTML back. The HTML is
 * parsed as the body policy parses it (parse5, within its limits), read
 * into a syntax tree by hast-util-from-parse5, turned into a Markdown tree
 * by hast-util-to-mdast and written by mdast-util-to-markdown (which escapes
 * what Markdown would misread), with the
 * forms docs/editores.md teaches for what a body shows beyond text:
 *
 * - a `<figure>` of one image (and its caption) is the image alone on its line, `![alt](src "caption")`;
 * - a YouTube player (the `<iframe>` as published, or the site's facade) is its address alone on a line, with its title;
 * - footnotes as markdownToHtml writes them (`<sup>[n]</sup>`, and a rule and a list at the end) are `[^n]` and `[^n]: …`;
 * - a table of one header row and plain cells is a `|` table.
 *
 * Whatever Markdown cannot write so that it reads back the same (a table
 * with a caption or row headers, `<u>`, `<mark>`, an element with a title)
 * stays the HTML it is: the site's Markdown takes HTML, judged by the same
 * policy. Nothing is lost, and nothing is invented.
 */

/** How a live image's address (`/thumbnails/…`) is written in the draft; the address itself when it has no draft name. */
export type ImageAddress = (src: string) => string;

/** Elements that Markdown writes the same way only without any attribute (their Markdown form has none). */
const BARE_ONLY = ['p', 'h2', 'h3', 'h4', 'strong', 'em', 's', 'del', 'code', 'br', 'thead', 'tbody', 'tr'];
/** Block elements: kept as HTML whole (their own lines), never opened as tags around Markdown. */
const BLOCKS = new Set(['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'blockquote', 'pre', 'hr', 'table', 'figure', 'iframe']);
/** Inline elements Markdown has no form for: kept as their tags, the text inside them still Markdown. */
const TAGS_ONLY = ['b', 'i', 'u', 'mark', 'small', 'sub', 'abbr', 'cite', 'q', 'time'];

const FOOTNOTE_MARK = /^\[(\d{1,4})\]$/;

const textOf = (node: Element | ElementContent): string =>
  node.type === 'text' ? node.value : node.type === 'element' ? node.children.map(textOf).join('') : '';

const elementsIn = (node: Element | Root): Element[] =>
  (node.children as (ElementContent | RootContent)[]).filter((child): child is Element => child.type === 'element');

/** Whether a node is only white space (the line breaks between the blocks of published HTML). */
const isBlank = (node: ElementContent | RootContent) => node.type === 'text' && node.value.trim() === '';

/** The attributes an element carries, by their HTML names. */
const attributesOf = (element: Element) => Object.keys(element.properties ?? {});

/** A list as Markdown writes it: items without attributes, and `start` alone on `<ol>`. */
const plainList = (element: Element) =>
  attributesOf(element).every((name) => element.tagName === 'ol' && name === 'start') &&
  Number(element.properties.start ?? 1) >= 0 &&
  elementsIn(element).every((item) => attributesOf(item).length === 0);

/** A link Markdown writes the same way: an address, and perhaps a title. */
const plainLink = (element: Element) =>
  typeof element.properties.href === 'string' && attributesOf(element).every((name) => name === 'href' || name === 'title');

/** An image Markdown writes (`![alt](src)`): a description, and no attribute but the size publishing writes again. */
const plainImage = (element: Element) =>
  typeof element.properties.alt === 'string' && attributesOf(element).every((name) => ['src', 'alt', 'width', 'height'].includes(name));

/** The YouTube video an element shows, the way the site publishes it or serves it; null for anything else. */
function videoOf(element: Element): { id: string; title: string } | null {
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

/** The image and caption of a `<figure>` Markdown writes as an image line: one `<img>`, then perhaps a `<figcaption>` of text. */
function figureParts(figure: Element): { image: Element; caption: string } | null {
  if (attributesOf(figure).length > 0 || figure.children.some((child) => child.type === 'text' && !isBlank(child))) return null;
  const [image, caption, ...rest] = elementsIn(figure);
  if (image?.tagName !== 'img' || rest.length > 0) return null;
  if (caption === undefined) return { image, caption: '' };
  if (caption.tagName !== 'figcaption' || attributesOf(caption).length > 0 || elementsIn(caption).length > 0) return null;
  return { image, caption: textOf(caption) };
}

/** A table markdownToHtml writes from `|` rows: one header row of `<th scope="col">`, then rows of plain `<td>`, text and inline marks only. */
function isPipeTable(table: Element): boolean {
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

const roleOf = (element: Element): Role | undefined => element.data?.portalRole;
// hast's ElementData also names the positions some parsers add; this parse adds none.
const setRole = (element: Element, role: Role) => {
  element.data = { ...element.data, portalRole: role } as Element['data'];
};

/**
 * The footnotes markdownToHtml writes at the end of a body (a rule, then a
 * list of as many items as the marks `<sup>[1]</sup>`… number), noted on
 * their elements; nothing when the end of the body is not that.
 */
function noteFootnotes(root: Root): void {
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
 * mdast-util-to-markdown's work grows much faster than the nesting (32 nested
 * `<em>`, the body policy's depth, took ~110 ms; 60 took 630 ms), and a mark
 * inside three others is never what a journalist typed.
 */
const MARK_DEPTH = 3;

/** Notes the marks nested deeper than {@link MARK_DEPTH}. */
function noteDeepMarks(root: Root): void {
  const stack: { node: Element | Root; marks: number }[] = [{ node: root, marks: 0 }];
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    for (const child of elementsIn(frame.node)) {
      const mark = MARKS.has(child.tagName);
      if (mark && frame.marks >= MARK_DEPTH) setRole(child, 'deep-mark');
      stack.push({ node: child, marks: frame.marks + (mark ? 1 : 0) });
    }
  }
}

/** How many elements deep a parsed body nests. Without recursion: a body can nest deeply. */
function depthOf(fragment: P.DocumentFragment): number {
  let depth = 0;
  const stack: { node: P.ParentNode; depth: number }[] = [{ node: fragment, depth: 0 }];
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    depth = Math.max(depth, frame.depth);
    for (const child of frame.node.childNodes) if ('childNodes' in child) stack.push({ node: child, depth: frame.depth + 1 });
  }
  return depth;
}

/** An element kept as HTML: a block whole, an inline element as its tags around its content (still Markdown). */
function keptAsHtml(state: State, element: Element, imageAddress: ImageAddress): MdastNodes | MdastNodes[] {
  if (BLOCKS.has(element.tagName)) {
    const html: Html = { type: 'html', value: blockLines(toHtml(withImageAddresses(element, imageAddress))) };
    return html;
  }
  const tags = toHtml(withImageAddresses({ ...element, children: [] }, imageAddress));
  const close = `</${element.tagName}>`;
  const open = tags.endsWith(close) ? tags.slice(0, -close.length) : tags;
  const inner = state.all(element) as MdastNodes[];
  return tags.endsWith(close) ? [{ type: 'html', value: open }, ...inner, { type: 'html', value: close }] : { type: 'html', value: open };
}

/** Where a kept block's HTML starts a new line, so a journalist reads it row by row (the parse leaves none: it minifies white space). */
const LINE_STARTS = /(?<!^)(?=<(?:\/?(?:table|thead|tbody|tfoot|ul|ol|dl|figure)|tr|caption|li|dt|dd|figcaption)\b)/g;

/**
 * A kept block's HTML on lines of its own: a line before each row, item or
 * caption, and never a blank one (it would end the HTML block in Markdown).
 * Text inside `<pre>` is the text, so a block holding one stays as it is.
 */
const blockLines = (html: string) => (html.includes('<pre') ? html : html.replace(LINE_STARTS, '\n')).replace(/\n[ \t]*(?=\n)/g, '').trim();

/** A copy of an element whose images have their draft addresses (for what stays HTML). */
function withImageAddresses(element: Element, imageAddress: ImageAddress): Element {
  const copy = structuredClone(element);
  const stack: Element[] = [copy];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.tagName === 'img' && typeof node.properties.src === 'string') {
      const src = node.properties.src;
      const address = imageAddress(src);
      if (address !== src) {
        node.properties.src = address;
        delete node.properties.width;
        delete node.properties.height;
      }
    }
    stack.push(...elementsIn(node));
  }
  return copy;
}

/**
 * A live body's HTML, parsed as the body policy parses it (parseBody: as the
 * inside of a `<div>`, within its element and attribute limits), for
 * {@link imageSources} and {@link bodyMarkdown}. Null for a body past those
 * limits or nested deeper than the policy allows (MAX_DEPTH): no body the
 * check passed is, and the conversion recurses.
 */
export function readLiveBody(html: string): Root | null {
  let fragment: P.DocumentFragment;
  try {
    fragment = parseBody(html);
  } catch (error) {
    if (error instanceof BodyTooComplexError) return null;
    throw error;
  }
  return depthOf(fragment) > MAX_DEPTH ? null : (fromParse5(fragment) as Root);
}

/** The address of every image a body shows, each once, in order. */
export function imageSources(body: Root): string[] {
  const found = new Set<string>();
  const stack: (Element | Root)[] = [body];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const children = elementsIn(node);
    for (const child of children) if (child.tagName === 'img' && typeof child.properties.src === 'string') found.add(child.properties.src);
    stack.push(...children.reverse());
  }
  return [...found];
}

/** A live body (readLiveBody) as Markdown (see the module's comment); `imageAddress` names each image as the draft does. */
export function bodyMarkdown(tree: Root, imageAddress: ImageAddress): string {
  noteFootnotes(tree);
  noteDeepMarks(tree);
  const definitions: FootnoteDefinition[] = [];

  const keep = (state: State, element: Element) => keptAsHtml(state, element, imageAddress);
  const imageOf = (image: Element, title: string | null): MdastImage => ({
    type: 'image',
    url: imageAddress(String(image.properties.src ?? '')),
    alt: String(image.properties.alt),
    title,
  });
  const library = (name: string): Handle => (defaultHandlers as Record<string, Handle>)[name] as Handle;
  /** An element Markdown writes the same way when `plain` (by default: bare): the library's conversion, else the HTML kept. */
  const unless =
    (name: string, plain: (element: Element) => boolean = (element) => attributesOf(element).length === 0): Handle =>
    (state, element, parent) =>
      plain(element) && roleOf(element) !== 'deep-mark' ? library(name)(state, element, parent) : keep(state, element);

  const handlers: Record<string, Handle> = {};
  for (const name of BARE_ONLY) handlers[name] = unless(name);
  for (const name of TAGS_ONLY) handlers[name] = keep;
  Object.assign(handlers, {
    ol: (state, element, parent) => {
      if (roleOf(element) !== 'footnote-list') return unless('ol', plainList)(state, element, parent);
      elementsIn(element).forEach((note, index) => {
        const children = state.toFlow(state.all(note) as MdastContent[]) as FootnoteDefinition['children'];
        definitions.push({ type: 'footnoteDefinition', identifier: String(index + 1), label: String(index + 1), children });
      });
      return undefined;
    },
    ul: unless('ul', plainList),
    blockquote: unless('blockquote'),
    pre: unless('pre', (element) => {
      const [code, ...rest] = elementsIn(element);
      return attributesOf(element).length === 0 && code?.tagName === 'code' && rest.length === 0;
    }),
    dl: keep,
    a: (state, element, parent) => {
      const video = videoOf(element);
      return video ? videoLine(video) : unless('a', plainLink)(state, element, parent);
    },
    iframe: (state, element) => {
      const video = videoOf(element);
      return video ? videoLine(video) : keep(state, element);
    },
    img: (state, element) => (plainImage(element) ? imageOf(element, null) : keep(state, element)),
    figure: (state, element) => {
      const parts = figureParts(element);
      if (parts === null || !plainImage(parts.image)) return keep(state, element);
      return { type: 'paragraph', children: [imageOf(parts.image, parts.caption || null)] } satisfies Paragraph;
    },
    table: (state, element, parent) => (isPipeTable(element) ? library('table')(state, element, parent) : keep(state, element)),
    sup: (state, element) => {
      const number = roleOf(element) === 'footnote-mark' ? FOOTNOTE_MARK.exec(textOf(element))?.[1] : undefined;
      return number ? { type: 'footnoteReference', identifier: number, label: number } : keep(state, element);
    },
    hr: (state, element, parent) => (roleOf(element) === 'footnote-rule' ? undefined : unless('hr')(state, element, parent)),
    li: (state, element) => {
      // A list markdownToHtml writes loose has a paragraph in every item, a tight one in none (the library's guess counts nested lists too).
      const spread = elementsIn(element).some((child) => child.tagName === 'p');
      return { type: 'listItem', spread, checked: null, children: state.toFlow(state.all(element) as MdastContent[]) } as ListItem;
    },
  } satisfies Record<string, Handle>);

  const mdast = toMdast(tree, { handlers });
  if (mdast.type === 'root') mdast.children.push(...definitions);
  return toMarkdown(mdast, {
    bullet: '-',
    emphasis: '*',
    strong: '*',
    fence: '`',
    fences: true,
    rule: '-',
    listItemIndent: 'one',
    resourceLink: true,
    extensions: [gfmTableToMarkdown(), gfmStrikethroughToMarkdown(), gfmFootnoteToMarkdown()],
  }).trimEnd();
}

/** A video as its line: the YouTube address, then its title in double quotes (a title with a double quote cannot be written, and is left out). */
function videoLine({ id, title }: { id: string; title: string }): Paragraph {
  const titled = title !== '' && !title.includes('"') && !title.includes('\n');
  const text: PhrasingContent = { type: 'html', value: `https://www.youtube.com/watch?v=${id}${titled ? ` "${title}"` : ''}` };
  return { type: 'paragraph', children: [text] };
}
