import type { NewsItem } from '../content/news-item';

export const articlePath = (item: Pick<NewsItem, 'slug'>) => `/noticia/${item.slug}`;
export const thumbnailPath = (item: Pick<NewsItem, 'imagemAtual'>) => `/thumbnails/${item.imagemAtual}`;

/** Intrinsic size of every thumbnail (16:9), so the browser reserves the space before it loads. */
export const THUMBNAIL_SIZE = { width: 1200, height: 675 } as const;
