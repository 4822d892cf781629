import {
  type DefaultTreeAdapterMap,
  html,
  type ParserErrorHandler,
  parseFragment,
  serialize,
  type DefaultTreeAdapterTypes as T,
  type TreeAdapter,
  defaultTreeAdapter as tree,
} from 'parse5';
import {
  UNTITLED_VIDEO,
  VIDEO_FACADE_CLASS,
  VIDEO_LABEL_PREFIX,
  VIDEO_PLAY_CLASS,
  VIDEO_TITLE_CLASS,
  videoEmbedUrl,
  videoIdOfEmbedUrl,
} from '../../shared/video-embed';
import {
  ALLOWED_ELEMENT_NAMES,
  BODY_IMAGE_SIZES,
  DERIVED_ATTRIBUTES,
  DROPPED_WITH_CONTENT,
  embedVideo,
  IGNORED_EMBED_ATTRIBUTES,
  isAllowedAttribute,
  isAllowedElement,
  isAllowedImageSrc,
  isPixelCount,
  MAX_BODY_ATTRIBUTES,
  MAX_BODY_ELEMENTS,
  MAX_DEPTH,
  safeUrl,
  URL_ATTRIBUTES,
  VOID_ELEMENTS,
} from './html-policy';
import { IMAGE_VARIANT_WIDTHS, variantName, variantStem } from './image-variants';

/** Something in a body the policy does not allow, where it is, and how to fix it. */
export interface BodyFinding {
  line: number;
  /** What the finding is about: `<script>`, `href=`, `HTML`. */
  subject: string;
  message: string;
  fix: string;
  /** `warning`: nothing unsafe, only ignored (the body publishes); absent: refused, an error. */
  severity?: 'warning';
}

const HTML_NS = html.NS.HTML;

/** A body read through the policy. */
export interface ReadBody {
  /** The allowed part, serialized: what a reader's browser gets. */
  html: string;
  /** What was removed or flattened, and why (only when asked for). */
  findings: BodyFinding[];
  /** The text a reader sees, with spaces between blocks (only when findings are asked for). */
  text: string;
  /** Elements written with an end tag, by name (only when findings are asked for). */
  endTags: Map<string, number>;
  /** The links kept, as served (only when findings are asked for). */
  links: string[];
  /** Findings past the first {@link MAX_FINDINGS}, counted but not listed. */
  unlisted: { errors: number; warnings: number };
}

/** The most findings one read lists: a body with more gets a count of the rest (an editor fixes the first ones and checks again). */
export const MAX_FINDINGS = 100;

/** The formatting elements of the HTML algorithm: the ones a parser opens again after a block closes them. */
const FORMATTING_ELEMENTS = new Set(['a', 'b', 'big', 'code', 'em', 'font', 'i', 'nobr', 's', 'small', 'strike', 'strong', 'tt', 'u']);

/** Formatting elements of one tag name left open, and the copies the parser made of them. */
export interface ReopenedTag {
  tag: string;
  /** How many such elements the body wrote that were opened again. */
  written: number;
  /** How many copies of them the parser made before it stopped. */
  copies: number;
  /** The line of the first of them (when read with source locations). */
  line?: number;
}

/**
 * A body from which a browser would build more elements, or attributes, than
 * the policy allows ({@link MAX_BODY_ELEMENTS}, {@link MAX_BODY_ATTRIBUTES}):
 * parsing stopped there, so the work done and the memory held are bounded.
 */
export class BodyTooComplexError extends Error {
  constructor(
    readonly limit: 'elements' | 'attributes',
    /** How many of the elements, or of the attributes, counted are copies of formatting elements left open. */
    readonly copied: number,
    /** The furthest line the parser had reached (when read with source locations). */
    readonly line: number | undefined,
    /** Formatting elements left open that the parser had opened again, most copied first. */
    readonly reopened: ReopenedTag[],
  ) {
    super(`the body builds more than ${(limit === 'elements' ? MAX_BODY_ELEMENTS : MAX_BODY_ATTRIBUTES).toLocaleString('en')} ${limit}`);
    this.name = 'BodyTooComplexError';
  }
}

