import { type SpawnSyncReturns, spawnSync } from 'node:child_process';

/**
 * How long a test that starts a process may take: 120 s, for every such test
 * (give it to `it` or `describe`, and to the process itself: runCli).
 *
 * Vitest's default of 5 s is sized for code running in the test's own
 * process. A command line run through `tsx` first starts Node and compiles
 * its TypeScript, which on a loaded CI machine alone can outlast that default,
 * failing tests with nothing broken (docs/development.md, "Tests"). A test
 * must fail only when behaviour breaks, so this bound is only for a process
 * that hangs: far above any normal run, slow machine included.
 */
export const PROCESS_TEST_TIMEOUT_MS = 120_000;

/** Output a command may print before the test stops reading it (spawnSync's default is 1 MiB). */
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

/**
 * Runs the editors' command line (scripts/content/cli.ts) as `npm run
 * content:…` does, through tsx, with stdout and stderr as pipes; killed if it
 * outlives PROCESS_TEST_TIMEOUT_MS.
 */
export function runCli(...args: string[]): SpawnSyncReturns<string> {
  return spawnSync('node_modules/.bin/tsx', ['scripts/content/cli.ts', ...args], {
    encoding: 'utf8',
    maxBuffer: MAX_OUTPUT_BYTES,
    timeout: PROCESS_TEST_TIMEOUT_MS,
  });
}
