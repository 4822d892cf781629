import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { imageKey } from '../../src/content/schema/format.ts';
import { IMAGE_VARIANT_FORMATS, IMAGE_VARIANT_WIDTHS, variantFile } from '../../src/content/schema/image-variants.ts';

/** Encoded variants are kept here, keyed by the source's hash, so later builds skip sharp. */
const CACHE_DIR = join('node_modules', '.cache', 'casa-em-pauta', 'image-variants');

const ENCODERS = {
  // Effort 2 instead of sharp's default 4: the first build of the sample content
  // takes 10 s instead of 46 s on 2 cores, for files about 10% larger.
  avif: (image: Sharp) => image.avif({ quality: 50, effort: 2 }),
  webp: (image: Sharp) => image.webp({ quality: 72, effort: 5 }),
} as const;

/**
 * The responsive variants of an article image (every width in every format),
 * as KV entries named after the published image. Generated at build or publish
 * time, never at request time. With `shape` (the article image's 16:9), each
 * variant is cropped to exactly that shape (centred; the checker allows 2% off
 * it and a size no smaller than it, so nothing is enlarged): the 1200 px one is
 * then exactly the 1200×675 the pages and link previews state
 * (src/seo/share-image.ts). Without it (figures), each keeps its own shape.
 */
export async function imageVariants(
  bytes: Uint8Array,
  publishedName: string,
  shape?: { width: number; height: number },
): Promise<{ key: string; value: Buffer }[]> {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  mkdirSync(CACHE_DIR, { recursive: true });
  const variants: { key: string; value: Buffer }[] = [];
  for (const width of IMAGE_VARIANT_WIDTHS) {
    const height = shape && Math.round((width * shape.height) / shape.width);
    for (const format of IMAGE_VARIANT_FORMATS) {
      const cached = join(CACHE_DIR, `${hash}-${width}${height ? `x${height}` : ''}.${format}`);
      let value: Buffer;
      if (existsSync(cached)) value = readFileSync(cached);
      else {
        const resize = height ? { width, height, fit: 'cover' as const } : { width };
        value = await ENCODERS[format](sharp(bytes).resize({ ...resize, withoutEnlargement: true })).toBuffer();
        writeFileSync(cached, value);
      }
      variants.push({ key: imageKey(variantFile(publishedName, width, format)), value });
    }
  }
  return variants;
}
