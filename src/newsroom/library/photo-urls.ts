import { imageKey } from '#src/content/schema/format.ts';
import { variantFile } from '#src/content/schema/image-variants.ts';
import { PATHS } from '../paths';
import { storedVariants, thumbnailOf } from '../shared/media-names';
import type { Photo } from './library-store';

/**
 * Where the library's pages load a photo from: the newsroom's media route
 * for one in R2, the site's own image route for a live article's (every
 * published image has WebP variants at the readers' widths).
 */
export function photoUrls(photo: Photo): { thumbnail: string; picture: string } {
  if (photo.article === null) {
    return { thumbnail: PATHS.media(thumbnailOf(photo.name)), picture: PATHS.media(storedVariants(photo.name).at(-1)?.file ?? photo.name) };
  }
  return {
    thumbnail: `/${imageKey(variantFile(photo.name, 480, 'webp'))}`,
    picture: `/${imageKey(variantFile(photo.name, 1200, 'webp'))}`,
  };
}
