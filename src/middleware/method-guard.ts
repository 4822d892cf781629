import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { isNewsroomPath } from '../newsroom/paths';
import type { AppEnv } from '../site/app-env';

const ALLOWED = ['GET', 'HEAD'];
/** The newsroom's forms post; nothing else on the site accepts a change. */
const NEWSROOM_ALLOWED = [...ALLOWED, 'POST'];

/**
 * The public site is read-only: any method but GET and HEAD is refused before any
 * work is done, on every path but the newsroom's, which also takes POST
 * (RFC 9110 §15.5.6 asks for an Allow header).
 * `onRefused` renders the 405 page, status included.
 */
export function methodGuard(onRefused: (c: Context<AppEnv>) => Response | Promise<Response>) {
  return createMiddleware<AppEnv>(async function refuseOtherMethods(c, next) {
    const allowed = isNewsroomPath(c.req.path) ? NEWSROOM_ALLOWED : ALLOWED;
    if (allowed.includes(c.req.method)) return next();
    c.header('Allow', allowed.join(', '));
    return onRefused(c);
  });
}
