import { readdirSync, readFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import type { KvEntry, KvStore } from '#src/publishing/stores/kv-store.ts';
import type { PublishDb, Row, Statement } from '#src/publishing/stores/publish-state.ts';

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
  readonly values = new Map<string, { value: string | Uint8Array; expires?: number }>();
  constructor(readonly clock: TestClock) {}

  /** Text of a key as a reader would get it now. */
  text(key: string): string | null {
    const entry = this.values.get(key);
    if (!entry || (entry.expires !== undefined && entry.expires <= this.clock.now())) return null;
    return typeof entry.value === 'string' ? entry.value : new TextDecoder().decode(entry.value);
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

/** One run's process: counts its store operations (KV and D1 alike), yields before each, dies after `killAfter`. */
export class Runner {
  ops = 0;
  constructor(
    readonly killAfter = Infinity,
    readonly yieldEach = true,
  ) {}
  async step() {
    if (this.ops >= this.killAfter) throw new Killed(`killed after ${this.killAfter} operations`);
    this.ops++;
    if (this.yieldEach) await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/**
 * A view of a store for one run: counts its operations, yields before each one
 * (so two runs interleave call by call), and dies after `killAfter` of them.
 * Give the same `runner` to {@link dbView} to count the run's D1 calls too.
 */
export function runnerView(
  store: MemoryStore,
  { killAfter = Infinity, yieldEach = true, runner = new Runner(killAfter, yieldEach) } = {},
): KvStore & { ops: number } {
  return {
    get ops() {
      return runner.ops;
    },
    async get(keys: readonly string[]) {
      await runner.step();
      return store.get(keys);
    },
    async put(entries: readonly KvEntry[]) {
      await runner.step();
      return store.put(entries);
    },
    async delete(keys: readonly string[]) {
      await runner.step();
      return store.delete(keys);
    },
    async list(prefix: string) {
      await runner.step();
      return store.list(prefix);
    },
  };
}

/** The publish state's database as one run reaches it: each call is one operation of `runner`. */
export function dbView(db: PublishDb, runner: Runner): PublishDb {
  return {
    async run(statements) {
      await runner.step();
      return db.run(statements);
    },
  };
}

const MIGRATIONS = readdirSync('migrations')
  .filter((name) => name.endsWith('.sql'))
  .sort();

/**
 * The D1 database of the publish state as Node's SQLite, with the real
 * migrations, on the test's clock: julianday('now'), the statements' only
 * time source (publish-state.ts, NOW_MS), answers from `clock`.
 */
export function publishStateDb(clock: TestClock): PublishDb & { sqlite: DatabaseSync } {
  const sqlite = new DatabaseSync(':memory:');
  sqlite.function('julianday', { varargs: true }, (...args) => {
    if (args.length !== 1 || args[0] !== 'now') throw new Error('these tests only know julianday("now")');
    return clock.now() / 86_400_000 + 2_440_587.5;
  });
  for (const name of MIGRATIONS) sqlite.exec(readFileSync(`migrations/${name}`, 'utf8'));
  const all = ({ sql, params }: Statement) => sqlite.prepare(sql).all(...params) as Row[];
  return {
    sqlite,
    run: async (statements) => statements.map(all),
  };
}
