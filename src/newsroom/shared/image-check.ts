import { IMAGE_FORMATS } from '#src/content/schema/format.ts';
import { crop16x9, FIGURE_LIMITS, formatBytes, is16x9, MAIN_IMAGE_LIMITS } from '#src/content/schema/image-limits.ts';
import { SHARE_IMAGE_SIZE } from '#src/content/schema/image-variants.ts';

export { crop16x9, formatBytes, is16x9 };

import type { FieldProblem } from './field-check';

/**
 * The newsroom's image uploads, judged the same way in the browser (before
 * upload, from the decoded picture) and in the worker (after upload, from the
 * bytes): the limits of the editors' commands (src/content/schema/image-limits.ts),
 * said in the journalist's terms.
 */

/** The main image (the article's, cropped to 16:9 by cards) or an image for the text. */
export type ImageKind = 'principal' | 'figura';
export const isImageKind = (value: unknown): value is ImageKind => value === 'principal' || value === 'figura';

/** The format a browser names a file's type by, as the format table names it (`image/jpeg` → jpeg, `image/heic` → heic). */
export function formatOfMediaType(type: string): string | undefined {
  const entry = Object.entries(IMAGE_FORMATS).find(([, format]) => format.contentType === type);
  return entry?.[0] ?? (type.startsWith('image/') ? type.slice('image/'.length) : undefined);
}

/** What is known of a picture: its format (IMAGE_FORMATS' name, or another), its size as shown, its bytes. */
export interface PictureFacts {
  format: string | undefined;
  width: number;
  height: number;
  bytes: number;
}

const FORMAT_LIST = 'WebP, AVIF, JPEG ou PNG';
const ALT_FIX = `descreva o que a imagem mostra, de ${FIGURE_LIMITS.altChars.min} a ${FIGURE_LIMITS.altChars.max} caracteres (p. ex. "Sala pequena com sofá e espelho redondo")`;

/** The size past which an image is reduced before upload (and which an upload may not pass). */
export const reducedSize = (kind: ImageKind) => (kind === 'principal' ? MAIN_IMAGE_LIMITS.publishedSize : FIGURE_LIMITS.maxSize);
export const maxBytes = (kind: ImageKind) => (kind === 'principal' ? MAIN_IMAGE_LIMITS.maxBytes : FIGURE_LIMITS.maxBytes);

/** The alternative text's problem, or null: required for every image, the schema's limits. */
export function altProblem(alt: string): FieldProblem | null {
  const length = alt.trim().length;
  if (length === 0) return { message: 'falta o texto alternativo da imagem', fix: ALT_FIX };
  if (length < FIGURE_LIMITS.altChars.min || length > FIGURE_LIMITS.altChars.max)
    return { message: `o texto alternativo tem ${length} caracteres`, fix: ALT_FIX };
  return null;
}

/** The format's problem, or null: a file the site reads, in a format it publishes. */
function formatProblem(picture: PictureFacts): FieldProblem | null {
  if (picture.format === undefined)
    return { message: 'o arquivo não é uma imagem que o site consiga ler', fix: `salve-a como ${FORMAT_LIST}` };
  if (!Object.hasOwn(IMAGE_FORMATS, picture.format))
    return {
      message: `a imagem está em ${picture.format.toUpperCase()}, formato que o site não aceita`,
      fix: `salve-a como ${FORMAT_LIST}`,
    };
  return null;
}

/**
 * What stops a main image of another shape from being cut to 16:9 in the
 * browser (client/newsroom/image-upload.ts): its format, or a 16:9 part
 * smaller than the least size. Empty when it may be cut and sent.
 */
export function cutProblems(picture: PictureFacts): FieldProblem[] {
  const format = formatProblem(picture);
  if (format) return [format];
  const cut = crop16x9(picture.width, picture.height);
  const min = MAIN_IMAGE_LIMITS.minSize;
  if (cut.width >= min.width && cut.height >= min.height) return [];
  return [
    {
      message: `a imagem tem ${picture.width}×${picture.height}: recortada em 16:9, ficaria com ${cut.width}×${cut.height}, menos que o mínimo de ${min.width}×${min.height}`,
      fix: 'use uma foto maior (o artigo a mostra com 1200 px de largura)',
    },
  ];
}

/**
 * What stops a picture from being an image of this kind, whatever its size
 * in bytes and pixels above the limits (those are reduced, not refused):
 * format, least size, shape. Empty when it may go on.
 */