/**
 * Parses a body as a browser parses the inside of a `<div>`, counting every
 * element the parser creates (parse5's `onElementCreated`), copies of
 * formatting elements left open included, and the attributes they carry.
 * Throws {@link BodyTooComplexError} at the element past either limit,
 * before the tree grows any further: the cost of a parse is bounded by the
 * limits, whatever the body (its size is bounded before: MAX_BODY_BYTES).
 */
export function parseBody(
  source: string,
  { locations = false, onParseError = null }: { locations?: boolean; onParseError?: ParserErrorHandler | null } = {},
): T.DocumentFragment {
  // The fragment parser first creates a root <html> of its own, not the body's.
  let elements = -1;
  let attributes = 0;
  let copiedElements = 0;
  let copiedAttributes = 0;
  let line: number | undefined;
  let previous: T.Element | undefined;
  // A copy the parser makes of a formatting element shares its attribute list (the token's): written ones by that list.
  const written = new Map<T.Element['attrs'], T.Element>();
  const copies = new Map<T.Element, number>();
  const treeAdapter: TreeAdapter<DefaultTreeAdapterMap> = {
    ...tree,
    onElementCreated(element) {
      // An element's location is set once it is created: the previous one's is known now.
      const reached = previous?.sourceCodeLocation?.startLine;
      if (reached !== undefined && (line === undefined || reached > line)) line = reached;
      previous = element;
      if (FORMATTING_ELEMENTS.has(element.tagName)) {
        const original = written.get(element.attrs);
        if (original === undefined) written.set(element.attrs, element);
        else {
          copies.set(original, (copies.get(original) ?? 0) + 1);
          copiedElements++;
          copiedAttributes += element.attrs.length;
        }
      }
      elements++;
      attributes += element.attrs.length;
      if (elements > MAX_BODY_ELEMENTS) throw new BodyTooComplexError('elements', copiedElements, line, reopenedTags(copies));
      if (attributes > MAX_BODY_ATTRIBUTES) throw new BodyTooComplexError('attributes', copiedAttributes, line, reopenedTags(copies));
    },
  };
  return parseFragment(tree.createElement('div', HTML_NS, []), source, {
    treeAdapter,
    sourceCodeLocationInfo: locations,
    onParseError,
  });
}

/** The copies made of formatting elements, by tag name, most copied first. */
function reopenedTags(copies: Map<T.Element, number>): ReopenedTag[] {
  const byTag = new Map<string, ReopenedTag>();
  for (const [element, count] of copies) {
    const line = element.sourceCodeLocation?.startLine;
    const tag = byTag.get(element.tagName) ?? { tag: element.tagName, written: 0, copies: 0, ...(line !== undefined && { line }) };
    tag.written++;
    tag.copies += count;
    if (line !== undefined && (tag.line === undefined || line < tag.line)) tag.line = line;
    byTag.set(element.tagName, tag);
  }
  return [...byTag.values()].sort((a, b) => b.copies - a.copies);
}

/**
 * Parses a body exactly as a browser parses the inside of a `<div>` (parse5
 * follows the WHATWG algorithm: entities decoded, `<![CDATA[` ending at the
 * first `>`, tables fostering, implied end tags) and keeps what the policy
 * allows, building a new tree that is then serialized. So the check and the
 * sanitizer judge the same tree the reader's browser will build, and what is
 * served is only what was judged.
 *
 * The walk is a loop over an explicit stack: a hostile body nesting thousands
 * of elements cannot exhaust the call stack, and the output never nests
 * deeper than {@link MAX_DEPTH} (deeper elements are unwrapped), which keeps
 * the serializer's recursion bounded too.
 *
 * A video embed becomes the site's own facade (see {@link videoFacade}),
 * and a facade read again stays the same facade, so what is served is still a
 * fixed point of this walk.
 *
 * With `report`, every removal is also described for an editor, with its line
 * (the first {@link MAX_FINDINGS}; the rest are counted).
 *
 * Throws {@link BodyTooComplexError} for a body past the element or attribute
 * limits ({@link parseBody}).
 */
