import type { Context } from 'hono';

const HTML_HEADERS = { 'Content-Type': 'text/html; charset=UTF-8' };
const encoder = new TextEncoder();
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** Lowercase hex SHA-1 of the bytes: the digest Hono's etag() computes by default. */
async function sha1Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', bytes));
  let hex = '';
  for (const byte of digest) hex += HEX[byte];
  return hex;
}

/**
 * A rendered page as a response, with its ETag already set. The page is
 * encoded to UTF-8 once, and the tag is the SHA-1 of those bytes: the value
 * the etag() middleware computes for a body up to 256 KiB (it chains larger
 * ones), which then only compares it (304s). Left to the middleware, tagging
 * cost a clone of the response and a read of the copy's stream on every page.
 * Like the middleware, only successful pages are tagged; the status and the
 * headers set on the context (c.status, c.header) apply as with c.html().
 */
export async function htmlResponse(c: Context, html: string): Promise<Response> {
  // A fresh encoding always owns a plain ArrayBuffer (the workers types do not say so).
  const bytes = encoder.encode(html) as Uint8Array<ArrayBuffer>;
  const etag = `"${await sha1Hex(bytes)}"`;
  const response = c.body(bytes, undefined, HTML_HEADERS);
  if (response.ok) response.headers.set('ETag', etag);
  return response;
}
