import { IMAGE_SIZE } from '../../src/content/format.ts';

/** Limits of the article format, chosen for cards and search results. */
export const LIMITS = {
  /** Search results show about 60 characters; cards wrap to three lines at ~90. */
  titleChars: { min: 20, max: 90 },
  /** Search snippets are cut near 160 characters; cards show about 150. */
  descriptionChars: { min: 50, max: 160 },
  /** A body shorter than this is a stub, not an article. */
  bodyMinWords: 80,
  /** Pages draw the article image at this size (1200×675); smaller images look blurry. */
  imageMinSize: IMAGE_SIZE,
  imageMaxSize: { width: 4000, height: 4000 },
  imageMaxBytes: 1024 * 1024,
  /** The pages' shape (16:9), with a little tolerance for rounding. */
  imageAspect: { ratio: IMAGE_SIZE.width / IMAGE_SIZE.height, tolerance: 0.02 },
};
