import { startTransition, useEffect, useRef, useSyncExternalStore } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { CONSENT_BANNER_ID, CONSENT_ROOT_ID } from '../../shared/banner-ids';
import { ConsentBanner } from '../../shared/ConsentBanner';
import type { BannerState, BannerStore } from '../consent/banner-store';
import { watchBannerLayout } from '../consent/layout';

interface IslandProps {
  store: BannerStore;
  /** The banner as the page showed it when hydration began: what React must find. */
  markup: BannerState;
}

/** The shared banner markup, rendered from the store, with the browser's side: layout and focus. */
function ConsentBannerIsland({ store, markup }: IslandProps) {
  // While hydrating, React renders `markup`; a store that has moved on since
  // (a reopen from the footer) is then rendered as an update.
  const { open, focus } = useSyncExternalStore(store.subscribe, store.getState, () => markup);
  const banner = useRef<HTMLElement>(null);
  const title = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!open || !banner.current) return;
    if (focus) title.current?.focus();
    return watchBannerLayout(banner.current);
  }, [open, focus]);

  return <ConsentBanner open={open} onChoose={store.choose} ref={banner} titleRef={title} />;
}

/**
 * Stage 4 of the banner's life (client/consent/banner-store.ts): hands the
 * banner to React, once; later calls find React already there, which renders
 * whatever the store says. Loaded with a dynamic import by the bootstrap, so
 * React is downloaded only by readers who see the banner.
 */
export function hydrateConsentBanner(store: BannerStore): void {
  if (store.getState().renderer === 'react') return;
  const container = document.getElementById(CONSENT_ROOT_ID);
  const banner = document.getElementById(CONSENT_BANNER_ID);
  if (!container || !banner) throw new Error(`#${CONSENT_ROOT_ID} is missing from the page`);
  // Open if the banner script opened it and no early answer closed it.
  const markup: BannerState = { open: !banner.hidden, focus: false, renderer: 'react' };
  store.handToReact(); // the plain-JS buttons stop here
  // As a transition, hydration yields to the browser every few milliseconds
  // instead of blocking it in one long task; clicks meanwhile are replayed.
  startTransition(() => {
    hydrateRoot(container, <ConsentBannerIsland store={store} markup={markup} />);
  });
}
