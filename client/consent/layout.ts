/** Spec §9: below this width the banner is a full-width bottom panel. */
export const MOBILE_MAX_WIDTH = 768;
/** Spec §9: the banner never takes more than this share of the viewport's height. */
export const MAX_HEIGHT_RATIO = 0.8;
/** Spec §9: the layout is recomputed this long after the last resize. */
export const RELAYOUT_DELAY_MS = 100;

/** Space kept free at the end of the page while the banner is open, so it never hides content. */
const SPACE_PROPERTY = '--consent-space';
const MAX_HEIGHT_PROPERTY = '--consent-max-height';

/** The element that keeps that space (in its padding): the footer, last in the page's flow. */
const SPACE_HOLDER_SELECTOR = '.site-footer';

/**
 * Sets a custom property on one element's inline style, only if it changes.
 * Never on <html>: every element inherits its custom properties, so one
 * written there restyles the whole page, twice per load, at a cost that grows
 * with the page (docs/speed.md, "A first visit on a mid-range phone").
 */
function setProperty(element: HTMLElement | null, name: string, value: string | null): void {
  if (!element || (element.style.getPropertyValue(name) || null) === value) return;
  if (value === null) element.style.removeProperty(name);
  else element.style.setProperty(name, value);
}

const spaceHolder = (view: Window) => view.document.querySelector<HTMLElement>(SPACE_HOLDER_SELECTOR);

/**
 * Lays the banner out for the current viewport: panel or floating box, at most
 * 80% of the height (it scrolls inside), and reserves its height at the end of
 * the page. The banner is React's to hydrate, and attributes it does not render
 * would not match, so nothing is written on it: the layout is a data attribute
 * on <html> (the stylesheet's selectors for it name the banner alone, so the
 * browser restyles only the banner), the height a property of the banner's
 * container (React renders into it, never on it), the space one of the footer.
 * Only a data attribute and CSSOM properties: the CSP forbids style attributes
 * in the markup, not these.
 */
function layoutBanner(banner: HTMLElement, view: Window = window): void {
  const root = view.document.documentElement;
  const layout = view.innerWidth < MOBILE_MAX_WIDTH ? 'panel' : 'floating';
  if (root.dataset.consentLayout !== layout) root.dataset.consentLayout = layout;
  setProperty(banner.parentElement, MAX_HEIGHT_PROPERTY, `${Math.floor(view.innerHeight * MAX_HEIGHT_RATIO)}px`);
  const gap = layout === 'floating' ? 32 : 0;
  setProperty(spaceHolder(view), SPACE_PROPERTY, `${banner.offsetHeight + gap}px`);
}

/** Gives back the space reserved for the banner. */
function releaseBannerSpace(view: Window = window): void {
  setProperty(spaceHolder(view), SPACE_PROPERTY, null);
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
