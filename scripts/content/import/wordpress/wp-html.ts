import type { Element, ElementContent, Properties, RootContent, Text } from 'hast';
import { collapseNbspRuns, emphasisOfStyle, googleRedirectTarget } from '../../../../src/checking/pasted-markup.ts';
import { MAX_DEPTH, safeUrl } from '../../../../src/content/body/html-policy.ts';
import { textOf } from '../../../../src/newsroom/live-draft/plain-forms.ts';
import {
  BLOCK_LEVEL,
  BLOCK_WRAPPERS,
  CONTROLS,
  DROPPED,
  HEADINGS,
  INLINE,
  KEPT,
  OTHER,
  PHRASING,
  type RemovedKind,
  SILENT,
  TEXT_BLOCKS,
} from './wp-elements.ts';
import { embedOf, LONE_URL, type Media, youTubeVideoId } from './wp-media.ts';

/**
 * A WordPress post's HTML, parsed, made into what the site's Markdown writes
 * (html-to-markdown.ts then writes it): the elements the body policy allows,
 * bare (WordPress's `class="wp-block-…"`, `id`, `style`, `rel` and the like
 * say nothing the site's stylesheet does not), with the editor's paste rules
 * (`<b>` and `<i>` are bold and italics, a table's first row heads its
 * columns, runs of non-breaking spaces are one space); every image, video
 * and embed taken out of where it stood to a line of its own, as a
 * {@link Media}; and what is hostile or has no place on the site dropped and
 * counted by kind, never the text around it.
 *
 * The walk recurses once per level of the tree, which the caller has bounded
 * (wp-body.ts flattens anything deeper than the policy's MAX_DEPTH).
 */

/** What the cleaning says it did. */
export interface CleaningReport {
  removed: Partial<Record<RemovedKind, number>>;
  /** Every embed met, in order: its address, and whether the site shows it (a YouTube video) or only links to it. */
  embeds: { url: string; kept: boolean }[];
}

/** Where an element stands: inside a paragraph's text (block elements there give their text), inside a form, inside preformatted text. */
interface Where {
  phrasing: boolean;
  form: boolean;
  pre?: boolean;
}

const FLOW: Where = { phrasing: false, form: false };

const element = (tagName: string, properties: Properties = {}, children: ElementContent[] = []): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});
const text = (value: string): Text => ({ type: 'text', value });
const stringOf = (value: unknown) => (typeof value === 'string' ? value : Array.isArray(value) ? value.join(' ') : '');
export const collapse = (value: string) => value.replace(/\s+/g, ' ').trim();

/** Whether nodes show nothing: only white space and line breaks. */
const isBlank = (nodes: readonly ElementContent[]) =>
  nodes.every((node) => (node.type === 'text' ? node.value.trim() === '' : node.type === 'element' && node.tagName === 'br'));

/** Nodes without the white space and line breaks at either end. */
function trimmed(nodes: ElementContent[]): ElementContent[] {
  let start = 0;
  let end = nodes.length;
  while (start < end && isBlank([nodes[start]!])) start++;
  while (end > start && isBlank([nodes[end - 1]!])) end--;
  return nodes.slice(start, end);
}

/** An element's text, without recursion (for what lies past the depth the walk goes to). */
function flatText(node: ElementContent): string {
  const out: string[] = [];
  const stack: ElementContent[] = [node];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (next.type === 'text') out.push(next.value);
    else if (next.type === 'element') for (let i = next.children.length - 1; i >= 0; i--) stack.push(next.children[i]!);
  }
  return out.join('');
}

/** The kept attributes of an element, the address ones only when safe. */
function keptProperties(tagName: string, properties: Properties): Properties {
  const kept: Properties = {};
  for (const name of KEPT.get(tagName) ?? []) {
    const value = properties[name];
    if (value !== undefined && value !== null && value !== false) kept[name] = value;
  }
  return kept;
}