export function readBody(source: string, { report = false } = {}): ReadBody {
  const findings: BodyFinding[] = [];
  const unlisted = { errors: 0, warnings: 0 };
  const endTags = new Map<string, number>();
  const text: string[] = [];
  const links: string[] = [];
  const note: Note = report
    ? (line, subject, message, fix, severity) => {
        if (findings.length < MAX_FINDINGS) findings.push({ line: line ?? 1, subject, message, fix, ...(severity && { severity }) });
        else if (severity === 'warning') unlisted.warnings++;
        else unlisted.errors++;
      }
    : () => {};
  // Copies of one element left open (parseBody) share its start tag's location: it is reported once.
  const unclosed = new Set<object>();

  const parsed = parseBody(source, {
    locations: report,
    onParseError: report ? (error) => note(error.startLine, 'HTML', parseErrorMessage(error.code), parseErrorFix(error.code)) : null,
  });

  const output = tree.createDocumentFragment();
  let flattened = false;
  const stack: { nodes: T.ChildNode[]; next: number; parent: T.ParentNode; depth: number }[] = [
    { nodes: parsed.childNodes, next: 0, parent: output, depth: 0 },
  ];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const node = frame.nodes[frame.next++];
    if (!node) {
      stack.pop();
      continue;
    }
    if (tree.isTextNode(node)) {
      tree.insertText(frame.parent, node.value);
      if (report) text.push(node.value);
      continue;
    }
    if (!tree.isElementNode(node)) continue; // comments and doctypes are dropped
    const location = node.sourceCodeLocation;
    const line = location?.startLine;
    const name = node.tagName;
    const children = { nodes: node.childNodes, next: 0, parent: frame.parent, depth: frame.depth };

    if (report && location?.endTag) endTags.set(name, (endTags.get(name) ?? 0) + 1);
    if (
      report &&
      location?.startTag &&
      !location.endTag &&
      !VOID_ELEMENTS.has(name) &&
      node.namespaceURI === HTML_NS &&
      !unclosed.has(location.startTag)
    ) {
      unclosed.add(location.startTag);
      note(line, `<${name}>`, `<${name}> is not closed`, `add </${name}> where it ends, and nest tags properly`);
    }

    const src = name === 'iframe' || name === 'img' ? attributeOf(node, 'src') : undefined;
    const alt = name === 'img' ? attributeOf(node, 'alt') : undefined;
    const video = name === 'iframe' ? embedVideo(src) : undefined;
    if (
      node.namespaceURI !== HTML_NS ||
      !isAllowedElement(name) ||
      (name === 'iframe' && video === null) ||
      (name === 'img' && (!isAllowedImageSrc(src) || !alt?.trim()))
    ) {
      if (report) note(line, `<${name}>`, ...elementRefusal(name, src, alt));
      if (!DROPPED_WITH_CONTENT.has(name) && node.namespaceURI === HTML_NS) stack.push(children);
      continue;
    }
    if (frame.depth >= MAX_DEPTH) {
      if (!flattened)
        note(
          line,
          `<${name}>`,
          `elements nest more than ${MAX_DEPTH} levels deep here`,
          'simplify the structure: articles need only a few levels',
        );
      flattened = true;
      stack.push(children);
      continue;
    }

    // A video, as the editor wrote it or as the site served it: the site's facade, built from its id and title alone.
    const facade = video ? { id: video.id, title: embedTitle(node, line, note) } : name === 'a' ? facadeVideo(node) : null;
    if (facade) {
      const drawn = videoFacade(facade.id, facade.title);
      if (report && video) reportEmbed(node, video.extra, line, note);
      if (report && !video) {
        countEndTags(node, endTags);
        // Read again, a served facade is exactly what the site draws; one written by hand is refused unless it is too.
        if (!sameTree(node, drawn))
          note(line, '<a>', "this link imitates the site's own video markup", 'write the video as <iframe src="…" title="…"></iframe>');
      }
      if (insideLink(frame.parent)) {
        note(line, `<${name}>`, 'a video inside a link', 'move the video out of the <a>: it is shown as a link of its own');
      } else {
        tree.appendChild(frame.parent, drawn);
      }
      continue;
    }

    const attributes: T.Element['attrs'] = [];
    const derived = derivedAttributes(node);
    for (const attribute of node.attrs) {
      const where = location?.attrs?.[attribute.name]?.startLine ?? line;
      if (!attribute.namespace && derived.has(attribute.name)) {
        // What the sanitizer writes itself: silent when it says the same (a served body read again).
        if (report && derived.get(attribute.name) !== attribute.value)
          note(where, `${attribute.name}=`, `${attribute.name}= on <${name}> is set by the site`, `remove ${attribute.name}=`);
        continue;
      }
      if (attribute.namespace || !isAllowedAttribute(name, attribute.name)) {
        if (report) note(where, `${attribute.name}=`, ...attributeRefusal(name, attribute.name));
        continue;
      }
      if (URL_ATTRIBUTES.has(attribute.name)) {
        const url = safeUrl(attribute.value);
        if (url === null) {
          note(
            where,
            `${attribute.name}=`,
            `${attribute.name}="${attribute.value.slice(0, 40)}" on <${name}> is not a web link`,
            'links may only be http(s):, mailto:, tel: or relative (no javascript:, data: or hidden characters)',
          );
          continue;
        }
        attributes.push({ name: attribute.name, value: url });
        if (report && name === 'a') links.push(url);
      } else if (name === 'img' && (attribute.name === 'width' || attribute.name === 'height') && !isPixelCount(attribute.value)) {
        note(
          where,
          `${attribute.name}=`,
          `${attribute.name}="${attribute.value.slice(0, 20)}" on <img> is not a number of pixels`,
          `remove ${attribute.name}=: publishing writes the image's own size`,
        );
      } else {
        attributes.push({ name: attribute.name, value: attribute.value });
      }
    }
    for (const [attribute, value] of derived) if (value !== undefined) attributes.push({ name: attribute, value });
    const copy = tree.createElement(name, HTML_NS, attributes);
    tree.appendChild(frame.parent, copy);
    stack.push({ nodes: node.childNodes, next: 0, parent: copy, depth: frame.depth + 1 });
    if (report && BLOCKS.has(name)) text.push(' ');
  }
  return { html: serialize(output), findings, unlisted, text: text.join(''), endTags, links };
}

