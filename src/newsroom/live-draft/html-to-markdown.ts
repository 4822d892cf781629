import type { Element, ElementContent, Root, RootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import { defaultHandlers, type Handle, type State, toMdast } from 'hast-util-to-mdast';
import type {
  FootnoteDefinition,
  Html,
  ListItem,
  RootContent as MdastContent,
  Nodes as MdastNodes,
  Paragraph,
  PhrasingContent,
} from 'mdast';
import { gfmFootnoteToMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughToMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableToMarkdown } from 'mdast-util-gfm-table';
import { toMarkdown } from 'mdast-util-to-markdown';
import { VIDEO_FACADE_CLASS, VIDEO_LABEL_PREFIX, videoIdOfEmbedUrl } from '../../../shared/video-embed';
import { embedVideo } from '../../content/html-policy';

/**
 * A live article's body (HTML, as published) as the Markdown a draft holds,
 * written so that the site's own reader (markdownToHtml,
 * src/checking/markdown-article.ts) gives the same HTML back. The HTML is
 * parsed by hast-util-from-html (parse5, the parser the body policy uses),
 * turned into a Markdown tree by hast-util-to-mdast and written by
 * mdast-util-to-markdown (which escapes what Markdown would misread), with the
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

/**
 * The footnotes markdownToHtml writes at the end of a body (a rule, then a
 * list of as many items as the marks `<sup>[1]</sup>`… number): the list's
 * items, or null when the end of the body is not that.
 */
function footnotesAtEnd(root: Root): { rule: Element; list: Element; notes: Element[] } | null {
  const blocks = root.children.filter((node) => !isBlank(node));
  const [rule, list] = blocks.slice(-2);
  if (rule?.type !== 'element' || rule.tagName !== 'hr' || list?.type !== 'element' || list.tagName !== 'ol') return null;
  if (attributesOf(list).length > 0) return null;
  const notes = elementsIn(list);
  if (notes.length === 0 || notes.some((note) => note.tagName !== 'li' || attributesOf(note).length > 0)) return null;
  const marks = new Set<number>();
  const walk = (node: Element | Root) => {
    for (const child of elementsIn(node)) {
      const number = child.tagName === 'sup' && attributesOf(child).length === 0 ? FOOTNOTE_MARK.exec(textOf(child)) : null;
      if (number) marks.add(Number(number[1]));
      else if (child !== list) walk(child);
    }
  };
  walk(root);
  const numbered = [...marks].sort((a, b) => a - b);
  return numbered.length === notes.length && numbered.every((n, index) => n === index + 1) ? { rule, list, notes } : null;
}

/** The same element of the parsed HTML: hast-util-to-mdast hands handlers a copy (white space minified), so by where it was written. */
const sameNode = (element: Element, other: Element | undefined) =>
  other !== undefined && element.position !== undefined && element.position.start.offset === other.position?.start.offset;

/** An element kept as HTML: a block whole, an inline element as its tags around its content (still Markdown). */
function keptAsHtml(state: State, element: Element, imageAddress: ImageAddress): MdastNodes | MdastNodes[] {
  const rewritten = withImageAddresses(element, imageAddress);
  if (BLOCKS.has(element.tagName)) {
    const html: Html = { type: 'html', value: blockLines(toHtml(rewritten)) };
    return html;
  }
  const tags = toHtml({ ...rewritten, children: [] });
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

/** The address of every image a body's HTML shows, each once, in order. */
export function imageSources(html: string): string[] {
  const found = new Set<string>();
  const stack: (Element | Root)[] = [fromHtml(html, { fragment: true })];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const children = elementsIn(node);
    for (const child of children) if (child.tagName === 'img' && typeof child.properties.src === 'string') found.add(child.properties.src);
    stack.push(...children.reverse());
  }
  return [...found];
}

/** A body's HTML as Markdown (see the module's comment); `imageAddress` names each image as the draft does. */
export function htmlToMarkdown(html: string, imageAddress: ImageAddress): string {
  const tree = fromHtml(html, { fragment: true });
  const footnotes = footnotesAtEnd(tree);
  const definitions: FootnoteDefinition[] = [];

  const keep = (state: State, element: Element) => keptAsHtml(state, element, imageAddress);
  const library = (name: string): Handle => (defaultHandlers as Record<string, Handle>)[name] as Handle;
  /** An element Markdown writes the same way when `plain` (by default: bare): the library's conversion, else the HTML kept. */
  const unless =
    (name: string, plain: (element: Element) => boolean = (element) => attributesOf(element).length === 0): Handle =>
    (state, element, parent) =>
      plain(element) ? library(name)(state, element, parent) : keep(state, element);

  const handlers: Record<string, Handle> = {};
  for (const name of BARE_ONLY) handlers[name] = unless(name);
  for (const name of TAGS_ONLY) handlers[name] = keep;
  Object.assign(handlers, {
    ol: (state, element, parent) => {
      if (!footnotes || !sameNode(element, footnotes.list)) return unless('ol', plainList)(state, element, parent);
      footnotes.notes.forEach((note, index) => {
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
    img: (state, element) => {
      const plain = attributesOf(element).every((name) => ['src', 'alt', 'width', 'height'].includes(name));
      if (!plain || typeof element.properties.alt !== 'string') return keep(state, element);
      return { type: 'image', url: imageAddress(String(element.properties.src ?? '')), alt: element.properties.alt, title: null };
    },
    figure: (state, element) => {
      const parts = figureParts(element);
      const alt = parts?.image.properties.alt;
      if (
        parts === null ||
        typeof alt !== 'string' ||
        !attributesOf(parts.image).every((name) => ['src', 'alt', 'width', 'height'].includes(name))
      )
        return keep(state, element);
      const url = imageAddress(String(parts.image.properties.src ?? ''));
      return { type: 'paragraph', children: [{ type: 'image', url, alt, title: parts.caption || null }] } satisfies Paragraph;
    },
    table: (state, element, parent) => (isPipeTable(element) ? library('table')(state, element, parent) : keep(state, element)),
    sup: (state, element) => {
      const number = footnotes && attributesOf(element).length === 0 ? FOOTNOTE_MARK.exec(textOf(element))?.[1] : undefined;
      return number ? { type: 'footnoteReference', identifier: number, label: number } : keep(state, element);
    },
    hr: (state, element, parent) => (sameNode(element, footnotes?.rule) ? undefined : unless('hr')(state, element, parent)),
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