/** An attachment's id on an image: WordPress's `wp-image-<id>` class, a gallery's `data-id`. */
function attachmentOf(properties: Properties): number | null {
  const byClass = /(?:^|\s)wp-image-(\d+)(?:\s|$)/.exec(stringOf(properties.className))?.[1];
  const id = Number(byClass ?? properties.dataId ?? properties.dataWpAttachment ?? Number.NaN);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Whether a cleaned element holds a link (one may not go inside another). */
function hasLink(node: Element): boolean {
  const stack: ElementContent[] = [...node.children];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (next.type !== 'element') continue;
    if (next.tagName === 'a') return true;
    stack.push(...next.children);
  }
  return false;
}

/**
 * Content in an inline element, the spaces at its edges moved outside it:
 * `<strong>negrito </strong>e` is `**negrito** e`, as the editor writes it,
 * not `**negrito&#x20;**&#x65;`.
 */
function marked(name: string, properties: Properties, part: ElementContent[]): ElementContent[] {
  const inner = [...part];
  const first = inner[0];
  const lead = first?.type === 'text' ? (/^\s+/.exec(first.value)?.[0] ?? '') : '';
  if (lead !== '') inner[0] = text((first as Text).value.slice(lead.length));
  const last = inner[inner.length - 1];
  const trail = last?.type === 'text' ? (/\s+$/.exec(last.value)?.[0] ?? '') : '';
  if (trail !== '') inner[inner.length - 1] = text((last as Text).value.slice(0, -trail.length));
  return [...(lead ? [text(lead)] : []), element(name, properties, inner), ...(trail ? [text(trail)] : [])];
}

/** The cleaning of one body: the walk, with what it counts and the media it makes. */
export class BodyCleaning {
  private readonly media = new WeakMap<Element, Media>();
  readonly report: CleaningReport = { removed: {}, embeds: [] };

  /** The old site's own links, pointed at the new addresses: {@link linkTarget} is the import's; `rewritten` counts them. */
  linksRewritten = 0;

  /** The block editor's footnotes marked in the text, by id, in the order of their first mark (the mark `<sup>[n]</sup>` is n). */
  readonly footnotes: string[] = [];

  constructor(
    private readonly linkTarget: (url: string) => string | null,
    /** The ids of the footnotes the post has (its `footnotes` meta): a mark of one of them is a footnote of the site. */
    private readonly noted: ReadonlySet<string> = new Set(),
  ) {}

  /** The body's top-level content, cleaned: blocks, media, and the loose text between them as paragraphs. */
  body(children: readonly RootContent[]): ElementContent[] {
    return this.paragraphs(this.clean(children, 0, FLOW));
  }

  /** A piece of text (a footnote's) cleaned as the inside of a paragraph. */
  phrasing(children: readonly RootContent[]): ElementContent[] {
    return trimmed(this.clean(children, 1, { phrasing: true, form: false }));
  }

  /** An address as the site links it: Google's redirect undone, the old site's own posts at their new address. */
  linkAddress(url: string): string {
    const target = googleRedirectTarget(url) ?? url;
    const rewritten = this.linkTarget(target);
    if (rewritten === null || rewritten === target) return target;
    this.linksRewritten++;
    return rewritten;
  }

  /** The media a node of the cleaned body stands for; undefined for any other node. */
  mediaOf = (node: ElementContent | RootContent): Media | undefined => (node.type === 'element' ? this.media.get(node) : undefined);

  isMedia = (node: ElementContent | RootContent): boolean => this.mediaOf(node) !== undefined;

  private count(kind: RemovedKind): void {
    this.report.removed[kind] = (this.report.removed[kind] ?? 0) + 1;
  }

  private mediaNode(media: Media, url?: string): Element {
    const node = element('wp-media');
    this.media.set(node, media);
    if (url !== undefined) this.report.embeds.push({ url, kept: media.kind === 'video' });
    return node;
  }

  /** Runs of loose text and inline elements between blocks, each made a paragraph. */
  private paragraphs(nodes: ElementContent[]): ElementContent[] {
    const out: ElementContent[] = [];
    let run: ElementContent[] = [];
    const flush = () => {
      const content = trimmed(run);
      if (content.length > 0) out.push(element('p', {}, content));
      run = [];
    };
    for (const node of nodes) {
      const inline = node.type === 'text' || (node.type === 'element' && PHRASING.has(node.tagName) && !this.isMedia(node));
      if (inline) run.push(node);
      else {
        flush();
        out.push(node);
      }
    }
    flush();
    return out;
  }

