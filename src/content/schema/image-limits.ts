import { IMAGE_SIZE } from './format';

/**
 * What an article's images may be, wherever they are checked: the editors'
 * check (src/checking/folder/images.ts) and the
 * newsroom's uploads (src/newsroom/shared/image-check.ts, in the browser and
 * in the worker).
 */
export const MAIN_IMAGE_LIMITS = {
  /** Pages draw the article image at this size (1200×675); smaller images look blurry. */
  minSize: IMAGE_SIZE,
  /** Past either limit, a 16:9 main image is published reduced, not refused. */
  maxSize: { width: 4000, height: 4000 },
  maxBytes: 1024 * 1024,
  /** The most a reduced main image keeps: twice what pages show, for screens of two pixels per point. */
  publishedSize: { width: 2400, height: 1350 },
  /** The pages' shape (16:9), with a little tolerance for rounding. */
  aspect: { ratio: IMAGE_SIZE.width / IMAGE_SIZE.height, tolerance: 0.02 },
};

/**
 * Images shown inside an article's body, in a `<figure>`. Looser than the
 * article image (which cards crop to 16:9): any reasonable shape, since a
 * figure is drawn at the text column's width with its own height.
 */
export const FIGURE_LIMITS = {
  /** The text column is 720 px wide: narrower images would be blown up. */
  minWidth: 800,
  maxSize: { width: 4000, height: 4000 },
  maxBytes: 1024 * 1024,
  /** Width ÷ height: from a tall 1:2 (a façade, a floor plan) to a 4:1 panorama. */
  aspect: { min: 1 / 2, max: 4 },
  /** The alt text: a short description, as the article image's. */
  altChars: { min: 10, max: 150 },
  /** Images in one body: each is a separate download. */
  maxImages: 20,
};

/** "1.234 KB" / "5,2 MB", as a Brazilian journalist reads a size. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024).toLocaleString('pt-BR')} KB`;
  return `${(bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
}

/** The largest 16:9 crop of a picture: the cut the journalist is asked to make. */
export function crop16x9(width: number, height: number): { width: number; height: number } {
  const { ratio } = MAIN_IMAGE_LIMITS.aspect;
  return width / height > ratio ? { width: Math.round(height * ratio), height } : { width, height: Math.round(width / ratio) };
}

/** Whether a picture of this shape is 16:9, within the rounding the commands allow. */
export const is16x9 = (width: number, height: number) =>
  height > 0 &&
  Math.abs(width / height - MAIN_IMAGE_LIMITS.aspect.ratio) / MAIN_IMAGE_LIMITS.aspect.ratio <= MAIN_IMAGE_LIMITS.aspect.tolerance;