export function shapeProblems(kind: ImageKind, picture: PictureFacts): FieldProblem[] {
  const format = formatProblem(picture);
  if (format) return [format];
  const { width, height } = picture;
  const problems: FieldProblem[] = [];
  if (kind === 'principal') {
    const min = MAIN_IMAGE_LIMITS.minSize;
    if (width < min.width || height < min.height)
      problems.push({
        message: `a imagem tem ${width}×${height}; o mínimo é ${min.width}×${min.height}`,
        fix: 'use uma imagem maior (o artigo a mostra com 1200 px de largura)',
      });
    if (!is16x9(width, height)) {
      const crop = crop16x9(width, height);
      problems.push({
        message: `a imagem tem ${width}×${height}, que não é 16:9`,
        fix: `recorte-a em 16:9 (nesta imagem, ${crop.width}×${crop.height}; ou 1200×675): os cards e o alto do artigo usam esse formato`,
      });
    }
    return problems;
  }
  const { minWidth, aspect } = FIGURE_LIMITS;
  if (width < minWidth)
    problems.push({
      message: `a imagem tem ${width} px de largura; o mínimo é ${minWidth}`,
      fix: 'use uma imagem maior (o texto a mostra com 720 px de largura)',
    });
  const ratio = height > 0 ? width / height : 0;
  if (ratio < aspect.min || ratio > aspect.max)
    problems.push({
      message: `a imagem tem ${width}×${height}, alta ou larga demais`,
      fix: 'recorte-a entre 1:2 (em pé) e 4:1 (panorâmica)',
    });
  return problems;
}

/** Whether a picture must be reduced before it is stored: past the size or the bytes its kind allows. */
export function needsReduction(kind: ImageKind, picture: PictureFacts): boolean {
  const size = reducedSize(kind);
  return picture.width > size.width || picture.height > size.height || picture.bytes > maxBytes(kind);
}

/** What an upload as sent (already reduced) may not be: past the size or bytes of its kind. */
export function storedProblems(kind: ImageKind, picture: PictureFacts): FieldProblem[] {
  const problems = shapeProblems(kind, picture);
  if (problems.length > 0) return problems;
  if (needsReduction(kind, picture)) {
    const size = reducedSize(kind);
    return [
      {
        message: `a imagem tem ${picture.width}×${picture.height} e ${formatBytes(picture.bytes)}; o máximo é ${size.width}×${size.height} e ${formatBytes(maxBytes(kind))}`,
        fix: `exporte-a em ${size.width}×${size.height} ou menos, WebP com qualidade 70–80`,
      },
    ];
  }
  return [];
}

/**
 * A variant as the browser made it (or the import, scripts/content/import/): WebP, `width` wide (the image's own width
 * when narrower: nothing is enlarged), the main image's cropped to 16:9, a
 * figure's in its own shape (a pixel of rounding either way).
 */
export function variantProblem(kind: ImageKind, image: PictureFacts, width: number, variant: PictureFacts): string | null {
  const wide = Math.min(width, image.width);
  const high = kind === 'principal' ? Math.round((wide * 9) / 16) : Math.round((wide * image.height) / image.width);
  if (variant.format !== 'webp') return `a cópia de ${width} px não é WebP`;
  if (variant.width !== wide || Math.abs(variant.height - high) > 1) return `a cópia de ${width} px tem ${variant.width}×${variant.height}`;
  if (variant.bytes > maxBytes(kind)) return `a cópia de ${width} px passa do tamanho aceito`;
  return null;
}

/** What the share image is called in the journalist's terms (decision 053). */
const SHARE_COPY = `a cópia de ${SHARE_IMAGE_SIZE.width}×${SHARE_IMAGE_SIZE.height} para compartilhar`;

/**
 * The main image's share image as the browser made it (or sharp, for the
 * import): WebP, exactly 1200×630 (the size og:image states), within the main
 * image's bytes. Null when it is right.
 */
export function shareImageProblem(share: PictureFacts): string | null {
  if (share.format !== 'webp') return `${SHARE_COPY} não é WebP`;
  if (share.width !== SHARE_IMAGE_SIZE.width || share.height !== SHARE_IMAGE_SIZE.height)
    return `${SHARE_COPY} tem ${share.width}×${share.height}`;
  if (share.bytes > maxBytes('principal')) return `${SHARE_COPY} passa do tamanho aceito`;
  return null;
}
