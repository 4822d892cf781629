import { VIDEO_ID } from '../../../../shared/video-embed.ts';

/**
 * What a WordPress body shows beyond text, as the conversion carries it from
 * where it stood (inside a link, a paragraph, a list, a gallery) to a line of
 * its own: an image, a YouTube video, or an embed the site cannot show,
 * which becomes a link to it.
 */
export type Media =
  | { kind: 'image'; url: string; alt: string; caption: string; attachment: number | null }
  | { kind: 'video'; id: string; title: string }
  | { kind: 'link'; url: string; caption: string };

/** An address alone: what WordPress turns into an embed (its "autoembed"). */
export const LONE_URL = /^https?:\/\/[^\s<>"]+$/;

const YOUTUBE_HOSTS = new Set(['youtube.com', 'youtube-nocookie.com']);
/** The id in a player's or a short's path; old `<object>` players follow it with `&hl=…`. */
const YOUTUBE_PATH = /^\/(?:embed|shorts|v|live)\/([A-Za-z0-9_-]{11})(?![A-Za-z0-9_-])/;

/**
 * The id of the YouTube video an address shows, in any form WordPress posts
 * have it (`watch?v=`, `youtu.be/`, `embed/`, `shorts/`, the old `v/` of
 * `<object>` players, with or without `www.`, `m.`, a scheme); null for any
 * other address.
 *
 * @example youTubeVideoId('https://youtu.be/M7lc1UVf-VE?t=30') // 'M7lc1UVf-VE'
 */
export function youTubeVideoId(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address.trim().replace(/^\/\//, 'https://'));
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^(?:www|m)\./, '');
  let id: string | null | undefined;
  if (host === 'youtu.be') id = url.pathname.slice(1).split('/')[0];
  else if (YOUTUBE_HOSTS.has(host)) id = url.pathname === '/watch' ? url.searchParams.get('v') : YOUTUBE_PATH.exec(url.pathname)?.[1];
  return id && VIDEO_ID.test(id) ? id : null;
}

/** An embed's address as the media it becomes: the video when it is YouTube's, else a link to it. */
export const embedOf = (url: string, caption: string): Media => {
  const id = youTubeVideoId(url);
  return id ? { kind: 'video', id, title: caption } : { kind: 'link', url, caption };
};
