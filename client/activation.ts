declare global {
  interface Document {
    /** True while the page is being prerendered (Speculation Rules), before the reader sees it. */
    prerendering?: boolean;
  }
}

/**
 * Runs `task` once the page is really shown: at once, or, for a page the
 * browser prerendered, when the reader navigates to it. Ads must not load (nor
 * count an impression) for a page nobody opened.
 */
export function whenActivated(task: () => void, doc: Document = document): void {
  if (doc.prerendering) doc.addEventListener('prerenderingchange', () => task(), { once: true });
  else task();
}