  private clean(nodes: readonly (ElementContent | RootContent)[], depth: number, where: Where): ElementContent[] {
    const out: ElementContent[] = [];
    for (const node of nodes) {
      // Spaces in preformatted text are its layout.
      if (node.type === 'text') out.push(text(where.pre ? node.value : collapseNbspRuns(node.value)));
      else if (node.type === 'element') {
        // Appended one by one: spread into one call, a long list overflows the call stack.
        for (const cleaned of this.element(node, depth, where)) out.push(cleaned);
      }
    }
    return out;
  }

  private element(node: Element, depth: number, where: Where): ElementContent[] {
    const tag = node.tagName.toLowerCase();
    const dropped = DROPPED.get(tag);
    if (dropped) {
      this.count(dropped);
      return tag === 'object' || tag === 'embed' ? this.salvagedVideo(node) : [];
    }
    if (SILENT.has(tag)) return [];
    if (where.form && CONTROLS.has(tag)) return [];
    if (OTHER.has(tag)) {
      this.count('other-element');
      return [];
    }
    for (const name of Object.keys(node.properties)) {
      if (name === 'style') this.count('inline-style');
      else if (/^on./i.test(name)) this.count('event-handler');
    }
    if (depth > MAX_DEPTH) return [text(flatText(node))];
    const inner = (at: Where) => this.clean(node.children, depth + 1, at);
    const phrasing = { ...where, phrasing: true };

    // The block editor's footnote mark, <sup data-fn="<id>"><a href="#<id>">1</a></sup>: the mark the site's footnotes have.
    const footnote = tag === 'sup' ? stringOf(node.properties.dataFn) : '';
    if (footnote !== '' && this.noted.has(footnote)) {
      const number = this.footnotes.indexOf(footnote) + 1 || this.footnotes.push(footnote);
      return [element('sup', {}, [text(`[${number}]`)])];
    }

    switch (tag) {
      case 'img':
        return this.image(node);
      case 'iframe':
        return this.iframe(node);
      case 'video':
      case 'audio':
        return this.player(node);
      case 'a':
        return this.link(node, depth, where);
      case 'figure':
        return this.figure(node, depth, where);
      case 'form':
        this.count('form');
        return this.unwrapped(this.clean(node.children, depth + 1, { ...where, form: true }), where);
      case 'br':
        return [element('br')];
      case 'hr':
        return where.phrasing ? [text(' ')] : [element('hr')];
      case 'pre':
        return where.phrasing ? [...inner(phrasing), text(' ')] : [element('pre', {}, inner({ ...phrasing, pre: true }))];
      case 'p':
        return where.phrasing ? [...inner(phrasing), text(' ')] : this.paragraph('p', inner(phrasing), true);
      case 'ul':
      case 'ol':
      case 'dl':
        return this.container(tag, node, inner({ ...where, phrasing: false }), where, ['li', 'dt', 'dd']);
      case 'table':
        return this.table(node, inner({ ...where, phrasing: false }), where);
      case 'thead':
      case 'tbody':
      case 'tfoot':
        return this.container(tag, node, inner({ ...where, phrasing: false }), where, ['tr']);
      case 'tr':
        return this.container(tag, node, inner({ ...where, phrasing: false }), where, ['td', 'th']);
      case 'li':
      case 'dt':
      case 'dd':
      case 'td':
      case 'th':
      case 'caption':
      case 'blockquote':
        return this.holder(tag, node, inner({ ...where, phrasing: false }), where);
    }
    const heading = HEADINGS.get(tag);
    if (heading) return where.phrasing ? [...inner(phrasing), text(' ')] : this.paragraph(heading, inner(phrasing), false);
    const inline = INLINE.get(tag);
    if (inline) return this.inline(inline, keptProperties(inline, node.properties), inner(phrasing));
    if (tag === 'span' || tag === 'font') {
      // A Docs run in bold or italics keeps its emphasis, as a paste does.
      const marks = emphasisOfStyle(stringOf(node.properties.style));
      return marks.reduceRight((content, mark) => this.inline(mark, {}, content), inner(phrasing));
    }
    if (BLOCK_WRAPPERS.has(tag)) return this.unwrapped(inner(where), where);
    // Anything else (a plugin's element, Word's <o:p>): its text stays, as a browser shows an element it does not know.
    return inner(where);
  }

