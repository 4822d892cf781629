import { type AdsSettings, disableAds, enableAds } from './ads';
import { type ConsentStatus, grantsConsent } from './consent/status';

/**
 * Applies a status (docs/product.md §4): sets the consent flag (`data-consent` on <html>)
 * and turns ads on or off. Failures go to the console only (docs/product.md §8): a reader
 * never sees an error from consent or ads.
 */
export function applyConsent(status: ConsentStatus, ads: AdsSettings, doc: Document = document): void {
  try {
    const granted = grantsConsent(status);
    doc.documentElement.dataset.consent = String(granted);
    if (granted) enableAds(ads, doc);
    else disableAds(doc);
  } catch (error) {
    console.error('[consent] could not apply the cookie choice', error);
  }
}
