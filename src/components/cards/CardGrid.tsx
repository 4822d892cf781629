import type { RenderedCards } from './render-cards';

/** A grid of news cards, rendered beforehand (src/components/cards/render-cards.tsx). */
export function CardGrid({ cards, className = 'card-grid' }: { cards: RenderedCards; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own markup of the cards (renderToStaticMarkup escapes every value)
  return <div className={className} dangerouslySetInnerHTML={{ __html: cards.html }} />;
}