type Note = (line: number | undefined, subject: string, message: string, fix: string, severity?: 'warning') => void;

const attributeOf = (element: T.Element, name: string) =>
  element.attrs.find((attribute) => attribute.name === name && !attribute.namespace)?.value;

/** Spaces as a reader sees them: runs of white space are one space, none at either end. */
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** An embed's title, for the facade. Screen readers announce the video by it: served with a generic one, refused by the check. */
function embedTitle(iframe: T.Element, line: number | undefined, note: Note): string {
  const title = collapse(attributeOf(iframe, 'title') ?? '');
  if (title) return title;
  note(line, '<iframe>', '<iframe> has no title', 'add title="…" naming the video: screen readers announce it');
  return UNTITLED_VIDEO;
}

/**
 * The video of a facade the site served ({@link videoFacade}), read
 * again: a link of the facade's class to a player's address. Everything else
 * about it is drawn again from the id and the title its name gives.
 */
function facadeVideo(link: T.Element): { id: string; title: string } | null {
  if (attributeOf(link, 'class') !== VIDEO_FACADE_CLASS) return null;
  const id = videoIdOfEmbedUrl(attributeOf(link, 'href'));
  if (id === null) return null;
  const label = attributeOf(link, 'aria-label') ?? '';
  const title = label.startsWith(VIDEO_LABEL_PREFIX) ? collapse(label.slice(VIDEO_LABEL_PREFIX.length)) : '';
  return { id, title: title || UNTITLED_VIDEO };
}

/**
 * The site's own markup for a video, in place of the embed: a link to the
 * privacy-enhanced player (followed as is with JavaScript off), drawn by the
 * stylesheet as a 16:9 poster with a play button and the title, which loads
 * nothing from any other host. client/video.ts puts the player in its place
 * when the reader clicks it. Phrasing content only, so it parses the same in
 * a paragraph, a list item or a table cell.
 */
function videoFacade(id: string, title: string): T.Element {
  const link = tree.createElement('a', HTML_NS, [
    { name: 'class', value: VIDEO_FACADE_CLASS },
    { name: 'href', value: videoEmbedUrl(id) },
    { name: 'aria-label', value: `${VIDEO_LABEL_PREFIX}${title}` },
  ]);
  const play = tree.createElement('span', HTML_NS, [
    { name: 'class', value: VIDEO_PLAY_CLASS },
    { name: 'aria-hidden', value: 'true' },
  ]);
  const caption = tree.createElement('span', HTML_NS, [{ name: 'class', value: VIDEO_TITLE_CLASS }]);
  tree.insertText(caption, title);
  tree.appendChild(link, play);
  tree.appendChild(link, caption);
  return link;
}

