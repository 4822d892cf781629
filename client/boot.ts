/**
 * The only script every page loads: small, plain TypeScript, no React.
 * It is a module script, so it runs after the document is parsed.
 *
 * - Applies the stored cookie choice on every page view (docs/product.md §4), once the
 *   page is shown (not while the browser prerenders it).
 * - With no stored choice, the inline reveal script has already shown the
 *   server-rendered banner; this runs its buttons until the React island,
 *   loaded after the first paint, hydrates it. The footer link reopens it.
 */

import { CONSENT_BANNER_ID } from '../shared/banner-ids';
import { whenActivated } from './activation';
import { applyConsent } from './consent/apply';
import { runBannerUntilHydrated } from './consent/early-banner';
import { type ConsentStatus, consentCookie, readConsentStatus } from './consent/status';
import { setUpMenu } from './menu';
import { readPageSettings } from './page-settings';

setUpMenu();

const settings = readPageSettings();
const banner = document.getElementById(CONSENT_BANNER_ID);
let handOver = () => {};

function choose(status: ConsentStatus): void {
  const { protocol, hostname } = location;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing from older Safari; the choice must be stored before the page reacts to it
  document.cookie = consentCookie(status, { protocol, hostname, siteDomain: settings.siteDomain });
  applyConsent(status, settings.ads);
}

let island: Promise<typeof import('./islands/consent-banner')> | undefined;
const loadIsland = () => (island ??= import('./islands/consent-banner'));
const reportLoadFailure = (error: unknown) => console.error('[consent] the cookie banner could not be loaded', error);

/** Hydrates the banner (once) and opens it. */
function showIsland(focus: boolean, returnFocusTo?: HTMLElement): void {
  loadIsland()
    .then(({ showConsentBanner }) => {
      handOver();
      showConsentBanner({
        focus,
        onChoose(choice) {
          choose(choice);
          returnFocusTo?.focus();
        },
      });
    })
    .catch(reportLoadFailure);
}

/**
 * Runs once the page has been painted and the browser is idle: React (about
 * 70 KB) then competes with neither the first paint nor the images. The banner
 * already works without it. Two frames: the first callback runs before the
 * first paint, the second after it.
 */
function whenPaintedAndIdle(task: () => void): void {
  const idle = (callback: () => void) =>
    'requestIdleCallback' in window ? requestIdleCallback(callback, { timeout: 2000 }) : setTimeout(callback, 0);
  requestAnimationFrame(() => requestAnimationFrame(() => idle(task)));
}

whenActivated(() => {
  const stored = readConsentStatus(document.cookie);
  if (stored) {
    applyConsent(stored, settings.ads);
    return;
  }
  if (!banner) return;
  banner.hidden = false; // already done by the reveal script, unless something blocked it
  handOver = runBannerUntilHydrated(banner, choose);
  // A reader who answered before the island arrived needs no island.
  whenPaintedAndIdle(() => {
    loadIsland()
      .then(() => {
        if (!banner.hidden) showIsland(false);
      })
      .catch(reportLoadFailure);
  });
});

for (const opener of document.querySelectorAll<HTMLElement>('[data-consent-open]')) {
  opener.addEventListener('click', () => showIsland(true, opener));
}
