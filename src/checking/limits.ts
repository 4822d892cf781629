import { MAIN_IMAGE_LIMITS } from '../content/schema/image-limits';

/** Limits of an article's body and image (its fields' limits are in src/content/schema/article-schema.ts). */
export const LIMITS = {
  /** A body shorter than this is a stub, not an article. */
  bodyMinWords: 80,
  imageMinSize: MAIN_IMAGE_LIMITS.minSize,
  imageMaxSize: MAIN_IMAGE_LIMITS.maxSize,
  imageMaxBytes: MAIN_IMAGE_LIMITS.maxBytes,
  imagePublishedSize: MAIN_IMAGE_LIMITS.publishedSize,
  imageAspect: MAIN_IMAGE_LIMITS.aspect,
};

/** The side of a published author photo, in pixels: twice the largest it is drawn (96 px on the author's page). */
export const AUTHOR_PHOTO_SIZE = 192;
