import { serialize, type DefaultTreeAdapterTypes as T, defaultTreeAdapter as tree } from 'parse5';
import { IMAGE_VARIANT_WIDTHS, variantName, variantStem } from '../schema/image-variants';
import { attributeRefusal, elementRefusal, parseErrorFix, parseErrorMessage } from './body-messages';
import { attributeOf, HTML_NS, type Note, parseBody } from './body-parse';
import { drawToolCard, servedToolCard } from './body-tool';
import { embedTitle, facadeVideo, insideLink, reportEmbed, sameTree, videoFacade } from './body-video';
import {
  BODY_IMAGE_SIZES,
  DERIVED_ATTRIBUTES,
  DROPPED_WITH_CONTENT,
  embedVideo,
  isAllowedAttribute,
  isAllowedElement,
  isAllowedImageSrc,
  isPixelCount,
  MAX_DEPTH,
  safeUrl,
  URL_ATTRIBUTES,
  VOID_ELEMENTS,
} from './html-policy';

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
  /** The links kept, as served, each with its line (only when findings are asked for). */
  links: { url: string; line: number }[];
  /** Findings past the first {@link MAX_FINDINGS}, counted but not listed. */
  unlisted: { errors: number; warnings: number };
}

/** The most findings one read lists: a body with more gets a count of the rest (an editor fixes the first ones and checks again). */
export const MAX_FINDINGS = 100;

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
 * and a facade read again stays the same facade; a tool's card (./body-tool.ts)
 * read again stays the same card: so what is served is still a fixed point of
 * this walk.
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
  const links: ReadBody['links'] = [];
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
      note(line, `<${name}>`, `<${name}> não foi fechado`, `ponha </${name}> onde ele termina, e encaixe as marcações direito`);
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
          `aqui as marcações se encaixam em mais de ${MAX_DEPTH} níveis`,
          'simplifique a estrutura: um artigo precisa de poucos níveis',
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
          note(
            line,
            '<a>',
            'este link imita a marcação de vídeo do próprio site',
            'escreva o vídeo como <iframe src="…" title="…"></iframe>, ou o endereço do YouTube sozinho numa linha',
          );
      }
      if (insideLink(frame.parent)) {
        note(line, `<${name}>`, 'um vídeo dentro de um link', 'tire o vídeo de dentro do <a>: ele já aparece como um link próprio');
      } else {
        tree.appendChild(frame.parent, drawn);
      }
      continue;
    }

    // A tool's card, as the site served it: drawn again from its address and text alone.
    const card = name === 'a' ? servedToolCard(node) : null;
    if (card) {
      const drawn = drawToolCard(card);
      if (report) {
        countEndTags(node, endTags);
        if (!sameTree(node, drawn))
          note(
            line,
            '<a>',
            'este link imita o cartão de ferramenta do próprio site',
            'escreva o endereço da ferramenta sozinho numa linha, como /alugar-ou-comprar',
          );
      }
      if (insideLink(frame.parent)) note(line, '<a>', 'um cartão de ferramenta dentro de um link', 'tire o cartão de dentro do <a>');
      else tree.appendChild(frame.parent, drawn);
      continue;
    }

    const attributes: T.Element['attrs'] = [];
    const derived = derivedAttributes(node);
    for (const attribute of node.attrs) {
      const where = location?.attrs?.[attribute.name]?.startLine ?? line;
      if (!attribute.namespace && derived.has(attribute.name)) {
        // What the sanitizer writes itself: silent when it says the same (a served body read again).
        if (report && derived.get(attribute.name) !== attribute.value)
          note(where, `${attribute.name}=`, `${attribute.name}= em <${name}> é o site que define`, `apague ${attribute.name}=`);
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
            `${attribute.name}="${attribute.value.slice(0, 40)}" em <${name}> não é um endereço da web`,
            'um link só pode ser http(s):, mailto:, tel: ou relativo (nada de javascript:, data: ou caracteres escondidos)',
          );
          continue;
        }
        attributes.push({ name: attribute.name, value: url });
        if (report && name === 'a') links.push({ url, line: where ?? 1 });
      } else if (name === 'img' && (attribute.name === 'width' || attribute.name === 'height') && !isPixelCount(attribute.value)) {
        note(
          where,
          `${attribute.name}=`,
          `${attribute.name}="${attribute.value.slice(0, 20)}" em <img> não é um número de pixels`,
          `apague ${attribute.name}=: a publicação escreve o tamanho real da imagem`,
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
