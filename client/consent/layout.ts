/** Spec §9: below this width the banner is a full-width bottom panel. */
export const MOBILE_MAX_WIDTH = 768;
/** Spec §9: the banner never takes more than this share of the viewport's height. */
export const MAX_HEIGHT_RATIO = 0.8;
/** Spec §9: the layout is recomputed this long after the last resize. */
export const RELAYOUT_DELAY_MS = 100;

/** Space kept free at the end of the page while the banner is open, so it never hides content. */
const SPACE_PROPERTY = '--consent-space';

/**
 * Lays the banner out for the current viewport: panel or floating box, at most
 * 80% of the height (it scrolls inside), and reserves its height at the end of
 * the page. Only data attributes and CSSOM properties: the CSP forbids inline
 * style attributes, not these.
 */
export function layoutBanner(banner: HTMLElement, view: Window = window): void {
  banner.dataset.layout = view.innerWidth < MOBILE_MAX_WIDTH ? 'panel' : 'floating';
  banner.style.maxHeight = `${Math.floor(view.innerHeight * MAX_HEIGHT_RATIO)}px`;
  const root = view.document.documentElement;
  const gap = banner.dataset.layout === 'floating' ? 32 : 0;
  root.style.setProperty(SPACE_PROPERTY, `${banner.offsetHeight + gap}px`);
}

/** Gives back the space reserved for the banner. */
export function releaseBannerSpace(view: Window = window): void {
  view.document.documentElement.style.removeProperty(SPACE_PROPERTY);
}

/**
 * Lays the banner out now and again 100 ms after the last resize. Returns the
 * function that stops watching and gives the space back.
 */
export function watchBannerLayout(banner: HTMLElement, view: Window = window): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onResize = () => {
    clearTimeout(timer);
    timer = setTimeout(() => layoutBanner(banner, view), RELAYOUT_DELAY_MS);
  };
  layoutBanner(banner, view);
  view.addEventListener('resize', onResize);
  return () => {
    clearTimeout(timer);
    view.removeEventListener('resize', onResize);
    releaseBannerSpace(view);
  };
}
