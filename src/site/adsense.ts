/**
 * The hosts Google AdSense loads from, in one place: the CSP allows exactly
 * these (beside the site itself), and the configured script URL must be on one.
 * https://support.google.com/adsense/answer/9794 (ad code), Google's CSP guidance.
 */
export const ADSENSE_SOURCES = {
  script: [
    'https://pagead2.googlesyndication.com',
    'https://*.googlesyndication.com',
    'https://*.adtrafficquality.google',
    'https://*.doubleclick.net',
  ],
  frame: [
    'https://googleads.g.doubleclick.net',
    'https://tpc.googlesyndication.com',
    'https://*.googlesyndication.com',
    'https://*.adtrafficquality.google',
    'https://www.google.com',
  ],
  image: [
    'https://*.googlesyndication.com',
    'https://*.doubleclick.net',
    'https://*.adtrafficquality.google',
    'https://*.google.com',
    'https://*.gstatic.com',
  ],
  connect: ['https://*.googlesyndication.com', 'https://*.doubleclick.net', 'https://*.adtrafficquality.google', 'https://*.google.com'],
} as const;

/** True when a script URL is https and on a host the CSP's script-src allows. */
export function isAllowedAdScriptUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  return ADSENSE_SOURCES.script.some((source) => {
    const host = source.slice('https://'.length);
    return host.startsWith('*.') ? url.hostname.endsWith(host.slice(1)) : url.hostname === host;
  });
}
