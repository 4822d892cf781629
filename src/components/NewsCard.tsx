import type { NewsEntry } from '../content/news-item';
import { formatShortDate } from '../lib/dates';
import { articlePath, THUMBNAIL_SIZE, thumbnailPath } from './urls';

/** A card of the 'Postagens' grid and of 'Artigos Relacionados' (spec §2). */
interface NewsCardProps {
  item: NewsEntry;
  /** Cards in the first screenful load their image at once; the rest lazily. */
  eager?: boolean;
}

export function NewsCard({ item, eager = false }: NewsCardProps) {
  const href = articlePath(item);
  return (
    <article className="card">
      <img
        className="card-image"
        src={thumbnailPath(item)}
        alt={item.titulo}
        width={THUMBNAIL_SIZE.width}
        height={THUMBNAIL_SIZE.height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
      <div className="card-body">
        <p className="card-meta">
          <time dateTime={item.data}>{formatShortDate(item.date)}</time>
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
