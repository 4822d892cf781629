import { contentHash } from '#src/content/index/content-hash.ts';
import { imageKey } from '#src/content/schema/format.ts';
import { shareImageFile, variantFile } from '#src/content/schema/image-variants.ts';
import type { PreparedArticle, StoredFile } from '#src/publishing/plan/prepared-article.ts';
import { shareImageOf, storedVariants } from '../shared/media-names';
import { getMedia } from './media-store';

/** A draft's images as the publishing engine takes them (PreparedArticle's image, variants and figures). */
export type PublishedImages = Pick<PreparedArticle, 'image' | 'variants'> & { figures: NonNullable<PreparedArticle['figures']> };

export type PublishedImagesResult = { ok: true; images: PublishedImages } | { ok: false; missing: string[] };

/**
 * `3f9a0c21bd.webp` of the article `casa-nova` → `casa-nova-3f9a0c21bd.webp`:
 * the name the editors' commands give the same bytes (publishedImageName in
 * src/checking/folder/folder-layout.ts), since the stored name is already their
 * content hash.
 */
export const publishedName = (slug: string, stored: string) => `${slug}-${stored}`;

/** One file to read: its stored name, the key it is published under, whether its name carries its hash, and whether it may be absent. */
interface Wanted {
  stored: string;
  key: string;
  hashed: boolean;
  optional?: boolean;
}

/** An image and its WebP variants, under their published names. */
function filesOf(slug: string, name: string): Wanted[] {
  const published = publishedName(slug, name);
  return [
    { stored: name, key: imageKey(published), hashed: true },
    ...storedVariants(name).map(({ width, file }) => ({
      stored: file,
      key: imageKey(variantFile(published, width, 'webp')),
      hashed: false,
    })),
  ];
}

/** A main image's files: filesOf's, and its share image, which an image uploaded before decision 053 (or copied from such an article) lacks. */
function mainFilesOf(slug: string, name: string): Wanted[] {
  const share = { stored: shareImageOf(name), key: imageKey(shareImageFile(publishedName(slug, name))), hashed: false, optional: true };
  return [...filesOf(slug, name), share];
}

/**
 * Reads a draft's uploaded images back from R2 for publishing: the main
 * image and the text's images under their published names in the thumbnails
 * folder, and every WebP variant of each (the newsroom makes no AVIF ones:
 * docs/newsroom-writing.md, "Images"), with the main image's share image
 * when it has one (the engine records it on the entry). A file that is absent, or whose bytes are not
 * the ones its name's hash says, is reported by its stored name, and nothing
 * is returned: an article never goes out with an image missing.
 */
export async function publishedImages(
  bucket: R2Bucket,
  slug: string,
  stored: { image: string; figures: readonly string[] },
): Promise<PublishedImagesResult> {
  const readOne = async (wanted: Wanted) => {
    const bytes = await getMedia(bucket, wanted.stored);
    const right = bytes !== null && (!wanted.hashed || wanted.stored.startsWith(`${contentHash(bytes)}.`));
    return { ...wanted, bytes: right ? bytes : null };
  };
  // Per image: the image itself first, then its variants.
  const wanted = [mainFilesOf(slug, stored.image), ...stored.figures.map((name) => filesOf(slug, name))];
  const read = await Promise.all(wanted.map((files) => Promise.all(files.map(readOne))));
  const missing = read.flat().flatMap((file) => (file.bytes === null && !file.optional ? [file.stored] : []));
  if (missing.length > 0) return { ok: false, missing };
  const present = read.map((files) => files.filter((file) => file.bytes !== null));
  const [main, ...figures] = present.map((files) => files.map(({ key, bytes }): StoredFile => ({ key, value: bytes as Uint8Array })));
  const [image, ...mainVariants] = main as StoredFile[];
  return {
    ok: true,
    images: {
      image: { key: (image as StoredFile).key, bytes: (image as StoredFile).value },
      variants: [...mainVariants, ...figures.flatMap(([, ...variants]) => variants)],
      figures: figures.map(([figure], index) => ({
        file: publishedName(slug, stored.figures[index] as string),
        key: (figure as StoredFile).key,
        bytes: (figure as StoredFile).value,
      })),
    },
  };
}
