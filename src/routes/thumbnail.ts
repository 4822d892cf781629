import { createFactory } from 'hono/factory';
import { readImage } from '../content/index/sources';
import { imageContentType, imageKey } from '../content/schema/format';
import type { ROUTES } from '../seo/urls';
import type { AppEnv } from '../site/app-env';

/** Published image names carry a hash of their bytes: a new image is a new URL. */
const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Images published to KV. Bundled images never get here: Workers Static Assets
 * serves any path that matches a file before the worker runs.
 */
export const thumbnailRoute = createFactory<AppEnv, typeof ROUTES.thumbnail>().createHandlers(async function serveThumbnail(c) {
  const file = c.req.param('file');
  const contentType = imageContentType(file);
  if (!contentType) return c.notFound();
  const bytes = await readImage(c.env, imageKey(file));
  if (!bytes) return c.notFound();
  return c.body(bytes, 200, { 'Content-Type': contentType, 'Cache-Control': IMAGE_CACHE_CONTROL });
});
