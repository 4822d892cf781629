import {
  type DefaultTreeAdapterMap,
  html,
  type ParserErrorHandler,
  parseFragment,
  type DefaultTreeAdapterTypes as T,
  type TreeAdapter,
  defaultTreeAdapter as tree,
} from 'parse5';
import { MAX_BODY_ATTRIBUTES, MAX_BODY_ELEMENTS } from './html-policy';

export const HTML_NS = html.NS.HTML;

// Parsing a body, bounded by the tree it makes (the walk over it: ./body-html.ts).

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

/** How the walk reports a finding (./body-html.ts). */
export type Note = (line: number | undefined, subject: string, message: string, fix: string, severity?: 'warning') => void;

export const attributeOf = (element: T.Element, name: string) =>
  element.attrs.find((attribute) => attribute.name === name && !attribute.namespace)?.value;

/** Spaces as a reader sees them: runs of white space are one space, none at either end. */
export const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
