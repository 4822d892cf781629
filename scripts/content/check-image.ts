import sharp, { type Metadata } from 'sharp';
import { IMAGE_FORMATS } from '../../src/content/format.ts';
import { orList } from './editor-text.ts';
import { LIMITS } from './limits.ts';
import { error, type Problem } from './problems.ts';

export const FORMAT_NAMES = Object.values(IMAGE_FORMATS).map((format) => format.label);

/** What an image file really is, read from its bytes; null when sharp cannot read it. */
export async function readImage(bytes: Buffer): Promise<{ format: string | undefined; width: number; height: number } | null> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    return null;
  }
  // sharp names an AVIF image as HEIF compressed with AV1.
  const format = metadata.format === 'heif' && metadata.compression === 'av1' ? 'avif' : metadata.format;
  return { format, width: metadata.width ?? 0, height: metadata.height ?? 0 };
}

/** Checks the article image: a real image, an accepted format, 16:9, within size limits. */
export async function checkImage(bytes: Buffer, file: string): Promise<Problem[]> {
  const problems: Problem[] = [];
  if (bytes.byteLength > LIMITS.imageMaxBytes) {
    problems.push(
      error(
        file,
        'imagem',
        `the image is ${Math.round(bytes.byteLength / 1024)} KB; the limit is ${LIMITS.imageMaxBytes / 1024} KB`,
        'export it as WebP at 1200×675, quality 70–80',
      ),
    );
  }
  const image = await readImage(bytes);
  if (!image) return [...problems, error(file, 'imagem', 'the file is not a readable image', `save it again as ${orList(FORMAT_NAMES)}`)];
  const { format, width, height } = image;
  if (!Object.hasOwn(IMAGE_FORMATS, format ?? '')) {
    problems.push(
      error(file, 'imagem', `the image is ${format}, which is not accepted`, `use one of: ${Object.keys(IMAGE_FORMATS).join(', ')}`),
    );
  }
  const { imageMinSize: min, imageMaxSize: max, imageAspect: aspect } = LIMITS;
  if (width < min.width || height < min.height) {
    problems.push(
      error(
        file,
        'imagem',
        `the image is ${width}×${height}; at least ${min.width}×${min.height} is needed`,
        'use a larger image (the article shows it 1200 px wide)',
      ),
    );
  }
  if (width > max.width || height > max.height) {
    problems.push(
      error(
        file,
        'imagem',
        `the image is ${width}×${height}; at most ${max.width}×${max.height} is accepted`,
        'resize it to 1200×675 or 2400×1350',
      ),
    );
  }
  if (height > 0 && Math.abs(width / height - aspect.ratio) / aspect.ratio > aspect.tolerance) {
    problems.push(
      error(
        file,
        'imagem',
        `the image is ${width}×${height}, not 16:9`,
        'crop it to 16:9 (e.g. 1200×675): cards and the article hero use that shape',
      ),
    );
  }
  return problems;
}
