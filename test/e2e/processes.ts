/**
 * How long a browser test that runs the editors' commands (each a tsx process
 * opening its own workerd, checking images, writing the local store) may take.
 * Far above what a command takes on a busy CI machine (docs/development.md,
 * "Tests"): only a process that hangs should reach this.
 */
export const PROCESS_TEST_TIMEOUT_MS = 600_000;

/** How long a page that follows an editor's save (a check run again, a reload) may take to show it. */
export const FOLLOWS_SAVE_MS = 120_000;
