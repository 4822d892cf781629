import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { orList } from '../../src/checking/editor-text.ts';
import { LIMITS } from '../../src/checking/limits.ts';
import { error, note, type Problem } from '../../src/checking/problems.ts';
import { IMAGE_FORMATS } from '../../src/content/schema/format.ts';
import { crop16x9, formatBytes, is16x9 } from '../../src/content/schema/image-limits.ts';

const shownSize = ({ width, height }: { width: number; height: number }) => `${width}×${height}`;

export const FORMAT_NAMES = Object.values(IMAGE_FORMATS).map((format) => format.label);

/** What an image file really is, read from its bytes; null when sharp cannot read it. */
export async function readImage(bytes: Uint8Array): Promise<{ format: string | undefined; width: number; height: number } | null> {
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

/** The main image as it is published: the editor's file, or a smaller WebP made from it. */
export interface PublishedImage {
  bytes: Buffer;
  /** The file name extension the published name takes (the editor's, or "webp" when it was reduced). */
  extension: string;
}

export { formatBytes };

/** Reduced images are kept here, keyed by the source's hash, so checking the folder again skips sharp. */
const CACHE_DIR = join('node_modules', '.cache', 'casa-em-pauta', 'main-images');

/**
 * A main image past the size or byte limit, made publishable: at most
 * {@link LIMITS.imagePublishedSize} (its own shape kept; the variants crop it
 * to exactly 16:9), as WebP, at the highest of a few qualities that fits the
 * byte limit. Editors send cameras' and phones' originals (8000×4500, 6 MB):
 * reducing them is the job a person would otherwise do by hand, and the pages
 * never show more than 1200 px of it.
 */
async function reduce(bytes: Buffer, width: number, height: number): Promise<{ bytes: Buffer; width: number; height: number }> {
  const max = LIMITS.imagePublishedSize;
  const scale = Math.min(1, max.width / width, max.height / height);
  const size = { width: Math.round(width * scale), height: Math.round(height * scale) };
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const cached = join(CACHE_DIR, `${hash}-${size.width}x${size.height}.webp`);
  if (existsSync(cached)) return { bytes: readFileSync(cached), ...size };
  let reduced = Buffer.alloc(0);
  for (const quality of [80, 70, 60, 50]) {
    // rotate(): a phone's photo is stored sideways with an EXIF orientation, which WebP does not carry.
    reduced = await sharp(bytes).rotate().resize(size).webp({ quality, effort: 4 }).toBuffer();
    if (reduced.byteLength <= LIMITS.imageMaxBytes) break;
  }
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(cached, reduced);
  return { bytes: reduced, ...size };
}

/**
 * Checks the article image (a real image, an accepted format, 16:9, large
 * enough) and gives what is published: the file itself, or, when it is past
 * the size or byte limit but otherwise right, a reduced copy with a note
 * saying so. A shape that is not 16:9 is refused with the crop to make, at
 * any size: only the editor can choose what to cut.
 */
export async function checkImage(
  bytes: Buffer,
  file: string,
  extension: string,
): Promise<{ problems: Problem[]; published?: PublishedImage }> {
  const image = await readImage(bytes);
  if (!image) {
    return { problems: [error(file, 'imagem', 'o arquivo não é uma imagem legível', `salve-o de novo como ${orList(FORMAT_NAMES)}`)] };
  }
  const { format, width, height } = image;
  if (!Object.hasOwn(IMAGE_FORMATS, format ?? '')) {
    return {
      problems: [
        error(file, 'imagem', `a imagem está em ${format}, formato que o site não aceita`, `salve-a como ${orList(FORMAT_NAMES)}`),
      ],
    };
  }
  const problems: Problem[] = [];
  const { imageMinSize: min, imageMaxSize: max } = LIMITS;
  if (width < min.width || height < min.height) {
    problems.push(
      error(
        file,
        'imagem',
        `a imagem tem ${width}×${height}; o mínimo é ${min.width}×${min.height}`,
        'use uma imagem maior (o artigo a mostra com 1200 px de largura)',
      ),
    );
  }
  if (!is16x9(width, height)) {
    problems.push(
      error(
        file,
        'imagem',
        `a imagem tem ${width}×${height}, que não é 16:9`,
        `recorte-a em 16:9 (nesta imagem, ${shownSize(crop16x9(width, height))}; ou 1200×675): os cards e o alto do artigo usam esse formato`,
      ),
    );
  }
  if (problems.length > 0) return { problems };
  const tooLarge = width > max.width || height > max.height;
  const tooHeavy = bytes.byteLength > LIMITS.imageMaxBytes;
  if (!tooLarge && !tooHeavy) return { problems, published: { bytes, extension } };
  const reduced = await reduce(bytes, width, height);
  if (reduced.bytes.byteLength > LIMITS.imageMaxBytes) {
    return {
      problems: [
        error(
          file,
          'imagem',
          `a imagem tem ${formatBytes(bytes.byteLength)}, e mesmo reduzida a ${reduced.width}×${reduced.height} em WebP passa de ${formatBytes(LIMITS.imageMaxBytes)}`,
          'exporte-a em 1200×675, WebP com qualidade 70–80 (uma foto com muito ruído ou granulação pesa mais)',
        ),
      ],
    };
  }
  const past = [
    tooLarge ? `${width}×${height} (o máximo é ${max.width}×${max.height})` : '',
    tooHeavy ? `${formatBytes(bytes.byteLength)} (o máximo é ${formatBytes(LIMITS.imageMaxBytes)})` : '',
  ].filter(Boolean);
  problems.push(
    note(
      file,
      'imagem',
      `a imagem tem ${past.join(' e ')}: ao publicar, vai uma cópia reduzida, ${reduced.width}×${reduced.height} em WebP (${formatBytes(reduced.bytes.byteLength)}); o arquivo da pasta não muda`,
      `nada a fazer; para escolher você mesmo a compressão, exporte a imagem em ${LIMITS.imagePublishedSize.width}×${LIMITS.imagePublishedSize.height} (ou 1200×675), WebP com qualidade 70–80`,
    ),
  );
  return { problems, published: { bytes: reduced.bytes, extension: 'webp' } };
}
