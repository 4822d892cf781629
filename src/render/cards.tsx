import { renderToStaticMarkup } from 'react-dom/server';
import { NewsCard } from '../components/NewsCard';
import type { NewsEntry } from '../content/news-item';

/** How a card's image loads: the likely LCP image first, the rest of the first screen at once, the others lazily. */
export type CardPriority = 'high' | 'eager' | 'lazy';

/**
 * Where a list of cards stands: `'top'` when it opens the page (its first row
 * is in the first screen: the first image high priority, the row eager), `'below'`
 * under other content (every image lazy).
 */
export type CardPlacement = 'top' | 'below';

/** Cards in the first row at the widest layout (3 columns). */
const FIRST_ROW = 3;

/** Cards rendered to HTML, for {@link CardGrid}: only {@link renderCards} makes them. */
export interface RenderedCards {
  readonly count: number;
  readonly html: string;
}

const priorityAt = (placement: CardPlacement, index: number): CardPriority =>
  placement === 'below' ? 'lazy' : index === 0 ? 'high' : index < FIRST_ROW ? 'eager' : 'lazy';

/**
 * Each card's HTML per entry and priority. Entries are the objects the store
 * keeps with its index (src/content/store.ts), so a card is rendered once per
 * isolate and index, not once per page view: the cards are most of a list
 * page's markup, and reusing them cut the home page's render CPU by about a
 * quarter (workerd, 100,000 articles). Entries of an index no longer kept go
 * with it (a WeakMap).
 */
const rendered = new WeakMap<NewsEntry, Partial<Record<CardPriority, string>>>();

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The same text as one flat string. React builds its output by appending
 * pieces, and V8 keeps such a string as the chain of its pieces until something
 * reads it whole: kept as it came, every page joining the card would walk that
 * chain again (about a tenth of a home page's CPU). A decoded copy is flat.
 */
const flat = (text: string) => decoder.decode(encoder.encode(text));

function cardHtml(item: NewsEntry, priority: CardPriority): string {
  const cards = rendered.get(item) ?? {};
  let html = cards[priority];
  if (html === undefined) {
    html = flat(renderToStaticMarkup(<NewsCard item={item} priority={priority} />));
    cards[priority] = html;
    rendered.set(item, cards);
  }
  return html;
}

/**
 * Renders a list's cards. Called by the routes, before the page's own render:
 * React's server renderer is not meant to run inside one of its own renders.
 */
export function renderCards(items: readonly NewsEntry[], placement: CardPlacement): RenderedCards {
  return { count: items.length, html: items.map((item, index) => cardHtml(item, priorityAt(placement, index))).join('') };
}
