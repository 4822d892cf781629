import type { BannerChoice } from '../../shared/ConsentBanner';
import { type StopBannerLayout, watchBannerLayout } from './layout';

/**
 * Runs the open, server-rendered banner in plain JavaScript until its React
 * island hydrates: the island arrives after the first paint (seconds later on a
 * slow phone), and a reader who answers before that must be answered at once.
 * The two buttons close the banner and report the choice; the layout follows
 * the viewport.
 *
 * Returns the hand-over to the island: stop listening, and keep the layout and
 * the reserved space as they are (the island lays the banner out again).
 */
export function runBannerUntilHydrated(banner: HTMLElement, onChoose: (choice: BannerChoice) => void): () => void {
  let running = true;
  let stopLayout: StopBannerLayout | undefined;
  // The stylesheet lays the banner out for the first paint; measuring it now
  // would force an extra layout before that paint. In the next frame the
  // browser lays the page out anyway.
  requestAnimationFrame(() => {
    if (running) stopLayout = watchBannerLayout(banner);
  });
  const stop = (keepSpace: boolean) => {
    if (!running) return;
    running = false;
    banner.removeEventListener('click', onClick);
    stopLayout?.({ keepSpace });
  };
  function onClick(event: Event): void {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-choice]') : null;
    const choice = target?.dataset.choice;
    if (choice !== 'allow' && choice !== 'deny') return;
    stop(false);
    banner.hidden = true;
    onChoose(choice);
  }
  banner.addEventListener('click', onClick);
  return () => stop(true);
}
