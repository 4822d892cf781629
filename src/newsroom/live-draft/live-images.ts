import { contentHash } from '#src/content/index/content-hash.ts';
import { type ContentBindings, readImage, type Source } from '#src/content/index/sources.ts';
import { imageKey, isValidImageFile, publishedExtension } from '#src/content/schema/format.ts';
import { shareImageFile, variantFile } from '#src/content/schema/image-variants.ts';
import { putMedia } from '../media/media-store';
import { isStoredImage, shareImageOf, storedVariants } from '../shared/media-names';

// The assets binding ignores the host; only the path matters.
const ASSETS_ORIGIN = 'https://assets.invalid';

/** A published image file's bytes, from the source the live index reads (KV, or the bundle while KV was never published to); null when absent. */
async function publishedBytes(env: ContentBindings, source: Source, file: string): Promise<Uint8Array | null> {
  if (source === 'kv') {
    const bytes = await readImage(env, imageKey(file));
    return bytes === null ? null : new Uint8Array(bytes);
  }
  const response = await env.ASSETS.fetch(`${ASSETS_ORIGIN}/${imageKey(file)}`);
  if (!response.ok) {
    await response.body?.cancel();
    return null;
  }
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * Copies a published image (`casa-nova-3f9a0c21bd.webp` in `thumbnails/`)
 * and its WebP variants into the newsroom's bucket under the newsroom's name
 * for the same bytes (`3f9a0c21bd.webp`, src/newsroom/shared/media-names.ts),
 * so a draft names it like an uploaded one and a publish from the newsroom
 * (src/newsroom/media/published-images.ts) gives it back its published name.
 * Its share image (decision 053) comes too when it has one, so publishing
 * it again keeps its og:image; an article from before has none, and needs none.
 * Null when the image, or any variant the newsroom needs, is not there: the
 * draft then shows what is missing (./image-problems.ts) rather than an
 * image that could not be republished. Nothing is written in that case.
 */
export async function copyPublishedImage(env: ContentBindings & { MEDIA: R2Bucket }, source: Source, file: string): Promise<string | null> {
  if (!isValidImageFile(file)) return null;
  const extension = publishedExtension(file.slice(file.lastIndexOf('.') + 1));
  const bytes = await publishedBytes(env, source, file);
  if (bytes === null || extension === undefined) return null;
  const stored = `${contentHash(bytes)}.${extension}`;
  if (!isStoredImage(stored)) return null;
  const variants = await Promise.all(
    storedVariants(stored).map(async ({ width, file: name }) => ({
      name,
      bytes: await publishedBytes(env, source, variantFile(file, width, 'webp')),
    })),
  );
  if (variants.some((variant) => variant.bytes === null)) return null;
  const share = await publishedBytes(env, source, shareImageFile(file));
  await Promise.all([
    putMedia(env.MEDIA, stored, bytes),
    ...variants.map((variant) => putMedia(env.MEDIA, variant.name, variant.bytes as Uint8Array)),
    ...(share === null ? [] : [putMedia(env.MEDIA, shareImageOf(stored), share)]),
  ]);
  return stored;
}
