/**
 * What an article body may contain: one allow-list, read by the publishing
 * check (src/checking/check-body.ts) and the render-time sanitizer
 * (workerd, src/content/body/sanitize-html.ts) through the same walk
 * (src/content/body/body-html.ts), so the two can never disagree.
 *
 * Everything not listed here is refused by the check and removed at render:
 * no `id`/`name` (they clobber globals such as `document.cookie`), no `class`,
 * `style` or `data-*` (they reach the page's own scripts and styles: the ad
 * slots are found by class), no element that runs script, loads another
 * document, or parses its content as raw text. The only things a body may
 * load are the site's own published images ({@link isAllowedImageSrc}); a
 * privacy-enhanced YouTube video ({@link embedVideo}) is served as the site's
 * own facade, which loads nothing until the reader clicks it.
 */

import { VIDEO_EMBED_ORIGIN, VIDEO_ID } from '#shared/video-embed.ts';
import { IMAGE_FOLDER, isValidImageFile } from '../schema/format';

/** The largest body accepted, in bytes of UTF-8: about ten times the longest sample article. */
export const MAX_BODY_BYTES = 256 * 1024;

/**
 * How deeply elements may nest. Real articles use four or five levels; deeper
 * structure is flattened at render (its text kept), so no recursion over a
 * hostile body (a 256 KB body can open 50,000 elements) can exhaust the stack.
 */
export const MAX_DEPTH = 32;

/**
 * How many elements a browser may build from one body, and how many
 * attributes those elements may carry in all. The count is of the tree the
 * parser builds, not of the tags written: a formatting element left open
 * (`<b>`, `<i>`, `<a>`, `<strong>`…) is opened again, with its attributes, in
 * every block that follows it (the HTML algorithm's "reconstruct the active
 * formatting elements"), so a 61 KB body of 1,000 unclosed `<b title=…>`
 * then 4,000 `<div>x</div>` builds four million elements. Parsing stops at
 * either limit (src/content/body/body-html.ts): the check refuses the body, and the
 * worker answers 503, so no body of at most {@link MAX_BODY_BYTES} costs more
 * than this many elements of work and memory. Far above what an article
 * builds, even one written to the size limit (docs/content-and-publishing.md,
 * "Article bodies: what reaches a reader").
 */
export const MAX_BODY_ELEMENTS = 10_000;
export const MAX_BODY_ATTRIBUTES = 10_000;

/** Attributes any allowed element may carry. */
const GLOBAL_ATTRIBUTES = ['title', 'lang', 'dir'] as const;

/** Allowed elements, each with the attributes of its own it may carry. */
const ELEMENTS: Record<string, readonly string[]> = {
  p: [],
  h2: [],
  h3: [],
  h4: [],
  ul: [],
  ol: ['start', 'reversed', 'type'],
  li: ['value'],
  dl: [],
  dt: [],
  dd: [],
  blockquote: ['cite'],
  q: ['cite'],
  cite: [],
  a: ['href', 'rel', 'hreflang'],
  strong: [],
  em: [],
  b: [],
  i: [],
  s: [],
  u: [],
  mark: [],
  small: [],
  sub: [],
  sup: [],
  abbr: [],
  code: [],
  pre: [],
  time: ['datetime'],
  br: [],
  hr: [],
  table: [],
  caption: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ['colspan', 'rowspan', 'scope', 'headers', 'abbr'],
  td: ['colspan', 'rowspan', 'headers'],
  // Only its video (from src) and title reach the page, as the site's facade (body-html.ts): the rest are IGNORED_EMBED_ATTRIBUTES.
  iframe: ['src', 'title', 'width', 'height', 'allow', 'allowfullscreen', 'loading', 'referrerpolicy'],
  figure: [],
  figcaption: [],
  // Only with a src of the site's own images and a text alternative (body-html.ts); no srcset, loading…: see DERIVED_ATTRIBUTES.
  img: ['src', 'alt', 'width', 'height'],
};

const ALLOWED_ATTRIBUTES = new Map(Object.entries(ELEMENTS).map(([name, own]) => [name, new Set<string>([...GLOBAL_ATTRIBUTES, ...own])]));

/** The allowed element names, for editors' messages. */
export const ALLOWED_ELEMENT_NAMES: readonly string[] = Object.keys(ELEMENTS);

/** Elements with no end tag: their content model is empty. */
export const VOID_ELEMENTS = new Set([
  'br',
  'hr',
  'wbr',
  'img',
  'input',
  'meta',
  'link',
  'base',
  'embed',
  'source',
  'track',
  'area',
  'col',
  'param',
]);

/**
 * Elements removed with everything inside them: their content is code, raw
 * text, or a document of its own, never article text. Any other element not
 * allowed is unwrapped at render (its text kept), as a browser shows the text
 * of an element it does not know.
 */
