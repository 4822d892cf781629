import type { Element, ElementContent, Root } from 'hast';
import { fromParse5 } from 'hast-util-from-parse5';
import { type DefaultTreeAdapterTypes as P, defaultTreeAdapter as tree } from 'parse5';
import { videoEmbedUrl } from '../../../../shared/video-embed.ts';
import { BodyTooComplexError, parseBody } from '../../../../src/content/body/body-parse.ts';
import { MAX_BODY_ELEMENTS, MAX_DEPTH } from '../../../../src/content/body/html-policy.ts';
import { FIGURE_LIMITS } from '../../../../src/content/schema/image-limits.ts';
import { bodyMarkdown } from '../../../../src/newsroom/live-draft/html-to-markdown.ts';
import { textOf } from '../../../../src/newsroom/live-draft/plain-forms.ts';
import { contentHtml } from './wp-blocks.ts';
import type { RemovedKind } from './wp-elements.ts';
import { cutAtWord } from './wp-fields.ts';
import { BodyCleaning, collapse } from './wp-html.ts';
import type { Media } from './wp-media.ts';
import { convertShortcodes, type ShortcodeReport } from './wp-shortcodes.ts';

export type { RemovedKind } from './wp-elements.ts';

/**
 * A WordPress post's body (`content:encoded` of its export) as the site's
 * Markdown, by the rules a paste into the newsroom's editor follows, so that
 * it passes the same check (`content:check`, the newsroom's preview):
 *
 * 1. the content as WordPress shows it: blocks or `autop` paragraphs
 *    (wp-blocks.ts), then shortcodes (wp-shortcodes.ts);
 * 2. parsed as the body policy parses a body (parse5, within its element
 *    limits), deeper structure than the policy's flattened to its text;
 * 3. cleaned (wp-html.ts): the elements the site has, bare; each image,
 *    video and embed on a line of its own; hostile markup dropped and counted;
 * 4. written by the live article's converter (html-to-markdown.ts): an image
 *    as `![alt](imagens/… "legenda")` alone on its line, a YouTube video as its
 *    address alone on its line with its title, a `|` table, what Markdown
 *    cannot say kept as the HTML the policy allows.
 *
 * `[video]`, `[audio]`, `<video>`, `<audio>` and every embed but YouTube's
 * (Twitter, Instagram, Vimeo, a Spotify player…) become a link to their
 * address, listed in `embeds` as not kept: the site plays nothing but
 * YouTube, and a link keeps the reader's way to it. `[video]` and `[audio]`
 * are WordPress's own, so not in `unknownShortcodes`.
 */

/** What the conversion needs from the import. */
export interface WordPressBodyContext {
  /** The image's address in the Markdown (the import's name for it, `imagens/<file>`), from its address in the post. */
  imageSrc(url: string): string;
  /** The file of an attachment (a gallery names its images by id); null when the export has no such attachment. */
  attachmentUrl(id: number): string | null;
  /** The new address of a link to one of the old site's own posts; null leaves the link as it is. */
  linkTarget(url: string): string | null;
  /** An attachment's text alternative (its `_wp_attachment_image_alt`), for an image the post gave none. */
  attachmentAlt?(id: number): string | null;
  /** The post's own attachments, in order: what a `[gallery]` without `ids` shows. */
  childAttachments?(): number[];
  /** The text alternative of an image that has no usable one (10 to 150 characters; the post's title, say). */
  defaultAlt?: string;
  /** The block editor's footnotes, from the post's `footnotes` meta (wp-fields.ts, footnotesOf): they become the site's. */
  footnotes?: readonly { id: string; content: string }[];
}

/** Where an image's text alternative came from: the post's, the attachment's, the caption, or {@link WordPressBodyContext.defaultAlt}. */
export type AltSource = 'alt' | 'attachment' | 'caption' | 'default';

export interface ConvertedImage {
  /** The address in the post (`src`; `srcset` is ignored), before {@link WordPressBodyContext.imageSrc}. */
  url: string;
  /** The text alternative written in the Markdown. */
  alt: string;
  caption: string;
  altSource: AltSource;
}

