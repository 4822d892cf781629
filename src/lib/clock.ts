/** An instant the editors' preview runs at (scripts/content/preview.ts); never set by the worker. */
let fixedTime: number | undefined;

/**
 * The time every scheduling decision reads (which articles are out yet):
 * one place, so the tests can move it (vi.setSystemTime).
 */
export const currentTime = (): number => fixedTime ?? Date.now();

/**
 * Dev tools only: `npm run content:preview` shows a scheduled article as the
 * site will at its publication time. `undefined` gives the real clock back.
 */
export function fixCurrentTime(at: number | undefined): void {
  fixedTime = at;
}
