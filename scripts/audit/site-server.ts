import { type ChildProcess, spawn } from 'node:child_process';
import { waitFor } from '../lib/wrangler.ts';
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
  const stop = () => process.kill(-server.pid!, 'SIGTERM');
  try {
    await waitFor(BASE_URL);
  } catch (error) {
    stop();
    throw error;
  }
  return stop;
}

export { CHROME_PATH } from '../chromium.ts';

import { CHROME_FLAGS as FLAGS } from '../chromium.ts';

/** Lighthouse launches Chromium itself (chrome-launcher): headless needs saying. */
export const CHROME_FLAGS = ['--headless=new', ...FLAGS];