export interface ConvertedBody {
  markdown: string;
  /** The text of the body's paragraphs, one per line: what a description is made from (wp-fields.ts, descriptionOf). */
  text: string;
  /** Every image, in the order the Markdown shows them. */
  images: ConvertedImage[];
  /** The shortcodes removed (their text kept when they wrapped some), each name once. */
  unknownShortcodes: string[];
  removed: Partial<Record<RemovedKind, number>>;
  embeds: { url: string; kept: boolean }[];
  linksRewritten: number;
  /** Blocks that saved no HTML (drawn by the old site at each view): nothing of them is imported. */
  dynamicBlocks: string[];
  /** Images a gallery names that the export does not have. */
  missingAttachments: number;
}

/** A body that cannot be converted: one whose markup a browser would build past the body policy's limits. The message is pt-BR. */
export class WordPressBodyError extends Error {
  override name = 'WordPressBodyError';
}

/** A figure's text alternative, as the check counts it. */
const ALT = FIGURE_LIMITS.altChars;
/** The text alternative of an image that has none and no default of the import's. */
const DEFAULT_ALT = 'Imagem que ilustra o texto';

/**
 * The post's body as the site's Markdown (see the module's comment).
 *
 * @example
 * convertWordPressBody('<p>Texto.</p><img src="/wp-content/uploads/sala.jpg" alt="Sala com sofá cinza">', {
 *   imageSrc: (url) => `imagens/${url.split('/').pop()}`,
 *   attachmentUrl: () => null,
 *   linkTarget: () => null,
 * }).markdown // 'Texto.\n\n![Sala com sofá cinza](imagens/sala.jpg)'
 */
export function convertWordPressBody(content: string, context: WordPressBodyContext): ConvertedBody {
  const dynamic = new Set<string>();
  const shortcodes: ShortcodeReport = { unknown: new Set(), missingAttachments: 0 };
  const html = convertShortcodes(contentHtml(content, dynamic), context, shortcodes);

  const notes = new Map((context.footnotes ?? []).map((note) => [note.id, note.content]));
  // The footnotes block saves nothing: the notes are the meta's, written at the end here.
  if (context.footnotes) dynamic.delete('core/footnotes');
  const cleaning = new BodyCleaning(context.linkTarget, new Set(notes.keys()));
  const blocks = cleaning.body(parsed(html).children);
  const text = blocks
    .filter((node) => node.type === 'element' && node.tagName === 'p')
    .map((node) => collapse(textOf(node)))
    .filter(Boolean)
    .join('\n');

  if (cleaning.footnotes.length > 0) {
    // The form markdownToHtml gives footnotes, which the live article's converter writes as [^n] and [^n]: …
    const items = cleaning.footnotes.map((id) => element('li', {}, cleaning.phrasing(parsed(notes.get(id) ?? '').children)));
    blocks.push(element('hr', {}), element('ol', {}, items));
  }

  const images: ConvertedImage[] = [];
  const written: ElementContent[] = [];
  const fallbackAlt = fits(context.defaultAlt) ? collapse(context.defaultAlt!) : DEFAULT_ALT;
  for (const node of blocks) {
    const media = cleaning.mediaOf(node);
    if (media === undefined) written.push(node);
    else for (const block of mediaBlocks(media, context, cleaning, images, fallbackAlt)) written.push(block);
  }
  const markdown = bodyMarkdown({ type: 'root', children: written }, (src) => src);

  return {
    markdown,
    text,
    images,
    unknownShortcodes: [...shortcodes.unknown],
    removed: cleaning.report.removed,
    embeds: cleaning.report.embeds,
    linksRewritten: cleaning.linksRewritten,
    dynamicBlocks: [...dynamic],
    missingAttachments: shortcodes.missingAttachments,
  };
}

/** HTML parsed as the body policy parses a body, anything deeper than it allows flattened to its text. */
function parsed(html: string): Root {
  let fragment: P.DocumentFragment;
  try {
    fragment = parseBody(html);
  } catch (thrown) {
    if (!(thrown instanceof BodyTooComplexError)) throw thrown;
    throw new WordPressBodyError(
      `o texto do post tem marcação demais: um navegador montaria mais de ${MAX_BODY_ELEMENTS.toLocaleString('pt-BR')} elementos, o limite do site`,
    );
  }
  flattenDeep(fragment);
  return fromParse5(fragment) as Root;
}

