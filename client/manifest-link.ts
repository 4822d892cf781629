/** The web app manifest (assets/site.webmanifest): what "add to home screen" installs. */
const MANIFEST_PATH = '/site.webmanifest';

/**
 * Links the manifest from the page. Only "add to home screen" uses it, and
 * linked in the markup it was asked for as the page loaded, before the first
 * paint of a page with no image: one more request ahead of what the reader
 * came for on a first visit (docs/speed.md). The boot script runs after the
 * largest paint, and Chrome reads a manifest linked later just the same.
 */
export function linkManifest(): void {
  if (document.head.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_PATH;
  document.head.append(link);
}
