/**
 * The browser's half of an image upload: decoding the picked file and
 * encoding WebP copies with a canvas. No Node process and no image service:
 * every current browser decodes the accepted formats and encodes WebP with
 * `toBlob` (docs/newsroom.md, "Images", says why AVIF is not made here).
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

/** The part of the picture to draw (the whole, or a centred crop) and the size to draw it at. */
export interface Draw {
  source: { x: number; y: number; width: number; height: number };
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

/** The whole picture, scaled to fit `box` (never enlarged). */
export function fitting(picture: Decoded, box: { width: number; height: number }): Draw {
  const scale = Math.min(1, box.width / picture.width, box.height / picture.height);
  return {
    source: { x: 0, y: 0, width: picture.width, height: picture.height },
    width: Math.round(picture.width * scale),
    height: Math.round(picture.height * scale),
  };
}

/** A centred crop of the picture to `crop`'s shape, drawn `width` wide. */
export function cropped(picture: Decoded, crop: { width: number; height: number }, width: number): Draw {
  return {
    source: { x: Math.round((picture.width - crop.width) / 2), y: Math.round((picture.height - crop.height) / 2), ...crop },
    width,
    height: Math.round((width * crop.height) / crop.width),
  };
}
