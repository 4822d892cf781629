import type { ReactNode } from 'react';
import type { NewsEntry } from '#src/content/schema/news-item.ts';
import { updatedIso } from '#src/content/schema/updated.ts';
import { formatShortDate } from '#src/lib/dates.ts';
import { articlePath } from '#src/seo/urls.ts';
import { ResponsiveImage } from '../ResponsiveImage';

/** Card widths: the grid's columns (client/styles/cards.css), within a 1180 px container. */
const CARD_SIZES = '(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw';

interface NewsCardProps {
  item: NewsEntry;
  /** Cards in the first screenful load their image at once (the first one first); the rest lazily. */
  priority?: 'high' | 'eager' | 'lazy';
  /** The title's heading: h3 under a section's h2; a search result's is h2, under the page's h1. */
  heading?: 'h2' | 'h3';
  /** In place of the entry's title and summary: a search result's, with its matches marked. */
  title?: ReactNode;
  description?: ReactNode;
}

/** A card of the 'Postagens' grid, of 'Artigos Relacionados' (docs/product.md §2) and of search results. */
export function NewsCard({
  item,
  priority = 'lazy',
  heading: Heading = 'h3',
  title = item.titulo,
  description = item.descricao,
}: NewsCardProps) {
  const href = articlePath(item);
  return (
    <article className="card">
      <ResponsiveImage item={item} className="card-image" sizes={CARD_SIZES} priority={priority} />
      <div className="card-body">
        <p className="card-meta">
          <time dateTime={updatedIso(item.data)}>{formatShortDate(item.date)}</time>
          <span className="badge">Notícia</span>
        </p>
        <Heading className="card-title">
          <a href={href}>{title}</a>
        </Heading>
        <p className="card-description">{description}</p>
        <a className="card-more" href={href}>
          Ler mais<span className="visually-hidden">: {item.titulo}</span>
        </a>
      </div>
    </article>
  );
}
