import { hydrateRoot } from 'react-dom/client';
import { watchBannerLayout } from '../consent/layout';
import { CONSENT_ROOT_ID, ConsentBanner, type BannerChoice } from './ConsentBanner';

export interface ShowOptions {
  /** Move focus into the banner (the reader opened it). */
  focus: boolean;
  onChoose: (choice: BannerChoice) => void;
}

let reopen: ((focus: boolean) => void) | undefined;
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
  const container = document.getElementById(CONSENT_ROOT_ID);
  if (!container) throw new Error(`#${CONSENT_ROOT_ID} is missing from the page`);
  hydrateRoot(
    container,
    <ConsentBanner
      openOnMount
      focusOnOpen={options.focus}
      onChoose={(choice) => current.onChoose(choice)}
      onOpen={(banner, title, focus) => {
        if (focus) title.focus();
        return watchBannerLayout(banner);
      }}
      onReady={(open) => {
        reopen = open;
      }}
    />,
  );
}
