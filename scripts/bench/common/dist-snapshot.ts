import { cpSync, rmSync } from 'node:fs';

/**
 * The copy of dist/ (client files, bundled content, Vite's manifest) that
 * every part of a bench run reads. Other work rebuilds dist/ at any time, and
 * a rebuild in the middle of a run empties it, or pairs a worker with content
 * of another build: the bench builds once, copies, and reads only the copy.
 */
export const BENCH_DIST = '.bench/dist';

/** Copies dist/ to {@link BENCH_DIST}, replacing an older copy. */
export function snapshotDist(): void {
  rmSync(BENCH_DIST, { recursive: true, force: true });
  cpSync('dist', BENCH_DIST, { recursive: true });
}