  /** A layout wrapper's content: in the flow, its loose text a paragraph of its own; inside a paragraph, its text and a space. */
  private unwrapped(content: ElementContent[], where: Where): ElementContent[] {
    return where.phrasing ? [...content, text(' ')] : this.paragraphs(content);
  }

  /** Content split around the media in it, each stretch in its own copy of the element (`wrap`); blank stretches stay as they are. */
  private aroundMedia(content: ElementContent[], wrap: (part: ElementContent[]) => ElementContent[]): ElementContent[] {
    if (!content.some(this.isMedia)) return wrap(content);
    const out: ElementContent[] = [];
    let part: ElementContent[] = [];
    const flush = () => {
      out.push(...(isBlank(part) ? part : wrap(part)));
      part = [];
    };
    for (const node of content) {
      if (this.isMedia(node)) {
        flush();
        out.push(node);
      } else part.push(node);
    }
    flush();
    return out;
  }

  private inline(name: string, properties: Properties, content: ElementContent[]): ElementContent[] {
    return this.aroundMedia(content, (part) => (isBlank(part) ? part : marked(name, properties, part)));
  }

  private link(node: Element, depth: number, where: Where): ElementContent[] {
    // A link around blocks (a card: a heading and a paragraph) links each block's text instead: Markdown links only text.
    const aroundBlocks = !where.phrasing && node.children.some((child) => child.type === 'element' && BLOCK_LEVEL.has(child.tagName));
    const content = this.clean(node.children, depth + 1, aroundBlocks ? where : { ...where, phrasing: true });
    const href = node.properties.href;
    if (typeof href !== 'string') return content;
    const safe = safeUrl(href);
    if (safe === null) {
      this.count('unsafe-link');
      return content;
    }
    // A link within the old page (its anchors are gone) or to nothing leads nowhere on the site.
    if (safe === '' || safe.startsWith('#')) return content;
    const properties: Properties = { href: this.linkAddress(safe), ...keptProperties('a', node.properties) };
    // WordPress links an inserted image to its own file: the image alone is what the reader saw.
    const wrap = (part: ElementContent[]) => (isBlank(part) ? part : marked('a', properties, part));
    if (!aroundBlocks) return this.aroundMedia(content, wrap);
    return this.paragraphs(content).map((block) =>
      block.type === 'element' && TEXT_BLOCKS.has(block.tagName) && !hasLink(block)
        ? { ...block, children: this.aroundMedia(block.children, wrap) }
        : block,
    );
  }

  /**
   * A paragraph or heading: split around its media, and (a paragraph) around
   * a line that is nothing but an address, which WordPress shows as the
   * embed of that address (its "autoembed").
   */
  private paragraph(name: string, content: ElementContent[], embeds: boolean): ElementContent[] {
    const out: ElementContent[] = [];
    let part: ElementContent[] = [];
    let lineStart = 0;
    const flush = () => {
      const kept = trimmed(part);
      if (kept.length > 0) out.push(element(name, {}, kept));
      part = [];
      lineStart = 0;
    };
    const endLine = () => {
      const line = part.slice(lineStart);
      const address = line.every((node) => node.type === 'text')
        ? line
            .map((node) => (node as Text).value)
            .join('')
            .trim()
        : '';
      if (embeds && LONE_URL.test(address)) {
        part = part.slice(0, lineStart);
        flush();
        out.push(this.mediaNode(embedOf(address, ''), address));
      }
      lineStart = part.length;
    };
    for (const node of content) {
      if (this.isMedia(node)) {
        endLine();
        flush();
        out.push(node);
      } else if (node.type === 'element' && node.tagName === 'br') {
        endLine();
        part.push(node);
        lineStart = part.length;
      } else part.push(node);
    }
    endLine();
    flush();
    return out;
  }

