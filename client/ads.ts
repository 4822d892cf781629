/**
 * The one module that touches AdSense (docs/client-and-consent.md, "The pieces"): used by the
 * bootstrap for a stored choice and by the banner for a new one.
 */

/** Id of the AdSense loader script element, so it is added once and found to remove. */
export const AD_SCRIPT_ID = 'adsense-loader';

export interface AdsSettings {
  /** Publisher id, ca-pub-… */
  client: string;
  /** The AdSense loader script URL. */
  scriptUrl: string;
}

declare global {
  interface Window {
    adsbygoogle?: unknown[];
  }
}

function slotsOf(doc: Document): HTMLElement[] {
  return [...doc.querySelectorAll<HTMLElement>('.ad-slot')];
}

/**
 * Turns ads on: shows the slots, adds the loader script once, and initialises
 * each `<ins class="adsbygoogle">` once. Safe to call any number of times.
 */
export function enableAds(settings: AdsSettings, doc: Document = document): void {
  // Slots first: AdSense sizes an ad by its slot, which must be visible.
  for (const slot of slotsOf(doc)) slot.hidden = false;
  if (!doc.getElementById(AD_SCRIPT_ID)) {
    const script = doc.createElement('script');
    script.id = AD_SCRIPT_ID;
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.src = `${settings.scriptUrl}?client=${encodeURIComponent(settings.client)}`;
    script.addEventListener('error', () => console.error('[ads] the AdSense script could not be loaded'));
    doc.head.append(script);
  }
  const view = doc.defaultView ?? window;
  view.adsbygoogle ??= [];
  const queue = view.adsbygoogle;
  for (const ins of doc.querySelectorAll<HTMLElement>('ins.adsbygoogle')) {
    if (ins.dataset.adPushed) continue;
    ins.dataset.adPushed = 'true';
    queue.push({});
  }
  doc.documentElement.dataset.adsLoaded = 'true';
}

/** Turns ads off (docs/product.md §4, deny): removes the script, hides the slots, clears the loaded flag. */
export function disableAds(doc: Document = document): void {
  doc.getElementById(AD_SCRIPT_ID)?.remove();
  for (const slot of slotsOf(doc)) slot.hidden = true;
  delete doc.documentElement.dataset.adsLoaded;
}
