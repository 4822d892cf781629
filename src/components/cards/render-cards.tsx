import { renderToStaticMarkup } from 'react-dom/server';
import type { NewsEntry } from '#src/content/schema/news-item.ts';
import { NewsCard } from './NewsCard';

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
 * Renders a list's cards. Called by the routes, before the page's own render:
 * React's server renderer is not meant to run inside one of its own renders.
 */
export function renderCards(items: readonly NewsEntry[], placement: CardPlacement): RenderedCards {
  const cards = items.map((item, index) => <NewsCard key={item.slug} item={item} priority={priorityAt(placement, index)} />);
  return { count: items.length, html: renderToStaticMarkup(cards) };
}
