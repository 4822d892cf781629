import { IMAGE_SIZE } from '../content/schema/format';
import { variantFile } from '../content/schema/image-variants';
import type { NewsItem } from '../content/schema/news-item';
import { thumbnailPath } from './urls';

/**
 * The image that stands for an article in link previews (`og:image`) and in
 * its JSON-LD: the 1200 px WebP variant, not the original. The original may
 * be any size from 1200×675 to 4000 px wide, a size the index does not
 * record, and in AVIF, which link previews do not read; the variant is always
 * exactly 1200×675, as every article image is cropped to 16:9 when its
 * variants are made (scripts/content/check/images.ts), so the tags state
 * its true size. 1200 px is the width Google Discover asks for large previews.
 */
export function articleShareImage(item: Pick<NewsItem, 'imagemAtual'>): { path: string; width: number; height: number } {
  return { path: thumbnailPath(variantFile(item.imagemAtual, IMAGE_SIZE.width, 'webp')), ...IMAGE_SIZE };
}
