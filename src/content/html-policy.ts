/**
 * What an article body may contain, shared by the publishing check (Node,
 * scripts/content) and the render-time sanitizer (workerd), so both agree.
 */

/** Elements that can run script, load other documents, or break the page's layout. */
export const FORBIDDEN_ELEMENTS = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'base',
  'link',
  'meta',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'noscript',
  'template',
  'svg',
  'math',
] as const;

/** Attributes that hold URLs. */
export const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'action', 'formaction', 'poster', 'xlink:href']);

const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/** Relative URLs and web, mail and phone links; never javascript:, data: and the like. */
export function isSafeUrl(value: string): boolean {
  // Browsers ignore whitespace and control characters inside a scheme.
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value.replace(/[\u0000-\u0020]/g, ''));
  return !scheme || SAFE_SCHEMES.has(scheme[1]!.toLowerCase());
}

/**
 * Video embeds an article may carry as an <iframe>: privacy-enhanced YouTube
 * only (no cookies until play). The CSP's frame-src allows the same origin.
 */
export const EMBED_ORIGINS = ['https://www.youtube-nocookie.com'] as const;
const EMBED_PATH = /^\/embed\/[\w-]+$/;

export function isAllowedEmbed(src: string | null | undefined): boolean {
  if (!src) return false;
  try {
    const url = new URL(src);
    return (EMBED_ORIGINS as readonly string[]).includes(url.origin) && EMBED_PATH.test(url.pathname);
  } catch {
    return false;
  }
}

/** Attributes an allowed embed keeps; everything else on it is dropped. */
export const EMBED_ATTRIBUTES = new Set(['src', 'title', 'width', 'height', 'allow', 'allowfullscreen', 'loading']);

/** True for event-handler attributes (onclick, ONLOAD, …). */
export function isEventHandler(name: string): boolean {
  return name.toLowerCase().startsWith('on');
}
