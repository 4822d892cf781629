import QuickLRU from 'quick-lru';
import { escapeXml } from '#src/lib/escape-xml.ts';
import { describeError, log } from '#src/lib/log.ts';
import { readingTimeMinutes } from '#src/lib/reading-time.ts';
import { settledBody } from './body-html';
import { BodyTooComplexError } from './body-parse';
import { MAX_BODY_ATTRIBUTES, MAX_BODY_BYTES, MAX_BODY_ELEMENTS } from './html-policy';

/** A body ready to show: its HTML, and its reading time (counted once, kept with it). */
export interface ReadyBody {
  html: string;
  readingMinutes: number;
}

/** A body refused as too complex: the limit it went past. */
interface TooComplex {
  refused: 'too-complex';
  limit: BodyTooComplexError['limit'];
}

/** An article body made safe to serve, or why it cannot be shown. */
export type SanitizedBody = ReadyBody | { refused: 'too-large' } | TooComplex;

/**
 * The article HTML a reader gets: only what the body policy allows
 * (src/content/body/html-policy.ts), whatever KV holds. The publishing check refuses
 * everything this removes; this is the second line, for anything that reached
 * KV another way, so the Content-Security-Policy is never the only defence.
 *
 * Never throws: a body over {@link MAX_BODY_BYTES}, or one from which a
 * browser would build more than {@link MAX_BODY_ELEMENTS} elements or
 * {@link MAX_BODY_ATTRIBUTES} attributes (parsing stops there), is refused;
 * a body that cannot be read or does not settle (no known input does either)
 * is served as escaped text. Each is logged with the slug, every time.
 */
export function sanitizeArticleHtml(raw: string, slug: string): SanitizedBody {
  const kept = recentlySanitized.get(raw);
  if (kept !== undefined) {
    if ('refused' in kept) logTooComplex(slug, raw, kept.limit);
    return kept;
  }
  // A UTF-8 character is at most 3 bytes per UTF-16 unit: count bytes only near the limit.
  if (raw.length > MAX_BODY_BYTES / 3 && new TextEncoder().encode(raw).byteLength > MAX_BODY_BYTES) {
    log('error', 'article_body_too_large', { slug, chars: raw.length, limit: MAX_BODY_BYTES });
    return { refused: 'too-large' };
  }
  let clean: string;
  try {
    clean = settledBody(raw);
  } catch (error) {
    if (error instanceof BodyTooComplexError) {
      // Kept: finding it again would cost the parse up to the limit on every request.
      const refused: TooComplex = { refused: 'too-complex', limit: error.limit };
      recentlySanitized.set(raw, refused);
      logTooComplex(slug, raw, error.limit);
      return refused;
    }
    log('error', 'article_body_unreadable', { slug, ...describeError(error) });
    clean = escapedParagraphs(raw);
  }
  const ready = { html: clean, readingMinutes: readingTimeMinutes(clean) };
  recentlySanitized.set(raw, ready);
  return ready;
}

function logTooComplex(slug: string, raw: string, limit: TooComplex['limit']): void {
  log('error', 'article_body_too_complex', {
    slug,
    chars: raw.length,
    limit: `${limit === 'elements' ? MAX_BODY_ELEMENTS : MAX_BODY_ATTRIBUTES} ${limit}`,
  });
}

/**
 * How many sanitized bodies an isolate keeps. Parsing costs an article render
 * more than anything else, and its output depends only on the body's text: a
 * body rendered again (the edge cache keeps a page 2 minutes) reuses it.
 */
const BODIES_KEPT = 32;

/** Sanitized bodies by their raw text, and bodies refused as too complex. */
const recentlySanitized = new QuickLRU<string, ReadyBody | TooComplex>({ maxSize: BODIES_KEPT });

/** Forgets every sanitized body kept (the start-up warm-up's made-up ones, src/warm-up.ts). */
export function forgetSanitizedBodies(): void {
  recentlySanitized.clear();
}

/** The body's source as text, one paragraph per blank-line-separated block: shown, never interpreted. */
function escapedParagraphs(raw: string): string {
  return raw
    .split(/\n\s*\n/)
    .map((block) => `<p>${escapeXml(block)}</p>`)
    .join('');
}