const element = (tagName: string, properties: Element['properties'], children: ElementContent[] = []): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});

/** The blocks a media is written as: a figure, a video's player, a link (and its caption). */
function mediaBlocks(
  media: Media,
  context: WordPressBodyContext,
  cleaning: BodyCleaning,
  images: ConvertedImage[],
  fallbackAlt: string,
): Element[] {
  switch (media.kind) {
    case 'image': {
      const attachmentAlt = media.attachment === null ? null : (context.attachmentAlt?.(media.attachment) ?? null);
      const { alt, source } = altOf(
        [
          [media.alt, 'alt'],
          [attachmentAlt ?? '', 'attachment'],
          [media.caption, 'caption'],
        ],
        fallbackAlt,
      );
      images.push({ url: media.url, alt, caption: media.caption, altSource: source });
      const caption = media.caption === '' ? [] : [element('figcaption', {}, [{ type: 'text', value: media.caption }])];
      return [element('figure', {}, [element('img', { src: context.imageSrc(media.url), alt }), ...caption])];
    }
    case 'video':
      return [element('iframe', { src: videoEmbedUrl(media.id), title: media.title })];
    case 'link': {
      const link = element('a', { href: cleaning.linkAddress(media.url) }, [{ type: 'text', value: media.url }]);
      const caption = media.caption === '' ? [] : [element('p', {}, [{ type: 'text', value: media.caption }])];
      return [element('p', {}, [link]), ...caption];
    }
  }
}

const fits = (alt: string | undefined): boolean => alt !== undefined && collapse(alt).length >= ALT.min && collapse(alt).length <= ALT.max;

/** A file's name given as a description (`IMG_2034`, `foto1.jpg`, `DSC-0001`): what old WordPress versions filled in, no description. */
const FILE_NAME = /^[\w-]*(?:\d|_)[\w-]*(?:\.[a-z0-9]{2,4})?$/i;

/**
 * The first description of the candidates the site accepts (10 to 150
 * characters; cut at a word if longer); a short one is said as "Imagem: …",
 * which is still more than none; else the fallback. A file's name is no
 * description.
 */
function altOf(candidates: [string, AltSource][], fallback: string): { alt: string; source: AltSource } {
  const usable = candidates
    .map(([text, source]) => [collapse(text), source] as const)
    .filter(([text]) => text !== '' && !FILE_NAME.test(text));
  const whole = usable.find(([text]) => text.length >= ALT.min);
  if (whole) return { alt: cutAtWord(whole[0], ALT.max), source: whole[1] };
  const short = usable.find(([text]) => `Imagem: ${text}`.length >= ALT.min);
  if (short) return { alt: `Imagem: ${short[0]}`, source: short[1] };
  return { alt: fallback, source: 'default' };
}

/** Elements whose text is code or a document of its own: left out when a too-deep element is flattened to its text. */
const NOT_TEXT = new Set(['script', 'style', 'template', 'noscript', 'svg', 'math', 'iframe', 'object', 'textarea', 'select']);

/**
 * Anything nested deeper than the policy allows (MAX_DEPTH) made its text:
 * the policy flattens it at render, and the conversion recurses once per
 * level. Without recursion: a hostile body can nest thousands deep.
 */
function flattenDeep(fragment: P.DocumentFragment): void {
  const stack: { node: P.ParentNode; depth: number }[] = [{ node: fragment, depth: 0 }];
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    for (const child of frame.node.childNodes) {
      if (!('childNodes' in child) || child.childNodes.length === 0) continue;
      if (frame.depth + 1 < MAX_DEPTH) {
        stack.push({ node: child, depth: frame.depth + 1 });
        continue;
      }
      const words = textIn(child);
      child.childNodes = [];
      if (words !== '') tree.insertText(child, words);
    }
  }
}

/** The text of a parsed element, without recursion. */
function textIn(node: P.ParentNode): string {
  const out: string[] = [];
  const stack: P.ChildNode[] = [...node.childNodes].reverse();
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (next.nodeName === '#text') out.push((next as P.TextNode).value);
    else if ('childNodes' in next && !NOT_TEXT.has(next.nodeName))
      for (let i = next.childNodes.length - 1; i >= 0; i--) stack.push(next.childNodes[i]!);
  }
  return out.join('');
}
