import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setUpVideos } from '../../client/video';

const ID = 'M7lc1UVf-VE';
const TITLE = 'Vídeo: a ordem das etapas de uma reforma de cozinha';

/** The facade as the sanitizer serves it (src/content/body/body-html.ts), in an article body. */
const FACADE =
  `<a class="video-facade" href="https://www.youtube-nocookie.com/embed/${ID}" aria-label="Assistir ao vídeo: ${TITLE}">` +
  `<span class="video-facade-play" aria-hidden="true"></span><span class="video-facade-title">${TITLE}</span></a>`;

const facade = () => document.querySelector<HTMLAnchorElement>('a.video-facade');
/** Whether the page's own handler took the click (the link was not followed), as the listener after it saw. */
let taken: boolean | undefined;
const click = (target: Element, init: MouseEventInit = {}) => {
  taken = undefined;
  target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
  return taken;
};

beforeAll(() => {
  // One listener for the whole document, as the boot script sets it up once. (happy-dom never loads
  // the player's page: it says so on the console, "Iframe page loading is disabled".)
  setUpVideos(document);
  // Then the test's own, which records what that one did and keeps happy-dom from following any link.
  document.addEventListener('click', (event) => {
    taken = event.defaultPrevented;
    event.preventDefault();
  });
});

beforeEach(() => {
  document.body.innerHTML = `<div class="prose article-body"><p>Antes.</p>${FACADE}<p>Depois.</p></div>`;
});

describe('a click on a video facade', () => {
  it('puts exactly one player in its place, with only the attributes the site chooses, and moves focus to it', () => {
    expect(click(facade()!.querySelector('.video-facade-play')!)).toBe(true);
    expect(facade()).toBeNull();
    const frames = document.querySelectorAll('iframe');
    expect(frames).toHaveLength(1);
    const player = frames[0]!;
    expect(Object.fromEntries([...player.attributes].map((attribute) => [attribute.name, attribute.value]))).toEqual({
      src: `https://www.youtube-nocookie.com/embed/${ID}?autoplay=1`,
      title: TITLE,
      allow: 'accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture',
      allowfullscreen: '',
      referrerpolicy: 'strict-origin-when-cross-origin',
    });
    // In place: between the same paragraphs.
    expect(player.previousElementSibling?.textContent).toBe('Antes.');
    expect(player.nextElementSibling?.textContent).toBe('Depois.');
    expect(document.activeElement).toBe(player);
  });

  it('a second click elsewhere, or on the player, adds nothing', () => {
    click(facade()!);
    click(document.querySelector('iframe')!);
    click(document.querySelector('p')!);
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
  });

  it.each([
    ['Ctrl', { ctrlKey: true }],
    ['Cmd', { metaKey: true }],
    ['Shift', { shiftKey: true }],
    ['the middle button', { button: 1 }],
  ])('with %s, is left to the link (a new tab or window)', (_, init) => {
    expect(click(facade()!, init)).toBe(false);
    expect(facade()).not.toBeNull();
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  });

  it('on a link that only looks like one (its address is not a player by an 11-character id) does nothing', () => {
    for (const href of [
      'https://www.youtube-nocookie.com/embed/abc',
      'https://www.youtube.com/embed/M7lc1UVf-VE',
      `https://www.youtube-nocookie.com/embed/${ID}?autoplay=1`,
      'javascript:alert(1)',
    ]) {
      facade()!.setAttribute('href', href);
      expect(click(facade()!)).toBe(false);
      expect(document.querySelectorAll('iframe')).toHaveLength(0);
    }
  });

  it('gives the player a generic title when the facade shows none', () => {
    facade()!.querySelector('.video-facade-title')!.textContent = ' ';
    click(facade()!);
    expect(document.querySelector('iframe')!.getAttribute('title')).toBe('Vídeo');
  });
});
