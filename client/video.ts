import {
  UNTITLED_VIDEO,
  VIDEO_FACADE_CLASS,
  VIDEO_PLAYER_ATTRIBUTES,
  VIDEO_TITLE_CLASS,
  videoIdOfEmbedUrl,
  videoPlayerUrl,
} from '../shared/video-embed';

/**
 * An article's videos: the sanitizer serves each as the site's own facade, a
 * link to the privacy-enhanced player that loads nothing from YouTube
 * (src/content/body/body-html.ts). A click on one puts the player in its place,
 * playing, with only the site's attributes (shared/video-embed.ts), and moves
 * focus to it. A click with a modifier key (new tab, new window) is left to
 * the link, as is every click before this script has run.
 */
export function setUpVideos(root: Document = document): void {
  root.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const facade = event.target instanceof Element ? event.target.closest(`a.${VIDEO_FACADE_CLASS}`) : null;
    const id = videoIdOfEmbedUrl(facade?.getAttribute('href'));
    if (!facade || !id) return;
    event.preventDefault();
    const player = root.createElement('iframe');
    player.setAttribute('src', videoPlayerUrl(id));
    player.setAttribute('title', facade.querySelector(`.${VIDEO_TITLE_CLASS}`)?.textContent?.trim() || UNTITLED_VIDEO);
    for (const [name, value] of Object.entries(VIDEO_PLAYER_ATTRIBUTES)) player.setAttribute(name, value);
    facade.replaceWith(player);
    player.focus();
  });
}
