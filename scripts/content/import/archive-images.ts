import sharp, { type Sharp } from 'sharp';
import { IMAGE_FORMATS } from '../../../src/content/schema/format.ts';
import { crop16x9, FIGURE_LIMITS, formatBytes, is16x9, MAIN_IMAGE_LIMITS } from '../../../src/content/schema/image-limits.ts';
import { IMAGE_VARIANT_WIDTHS, SHARE_IMAGE_SIZE } from '../../../src/content/schema/image-variants.ts';
import { sniffPicture } from '../../../src/newsroom/media/sniff.ts';
import { type ImageKind, shareImageProblem, storedProblems, variantProblem } from '../../../src/newsroom/shared/image-check.ts';

/**
 * An archive image made to fit the site's rules without losing what it
 * shows: an old article is never left unpublished for its pictures. A main
 * image is cut to 16:9 (where sharp finds the subject) and brought within its
 * sizes, enlarged if need be since the page draws it at 1200×675 anyway; a
 * figure is brought within its sizes but never cut, since an infographic or a
 * floor plan would lose content: one of a shape past the limits is a problem
 * for a person. The result and its WebP variants pass the checks the
 * newsroom's worker makes of an upload (src/newsroom/shared/image-check.ts).
 */

/**
 * What was done to the picture, in the order it was done:
 * - `recortada`: cut to 16:9 (main image only);
 * - `ampliada`: enlarged to the least size its kind is drawn at;
 * - `reduzida`: reduced past the most its kind keeps, or to fit the bytes;
 * - `convertida`: the file is a new WebP, not the original (any change, another format, too many bytes, an EXIF rotation);
 * - `primeiro quadro`: an animation, of which only the first frame is kept.
 * Empty exactly when the original bytes are kept.
 */
export type ImageChange = 'recortada' | 'ampliada' | 'reduzida' | 'convertida' | 'primeiro quadro';

export interface PreparedImage {
  /** The original's bytes, or a WebP. */
  bytes: Uint8Array;
  extension: 'webp' | 'jpg' | 'png' | 'avif';
  width: number;
  height: number;
  /** The original as shown (EXIF orientation applied), in sharp's name of its format (`jpeg`, `gif`, `avif`…). */
  original: { width: number; height: number; format: string };
  changes: ImageChange[];
  /** WebP at each of the readers' widths (the name's width: a narrower image's widest ones are its own width), widest last. */
  variants: { width: number; bytes: Uint8Array }[];
  /** The main image's share image, 1200×630 WebP (decision 053); a figure has none. */
  share?: Uint8Array;
}

interface Size {
  width: number;
  height: number;
}

/** What the import needs to know of a file before decoding it. */
interface Source extends Size {
  format: string;
  /** Whether the original bytes may be published as they are, size and shape aside. */
  publishable: boolean;
  animated: boolean;
}

/** Qualities tried in turn until the image fits its bytes, as the newsroom's browser does (client/newsroom/image-upload.ts). */
const QUALITIES = [80, 70, 60, 50];
/** The variants' quality, the editors' commands' and the newsroom's; lower ones only if a variant would pass the bytes. */
const VARIANT_QUALITIES = [72, 60, 50];
/** Each step down when even the lowest quality does not fit the bytes. */
const SHRINK = 0.75;
/** The main image's exact shape, which its variants always have. */
const heightAt16x9 = (width: number) => Math.round((width * 9) / 16);

const UNREADABLE = 'o arquivo não é uma imagem legível';
/** sharp's default bound on the pixels it decodes, which keeps a crafted file from exhausting memory. */
const MAX_PIXELS = 0x3fff * 0x3fff;
const problem = (text: string) => ({ problem: text });

async function readSource(bytes: Uint8Array): Promise<Source | { problem: string }> {
  // sharp reads neither BMP nor HEIC (HEVC-compressed HEIF): say what the file is rather than that it is broken.
  if (bytes[0] === 0x42 && bytes[1] === 0x4d)
    return problem(`a imagem está em BMP, formato que a importação não converte; salve-a como PNG ou JPEG na pasta uploads`);
  try {
    const metadata = await sharp(bytes).metadata();
    // sharp names an AVIF image as HEIF compressed with AV1.
    const format = metadata.format === 'heif' && metadata.compression === 'av1' ? 'avif' : metadata.format;
    if (format === 'heif')
      return problem('a imagem está em HEIC, formato que a importação não converte; salve-a como JPEG na pasta uploads');
    const animated = (metadata.pages ?? 1) > 1;
    const upright = metadata.orientation === undefined || metadata.orientation === 1;
    const { width, height } = metadata.autoOrient;
    return { format, width, height, animated, publishable: Object.hasOwn(IMAGE_FORMATS, format) && upright && !animated };
  } catch {
    return problem(UNREADABLE);
  }
}

