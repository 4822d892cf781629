import type { NewsEntry } from '../content/news-item';
import { formatShortDate } from '../lib/dates';
import { articlePath, THUMBNAIL_SIZE, thumbnailPath } from './urls';

/** A card of the 'Postagens' grid and of 'Artigos Relacionados' (spec §2). */
export function NewsCard({ item, headingLevel = 3 }: { item: NewsEntry; headingLevel?: 2 | 3 }) {
  const href = articlePath(item);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card">
      <img
        className="card-image"
        src={thumbnailPath(item)}
        alt={item.titulo}
        width={THUMBNAIL_SIZE.width}
        height={THUMBNAIL_SIZE.height}
        loading="lazy"
        decoding="async"
      />
      <div className="card-body">
        <p className="card-meta">
          <time dateTime={item.data}>{formatShortDate(item.date)}</time>
          <span className="badge">Notícia</span>
        </p>
        <Heading className="card-title">
          <a href={href}>{item.titulo}</a>
        </Heading>
        <p className="card-description">{item.descricao}</p>
        <a className="card-more" href={href}>
          Ler mais<span className="visually-hidden">: {item.titulo}</span>
        </a>
      </div>
    </article>
  );
}
