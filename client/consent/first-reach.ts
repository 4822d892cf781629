/** What counts as the reader reaching for the banner: on it, a pointer or focus; anywhere, a key (a keyboard reader is about to tab to it). */
const ON_BANNER = ['pointerover', 'pointerdown', 'focusin'] as const;
const ON_PAGE = ['keydown'] as const;

/**
 * Runs `task` once, at the reader's first sign of reaching for the banner.
 * Why not sooner: React (most of the island's bytes, bench/RESULTS.md) is
 * only needed to run the banner as an island, and fetched, compiled and
 * hydrated during the load it was the long task that showed as blocking time
 * on first visits (Lighthouse mobile).
 * Until the reader reaches for it, the banner's plain-JS buttons answer
 * (./early-banner.ts), and a reader who never touches it never downloads React.
 */
export function onFirstReach(banner: HTMLElement, task: () => void, doc: Document = document): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    for (const type of ON_BANNER) banner.removeEventListener(type, run);
    for (const type of ON_PAGE) doc.removeEventListener(type, run);
    task();
  };
  for (const type of ON_BANNER) banner.addEventListener(type, run, { passive: true });
  for (const type of ON_PAGE) doc.addEventListener(type, run, { passive: true });
}
