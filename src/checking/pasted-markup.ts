import type { DefaultTreeAdapterTypes as T } from 'parse5';
import { TOOL_CARD_CLASS } from '#shared/tool-card.ts';
import { BodyTooComplexError, parseBody } from '../content/body/body-parse';
import { isAllowedElement, MAX_DEPTH } from '../content/body/html-policy';

/**
 * What a word processor leaves in an article's body when its text is pasted
 * as HTML (Word's `<span style>`, `<o:p>`, `class="MsoNormal"`, list
 * bullets drawn as text; Google Docs' `<b id="docs-internal-guid-…">`
 * wrapper, a `<span>` per run of text, redirect links; both: runs of
 * `&nbsp;`), taken out before the one body policy judges the body
 * (src/content/body/body-html.ts), each kind counted for the editor's warning.
 *
 * Only markup that carries no meaning is taken out (a Docs run in bold
 * becomes `<strong>`, in italics `<em>`); text is never removed, except
 * Word's fake list bullets and paragraphs of nothing but spaces. Anything
 * else (a `<div>`, a script, an outside image) is left for the policy to
 * refuse with its fix. The edits are made on the source text, by the
 * parser's offsets: everything else stays byte for byte as written, and a
 * line keeps its number, so the policy's findings name the editor's lines.
 */

/** One kind of thing cleaned: how many, the first line, and what the editor reads. */
export interface Cleaned {
  kind: CleanedKind;
  count: number;
  line: number;
}

export type CleanedKind =
  | 'span'
  | 'font'
  | 'office'
  | 'docs-wrapper'
  | 'meta'
  | 'word-style'
  | 'formatting-attribute'
  | 'list-bullet'
  | 'nbsp'
  | 'empty-paragraph'
  | 'google-redirect';

