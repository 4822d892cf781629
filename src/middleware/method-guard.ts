import type { Context, MiddlewareHandler } from 'hono';

const ALLOWED = ['GET', 'HEAD'];

/**
 * The portal is read-only: any method but GET and HEAD is refused before any
 * work is done, on every path (RFC 9110 §15.5.6 asks for an Allow header).
 */
export function methodGuard(onRefused: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  return async (c, next) => {
    if (ALLOWED.includes(c.req.method)) return next();
    c.header('Allow', ALLOWED.join(', '));
    c.status(405);
    return onRefused(c);
  };
}
