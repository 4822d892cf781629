/** Spec §9: below this width the banner is a full-width bottom panel. */
export const MOBILE_MAX_WIDTH = 768;
/** Spec §9: the banner never takes more than this share of the viewport's height. */
export const MAX_HEIGHT_RATIO = 0.8;
/** Spec §9: the layout is recomputed this long after the last resize. */
export const RELAYOUT_DELAY_MS = 100;

/** Space kept free at the end of the page while the banner is open, so it never hides content. */
const SPACE_PROPERTY = '--consent-space';
const MAX_HEIGHT_PROPERTY = '--consent-max-height';

/**
 * Lays the banner out for the current viewport: panel or floating box, at most
 * 80% of the height (it scrolls inside), and reserves its height at the end of
 * the page. All of it is written on <html>, never on the banner: the banner is
 * React's to hydrate, and attributes it does not render would not match. Only a
 * data attribute and CSSOM properties: the CSP forbids style attributes in the
 * markup, not these.
 */
export function layoutBanner(banner: HTMLElement, view: Window = window): void {
  const root = view.document.documentElement;
  const layout = view.innerWidth < MOBILE_MAX_WIDTH ? 'panel' : 'floating';
  root.dataset.consentLayout = layout;
  root.style.setProperty(MAX_HEIGHT_PROPERTY, `${Math.floor(view.innerHeight * MAX_HEIGHT_RATIO)}px`);
  const gap = layout === 'floating' ? 32 : 0;
  root.style.setProperty(SPACE_PROPERTY, `${banner.offsetHeight + gap}px`);
}

/** Gives back the space reserved for the banner. */
export function releaseBannerSpace(view: Window = window): void {
  view.document.documentElement.style.removeProperty(SPACE_PROPERTY);
}

/** Stops watching; gives the reserved space back unless another watcher takes over at once. */
export type StopBannerLayout = (options?: { keepSpace?: boolean }) => void;

/**
 * Lays the banner out now and again 100 ms after the last resize. Returns the
 * function that stops watching and gives the space back.
 */
export function watchBannerLayout(banner: HTMLElement, view: Window = window): StopBannerLayout {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onResize = () => {
    clearTimeout(timer);
    timer = setTimeout(() => layoutBanner(banner, view), RELAYOUT_DELAY_MS);
  };
  layoutBanner(banner, view);
  view.addEventListener('resize', onResize);
  return ({ keepSpace = false } = {}) => {
    clearTimeout(timer);
    view.removeEventListener('resize', onResize);
    if (!keepSpace) releaseBannerSpace(view);
  };
}
