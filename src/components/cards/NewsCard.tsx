import type { NewsEntry } from '../../content/schema/news-item';
import { updatedIso } from '../../content/schema/updated';
import { formatShortDate } from '../../lib/dates';
import { articlePath } from '../../seo/urls';
import { ResponsiveImage } from '../ResponsiveImage';

/** Card widths: the grid's columns (styles.css), within a 1180 px container. */
const CARD_SIZES = '(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw';

interface NewsCardProps {
  item: NewsEntry;
  /** Cards in the first screenful load their image at once (the first one first); the rest lazily. */
  priority?: 'high' | 'eager' | 'lazy';
}

/** A card of the 'Postagens' grid and of 'Artigos Relacionados' (docs/product.md §2). */
export function NewsCard({ item, priority = 'lazy' }: NewsCardProps) {
  const href = articlePath(item);
  return (
    <article className="card">
      <ResponsiveImage item={item} className="card-image" sizes={CARD_SIZES} priority={priority} />
      <div className="card-body">
        <p className="card-meta">
          <time dateTime={updatedIso(item.data)}>{formatShortDate(item.date)}</time>
          <span className="badge">Notícia</span>
        </p>
        <h3 className="card-title">
          <a href={href}>{item.titulo}</a>
        </h3>
        <p className="card-description">{item.descricao}</p>
        <a className="card-more" href={href}>
          Ler mais<span className="visually-hidden">: {item.titulo}</span>
        </a>
      </div>
    </article>
  );
}