/** Whether a node of the output is inside a link: a facade (a link) there would nest links, which browsers take apart. */
function insideLink(node: T.ParentNode): boolean {
  for (let at: T.ParentNode | null = node; at && tree.isElementNode(at); at = tree.getParentNode(at)) {
    if (at.tagName === 'a') return true;
  }
  return false;
}

/**
 * What an editor wrote on an embed besides its src and title: attributes of
 * the player's frame, and a query or fragment on its address, are ignored (the
 * site's own are used: shared/video-embed.ts), a warning; anything else is
 * refused as on any element.
 */
function reportEmbed(iframe: T.Element, extra: string, line: number | undefined, note: Note): void {
  const location = iframe.sourceCodeLocation;
  for (const attribute of iframe.attrs) {
    const where = location?.attrs?.[attribute.name]?.startLine ?? line;
    if (attribute.namespace || !isAllowedAttribute('iframe', attribute.name)) {
      note(where, `${attribute.name}=`, ...attributeRefusal('iframe', attribute.name));
    } else if (IGNORED_EMBED_ATTRIBUTES.has(attribute.name) && attribute.name !== 'allowfullscreen') {
      note(
        where,
        `${attribute.name}=`,
        `${attribute.name}= on <iframe> is ignored: the video plays with the site's own settings`,
        `remove ${attribute.name}=`,
        'warning',
      );
    }
  }
  if (extra) {
    note(
      location?.attrs?.src?.startLine ?? line,
      'src=',
      `"${extra.slice(0, 40)}" after the video's id is ignored: the video plays from its id alone`,
      'write src="https://www.youtube-nocookie.com/embed/<id>" with nothing after the id',
      'warning',
    );
  }
}

/** Counts the end tags written inside an element the walk does not enter (a facade is drawn again, not read). */
function countEndTags(element: T.Element, endTags: Map<string, number>): void {
  const pending: T.ChildNode[] = [...element.childNodes];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (!tree.isElementNode(node)) continue;
    if (node.sourceCodeLocation?.endTag) endTags.set(node.tagName, (endTags.get(node.tagName) ?? 0) + 1);
    for (const child of node.childNodes) pending.push(child);
  }
}

/**
 * Whether a parsed node is exactly `drawn` (elements, attributes in order,
 * text). Recurses only as deep as `drawn` (three levels), however deep the
 * parsed node nests.
 */
function sameTree(node: T.ChildNode, drawn: T.ChildNode): boolean {
  if (tree.isTextNode(drawn)) return tree.isTextNode(node) && node.value === drawn.value;
  if (!tree.isElementNode(drawn) || !tree.isElementNode(node)) return false;
  return (
    node.tagName === drawn.tagName &&
    node.namespaceURI === drawn.namespaceURI &&
    node.attrs.length === drawn.attrs.length &&
    node.attrs.every(
      (attribute, i) => !attribute.namespace && attribute.name === drawn.attrs[i]!.name && attribute.value === drawn.attrs[i]!.value,
    ) &&
    node.childNodes.length === drawn.childNodes.length &&
    node.childNodes.every((child, i) => sameTree(child, drawn.childNodes[i]!))
  );
}

/**
 * The attributes the sanitizer writes on an element ({@link DERIVED_ATTRIBUTES}),
 * by name, each with its value (undefined: not written). An image of the site
 * gets its published WebP variants as srcset, up to its own width (a variant
 * is never wider than the original), when its width is known.
 */
