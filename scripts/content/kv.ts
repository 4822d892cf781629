import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kvStoreOf } from '../../src/publishing/bindings.ts';
import type { KvEntry, KvStore, Target } from '../../src/publishing/kv-store.ts';
import { localEnv, whileBusy } from './local-env.ts';

export type { Target };

const BINDING = 'NEWS';
/** Keys per wrangler call: under the API's limits (100 per bulk read, 10,000 per bulk write). */
const GET_BATCH = 100;
const WRITE_BATCH = 1_000;
/** The list chunks of a large archive come back in one output (about 3 MB each). */
const MAX_OUTPUT = 512 * 1024 * 1024;

/**
 * Runs a `wrangler kv` command against the target. The target is always
 * explicit: in wrangler v4 a `kv` command without `--remote` silently writes
 * to the local store.
 */
function wrangler(target: Target, args: string[]): string {
  const scope = target === 'remote' ? ['--remote', '--env', 'production'] : ['--local'];
  const result = spawnSync('wrangler', ['kv', ...args, '--binding', BINDING, ...scope], {
    encoding: 'utf8',
    maxBuffer: MAX_OUTPUT,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) {
    throw new Error(`wrangler kv ${args[0]} ${args[1]} failed:\n${result.stderr || result.stdout || result.error}`);
  }
  return result.stdout;
}

function batches<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** The store a command works on: the local one in this process, the production one through wrangler. */
export const openStore = (target: Target): KvStore => (target === 'local' ? localStore() : wranglerStore(target));

/**
 * The local store `npm start` reads (.wrangler/state), opened in this process
 * with wrangler's getPlatformProxy: the same data `wrangler kv --local` and
 * `wrangler dev` use, at a few milliseconds a call instead of a wrangler
 * process (about 1.3 s) per call. Opened once per process, with the
 * publish state (local-env.ts).
 */
function localStore(): KvStore {
  const store = localEnv().then(({ NEWS }) => kvStoreOf(NEWS, whileBusy));
  return {
    get: async (keys) => (await store).get(keys),
    put: async (entries) => (await store).put(entries),
    delete: async (keys) => (await store).delete(keys),
    list: async (prefix) => (await store).list(prefix),
  };
}

/**
 * The NEWS namespace of the target through wrangler's bulk commands (one
 * process per call, about a second each): a run makes about a dozen.
 */
function wranglerStore(target: Target): KvStore {
  const dir = mkdtempSync(join(tmpdir(), 'content-kv-'));
  let files = 0;
  const file = (value: unknown) => {
    const path = join(dir, `${files++}.json`);
    writeFileSync(path, JSON.stringify(value));
    return path;
  };
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return {
    async get(keys) {
      const values = new Map<string, string | null>();
      for (const batch of batches(keys, GET_BATCH)) {
        const output = JSON.parse(wrangler(target, ['bulk', 'get', file(batch)])) as Record<string, { value: string | null } | undefined>;
        for (const key of batch) values.set(key, output[key]?.value ?? null);
      }
      return values;
    },
    async put(entries) {
      for (const batch of batches(entries, WRITE_BATCH)) {
        wrangler(target, ['bulk', 'put', file(batch.map(toBulkEntry))]);
      }
    },
    async delete(keys) {
      for (const batch of batches(keys, WRITE_BATCH)) wrangler(target, ['bulk', 'delete', file(batch), '--force']);
    },
    async list(prefix) {
      return (JSON.parse(wrangler(target, ['key', 'list', '--prefix', prefix])) as { name: string }[]).map(({ name }) => name);
    },
  };
}

/** An entry as `wrangler kv bulk put` reads it: bytes as base64. */
function toBulkEntry({ key, value, expirationTtl }: KvEntry) {
  const ttl = expirationTtl === undefined ? {} : { expiration_ttl: expirationTtl };
  return typeof value === 'string' ? { key, value, ...ttl } : { key, value: Buffer.from(value).toString('base64'), base64: true, ...ttl };
}
