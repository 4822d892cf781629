import { createMiddleware } from 'hono/factory';
import { Content } from '../content/content';
import { currentTime } from '../lib/clock';
import type { AppEnv } from '../site/app-env';

/**
 * Opens the request's content as `c.var.content`: the routes' one door to the
 * articles, read at one instant (src/content/content.ts). Nothing is read
 * until a route asks, so the pages that show no articles never wait for KV.
 */
export function contentAccess() {
  return createMiddleware<AppEnv>(async function openContent(c, next) {
    c.set('content', new Content(c.env, currentTime()));
    await next();
  });
}
