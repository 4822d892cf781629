import { IMAGE_SIZE } from '../content/format';

/** Limits of an article's body and image (its fields' limits are in src/content/article-schema.ts). */
export const LIMITS = {
  /** A body shorter than this is a stub, not an article. */
  bodyMinWords: 80,
  /** Pages draw the article image at this size (1200×675); smaller images look blurry. */
  imageMinSize: IMAGE_SIZE,
  /** Past either limit, a 16:9 main image is published reduced (check-image.ts), not refused. */
  imageMaxSize: { width: 4000, height: 4000 },
  imageMaxBytes: 1024 * 1024,
  /** The most a reduced main image keeps: twice what pages show, for screens of two pixels per point. */
  imagePublishedSize: { width: 2400, height: 1350 },
  /** The pages' shape (16:9), with a little tolerance for rounding. */
  imageAspect: { ratio: IMAGE_SIZE.width / IMAGE_SIZE.height, tolerance: 0.02 },
};
