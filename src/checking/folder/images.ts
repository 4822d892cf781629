import { IMAGE_EXTENSIONS, IMAGE_FORMATS, publishedExtension } from '#src/content/schema/format.ts';
import { crop16x9, FIGURE_LIMITS, formatBytes, is16x9 } from '#src/content/schema/image-limits.ts';
import { orList } from '../editor-text';
import { LIMITS } from '../limits';
import { error, note, type Problem } from '../problems';

/**
 * The check's rules for the images of an article folder: the main image
 * (an accepted format, 16:9, large enough; reduced when past the limits) and
 * the body's figures (imagens/). Reading an image's format and size, and
 * reducing one, is an image library's work, given as {@link ImageTools}
 * (sharp, in the commands: scripts/content/check/images.ts).
 */

/** What an image file really is, read from its bytes. */
export interface ImageInfo {
  format: string | undefined;
  width: number;
  height: number;
}

export interface ImageTools {
  /** The file's format and size; null when it is not an image the library can read. */
  read(bytes: Uint8Array): Promise<ImageInfo | null>;
  /**
   * A main image past the size or byte limit made publishable: at most
   * {@link LIMITS.imagePublishedSize}, its own shape kept, as WebP, at the
   * highest of a few qualities that fits the byte limit.
   */
  reduce(bytes: Uint8Array, width: number, height: number): Promise<{ bytes: Uint8Array; width: number; height: number }>;
}

const shownSize = ({ width, height }: { width: number; height: number }) => `${width}×${height}`;

export const FORMAT_NAMES = Object.values(IMAGE_FORMATS).map((format) => format.label);

/** The main image as it is published: the editor's file, or a smaller WebP made from it. */
export interface PublishedImage {
  bytes: Uint8Array;
  /** The file name extension the published name takes (the editor's, or "webp" when it was reduced). */
  extension: string;
}

/**
 * Checks the article image (a real image, an accepted format, 16:9, large
 * enough) and gives what is published: the file itself, or, when it is past
 * the size or byte limit but otherwise right, a reduced copy with a note
 * saying so. A shape that is not 16:9 is refused with the crop to make, at
 * any size: only the editor can choose what to cut.
 */
export async function checkMainImage(
  bytes: Uint8Array,
  file: string,
  extension: string,
  images: ImageTools,
): Promise<{ problems: Problem[]; published?: PublishedImage }> {
  const image = await images.read(bytes);
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
  const reduced = await images.reduce(bytes, width, height);
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

/** Checks one file of imagens/: a real image in an accepted format that its name says, within FIGURE_LIMITS (shared with the newsroom's uploads). */
export async function checkFigureImage(
  bytes: Uint8Array,
  name: string,
  file: string,
  read: ImageTools['read'],
): Promise<{ problems: Problem[]; width: number; height: number }> {
  const problems: Problem[] = [];
  const { minWidth, maxSize, maxBytes, aspect } = FIGURE_LIMITS;
  const extension = /\.([^.]*)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  if (!IMAGE_EXTENSIONS.includes(extension)) {
    return {
      problems: [
        error(
          file,
          'imagens',
          `"${name}" não é um arquivo de imagem aceito`,
          `salve-o como ${orList(FORMAT_NAMES)} (.webp, .avif, .jpg, .png)`,
        ),
      ],
      width: 0,
      height: 0,
    };
  }
  if (bytes.byteLength > maxBytes) {
    problems.push(
      error(
        file,
        'imagens',
        `a imagem tem ${formatBytes(bytes.byteLength)}; o máximo é ${formatBytes(maxBytes)}`,
        'exporte-a em WebP com cerca de 1600 px de largura, qualidade 70–80',
      ),
    );
  }
  const image = await read(bytes);
  if (!image) {
    return {
      problems: [...problems, error(file, 'imagens', 'o arquivo não é uma imagem legível', `salve-o de novo como ${orList(FORMAT_NAMES)}`)],
      width: 0,
      height: 0,
    };
  }
  const { format, width, height } = image;
  const named = IMAGE_EXTENSIONS.includes(extension) && publishedExtension(extension);
  if (!Object.hasOwn(IMAGE_FORMATS, format ?? '')) {
    problems.push(
      error(file, 'imagens', `a imagem está em ${format}, formato que o site não aceita`, `salve-a como ${orList(FORMAT_NAMES)}`),
    );
  } else if (named !== IMAGE_FORMATS[format as keyof typeof IMAGE_FORMATS].extensions[0]) {
    const right = IMAGE_FORMATS[format as keyof typeof IMAGE_FORMATS].extensions[0];
    problems.push(
      error(
        file,
        'imagens',
        `"${name}" é uma imagem ${format} com nome .${extension}`,
        `renomeie-a para .${right} (e corrija o endereço dela no texto)`,
      ),
    );
  }
  if (width < minWidth) {
    problems.push(
      error(
        file,
        'imagens',
        `a imagem tem ${width}×${height}; são precisos pelo menos ${minWidth} px de largura`,
        'use uma imagem maior: a coluna de texto tem 720 px de largura',
      ),
    );
  }
  if (width > maxSize.width || height > maxSize.height) {
    problems.push(
      error(
        file,
        'imagens',
        `a imagem tem ${width}×${height}; o máximo é ${maxSize.width}×${maxSize.height}`,
        'reduza-a para cerca de 1600 px de largura',
      ),
    );
  }
  const ratio = height > 0 ? width / height : 0;
  if (height > 0 && (ratio < aspect.min || ratio > aspect.max)) {
    problems.push(
      error(
        file,
        'imagens',
        `a imagem tem ${width}×${height}: ${ratio < aspect.min ? 'mais alta que 1:2' : 'mais larga que 4:1'}`,
        'recorte-a: as imagens do texto vão de 1:2 (em pé) a 4:1 (panorâmica)',
      ),
    );
  }
  return { problems, width, height };
}
