import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { ImageTools } from '../../../src/checking/folder/images.ts';
import { LIMITS } from '../../../src/checking/limits.ts';
import { contentHash } from '../../../src/content/index/content-hash.ts';
import { IMAGE_SIZE, imageKey } from '../../../src/content/schema/format.ts';
import {
  IMAGE_VARIANT_FORMATS,
  IMAGE_VARIANT_WIDTHS,
  SHARE_IMAGE_SIZE,
  shareImageFile,
  variantFile,
} from '../../../src/content/schema/image-variants.ts';
import type { PreparedArticle } from '../../../src/publishing/plan/prepared-article.ts';

/**
 * What the commands do to images with sharp: read a file's format and size
 * for the check (src/checking/folder/images.ts), reduce a main image past the
 * limits, make the responsive variants, and the author photos. Every encoded
 * result is kept under node_modules/.cache, keyed by the source's hash, so
 * checking or building the same folder again skips sharp.
 */
const CACHE_DIR = join('node_modules', '.cache', 'casa-em-pauta');

/** A file of the cache, made by `make` the first time. */
async function cached(folder: string, name: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const path = join(CACHE_DIR, folder, name);
  if (existsSync(path)) return readFileSync(path);
  const value = await make();
  mkdirSync(join(CACHE_DIR, folder), { recursive: true });
  writeFileSync(path, value);
  return value;
}

const hashOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

export const SHARP: ImageTools = {
  async read(bytes) {
    let metadata: Metadata;
    try {
      metadata = await sharp(bytes).metadata();
    } catch {
      return null;
    }
    // sharp names an AVIF image as HEIF compressed with AV1.
    const format = metadata.format === 'heif' && metadata.compression === 'av1' ? 'avif' : metadata.format;
    return { format, width: metadata.width ?? 0, height: metadata.height ?? 0 };
  },
  // Editors send cameras' and phones' originals (8000×4500, 6 MB): reducing them is the job a person
  // would otherwise do by hand, and the pages never show more than 1200 px of it.
  async reduce(bytes, width, height) {
    const max = LIMITS.imagePublishedSize;
    const scale = Math.min(1, max.width / width, max.height / height);
    const size = { width: Math.round(width * scale), height: Math.round(height * scale) };
    const reduced = await cached('main-images', `${hashOf(bytes)}-${size.width}x${size.height}.webp`, async () => {
      let webp = Buffer.alloc(0);
      for (const quality of [80, 70, 60, 50]) {
        // rotate(): a phone's photo is stored sideways with an EXIF orientation, which WebP does not carry.
        webp = await sharp(bytes).rotate().resize(size).webp({ quality, effort: 4 }).toBuffer();
        if (webp.byteLength <= LIMITS.imageMaxBytes) break;
      }
      return webp;
    });
    return { bytes: reduced, ...size };
  },
};

const ENCODERS = {
  // Effort 2 instead of sharp's default 4: the first build of the sample content takes a fraction
  // of the time, for slightly larger files (docs/content-and-publishing.md, "Articles and the check").
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
  const hash = hashOf(bytes);
  const variants: { key: string; value: Buffer }[] = [];
  for (const width of IMAGE_VARIANT_WIDTHS) {
    const height = shape && Math.round((width * shape.height) / shape.width);
    for (const format of IMAGE_VARIANT_FORMATS) {
      const resize = height ? { width, height, fit: 'cover' as const } : { width };
      const value = await cached('image-variants', `${hash}-${width}${height ? `x${height}` : ''}.${format}`, () =>
        ENCODERS[format](sharp(bytes).resize({ ...resize, withoutEnlargement: true })).toBuffer(),
      );
      variants.push({ key: imageKey(variantFile(publishedName, width, format)), value });
    }
  }
  return variants;
}

/**
 * The main image's share image (decision 053): 1200×630, the centre of its
 * 16:9 picture (the 1200 px variant's 675 px cut by 22 and 23 at top and
 * bottom), WebP only since link previews read no AVIF.
 */
export async function shareImage(bytes: Uint8Array, publishedName: string): Promise<{ key: string; value: Buffer }> {
  const { width, height } = SHARE_IMAGE_SIZE;
  const value = await cached('image-variants', `${hashOf(bytes)}-${width}x${height}.webp`, () =>
    ENCODERS.webp(sharp(bytes).resize({ width, height, fit: 'cover', position: 'centre' })).toBuffer(),
  );
  return { key: imageKey(shareImageFile(publishedName)), value };
}

/** Adds the responsive variants of the main image (and its share image) and the body's figures: slow on first run (sharp), cached after. */
export async function withImageVariants(article: PreparedArticle): Promise<PreparedArticle> {
  const { image, item } = article;
  const figures = await Promise.all((article.figures ?? []).map((figure) => imageVariants(figure.bytes, figure.file)));
  const main = await imageVariants(image.bytes, item.imagemAtual, IMAGE_SIZE);
  return { ...article, variants: [...main, await shareImage(image.bytes, item.imagemAtual), ...figures.flat()] };
}

/** An author photo as published: square, `size` px, WebP, named by its bytes. */
export async function publishedPhoto(slug: string, bytes: Buffer, size: number): Promise<{ key: string; value: Buffer; file: string }> {
  const value = await sharp(bytes).resize(size, size, { fit: 'cover' }).webp({ quality: 80 }).toBuffer();
  const file = `autor-${slug}-${contentHash(value)}.webp`;
  return { key: imageKey(file), value, file };
}
