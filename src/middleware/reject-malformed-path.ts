import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../site/app-env';

/** No route of this site is anywhere near this long. */
const MAX_PATH_LENGTH = 1024;

/**
 * True for paths no route could ever serve and that are unsafe to decode or log
 * as is: bad percent-encoding, encoded traversal, control characters, or
 * absurd length.
 */
function isMalformedPath(rawPath: string): boolean {
  if (rawPath.length > MAX_PATH_LENGTH) return true;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return true;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(decoded)) return true;
  return decoded.split('/').some((segment) => segment === '..' || segment === '.');
}

/** Answers malformed paths before routing: `onRejected` renders the 400 page, status included. */
export function rejectMalformedPath(onRejected: (c: Context<AppEnv>) => Response | Promise<Response>) {
  return createMiddleware<AppEnv>(async function rejectMalformed(c, next) {
    const rawPath = new URL(c.req.url).pathname;
    if (!isMalformedPath(rawPath)) return next();
    return onRejected(c);
  });
}
