/**
 * The browser's half of an image upload: decoding the picked file and
 * encoding WebP copies with a canvas. No Node process and no image service:
 * every current browser decodes the accepted formats and encodes WebP with
 * `toBlob` (docs/newsroom-writing.md, "Images", says why AVIF is not made here).
 */

/** A decoded picture, turned as its EXIF orientation says (createImageBitmap's default, `imageOrientation: 'from-image'`). */
export interface Decoded {
  image: ImageBitmap;
  width: number;
  height: number;
}

/**
 * The file decoded, or null when the browser cannot read it as an image.
 * createImageBitmap reads the file itself: an <img> would need a blob: URL,
 * which the newsroom's CSP does not allow.
 */
export async function decode(file: Blob): Promise<Decoded | null> {
  try {
    const image = await createImageBitmap(file);
    return { image, width: image.width, height: image.height };
  } catch {
    return null;
  }
}

/** A rectangle of the picture, in its pixels. */
export interface Part {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The part of the picture to draw and the size to draw it at. */
export interface Draw {
  source: Part;
  width: number;
  height: number;
}

/** The picture drawn on `canvas`, sized to the drawing; false when the browser gives no 2D context. */
export function drawOn(canvas: HTMLCanvasElement, picture: Decoded, draw: Draw): boolean {
  canvas.width = draw.width;
  canvas.height = draw.height;
  const context = canvas.getContext('2d');
  if (context === null) return false;
  context.imageSmoothingQuality = 'high';
  const { x, y, width, height } = draw.source;
  context.drawImage(picture.image, x, y, width, height, 0, 0, draw.width, draw.height);
  return true;
}

/** The picture drawn at a size and encoded as WebP; null when this browser encodes something else instead (it falls back to PNG). */
export async function encodeWebp(picture: Decoded, draw: Draw, quality: number): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  if (!drawOn(canvas, picture, draw)) return null;
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp', quality));
  return blob?.type === 'image/webp' ? blob : null;
}

/**
 * The picture's part of `crop`'s size (the whole when no crop is asked),
 * placed at `anchor` along the side it cuts: 0 keeps the top (or the left),
 * 0.5 the centre, 1 the bottom (or the right).
 */
export function partOf(picture: Decoded, crop?: { width: number; height: number }, anchor = 0.5): Part {
  const { width, height } = crop ?? picture;
  return { x: Math.round((picture.width - width) * anchor), y: Math.round((picture.height - height) * anchor), width, height };
}

/** A part scaled to fit `box` (never enlarged). */
export function fitted(part: Part, box: { width: number; height: number }): Draw {
  const scale = Math.min(1, box.width / part.width, box.height / part.height);
  return { source: part, width: Math.round(part.width * scale), height: Math.round(part.height * scale) };
}

/** A part drawn `width` wide, its shape kept. */
export function scaled(part: Part, width: number): Draw {
  return { source: part, width, height: Math.round((width * part.height) / part.width) };
}

/** The centre of a part cut to `size`'s shape (cover), drawn at `size`: the share image's 1.91:1 from the 16:9 part. */
export function covered(part: Part, size: { width: number; height: number }): Draw {
  const scale = Math.max(size.width / part.width, size.height / part.height);
  const width = Math.min(part.width, Math.round(size.width / scale));
  const height = Math.min(part.height, Math.round(size.height / scale));
  const source = { x: part.x + Math.round((part.width - width) / 2), y: part.y + Math.round((part.height - height) / 2), width, height };
  return { source, width: size.width, height: size.height };
}
