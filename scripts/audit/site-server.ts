import { type ChildProcess, spawn } from 'node:child_process';
import { LOCAL_SITE_URL } from '../local-site.ts';

export const BASE_URL = process.env.BASE_URL ?? LOCAL_SITE_URL;

async function isUp(): Promise<boolean> {
  try {
    await fetch(BASE_URL, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

/**
 * Uses the site already running at BASE_URL, or starts `npm start` for the
 * duration of the run. Returns the function that stops what it started.
 */
export async function ensureSite(): Promise<() => void> {
  if (await isUp()) return () => {};
  const server: ChildProcess = spawn('npm', ['start'], { stdio: 'ignore', detached: true });
  for (let i = 0; i < 240; i++) {
    if (await isUp()) return () => process.kill(-server.pid!, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  process.kill(-server.pid!, 'SIGTERM');
  throw new Error(`the site did not start at ${BASE_URL}`);
}

export { CHROME_PATH } from '../chromium.ts';

import { CHROME_FLAGS as FLAGS } from '../chromium.ts';

/** Lighthouse launches Chromium itself (chrome-launcher): headless needs saying. */
export const CHROME_FLAGS = ['--headless=new', ...FLAGS];
