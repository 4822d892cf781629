/**
 * The only script every page loads: small, plain TypeScript, no React.
 * It is a module script, so it runs after the document is parsed.
 *
 * - Applies the stored cookie choice on every page view (spec §4), once the
 *   page is shown (not while the browser prerenders it).
 * - With no stored choice, or when the reader asks for it, loads the banner
 *   island (React) after the first paint.
 */
import { whenActivated } from './activation';
import { applyConsent } from './consent/apply';
import { consentCookie, readConsentStatus, type ConsentStatus } from './consent/status';
import { setUpMenu } from './menu';
import { readPageSettings } from './page-settings';

setUpMenu();

const settings = readPageSettings();

function choose(status: ConsentStatus): void {
  const { protocol, hostname } = location;
  document.cookie = consentCookie(status, { protocol, hostname, siteDomain: settings.siteDomain });
  applyConsent(status, settings.ads);
}

function openBanner(focus: boolean, returnFocusTo?: HTMLElement): void {
  import('./islands/consent-banner')
    .then(({ showConsentBanner }) =>
      showConsentBanner({
        focus,
        onChoose(choice) {
          choose(choice);
          returnFocusTo?.focus();
        },
      }),
    )
    .catch((error: unknown) => console.error('[consent] the cookie banner could not be loaded', error));
}

/** Runs after the browser has painted the page once, so the banner never delays it. */
function afterFirstPaint(task: () => void): void {
  requestAnimationFrame(() => setTimeout(task, 0));
}

whenActivated(() => {
  const stored = readConsentStatus(document.cookie);
  if (stored) applyConsent(stored, settings.ads);
  else afterFirstPaint(() => openBanner(false));
});

for (const opener of document.querySelectorAll<HTMLElement>('[data-consent-open]')) {
  opener.addEventListener('click', () => openBanner(true, opener));
}
