import { AUTHOR_PHOTO_SIZE } from '#src/checking/limits.ts';
import type { PictureFacts } from './image-check';

/**
 * An author's photo from the Autores page: the browser crops the picked
 * picture's centre square and draws it at the published size as WebP
 * (client/newsroom/author-photo.ts), and the worker takes only that, checked
 * from the bytes, as the editors' command prepares it (sharp, cover).
 */

export { AUTHOR_PHOTO_SIZE };

/** The form's fields: the prepared file, and the box that takes the photo away. */
export const AUTHOR_PHOTO_FIELDS = { file: 'foto', remove: 'sem-foto' } as const;

/** More than a 192×192 WebP ever weighs at the quality the browser uses: room, not a target. */
export const AUTHOR_PHOTO_MAX_BYTES = 100 * 1024;

/** The WebP quality the browser encodes the photo at (the command's sharp uses 80). */
export const AUTHOR_PHOTO_QUALITY = 0.8;

/** Whether a file is an author photo as the site publishes it: a WebP of exactly the published size, not heavier than the bound. */
export const isPreparedAuthorPhoto = (picture: PictureFacts) =>
  picture.format === 'webp' &&
  picture.width === AUTHOR_PHOTO_SIZE &&
  picture.height === AUTHOR_PHOTO_SIZE &&
  picture.bytes <= AUTHOR_PHOTO_MAX_BYTES;

/** Why a picked picture cannot be an author's photo (too small to fill the published square), or null. */
export function pickedPhotoProblem(width: number, height: number): string | null {
  return Math.min(width, height) >= AUTHOR_PHOTO_SIZE
    ? null
    : `a foto tem ${width}×${height} pixels: escolha uma de ${AUTHOR_PHOTO_SIZE}×${AUTHOR_PHOTO_SIZE} ou maior`;
}
