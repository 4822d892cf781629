/**
 * The only script every page loads: small, plain TypeScript, no React.
 * The page asks for it once its largest paint is on screen (the loader at the
 * end of the body, shared/inline-scripts.ts), so it never competes with that paint.
 *
 * - Links the web app manifest (./manifest-link.ts), which nothing needs sooner.
 * - Applies the stored cookie choice on every page view (docs/product.md §4), once the
 *   page is shown (not while the browser prerenders it).
 * - With no stored choice, the inline banner script has already shown the
 *   server-rendered banner, and answered its buttons until now: a choice made
 *   before this script arrived is in the cookie, and applied here as any
 *   stored choice. Otherwise this runs the buttons until the React island
 *   hydrates it, which happens only when the reader reaches for the banner
 *   (./consent/first-reach.ts). The footer link reopens it, hydrating the island.
 *
 * The banner's state lives in one store (./consent/banner-store.ts), which
 * this script creates and hands to the island.
 */

import { CONSENT_BANNER_ID } from '../shared/banner-ids';
import { whenActivated } from './activation';
import { applyConsent } from './apply-consent';
import { createBannerStore } from './consent/banner-store';
import { runBannerUntilHydrated } from './consent/early-banner';
import { onFirstReach } from './consent/first-reach';
import { type ConsentStatus, consentCookie, readConsentStatus } from './consent/status';
import { linkManifest } from './manifest-link';
import { setUpMenu } from './menu';
import { readPageSettings } from './page-settings';
import { setUpVideos } from './video';

setUpMenu();
setUpVideos();
linkManifest();

const settings = readPageSettings();
const banner = document.getElementById(CONSENT_BANNER_ID);

/** Stores the reader's answer and acts on it at once. */
function storeChoice(status: ConsentStatus): void {
  const { protocol, hostname } = location;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing from older Safari; the choice must be stored before the page reacts to it
  document.cookie = consentCookie(status, { protocol, hostname, siteDomain: settings.siteDomain });
  applyConsent(status, settings.ads);
}

const store = createBannerStore(storeChoice);
const isOpen = () => store.getState().open;

let island: Promise<typeof import('./islands/consent-banner')> | undefined;

/** Downloads the island (once) and, if the banner is still `wanted` then, hands it to React. */
function hydrateIsland(wanted: () => boolean = () => true): void {
  island ??= import('./islands/consent-banner');
  island
    .then(({ hydrateConsentBanner }) => {
      if (wanted()) hydrateConsentBanner(store);
    })
    .catch((error: unknown) => console.error('[consent] the cookie banner could not be loaded', error));
}

whenActivated(() => {
  const stored = readConsentStatus(document.cookie);
  if (stored) {
    applyConsent(stored, settings.ads);
    // Closed, as the store is: the reader answered before this script came, or
    // the banner script opened it while the page was prerendered, before the
    // reader answered on another page.
    if (banner) banner.hidden = true;
    return;
  }
  if (!banner) return;
  store.reveal();
  runBannerUntilHydrated(banner, store);
  // React only for a reader who reaches for the banner; one who answered before the island arrived needs none.
  onFirstReach(banner, () => {
    if (isOpen()) hydrateIsland(isOpen);
  });
});

for (const opener of document.querySelectorAll<HTMLElement>('[data-consent-open]')) {
  opener.addEventListener('click', () => {
    store.reopen(opener);
    hydrateIsland();
  });
}

// The menu and the banner's buttons answer from here on. Nothing styles or
// reads this but the browser tests, which wait for it instead of guessing when
// a script requested after the first paint has run.
document.documentElement.dataset.bootReady = '';