  /** A list item, cell, quote…: its media move out after it (a figure stands alone, never inside a list or table). */
  private holder(name: string, node: Element, content: ElementContent[], where: Where): ElementContent[] {
    if (where.phrasing) return [...content, text(' ')];
    const media = content.filter(this.isMedia);
    let rest = content.filter((child) => !this.isMedia(child));
    // Loose text beside paragraphs (a quote's <cite> after its <p>) is a paragraph of its own, as Markdown writes it.
    if (rest.some((child) => child.type === 'element' && !PHRASING.has(child.tagName))) rest = this.paragraphs(rest);
    const properties = keptProperties(name, node.properties);
    if (name === 'blockquote') {
      const cite = stringOf(node.properties.cite);
      if (cite !== '' && safeUrl(cite) !== null) properties.cite = cite;
    }
    return [element(name, properties, rest), ...media];
  }

  /** A list, table part or row: only its items (empty ones, as a gallery's once its images are out, dropped), then the media of them. */
  private container(name: string, node: Element, content: ElementContent[], where: Where, items: string[]): ElementContent[] {
    if (where.phrasing) return [...content, text(' ')];
    const media = content.filter(this.isMedia);
    const kept = content.filter(
      (child) => child.type === 'element' && items.includes(child.tagName) && !(isBlank(child.children) && child.tagName === 'li'),
    );
    if (kept.length === 0) return media;
    return [element(name, keptProperties(name, node.properties), kept), ...media];
  }

  /** A table, its first row made the header row when it has none, as a table pasted into the editor gets. */
  private table(node: Element, content: ElementContent[], where: Where): ElementContent[] {
    const cleaned = this.container('table', node, content, where, ['caption', 'thead', 'tbody', 'tfoot', 'tr']);
    const table = cleaned[0];
    if (table?.type !== 'element' || table.tagName !== 'table') return cleaned;
    const parts = table.children as Element[];
    if (!parts.some((part) => part.tagName === 'thead')) {
      const holder = parts.find((part) => part.tagName === 'tbody' || part.tagName === 'tr');
      const rows = holder?.tagName === 'tbody' ? (holder.children as Element[]) : parts.filter((part) => part.tagName === 'tr');
      const first = rows[0];
      if (first) {
        first.children = first.children.map((cell) =>
          cell.type === 'element' ? element('th', { ...keptProperties('th', cell.properties), scope: 'col' }, cell.children) : cell,
        );
        if (holder?.tagName === 'tbody') holder.children = holder.children.filter((row) => row !== first);
        const head = element('thead', {}, [first]);
        table.children = table.children.filter((part) => part !== first && !(part === holder && holder.children.length === 0));
        const at = table.children.findIndex((part) => part.type === 'element' && part.tagName !== 'caption');
        table.children.splice(at < 0 ? table.children.length : at, 0, head);
        // Rows written straight in the table go in a body, as the parser would put them.
        const loose = table.children.filter((part) => part.type === 'element' && part.tagName === 'tr');
        if (loose.length > 0) {
          table.children = table.children.filter((part) => !loose.includes(part));
          table.children.push(element('tbody', {}, loose));
        }
      }
    }
    return cleaned;
  }

