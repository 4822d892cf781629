// An article's video, as the sanitizer draws it (src/content/body/body-html.ts) and
// the boot script plays it (client/video.ts): one place for the markup's names,
// the player's address and the attributes of the player's frame, so the two
// sides always agree. Nothing here touches the DOM.

/** The one origin a body's video plays from: YouTube's privacy-enhanced player (no cookies until play). */
export const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

/** A YouTube video id: exactly 11 of these characters. */
export const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** The player's address for a (valid) video id, with nothing after the id. */
export const videoEmbedUrl = (id: string): string => `${VIDEO_EMBED_ORIGIN}/embed/${id}`;

const EMBED_URL = /^https:\/\/www\.youtube-nocookie\.com\/embed\/([A-Za-z0-9_-]{11})$/;

/** The id of a video named by exactly {@link videoEmbedUrl}'s address (as the facade's link has it), or null. */
export function videoIdOfEmbedUrl(url: string | null | undefined): string | null {
  return (url && EMBED_URL.exec(url)?.[1]) || null;
}

/**
 * The facade: a link to the player, drawn by the site (a 16:9 poster, CSS
 * only), in place of the video until the reader clicks:
 * `<a class="video-facade" href="<player>" aria-label="Assistir ao vídeo: <title>"><span class="video-facade-play" aria-hidden="true"></span><span class="video-facade-title"><title></span></a>`.
 */
export const VIDEO_FACADE_CLASS = 'video-facade';
export const VIDEO_PLAY_CLASS = 'video-facade-play';
export const VIDEO_TITLE_CLASS = 'video-facade-title';
/** The facade's accessible name: this, then the video's title. */
export const VIDEO_LABEL_PREFIX = 'Assistir ao vídeo: ';
/** The title of a video given none. */
export const UNTITLED_VIDEO = 'Vídeo';

/**
 * The title a video written in Markdown without one is published with: what
 * the site knows to be true of it, that it is a YouTube video in this article.
 */
export const videoOfArticle = (articleTitle: string | undefined): string =>
  articleTitle ? `Vídeo do YouTube — ${articleTitle}` : 'Vídeo do YouTube';

/** The player frame's address once the reader has asked for the video: it starts at once. */
export const videoPlayerUrl = (id: string): string => `${videoEmbedUrl(id)}?autoplay=1`;

/**
 * The player frame's attributes besides src and title: only what a YouTube
 * player needs, whatever the editor wrote on the embed.
 */
export const VIDEO_PLAYER_ATTRIBUTES: Readonly<Record<string, string>> = {
  allow: 'accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture',
  allowfullscreen: '',
  referrerpolicy: 'strict-origin-when-cross-origin',
};
