import type { Element, Root } from 'hast';
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
import { toolAt } from '#shared/tool-card.ts';
import {
  attributesOf,
  BLOCKS,
  elementsIn,
  FOOTNOTE_MARK,
  figureParts,
  isPipeTable,
  noteDeepMarks,
  noteFootnotes,
  plainImage,
  plainLink,
  plainList,
  roleOf,
  textOf,
  toolCardOf,
  videoOf,
} from './plain-forms';

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
/** Inline elements Markdown has no form for: kept as their tags, the text inside them still Markdown. */
const TAGS_ONLY = ['b', 'i', 'u', 'mark', 'small', 'sub', 'abbr', 'cite', 'q', 'time'];

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
      if (video) return videoLine(video);
      const card = toolCardOf(element);
      return card ? toolLine(card) : unless('a', plainLink)(state, element, parent);
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
/** A tool's card as the line that asks for it: its address, then its text in quotes (the tool's own words need none). */
function toolLine({ href, text }: { href: string; text: string }): PhrasingContent {
  const pitch = toolAt(href.split('?')[0]!)?.pitch;
  const quoted = text !== '' && text !== pitch && !text.includes('"') && !text.includes('\n');
  return { type: 'html', value: `${href}${quoted ? ` "${text}"` : ''}` };
}

function videoLine({ id, title }: { id: string; title: string }): Paragraph {
  const titled = title !== '' && !title.includes('"') && !title.includes('\n');
  const text: PhrasingContent = { type: 'html', value: `https://www.youtube.com/watch?v=${id}${titled ? ` "${title}"` : ''}` };
  return { type: 'paragraph', children: [text] };
}
