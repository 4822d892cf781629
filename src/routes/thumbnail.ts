import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { imageKey } from '../content/paths';
import { readBinaryFromKv } from '../content/store';

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};
const IMAGE_FILE = /^[a-z0-9][a-z0-9._-]*\.(webp|avif|jpe?g|png)$/;

/** Published image names carry a hash of their bytes: a new image is a new URL. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Images published to KV. Bundled images never get here: Workers Static Assets
 * serves any path that matches a file before the worker runs.
 */
export async function thumbnailRoute(c: Context<AppEnv>) {
  const file = c.req.param('file') ?? '';
  const match = IMAGE_FILE.exec(file);
  if (!match) return c.notFound();
  const bytes = await readBinaryFromKv(c.env, imageKey(file));
  if (!bytes) return c.notFound();
  return c.body(bytes, 200, {
    'Content-Type': CONTENT_TYPES[match[1]!]!,
    'Cache-Control': IMAGE_CACHE_CONTROL,
  });
}
