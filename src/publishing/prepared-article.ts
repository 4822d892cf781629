import type { StoredAuthor } from '../content/index-build';
import type { NewsItem } from '../content/news-item';
import type { WithFigures } from './figure-files';

/** A stored file an article publishes: its KV key and its bytes. */
export interface StoredFile {
  key: string;
  value: Uint8Array;
}

/** An article that passed the check, ready to publish or bundle: its entry, body and images. */
export interface PreparedArticle {
  item: NewsItem & WithFigures;
  body: string;
  image: { key: string; bytes: Uint8Array };
  /** Responsive variants of the image and of the figures. */
  variants: StoredFile[];
  /** Images the body shows, from the folder's imagens/, named as `item.figuras` lists them. */
  figures?: { file: string; key: string; bytes: Uint8Array }[];
}

/** The author registry beside the folders being published: each author as stored, and the photos to publish. */
export interface LocalRegistry {
  authors: Record<string, StoredAuthor>;
  photos: StoredFile[];
}

export const emptyRegistry = (): LocalRegistry => ({ authors: {}, photos: [] });
