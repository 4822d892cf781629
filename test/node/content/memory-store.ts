import type { KvEntry, KvStore } from '../../../scripts/content/kv-store';

/** A clock the tests move by hand: runs' pauses advance it, so waiting minutes takes no time. */
export class TestClock {
  constructor(public time = Date.UTC(2026, 0, 1)) {}
  now = () => this.time;
  /** Advances the clock and yields to the other run (a real macrotask), like a real pause. */
  sleep = async (ms: number) => {
    this.time += ms;
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
}

/** Thrown by a store whose process was "killed": every operation after that fails. */
export class Killed extends Error {}

/**
 * KV in memory, with KV's expiration, and hooks to play what a real store
 * does between calls: another process running (a yield) or this one dying.
 */
export class MemoryStore implements KvStore {
  readonly values = new Map<string, { value: string | Buffer; expires?: number }>();
  constructor(readonly clock: TestClock) {}

  /** Text of a key as a reader would get it now. */
  text(key: string): string | null {
    const entry = this.values.get(key);
    if (!entry || (entry.expires !== undefined && entry.expires <= this.clock.now())) return null;
    return entry.value.toString();
  }

  async get(keys: readonly string[]) {
    return new Map(keys.map((key) => [key, this.text(key)] as const));
  }
  async put(entries: readonly KvEntry[]) {
    for (const { key, value, expirationTtl } of entries) {
      this.values.set(key, { value, expires: expirationTtl === undefined ? undefined : this.clock.now() + expirationTtl * 1000 });
    }
  }
  async delete(keys: readonly string[]) {
    for (const key of keys) this.values.delete(key);
  }
  async list(prefix: string) {
    return [...this.values.keys()].filter((key) => key.startsWith(prefix) && this.text(key) !== null).sort();
  }
  /** Every live key. */
  keys(): string[] {
    return [...this.values.keys()].filter((key) => this.text(key) !== null).sort();
  }
}

/**
 * A view of a store for one run: counts its operations, yields before each one
 * (so two runs interleave call by call), and dies after `killAfter` of them.
 */
export function runnerView(store: MemoryStore, { killAfter = Infinity, yieldEach = true } = {}): KvStore & { ops: number } {
  const view = {
    ops: 0,
    async step() {
      if (view.ops >= killAfter) throw new Killed(`killed after ${killAfter} operations`);
      view.ops++;
      if (yieldEach) await new Promise((resolve) => setTimeout(resolve, 0));
    },
    async get(keys: readonly string[]) {
      await view.step();
      return store.get(keys);
    },
    async put(entries: readonly KvEntry[]) {
      await view.step();
      return store.put(entries);
    },
    async delete(keys: readonly string[]) {
      await view.step();
      return store.delete(keys);
    },
    async list(prefix: string) {
      await view.step();
      return store.list(prefix);
    },
  };
  return view;
}
