import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';

const ALLOWED = ['GET', 'HEAD'];

/**
 * The portal is read-only: any method but GET and HEAD is refused before any
 * work is done, on every path (RFC 9110 §15.5.6 asks for an Allow header).
 * `onRefused` renders the 405 page, status included.
 */
export function methodGuard(onRefused: (c: Context<AppEnv>) => Response | Promise<Response>) {
  return createMiddleware<AppEnv>(async function refuseOtherMethods(c, next) {
    if (ALLOWED.includes(c.req.method)) return next();
    c.header('Allow', ALLOWED.join(', '));
    return onRefused(c);
  });
}