/** The size a main image is published at, and whether that cuts or resizes it: 16:9, from 1200×675 to 2400×1350. */
function mainFrame(source: Size): { size: Size; changes: ImageChange[] } {
  const cut = !is16x9(source.width, source.height);
  const part = cut ? crop16x9(source.width, source.height) : source;
  const least = MAIN_IMAGE_LIMITS.minSize;
  const most = MAIN_IMAGE_LIMITS.publishedSize;
  const changes: ImageChange[] = cut ? ['recortada'] : [];
  if (part.width < least.width || part.height < least.height) return { size: { ...least }, changes: [...changes, 'ampliada'] };
  if (part.width > most.width || part.height > most.height) return { size: { ...most }, changes: [...changes, 'reduzida'] };
  return { size: part, changes };
}

/** The size a figure is published at: its own shape, from 800 px wide to 4000×4000; a problem past 1:2 or 4:1. */
function figureFrame(source: Size): { size: Size; changes: ImageChange[] } | { problem: string } {
  const { width, height } = source;
  const ratio = width / height;
  const keep = 'cortá-la perderia parte do que ela mostra; recorte-a à mão entre 1:2 (em pé) e 4:1 (panorâmica), ou deixe-a fora do texto';
  if (ratio < FIGURE_LIMITS.aspect.min) return problem(`a imagem tem ${width}×${height}, mais alta que 1:2: ${keep}`);
  if (ratio > FIGURE_LIMITS.aspect.max) return problem(`a imagem tem ${width}×${height}, mais larga que 4:1: ${keep}`);
  if (width < FIGURE_LIMITS.minWidth)
    return {
      size: { width: FIGURE_LIMITS.minWidth, height: Math.round((height * FIGURE_LIMITS.minWidth) / width) },
      changes: ['ampliada'],
    };
  const most = FIGURE_LIMITS.maxSize;
  const scale = Math.min(1, most.width / width, most.height / height);
  if (scale < 1) return { size: { width: Math.round(width * scale), height: Math.round(height * scale) }, changes: ['reduzida'] };
  return { size: { width, height }, changes: [] };
}

