import { imageContentType } from '#src/content/schema/format.ts';

/**
 * The newsroom's uploaded images in the MEDIA bucket (R2), each under its
 * stored name (src/newsroom/shared/media-names.ts) inside one folder, so the
 * bucket can hold other things later.
 */
const FOLDER = 'redacao/';

export const mediaKey = (file: string) => `${FOLDER}${file}`;

/** Stores a file under its name, with the Content-Type its extension stands for. */
export async function putMedia(bucket: R2Bucket, file: string, bytes: Uint8Array): Promise<void> {
  await bucket.put(mediaKey(file), bytes, { httpMetadata: { contentType: imageContentType(file) ?? 'application/octet-stream' } });
}

/** Whether a file is stored (a HEAD: its bytes are not read). */
export async function hasMedia(bucket: R2Bucket, file: string): Promise<boolean> {
  return (await bucket.head(mediaKey(file))) !== null;
}

/** A stored file's bytes, or null when there is none. */
export async function getMedia(bucket: R2Bucket, file: string): Promise<Uint8Array | null> {
  const object = await bucket.get(mediaKey(file));
  return object === null ? null : new Uint8Array(await object.arrayBuffer());
}