/** Elements unwrapped (start and end tag removed, content kept): they only ever style text. */
const UNWRAPPED = new Set(['span', 'font']);
/** Attributes that only format (the site's stylesheet does), removed from allowed elements. */
const FORMATTING_ATTRIBUTES = new Set([
  'style',
  'class',
  'align',
  'valign',
  'bgcolor',
  'border',
  'cellspacing',
  'cellpadding',
  'nowrap',
  'face',
  'color',
  'size',
  'background',
]);
/** Width and height are presentation too, except on the elements whose size they give. */
const SIZED = new Set(['img', 'iframe']);
/** The attributes word processors put on what is unwrapped: an element with any other (onclick=…) is left for the policy to judge. */
const PASTED_ATTRIBUTES = new Set(['style', 'class', 'lang', 'xml:lang', 'dir', 'face', 'color', 'size']);
const onlyPastedAttributes = (element: T.Element) => element.attrs.every((attribute) => PASTED_ATTRIBUTES.has(attribute.name));
/** Word's namespaced elements: <o:p>, <w:sdt>, <v:shape>, <st1:place>… */
const OFFICE_ELEMENT = /^(?:o|w|v|m|st1):/;
/** Two or more non-breaking spaces (as the character or its references), with the spaces between them. */
const NBSP_RUN = /[ \t]*(?:&nbsp;|&#160;|&#x0*a0;|\u00a0)(?:[ \t]*(?:&nbsp;|&#160;|&#x0*a0;|\u00a0))+[ \t]*/gi;
/** A paragraph's text that is nothing: spaces, non-breaking ones included. */
const BLANK = /^[\s\u00a0]*$/;

interface Edit {
  start: number;
  end: number;
  text: string;
}

const styleOf = (element: T.Element) => element.attrs.find((attribute) => attribute.name === 'style')?.value.toLowerCase() ?? '';
const isBold = (style: string) => /font-weight\s*:\s*(?:bold|[6-9]00)/.test(style);
const isItalic = (style: string) => /font-style\s*:\s*italic/.test(style);

/** The emphasis a run of text styled inline shows (a Docs `<span style="font-weight:700">`), as the elements the site styles. */
export const emphasisOfStyle = (style: string): ('strong' | 'em')[] => {
  const lower = style.toLowerCase();
  return [...(isBold(lower) ? (['strong'] as const) : []), ...(isItalic(lower) ? (['em'] as const) : [])];
};

/** Text (already decoded) with each run of two or more non-breaking spaces made one space, as a paste has them. */
export const collapseNbspRuns = (text: string): string => text.replace(NBSP_RUN, ' ');

/** The newlines of a removed stretch, kept so that every line after it keeps its number. */
const keepLines = (removed: string) => removed.replace(/[^\n]/g, '');

/** A Google Docs link: https://www.google.com/url?q=<the real address>&sa=D&… */
export function googleRedirectTarget(href: string): string | null {
  try {
    const url = new URL(href);
    if (url.hostname !== 'www.google.com' || url.pathname !== '/url') return null;
    return url.searchParams.get('q');
  } catch {
    return null;
  }
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Takes out of a body what word processors leave when pasted; `cleaned` says what, by kind. */
export function cleanPastedMarkup(source: string): { html: string; cleaned: Cleaned[] } {
  let fragment: T.DocumentFragment;
  try {
    fragment = parseBody(source, { locations: true });
  } catch (thrown) {
    // A body past the policy's limits: the check refuses it as it is, with its own message.
    if (thrown instanceof BodyTooComplexError) return { html: source, cleaned: [] };
    throw thrown;
  }
  const edits: Edit[] = [];
  const found = new Map<CleanedKind, Cleaned>();
  const count = (kind: CleanedKind, line: number | undefined) => {
    const seen = found.get(kind);
    if (seen) seen.count++;
    else found.set(kind, { kind, count: 1, line: line ?? 1 });
  };
  // Copies the parser makes of a formatting element left open share its start tag: each tag is edited once.
  const edited = new Set<number>();
  const remove = (start: number, end: number) => edits.push({ start, end, text: keepLines(source.slice(start, end)) });

  /** Whether an element holds nothing but spaces and markup this module removes. */
  const isBlank = (node: T.ParentNode, depth = 0): boolean =>
    depth <= MAX_DEPTH &&
    node.childNodes.every((child) => {
      if ('value' in child && child.nodeName === '#text') return BLANK.test(child.value);
      if (child.nodeName === '#comment') return true;
      if (!('tagName' in child)) return false;
      return (
        (UNWRAPPED.has(child.tagName) || OFFICE_ELEMENT.test(child.tagName) || child.tagName === 'br') &&
        onlyPastedAttributes(child) &&
        isBlank(child, depth + 1)
      );
    });

  // Below the policy's depth nothing is cleaned: the check refuses a body that deep with its own
  // message, and a hostile one thousands of levels deep cannot exhaust the call stack here.
  const walk = (parent: T.ParentNode, depth = 0) => {
    if (depth > MAX_DEPTH) return;
    const children = parent.childNodes;
    for (let i = 0; i < children.length; i++) {
      const node = children[i]!;
      const at = node.sourceCodeLocation;
      if (!at) {
        if ('childNodes' in node) walk(node, depth + 1);
        continue;
      }
      if (node.nodeName === '#text') {
        // Spaces in preformatted text are the editor's layout.
        if ('tagName' in parent && parent.tagName === 'pre') continue;
        const raw = source.slice(at.startOffset, at.endOffset);
        for (const match of raw.matchAll(NBSP_RUN)) {
          const start = at.startOffset + match.index;
          edits.push({ start, end: start + match[0].length, text: ' ' });
          count('nbsp', at.startLine);
        }
        continue;
      }
      if (node.nodeName === '#comment') {
        // Word draws a list's bullet as text between <![if !supportLists]> and <![endif]>: the bullet goes, the item's text stays.
        if ((node as T.CommentNode).data.trim() === '[if !supportLists]') {
          const endIndex = children.findIndex(
            (other, j) => j > i && other.nodeName === '#comment' && (other as T.CommentNode).data.trim() === '[endif]',
          );
          const end = endIndex < 0 ? undefined : children[endIndex]!.sourceCodeLocation;
          if (end) {
            remove(at.startOffset, end.endOffset);
            count('list-bullet', at.startLine);
            i = endIndex;
          }
        }
        continue;
      }
      if (!('tagName' in node)) continue;
      const element = node as T.Element;
      const name = element.tagName;
      const { startTag: start, endTag: end } = element.sourceCodeLocation ?? {};
      if (!start || edited.has(start.startOffset)) {
        walk(element, depth + 1);
        continue;
      }
      edited.add(start.startOffset);
      const line = at.startLine;
      // A tool's card is the site's own markup (the Markdown reader draws it, src/content/body/body-tool.ts), not a
      // paste: its class and spans stay; the sanitizer draws it again from its address and text whatever it holds.
      if (name === 'a' && element.attrs.some((a) => a.name === 'class' && a.value === TOOL_CARD_CLASS)) continue;

      if (name === 'meta' || name === 'xml' || (name === 'style' && /mso-|Mso/.test(source.slice(at.startOffset, at.endOffset)))) {
        remove(at.startOffset, at.endOffset);
        count(name === 'meta' ? 'meta' : 'word-style', line);
        continue;
      }
      if (name === 'p' && end && isBlank(element)) {
        remove(at.startOffset, at.endOffset);
        count('empty-paragraph', line);
        continue;
      }
      // Docs wraps a whole paste in <b style="font-weight:normal" id="docs-internal-guid-…">: not bold at all.
      const docsWrapper =
        name === 'b' &&
        element.attrs.some((a) => a.name === 'id' && a.value.startsWith('docs-internal-guid-')) &&
        element.attrs.every((a) => a.name === 'id' || a.name === 'style');
      // Word's own list bullet, drawn in a span marked mso-list:Ignore.
      if (name === 'span' && onlyPastedAttributes(element) && /mso-list\s*:\s*ignore/.test(styleOf(element))) {
        remove(at.startOffset, at.endOffset);
        count('list-bullet', line);
        continue;
      }
      if (((UNWRAPPED.has(name) || OFFICE_ELEMENT.test(name)) && onlyPastedAttributes(element)) || docsWrapper) {
        const style = styleOf(element);
        // A Docs run in bold or italics keeps its emphasis, as the elements the site styles.
        const emphasis = name === 'span' && end ? [isBold(style) ? 'strong' : '', isItalic(style) ? 'em' : ''].filter(Boolean) : [];
        edits.push({
          start: start.startOffset,
          end: start.endOffset,
          text: keepLines(source.slice(start.startOffset, start.endOffset)) + emphasis.map((tag) => `<${tag}>`).join(''),
        });
        if (end)
          edits.push({
            start: end.startOffset,
            end: end.endOffset,
            text: emphasis
              .reverse()
              .map((tag) => `</${tag}>`)
              .join(''),
          });
        count(docsWrapper ? 'docs-wrapper' : OFFICE_ELEMENT.test(name) ? 'office' : (name as 'span' | 'font'), line);
        walk(element, depth + 1);
        continue;
      }
      if (isAllowedElement(name)) {
        for (const attribute of element.attrs) {
          const place = element.sourceCodeLocation?.attrs?.[attribute.name];
          if (!place) continue;
          const formatting =
            FORMATTING_ATTRIBUTES.has(attribute.name) ||
            ((attribute.name === 'width' || attribute.name === 'height') && !SIZED.has(name)) ||
            (attribute.name === 'dir' && attribute.value === 'ltr');
          if (formatting) {
            // The space before the attribute goes with it.
            let from = place.startOffset;
            while (from > start.startOffset && /\s/.test(source[from - 1]!)) from--;
            edits.push({ start: from, end: place.endOffset, text: keepLines(source.slice(from, place.endOffset)) });
            count('formatting-attribute', place.startLine);
          } else if (name === 'a' && attribute.name === 'href') {
            const target = googleRedirectTarget(attribute.value);
            if (target !== null) {
              edits.push({ start: place.startOffset, end: place.endOffset, text: `href="${escapeAttribute(target)}"` });
              count('google-redirect', place.startLine);
            }
          }
        }
      }
      walk(element, depth + 1);
    }
  };
  walk(fragment);
  if (edits.length === 0) return { html: source, cleaned: [] };
  edits.sort((a, b) => a.start - b.start);
  let html = '';
  let at = 0;
  for (const edit of edits) {
    // Overlaps cannot happen (each node is edited once, inside its own range); skipping keeps the text whole if one did.
    if (edit.start < at) continue;
    html += source.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  html += source.slice(at);
  return { html, cleaned: [...found.values()].sort((a, b) => a.line - b.line) };
}

/** What an editor reads about one kind of thing cleaned (pt-BR): the count, what it was, what happens. */
export function describeCleaned({ kind, count }: Cleaned): string {
  const n = count.toLocaleString('pt-BR');
  const one = count === 1;
  switch (kind) {
    case 'span':
      return `${one ? 'removida 1 marcação' : `removidas ${n} marcações`} <span> copiada${one ? '' : 's'} do Word ou do Google Docs (o texto fica; negrito e itálico viram <strong> e <em>)`;
    case 'font':
      return `${one ? 'removida 1 marcação' : `removidas ${n} marcações`} <font> (o texto fica)`;
    case 'office':
      return `${one ? 'removida 1 marcação' : `removidas ${n} marcações`} do Word como <o:p> (o texto fica)`;
    case 'docs-wrapper':
      return `${one ? 'removido o invólucro' : `removidos ${n} invólucros`} <b id="docs-internal-guid-…"> que o Google Docs põe em volta do texto colado (não é negrito)`;
    case 'meta':
      return `${one ? 'removida 1 marcação' : `removidas ${n} marcações`} <meta> que ${one ? 'veio' : 'vieram'} com o texto colado`;
    case 'word-style':
      return `${one ? 'removido 1 bloco' : `removidos ${n} blocos`} de estilos do Word (<style>/<xml>)`;
    case 'formatting-attribute':
      return `${one ? 'removido 1 atributo' : `removidos ${n} atributos`} de formatação (style=, class="MsoNormal", width=, align=…): a folha de estilos do site formata o artigo`;
    case 'list-bullet':
      return `${one ? 'removido 1 marcador' : `removidos ${n} marcadores`} de lista desenhados pelo Word (·, o): os itens ficam como parágrafos`;
    case 'nbsp':
      return `${one ? 'trocada 1 sequência' : `trocadas ${n} sequências`} de espaços fixos (&nbsp;) por um espaço simples`;
    case 'empty-paragraph':
      return `${one ? 'removido 1 parágrafo vazio' : `removidos ${n} parágrafos vazios`} (só com espaços)`;
    case 'google-redirect':
      return `${one ? 'trocado 1 link' : `trocados ${n} links`} de redirecionamento do Google (google.com/url?q=…) pelo endereço de destino`;
  }
}

/** The fix a cleaning warning offers: nothing is required, and how to paste without it next time. */
export function cleanedHint(kind: CleanedKind): string {
  if (kind === 'list-bullet') return 'para uma lista de verdade, escreva cada item numa linha começando com "- " (ou "1. ")';
  return 'nada a fazer: o texto publicado já sai limpo; para não ver este aviso, cole como texto sem formatação (Ctrl+Shift+V) e marque negrito, itálico e links em Markdown';
}
