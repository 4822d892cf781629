import { serializeOuter, type DefaultTreeAdapterTypes as T, defaultTreeAdapter as tree } from 'parse5';
import { TOOL_CARD_CLASS, TOOL_CARD_NAME_CLASS, TOOL_CARD_PREFIX, TOOL_CARD_TEXT_CLASS, toolAt } from '#shared/tool-card.ts';
import { normalizedToolQuery } from '../../finance/cache-key';
import { attributeOf, collapse, HTML_NS } from './body-parse';

// A reader's tool in a body: the card the site draws for a tool's address
// alone on a line of Markdown (src/checking/markdown-body.ts), recognised
// again when a served body is read back (./body-html.ts walks the body), as a
// video's facade is (./body-video.ts).

/** What a card shows: the tool, the inputs its link carries (normalized, no "?"), and the article's words for it. */
export interface ToolCard {
  path: string;
  query: string;
  text: string;
}

/** Longest text a card carries: a sentence, not a paragraph. */
const MAX_TEXT = 200;

/**
 * A card from a tool's address as written: the tool at its path, the inputs
 * of its query when the tool accepts them (`refused` when it would not: the
 * card then opens the empty form), and the text, else the tool's own pitch.
 * Null for a path that is no tool.
 */
export function toolCardOf(path: string, search: string, text: string): { card: ToolCard; refused: boolean } | null {
  const tool = toolAt(path);
  if (!tool) return null;
  const query = normalizedToolQuery(path, search);
  const words = collapse(text).slice(0, MAX_TEXT);
  return { card: { path, query: query ?? '', text: words || tool.pitch }, refused: query === null };
}

/** The card of a link the site served as one (its class), read again: drawn again from its address and text alone. */
export function servedToolCard(link: T.Element): ToolCard | null {
  if (attributeOf(link, 'class') !== TOOL_CARD_CLASS) return null;
  const href = attributeOf(link, 'href') ?? '';
  // The site's own path only ("//host" is another site); a path the URL parser refuses is no card.
  if (!href.startsWith('/') || href.startsWith('//') || !URL.canParse(href, 'https://site.invalid')) return null;
  const url = new URL(href, 'https://site.invalid');
  let text = '';
  for (const child of link.childNodes)
    if (tree.isElementNode(child) && attributeOf(child, 'class') === TOOL_CARD_TEXT_CLASS)
      text = child.childNodes.map((node) => (tree.isTextNode(node) ? node.value : '')).join('');
  return toolCardOf(url.pathname, url.search, text)?.card ?? null;
}

/**
 * The site's markup for a card: a link to the tool (with the article's inputs,
 * if any), its name and the article's words for it. The stylesheet draws it
 * as a small box; it needs no script.
 */
export function drawToolCard(card: ToolCard): T.Element {
  const link = tree.createElement('a', HTML_NS, [
    { name: 'class', value: TOOL_CARD_CLASS },
    { name: 'href', value: card.query ? `${card.path}?${card.query}` : card.path },
  ]);
  const name = tree.createElement('span', HTML_NS, [{ name: 'class', value: TOOL_CARD_NAME_CLASS }]);
  tree.insertText(name, `${TOOL_CARD_PREFIX}${toolAt(card.path)!.name}`);
  const text = tree.createElement('span', HTML_NS, [{ name: 'class', value: TOOL_CARD_TEXT_CLASS }]);
  tree.insertText(text, card.text);
  tree.appendChild(link, name);
  tree.appendChild(link, text);
  return link;
}

/** The card as HTML, for the Markdown reader to write in place of the line. */
export const toolCardHtml = (card: ToolCard) => serializeOuter(drawToolCard(card));
