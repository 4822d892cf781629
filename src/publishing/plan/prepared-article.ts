import type { StoredAuthor } from '#src/content/index/index-build.ts';
import { imageKey } from '#src/content/schema/format.ts';
import { IMAGE_VARIANT_WIDTHS, shareImageFile, type VariantFormat, variantFile, WEBP_ONLY } from '#src/content/schema/image-variants.ts';
import type { NewsItem } from '#src/content/schema/news-item.ts';
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

/** The files an article publishes beside its body: its image, its body's figures, and their variants. */
export const imageFiles = ({ image, variants, figures = [] }: PreparedArticle): StoredFile[] => [
  { key: image.key, value: image.bytes },
  ...figures.map((figure) => ({ key: figure.key, value: figure.bytes })),
  ...variants,
];

/** The author registry beside the folders being published: each author as stored, and the photos to publish. */
export interface LocalRegistry {
  authors: Record<string, StoredAuthor>;
  photos: StoredFile[];
}

export const emptyRegistry = (): LocalRegistry => ({ authors: {}, photos: [] });

/**
 * The article with its entry saying which variant formats its images have
 * (`formatosImagem`, src/content/schema/image-variants.ts), read from the variants
 * it actually publishes: WebP alone when its main image has every WebP
 * variant and no AVIF one (the newsroom's images), so no page offers readers
 * an AVIF file that does not exist; otherwise no field (both formats, as the
 * commands publish them, or variants not given).
 */
export function withRecordedFormats(article: PreparedArticle): PreparedArticle {
  const { formatosImagem: _, ...item } = article.item;
  const keys = new Set(article.variants.map(({ key }) => key));
  const present = (format: VariantFormat) =>
    IMAGE_VARIANT_WIDTHS.filter((width) => keys.has(imageKey(variantFile(item.imagemAtual, width, format)))).length;
  const webpOnly = present('webp') === IMAGE_VARIANT_WIDTHS.length && present('avif') === 0;
  return { ...article, item: webpOnly ? { ...item, formatosImagem: WEBP_ONLY } : item };
}

/**
 * The article with its entry saying whether its main image has a share
 * image (`imagemSocial`, decision 053), read from the files it actually
 * publishes, as {@link withRecordedFormats} reads the formats: the page's
 * `og:image` then names the 1200×630 file only when it goes out with the
 * article (a newsroom image uploaded before the share image was made, or
 * taken from an old article, has none).
 */
export function withRecordedShareImage(article: PreparedArticle): PreparedArticle {
  const { imagemSocial: _, ...item } = article.item;
  const key = imageKey(shareImageFile(item.imagemAtual));
  return { ...article, item: article.variants.some((file) => file.key === key) ? { ...item, imagemSocial: true } : item };
}

/** The entry recording what its image files are: their variant formats and whether a share image is among them. */
export const withRecordedImages = (article: PreparedArticle): PreparedArticle => withRecordedShareImage(withRecordedFormats(article));