export const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'noscript',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
  'textarea',
  'select',
  'option',
  'optgroup',
  'datalist',
  'title',
  'head',
  'meta',
  'link',
  'base',
  'canvas',
  'audio',
  'video',
  'picture',
  'img',
  'input',
  'button',
  'ins',
]);

export const isAllowedElement = (name: string) => ALLOWED_ATTRIBUTES.has(name);

export const isAllowedAttribute = (element: string, attribute: string) => ALLOWED_ATTRIBUTES.get(element)?.has(attribute) ?? false;

/**
 * Attributes the sanitizer writes itself, from the element's other attributes:
 * a body may not set them (the value written is always the derived one).
 * Images load lazily and decode off the main thread, with the responsive
 * variants published beside them.
 */
export const DERIVED_ATTRIBUTES: Record<string, readonly string[]> = {
  img: ['srcset', 'sizes', 'loading', 'decoding'],
};

/**
 * Attributes an editor may write on a video embed that never reach the page:
 * the embed is served as the site's facade, and the player's frame made on a
 * click carries only the site's attributes (shared/video-embed.ts). The check
 * warns about each, except `allowfullscreen`, which the player always has.
 */
export const IGNORED_EMBED_ATTRIBUTES = new Set([
  'width',
  'height',
  'allow',
  'allowfullscreen',
  'loading',
  'referrerpolicy',
  'lang',
  'dir',
]);

/** How wide an image in a body is drawn: the text column, as the article image (src/pages/ArticlePage.tsx). */
export const BODY_IMAGE_SIZES = '(min-width: 800px) 720px, calc(100vw - 40px)';

/** `width=` and `height=` of an image or embed: a plain number of pixels. */
export const isPixelCount = (value: string) => /^[1-9][0-9]{0,4}$/.test(value);

const IMAGE_PATH_PREFIX = `/${IMAGE_FOLDER}`;

/**
 * An image a body may show: one of the site's published images,
 * `/thumbnails/<file>`, named as the article images are (src/content/schema/format.ts).
 * Nothing from another origin, no `data:` or `javascript:`, no other path: the
 * publishing check rewrites an editor's `imagens/<file>` to this form.
 */
export function isAllowedImageSrc(src: string | null | undefined): boolean {
  return typeof src === 'string' && src.startsWith(IMAGE_PATH_PREFIX) && isValidImageFile(src.slice(IMAGE_PATH_PREFIX.length));
}

/** Attributes that hold a URL, judged by {@link safeUrl}. */
export const URL_ATTRIBUTES = new Set(['href', 'cite']);

const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
// WHATWG URL parser: leading and trailing C0 controls and spaces are stripped,
// ASCII tab and newline are removed anywhere, then the scheme is read.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const EDGE_CONTROLS = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const TAB_OR_NEWLINE = /[\t\n\r]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;

/**
 * The URL a browser would follow for an attribute value, when it is a relative
 * URL or a web, mail or phone link; null for anything else (`javascript:`,
 * `data:`, `vbscript:`…). The value must already be entity-decoded, as the
 * HTML parser leaves it: the parser decodes `&#106;`, `&colon;`, `&Tab;` and
 * the rest, so "javascript" can no longer hide behind them here. A control
 * character left inside is refused too: no real link has one.
 */
export function safeUrl(decoded: string): string | null {
  const url = decoded.replace(EDGE_CONTROLS, '').replace(TAB_OR_NEWLINE, '');
  if (CONTROL.test(url)) return null;
  const scheme = SCHEME.exec(url);
  return !scheme || SAFE_SCHEMES.has(scheme[1]!.toLowerCase()) ? url : null;
}

/**
 * Video embeds an article may carry as an <iframe>: privacy-enhanced YouTube
 * only (no cookies until play). The CSP's frame-src allows the same origin,
 * for the player the facade turns into on a click.
 */
export const EMBED_ORIGINS = [VIDEO_EMBED_ORIGIN] as const;
const EMBED_PATH = /^\/embed\/([^/]*)$/;

/** An allowed embed's video: its id, and whether its address had more after the id (`?autoplay=1`, `#t=30`), which is ignored. */
export interface EmbedVideo {
  id: string;
  extra: string;
}

/**
 * The video of an embed's src: `https://www.youtube-nocookie.com/embed/<id>`
 * with an 11-character YouTube id; null for anything else. A query or fragment
 * after the id is reported in `extra`: the site builds the player's address
 * from the id alone.
 */
export function embedVideo(src: string | null | undefined): EmbedVideo | null {
  if (!src) return null;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return null;
  }
  const id = EMBED_PATH.exec(url.pathname)?.[1];
  if (url.origin !== VIDEO_EMBED_ORIGIN || url.username !== '' || url.password !== '' || id === undefined || !VIDEO_ID.test(id))
    return null;
  return { id, extra: `${url.search}${url.hash}` };
}
