import { existsSync } from 'node:fs';

/**
 * The Chromium the browser tools drive: CHROME_PATH, else Debian's
 * /usr/bin/chromium, else (undefined) the tool's own download where it has one.
 */
export const CHROME_PATH: string | undefined =
  process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

/** Flags for a headless Chromium on a machine without a network beyond loopback (docs/development.md, "Toolchain"). */
export const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