/** Decoded pixels, upright and at the published size: the one decode the image and its variants are made from. */
interface Pixels {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

const fromPixels = (pixels: Pixels) => sharp(pixels.data, { raw: pixels.info });
const decoded = async (image: Sharp) => (await image.raw().toBuffer({ resolveWithObject: true })) as Pixels;
const maxBytesOf = (kind: ImageKind) => (kind === 'principal' ? MAIN_IMAGE_LIMITS.maxBytes : FIGURE_LIMITS.maxBytes);

/** The first quality at which `make` gives a WebP within `max` bytes, or null. */
async function webpWithin(make: () => Sharp, qualities: readonly number[], max: number): Promise<Buffer | null> {
  for (const quality of qualities) {
    const webp = await make().webp({ quality, effort: 4 }).toBuffer();
    if (webp.byteLength <= max) return webp;
  }
  return null;
}

/**
 * The picture as a WebP within the bytes of its kind: at its size at the
 * best quality that fits, else a step smaller each time, down to the least
 * its kind is drawn at (a very detailed photo, or noise, may need it). The
 * pixels it was made from come back too, for the variants.
 */
async function encodeWithin(kind: ImageKind, pixels: Pixels): Promise<{ bytes: Buffer; pixels: Pixels } | null> {
  const max = maxBytesOf(kind);
  const least = kind === 'principal' ? MAIN_IMAGE_LIMITS.minSize.width : FIGURE_LIMITS.minWidth;
  const { width, height } = pixels.info;
  let current = pixels;
  for (;;) {
    const bytes = await webpWithin(() => fromPixels(current), QUALITIES, max);
    if (bytes) return { bytes, pixels: current };
    if (current.info.width <= least) return null;
    const next = Math.max(least, Math.round(current.info.width * SHRINK));
    const size = { width: next, height: kind === 'principal' ? heightAt16x9(next) : Math.round((next * height) / width) };
    current = await decoded(fromPixels(pixels).resize({ ...size, fit: 'cover' }));
  }
}

/** The WebP variants: each width no wider than the image, the main image's exactly 16:9 (centred), a figure's in its shape. */
async function variantsOf(kind: ImageKind, pixels: Pixels): Promise<{ width: number; bytes: Uint8Array }[] | null> {
  const max = maxBytesOf(kind);
  const variants: { width: number; bytes: Uint8Array }[] = [];
  for (const width of IMAGE_VARIANT_WIDTHS) {
    const wide = Math.min(width, pixels.info.width);
    const resize =
      kind === 'principal'
        ? { width: wide, height: heightAt16x9(wide), fit: 'cover' as const, withoutEnlargement: true }
        : { width: wide, withoutEnlargement: true };
    const bytes = await webpWithin(() => fromPixels(pixels).resize(resize), VARIANT_QUALITIES, max);
    if (bytes === null) return null;
    variants.push({ width, bytes });
  }
  return variants;
}

/** The image as the newsroom's worker would judge an upload of it: the first problem, or null. */
function judged(kind: ImageKind, image: PreparedImage): string | null {
  const facts = sniffPicture(image.bytes);
  const [stored] = storedProblems(kind, facts);
  if (stored) return `${stored.message}; ${stored.fix}`;
  for (const variant of image.variants) {
    const wrong = variantProblem(kind, facts, variant.width, sniffPicture(variant.bytes));
    if (wrong) return wrong;
  }
  return image.share ? shareImageProblem(sniffPicture(image.share)) : null;
}

async function prepare(kind: ImageKind, bytes: Uint8Array): Promise<PreparedImage | { problem: string }> {
  const source = await readSource(bytes);
  if ('problem' in source) return source;
  const frame = kind === 'principal' ? mainFrame(source) : figureFrame(source);
  if ('problem' in frame) return frame;
  const original = { width: source.width, height: source.height, format: source.format };
  const max = maxBytesOf(kind);
  const keep = frame.changes.length === 0 && source.publishable && bytes.byteLength <= max;
  let prepared: PreparedImage;
  let pixels: Pixels;
  try {
    // rotate() turns the picture upright by its EXIF orientation, which a WebP does not carry; sharp decodes an
    // animation's first frame unless asked for all.
    const upright = sharp(bytes).rotate();
    if (keep) {
      pixels = await decoded(upright);
      const extension = IMAGE_FORMATS[source.format as keyof typeof IMAGE_FORMATS].extensions[0];
      prepared = { bytes, extension, ...frame.size, original, changes: [], variants: [] };
    } else {
      const position = kind === 'principal' ? 'attention' : 'centre';
      const encoded = await encodeWithin(kind, await decoded(upright.resize({ ...frame.size, fit: 'cover', position })));
      if (encoded === null) return problem(`a imagem tem ${formatBytes(bytes.byteLength)}, e mesmo reduzida passa de ${formatBytes(max)}`);
      pixels = encoded.pixels;
      const { width, height } = pixels.info;
      const shrunk = width < frame.size.width && !frame.changes.includes('reduzida');
      const changes: ImageChange[] = [...frame.changes, ...(shrunk ? (['reduzida'] as const) : []), 'convertida'];
      if (source.animated) changes.push('primeiro quadro');
      prepared = { bytes: encoded.bytes, extension: 'webp', width, height, original, changes, variants: [] };
    }
  } catch {
    // The header was readable, the picture was not: a truncated file, or one past the pixels sharp agrees to decode.
    const pixels = source.width * source.height;
    return problem(pixels > MAX_PIXELS ? `a imagem tem ${source.width}×${source.height}, pixels demais para converter` : UNREADABLE);
  }
  const variants = await variantsOf(kind, pixels);
  if (variants === null) return problem(`as cópias reduzidas da imagem passam de ${formatBytes(max)}`);
  prepared.variants = variants;
  if (kind === 'principal') {
    // The centre of the 16:9 picture at 1200 px, cut to 1.91:1, as the commands and the newsroom make it.
    const share = await webpWithin(() => fromPixels(pixels).resize({ ...SHARE_IMAGE_SIZE, fit: 'cover' }), VARIANT_QUALITIES, max);
    if (share === null) return problem(`a cópia para compartilhar passa de ${formatBytes(max)}`);
    prepared.share = share;
  }
  const wrong = judged(kind, prepared);
  return wrong === null ? prepared : problem(`a imagem preparada não seria aceita pela redação: ${wrong}`);
}

/**
 * An article's main image as the site publishes it: 16:9, from 1200×675 to
 * 2400×1350, at most 1 MB, with its WebP variants; the original bytes when
 * they already are all that. A problem only for a file that is no readable
 * image.
 *
 * @example
 * const main = await prepareMainImage(readFileSync(path));
 * if ('problem' in main) notes.push(main.problem);
 * else if (main.changes.length > 0) notes.push(`imagem principal ${main.changes.join(', ')}`);
 */
export function prepareMainImage(bytes: Uint8Array): Promise<PreparedImage | { problem: string }> {
  return prepare('principal', bytes);
}

/**
 * An image of an article's text as the site publishes it: its own shape,
 * from 800 px wide to 4000×4000, at most 1 MB, with its WebP variants; the
 * original bytes when they already are all that. A problem for a file that
 * is no readable image, or one taller than 1:2 or wider than 4:1 (never cut).
 */
export function prepareFigure(bytes: Uint8Array): Promise<PreparedImage | { problem: string }> {
  return prepare('figura', bytes);
}
