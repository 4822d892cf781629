import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { CONSENT_BANNER_ID, CONSENT_ROOT_ID } from '../../shared/banner-ids';
import { type BannerChoice, ConsentBanner } from '../../shared/ConsentBanner';
import { watchBannerLayout } from '../consent/layout';

export interface ShowOptions {
  /** Move focus into the banner (the reader opened it). */
  focus: boolean;
  onChoose: (choice: BannerChoice) => void;
}

let reopen: ((focus: boolean) => void) | undefined;
// Set between hydrateRoot and the island's first effect, when `reopen` is not there yet.
let hydrating = false;
let pendingFocus: boolean | undefined;
// The latest caller's handler: each opening may come from a different opener.
let current: ShowOptions;

/**
 * Opens the banner, hydrating it on first use. Loaded with a dynamic import by
 * the bootstrap, so React is downloaded only by readers who see the banner.
 */
export function showConsentBanner(options: ShowOptions): void {
  current = options;
  if (reopen) {
    reopen(options.focus);
    return;
  }
  if (hydrating) {
    pendingFocus = options.focus;
    return;
  }
  const container = document.getElementById(CONSENT_ROOT_ID);
  const banner = document.getElementById(CONSENT_BANNER_ID);
  if (!container || !banner) throw new Error(`#${CONSENT_ROOT_ID} is missing from the page`);
  hydrating = true;
  // As a transition, hydration yields to the browser every few milliseconds
  // instead of blocking it in one long task; clicks meanwhile are replayed.
  startTransition(() => {
    hydrateRoot(
      container,
      <ConsentBanner
        // Hydration must match the page as it is now: open if the reveal script opened it.
        initiallyOpen={!banner.hidden}
        openOnMount
        focusOnOpen={options.focus}
        onChoose={(choice) => current.onChoose(choice)}
        onOpen={(element, title, focus) => {
          if (focus) title.focus();
          return watchBannerLayout(element);
        }}
        onReady={(open) => {
          reopen = open;
          if (pendingFocus !== undefined) open(pendingFocus);
        }}
      />,
    );
  });
}
