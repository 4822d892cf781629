import type { BannerStore } from './banner-store';
import { type StopBannerLayout, watchBannerLayout } from './layout';

/**
 * Stage 3 of the banner's life (./banner-store.ts): runs the open,
 * server-rendered banner in plain JavaScript until its React island hydrates
 * it. The island arrives after the first paint (seconds later on a slow
 * phone), and a reader who answers before that must be answered at once.
 *
 * The two buttons report the choice to the store; the markup follows the
 * store (closed after a choice), and the layout follows the viewport. It stops
 * for good after a choice (giving back the space kept for the banner: a banner
 * reopened later is React's) or when React takes over (keeping the layout and
 * the space as they are: the island lays the banner out again).
 */
export function runBannerUntilHydrated(banner: HTMLElement, store: BannerStore): void {
  if (!store.getState().open) return;
  let running = true;
  let stopLayout: StopBannerLayout | undefined;

  function follow(): void {
    const { open, renderer } = store.getState();
    if (renderer === 'react') stop(true);
    else if (!open) {
      banner.hidden = true;
      stop(false);
    }
  }
  function onClick(event: Event): void {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-choice]') : null;
    const choice = target?.dataset.choice;
    if (choice === 'allow' || choice === 'deny') store.choose(choice);
  }
  function stop(keepSpace: boolean): void {
    if (!running) return;
    running = false;
    unsubscribe();
    banner.removeEventListener('click', onClick);
    stopLayout?.({ keepSpace });
  }

  // The inline banner script has normally opened it already, unless something
  // blocked that script; its buttons are this module's from here on.
  banner.hidden = false;
  banner.onclick = null;
  const unsubscribe = store.subscribe(follow);
  banner.addEventListener('click', onClick);
  // The stylesheet lays the banner out for the first paint; measuring it now
  // would force an extra layout before that paint. In the next frame the
  // browser lays the page out anyway.
  requestAnimationFrame(() => {
    if (running) stopLayout = watchBannerLayout(banner);
  });
}
