import type { Context, MiddlewareHandler } from 'hono';

/** No route of this site is anywhere near this long. */
export const MAX_PATH_LENGTH = 1024;

/**
 * True for paths no route could ever serve and that are unsafe to decode or log
 * as is: bad percent-encoding, encoded traversal, control characters, or
 * absurd length.
 */
export function isMalformedPath(rawPath: string): boolean {
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

/** Answers malformed paths with 400 before routing. */
export function rejectMalformedPath(onRejected: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  return async (c, next) => {
    const rawPath = new URL(c.req.url).pathname;
    if (!isMalformedPath(rawPath)) return next();
    c.status(400);
    return onRejected(c);
  };
}
