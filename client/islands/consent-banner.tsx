import { hydrateRoot } from 'react-dom/client';
import { watchBannerLayout } from '../consent/layout';
import { CONSENT_ROOT_ID, ConsentBanner, type BannerChoice } from './ConsentBanner';

let reopen: ((focus: boolean) => void) | undefined;

/**
 * Opens the banner, hydrating it on first use. Loaded with a dynamic import by
 * the bootstrap, so React is downloaded only by readers who see the banner.
 */
export function showConsentBanner(options: { focus: boolean; onChoose: (choice: BannerChoice) => void }): void {
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
      onChoose={options.onChoose}
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
