import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { checkContext } from '../../../../scripts/content/check/check-context';
import { checkContent } from '../../../../scripts/content/check/check-folder';

const TODAY = new Date('2025-07-01T12:00:00Z');

/** A port nothing listens on now. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe('content:check reads what publish reads', () => {
  it('one index.md folder finds the registry beside it (content/autores)', async () => {
    const { problems } = await checkContent('content/fundos-imobiliarios-para-iniciantes', [], TODAY);
    expect(problems.filter((problem) => problem.field === 'autor')).toEqual([]);
  });

  it('the context says where the live list and authors came from, and holds them', async () => {
    // A port of its own: a local site the check starts must not take the one another test's site uses.
    const context = await checkContext('local', await freePort());
    expect(context.source).toMatch(/^(site local \(http:\/\/localhost:\d+\)|conteúdo de exemplo \(content\/)/);
    expect(context.live.length).toBeGreaterThan(0);
    expect(context.liveAuthors.length).toBeGreaterThan(0);
  }, 60_000);
});

describe('content:unpublish given a folder path', () => {
  it('suggests the slug', async () => {
    const { runCli } = await import('../../processes');
    const run = runCli('unpublish', '--local', 'content/fundos-imobiliarios-para-iniciantes/');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('como corrigir: npm run content:unpublish -- --local fundos-imobiliarios-para-iniciantes');
  }, 60_000);
});

describe("the local store's stamp, which lets a check reuse the live list it read", () => {
  it('is the same while no file changes, and changes with any write', async () => {
    const { appendFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { localStamp } = await import('../../../../scripts/content/check/check-context');
    const root = mkdtempSync(join(tmpdir(), 'stamp-'));
    try {
      const kv = join(root, 'kv', 'miniflare-KVNamespaceObject');
      const d1 = join(root, 'd1');
      mkdirSync(kv, { recursive: true });
      mkdirSync(d1, { recursive: true });
      writeFileSync(join(kv, 'db.sqlite'), 'a');
      writeFileSync(join(d1, 'db.sqlite'), 'b');
      const dirs = [join(root, 'kv'), d1];
      const first = localStamp(dirs);
      expect(localStamp(dirs)).toBe(first);
      appendFileSync(join(kv, 'db.sqlite'), 'x');
      const appended = localStamp(dirs);
      expect(appended).not.toBe(first);
      // Same size, new time (a page rewritten in place).
      utimesSync(join(d1, 'db.sqlite'), new Date(2030, 0, 1), new Date(2030, 0, 1));
      expect(localStamp(dirs)).not.toBe(appended);
      writeFileSync(join(kv, 'db.sqlite-wal'), '');
      const logged = localStamp(dirs);
      expect(logged).not.toBe(appended);
      // Not the files every reader touches, nor a value's blob (its database row names it), which another
      // process may delete while the stamp is taken.
      writeFileSync(join(kv, 'db.sqlite-shm'), 'read');
      mkdirSync(join(root, 'kv', 'NEWS', 'blobs'), { recursive: true });
      writeFileSync(join(root, 'kv', 'NEWS', 'blobs', 'f00d'), 'value');
      expect(localStamp(dirs)).toBe(logged);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
