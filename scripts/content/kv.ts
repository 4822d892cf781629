import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NewsItem } from '../../src/content/news-item.ts';
import { INDEX_META_KEY, listChunkKey } from '../../src/content/news-index.ts';
import type { Step } from './plan.ts';

/** Where a command writes: the local store `npm start` reads, or the production namespace. */
export type Target = 'local' | 'remote';

const BINDING = 'NEWS';

/**
 * Runs a `wrangler kv` command against the target. The target is always
 * explicit: in wrangler v4 a `kv` command without `--remote` silently writes
 * to the local store.
 */
function wrangler(target: Target, args: string[]): string {
  const scope = target === 'remote' ? ['--remote', '--env', 'production'] : ['--local'];
  const result = spawnSync('wrangler', ['kv', ...args, '--binding', BINDING, ...scope], {
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) {
    throw new Error(`wrangler kv ${args[0]} ${args[1]} failed:\n${result.stderr || result.stdout || result.error}`);
  }
  return result.stdout;
}

/**
 * The live list, from the index in KV, or null when KV has none (the site then
 * shows the bundled content). Entries are kept exactly as stored, so a publish
 * never drops anything it did not touch.
 */
export function readLiveList(target: Target): NewsItem[] | null {
  const keys = JSON.parse(wrangler(target, ['key', 'list', '--prefix', INDEX_META_KEY])) as { name: string }[];
  if (!keys.some((key) => key.name === INDEX_META_KEY)) return null;
  const read = (key: string): unknown => {
    try {
      return JSON.parse(wrangler(target, ['key', 'get', key, '--text']));
    } catch {
      throw new Error(`the live ${key} is missing or not JSON: restore it before publishing (nothing was written)`);
    }
  };
  const meta = read(INDEX_META_KEY) as { listChunks?: number };
  const items: NewsItem[] = [];
  for (let n = 0; n < (meta.listChunks ?? 0); n++) {
    const chunk = read(listChunkKey(n));
    if (!Array.isArray(chunk)) throw new Error(`the live ${listChunkKey(n)} is not a list (nothing was written)`);
    items.push(...(chunk as NewsItem[]));
  }
  return items;
}

/** Runs the steps of a plan in order; stops at the first failure. */
export function runSteps(target: Target, steps: readonly Step[], log: (line: string) => void = () => {}): void {
  const dir = mkdtempSync(join(tmpdir(), 'content-publish-'));
  try {
    steps.forEach((step, index) => {
      const file = join(dir, `step-${index}.json`);
      if (step.kind === 'put-files') {
        const entries = step.entries.map(({ key, value }) =>
          typeof value === 'string' ? { key, value } : { key, value: value.toString('base64'), base64: true },
        );
        writeFileSync(file, JSON.stringify(entries));
        wrangler(target, ['bulk', 'put', file]);
      } else {
        writeFileSync(file, JSON.stringify(step.keys));
        wrangler(target, ['bulk', 'delete', file, '--force']);
      }
      log(`  done: ${index + 1}. ${step.label}`);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