  /**
   * A figure: its caption goes to what it captions (the one image, as the
   * image's caption; the one video, as its title; a table, as the table's
   * caption; an embed's address, WordPress's embed block), or becomes a
   * paragraph after the rest.
   */
  private figure(node: Element, depth: number, where: Where): ElementContent[] {
    const captionElement = node.children.find((child): child is Element => child.type === 'element' && child.tagName === 'figcaption');
    const captionNodes = captionElement ? trimmed(this.clean(captionElement.children, depth + 1, { ...where, phrasing: true })) : [];
    const caption = collapse(captionNodes.map((child) => textOf(child)).join(''));
    const content = this.clean(
      node.children.filter((child) => child !== captionElement),
      depth + 1,
      where,
    );
    // An embed block's address stands in a wrapper <div>, which the cleaning made a paragraph.
    const onlyText = (nodes: ElementContent[]): boolean =>
      nodes.every(
        (child) =>
          child.type === 'text' || (child.type === 'element' && child.tagName === 'p' && !this.isMedia(child) && onlyText(child.children)),
      );
    const address = onlyText(content) ? collapse(content.map((child) => textOf(child)).join(' ')) : '';
    if (LONE_URL.test(address)) {
      const media = embedOf(address, caption);
      const rest = media.kind === 'video' && !usableTitle(caption) ? { ...media, title: '' } : media;
      return [this.mediaNode(rest, address), ...(rest === media || caption === '' ? [] : this.captionParagraph(captionNodes, where))];
    }
    const attachment = attachmentOf(node.properties);
    const media = content.map(this.mediaOf).filter((one) => one !== undefined);
    if (attachment !== null) for (const one of media) if (one.kind === 'image' && one.attachment === null) one.attachment = attachment;
    if (caption === '') return content;
    const [only] = media;
    if (media.length === 1 && only) {
      if (only.kind === 'image' && only.caption === '') {
        only.caption = caption;
        return content;
      }
      if (only.kind === 'video' && only.title === '' && usableTitle(caption)) {
        only.title = caption;
        return content;
      }
      if (only.kind === 'link' && only.caption === '') {
        only.caption = caption;
        return content;
      }
    }
    const table = content.find((child): child is Element => child.type === 'element' && child.tagName === 'table');
    if (table && !table.children.some((child) => child.type === 'element' && child.tagName === 'caption')) {
      table.children.unshift(element('caption', {}, captionNodes));
      return content;
    }
    return [...content, ...this.captionParagraph(captionNodes, where)];
  }

  private captionParagraph(captionNodes: ElementContent[], where: Where): ElementContent[] {
    return where.phrasing ? [text(' '), ...captionNodes] : this.paragraph('p', captionNodes, false);
  }

  private image(node: Element): ElementContent[] {
    const { properties } = node;
    let source = stringOf(properties.src).trim();
    // A lazy loader keeps the real address aside and a placeholder in src.
    const aside = stringOf(properties.dataLazySrc || properties.dataSrc || properties.dataOriginal).trim();
    if (aside !== '' && (source === '' || /^data:/i.test(source))) source = aside;
    const url = source === '' || /^data:/i.test(source) ? null : safeUrl(source);
    if (url === null || url === '') {
      this.count('image');
      return [];
    }
    return [
      this.mediaNode({ kind: 'image', url, alt: collapse(stringOf(properties.alt)), caption: '', attachment: attachmentOf(properties) }),
    ];
  }

  private iframe(node: Element): ElementContent[] {
    const source = stringOf(node.properties.src || node.properties.dataSrc).trim();
    const id = youTubeVideoId(source);
    if (id) return [this.mediaNode({ kind: 'video', id, title: collapse(stringOf(node.properties.title)) }, source)];
    this.count('iframe');
    if (source !== '') this.report.embeds.push({ url: source, kept: false });
    return [];
  }

  /** A `<video>` or `<audio>` player: the site plays neither, so a link to its file (or the video, when YouTube's). */
  private player(node: Element): ElementContent[] {
    const sources = [node, ...node.children.filter((child): child is Element => child.type === 'element' && child.tagName === 'source')];
    const source = sources.map((one) => stringOf(one.properties.src).trim()).find((value) => value !== '' && safeUrl(value) !== null);
    if (source === undefined) {
      this.count('other-element');
      return [];
    }
    return [this.mediaNode(embedOf(source, ''), source)];
  }

  /** The YouTube video an old `<object>`/`<embed>` player showed, if it was one (the element itself is removed, and counted). */
  private salvagedVideo(node: Element): ElementContent[] {
    const stack: Element[] = [node];
    for (let next = stack.pop(); next; next = stack.pop()) {
      for (const value of [next.properties.src, next.properties.data, next.properties.value]) {
        const address = stringOf(value);
        const id = youTubeVideoId(address);
        if (id) return [this.mediaNode({ kind: 'video', id, title: '' }, address)];
      }
      for (const child of next.children) if (child.type === 'element') stack.push(child);
    }
    return [];
  }
}

/** Whether a caption can be a video's title on its line (`"…"` after the address: no double quote, no line break). */
const usableTitle = (caption: string) => caption !== '' && !caption.includes('"') && !caption.includes('\n');
