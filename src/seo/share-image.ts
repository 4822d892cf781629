import { IMAGE_SIZE } from '../content/schema/format';
import { SHARE_IMAGE_SIZE, shareImageFile, variantFile } from '../content/schema/image-variants';
import type { NewsItem } from '../content/schema/news-item';
import { thumbnailPath } from './urls';

/** An image file the page names, with its true size. */
export interface SizedImage {
  path: string;
  width: number;
  height: number;
}

/**
 * The article's image at 1200 px, for its JSON-LD: the 1200 px WebP variant,
 * not the original. The original may be any size from 1200×675 to 4000 px
 * wide, a size the index does not record, and in AVIF, which link previews do
 * not read; the variant is always exactly 1200×675, as every article image is
 * cropped to 16:9 when its variants are made (scripts/content/check/images.ts),
 * so the markup states its true size. 1200 px is the width Google asks for.
 */
export function articleImage1200(item: Pick<NewsItem, 'imagemAtual'>): SizedImage {
  return { path: thumbnailPath(variantFile(item.imagemAtual, IMAGE_SIZE.width, 'webp')), ...IMAGE_SIZE };
}

/**
 * The image that stands for an article in link previews (`og:image`,
 * `twitter:image`): its 1200×630 share image when its entry records one
 * (`imagemSocial`, decision 053), so the apps show the picture as cut at
 * publishing rather than cutting it themselves; else (entries published
 * before) the 1200×675 variant, which they centre-crop to 1.91:1.
 */
export function articleShareImage(item: Pick<NewsItem, 'imagemAtual' | 'imagemSocial'>): SizedImage {
  if (item.imagemSocial === true) return { path: thumbnailPath(shareImageFile(item.imagemAtual)), ...SHARE_IMAGE_SIZE };
  return articleImage1200(item);
}