function derivedAttributes(element: T.Element): Map<string, string | undefined> {
  const derived = new Map<string, string | undefined>();
  if (element.tagName !== 'img') return derived;
  for (const attribute of DERIVED_ATTRIBUTES.img ?? []) derived.set(attribute, undefined);
  const src = attributeOf(element, 'src');
  const width = attributeOf(element, 'width');
  if (isAllowedImageSrc(src) && width !== undefined && isPixelCount(width)) {
    const stem = variantStem(src!);
    const candidates: string[] = [];
    for (const variant of IMAGE_VARIANT_WIDTHS) {
      candidates.push(`${variantName(stem, variant, 'webp')} ${Math.min(variant, Number(width))}w`);
      if (variant >= Number(width)) break;
    }
    derived.set('srcset', candidates.join(', '));
    derived.set('sizes', BODY_IMAGE_SIZES);
  }
  derived.set('loading', 'lazy');
  derived.set('decoding', 'async');
  return derived;
}

/** Elements whose text is separate words from the next element's. */
const BLOCKS = new Set(['p', 'h2', 'h3', 'h4', 'li', 'dt', 'dd', 'blockquote', 'br', 'td', 'th', 'caption', 'pre', 'tr', 'figcaption']);

/**
 * The body as served: {@link readBody}'s output, read again until reading
 * changes nothing. A few trees the parser builds (links nested through a
 * table, list items through an unwrapped element) serialize to markup that a
 * browser parses into another tree; settling makes what is served exactly
 * the tree a reader's browser builds from it. Throws if it does not settle
 * (no known input needs more than one extra round).
 */
export function settledBody(source: string): string {
  let html = readBody(source).html;
  for (let round = 0; round < SETTLE_ROUNDS; round++) {
    const again = readBody(html).html;
    if (again === html) return html;
    html = again;
  }
  throw new Error(`the body does not settle after ${SETTLE_ROUNDS} rounds`);
}

const SETTLE_ROUNDS = 3;

const ALLOWED_LIST = ALLOWED_ELEMENT_NAMES.filter((name) => name !== 'iframe' && name !== 'img')
  .map((name) => `<${name}>`)
  .join(' ');

function elementRefusal(name: string, src: string | undefined, alt: string | undefined): [message: string, fix: string] {
  if (name === 'img' && !isAllowedImageSrc(src)) {
    return [
      src === undefined ? '<img> without src=' : `<img src="${src.slice(0, 60)}"> is not an image of this article`,
      'put the image in the article\'s imagens/ folder and write src="imagens/<file>" (no outside, data: or javascript: addresses)',
    ];
  }
  if (name === 'img' && !alt?.trim()) return ['<img> without alt text', 'describe the image in alt="…" (10–150 characters)'];
  if (name === 'iframe') {
    return [
      `<iframe> from "${(src ?? '').slice(0, 60)}" is not an allowed embed`,
      "only https://www.youtube-nocookie.com/embed/<id> videos may be embedded, <id> being the video's 11 characters",
    ];
  }
  if (name === 'h1') return ['<h1> in the body', 'the page shows the titulo as its <h1>: use <h2> for sections'];
  return [
    `<${name}> is not allowed in an article`,
    `remove the <${name}> element; a body may use ${ALLOWED_LIST}, <img> from imagens/ and YouTube embeds`,
  ];
}

function attributeRefusal(element: string, attribute: string): [message: string, fix: string] {
  if (attribute.startsWith('on'))
    return [`event handler attribute ${attribute}= on <${element}>`, `remove ${attribute}=: articles cannot run script`];
  if (attribute === 'style' || attribute === 'class') {
    return [`${attribute}= on <${element}> is not allowed`, `remove ${attribute}=: the site's stylesheet formats articles`];
  }
  if (attribute === 'id' || attribute === 'name') {
    return [`${attribute}= on <${element}> is not allowed`, `remove ${attribute}=: it could take over names the page's own scripts use`];
  }
  return [`attribute ${attribute}= is not allowed on <${element}>`, `remove ${attribute}=`];
}

function parseErrorMessage(code: string): string {
  if (code === 'cdata-in-html-content')
    return 'a CDATA section (<![CDATA[…]]>), which HTML does not have: browsers end it at the first ">"';
  if (code === 'unexpected-question-mark-instead-of-tag-name') return 'a processing instruction (<?…?>), which HTML does not have';
  return `malformed HTML (${code})`;
}

function parseErrorFix(code: string): string {
  if (code === 'cdata-in-html-content' || code === 'unexpected-question-mark-instead-of-tag-name')
    return 'remove it; write the text as plain HTML';
  return 'fix the markup here (an editor with HTML validation shows the exact spot)';
}
