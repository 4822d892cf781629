import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import type { Emit } from './actions.ts';

/**
 * "Pré-visualizar": `npm run content:preview -- <folder>` itself
 * (scripts/content/preview.ts), started as its own process on a free
 * loopback port and left running, one per article, until the studio stops.
 * Its output goes to the panel until it prints the article's address.
 */

const running = new Map<string, { child: ChildProcess; url: string }>();

/** A port nothing listens on now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const ADDRESS = /http:\/\/127\.0\.0\.1:\d+\/noticia\/[a-z0-9-]+/;

/** The preview of `folder`'s article: its address once it answers; null when the preview stopped first. */
export async function startPreview(slug: string, folder: string, emit: Emit): Promise<string | null> {
  const known = running.get(slug);
  if (known && known.child.exitCode === null) return known.url;
  const port = await freePort();
  // As `npm run content:preview` runs it (package.json), without npm's own start-up.
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/content/preview.ts', folder, '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: process.env,
  });
  return new Promise((resolve) => {
    let url: string | null = null;
    const onLine = (text: string) => {
      if (url) return;
      const found = ADDRESS.exec(text);
      if (found) {
        url = found[0];
        running.set(slug, { child, url });
        resolve(url);
        return;
      }
      if (text.trim() !== '') emit({ type: 'line', text });
    };
    let pending = '';
    const read = (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', () => {
      running.delete(slug);
      if (!url) {
        if (pending) onLine(pending);
        resolve(null);
      }
    });
  });
}

/** Stops every preview this studio started. */
export function stopPreviews(): void {
  for (const { child } of running.values()) child.kill();
  running.clear();
}
