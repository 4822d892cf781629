import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { copySample } from '../../fixtures/sample-article.ts';
import { PROCESS_TEST_TIMEOUT_MS } from '../processes';

/**
 * Editors publishing to the local store at the same moment, as real
 * `npm run content:publish -- --local` processes: every article must be
 * listed afterwards (each run takes the publish lock in turn, a
 * compare-and-set in the local D1, and merges with the one before), never one
 * silently dropped. The engine runs in the worker (the commands are clients of
 * the newsroom's API), so a command stopped mid-publish (Ctrl-C, kill -9)
 * leaves the run to end there, and the lock free for the next one.
 */

test.describe.configure({ timeout: PROCESS_TEST_TIMEOUT_MS });

const TOGETHER_2 = ['publicacao-simultanea-um', 'publicacao-simultanea-dois'];
const TOGETHER_3 = ['publicacao-simultanea-tres', 'publicacao-simultanea-quatro', 'publicacao-simultanea-cinco'];
const INTERRUPTED = 'publicacao-interrompida-ctrl-c';
const KILLED = 'publicacao-interrompida-kill-9';
const ALL = [...TOGETHER_2, ...TOGETHER_3, INTERRUPTED, KILLED];
let root: string;

interface Run {
  child: ChildProcess;
  /** Everything printed so far. */
  output(): string;
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>;
}

/** Starts a content command; `detached`: in a process group of its own, which the test can signal as a terminal does. */
function content(args: string[], { env = {}, detached = false }: { env?: Record<string, string>; detached?: boolean } = {}): Run {
  const child = spawn('npm', ['run', '--silent', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
    env: { ...process.env, ...env },
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, output })),
  );
  return { child, output: () => output, done };
}

const publish = (slug: string, options?: Parameters<typeof content>[1]) =>
  content(['content:publish', '--', '--local', join(root, slug)], options);

/** The holder of the local publish lock (its run id), null when free. */
function lockHolder(): string | null {
  const result = spawnSync(
    'npx',
    ['wrangler', 'd1', 'execute', 'DB', '--local', '--json', '--command', 'SELECT lock_id FROM publish_state'],
    { encoding: 'utf8' },
  );
  expect(result.status, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { results: { lock_id: string | null }[] }[])[0]!.results[0]!.lock_id;
}

test.beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'editors-'));
  ALL.forEach((slug, i) => {
    copySample('content/retrofit-predios-antigos-centros-urbanos', join(root, slug), {
      fields: {
        titulo: `Publicação simultânea ${i + 1}: as notícias aparecem todas`,
        descricao: 'Uma notícia criada pelo teste de ponta a ponta para conferir que publicações ao mesmo tempo entram todas no site.',
        data: `2025-01-${String(i + 5).padStart(2, '0')}`,
        alt: 'Fachada de um prédio antigo restaurado no centro da cidade',
      },
    });
  });
});

test.afterAll(() => {
  for (const slug of ALL) spawnSync('npm', ['run', '--silent', 'content:unpublish', '--', '--local', slug], { encoding: 'utf8' });
  rmSync(root, { recursive: true, force: true });
});

/** Every article is on the home page and answers. */
async function allListed(request: import('@playwright/test').APIRequestContext, slugs: readonly string[]) {
  const home = await (await request.get('/')).text();
  for (const slug of slugs) {
    expect(home).toContain(`href="/noticia/${slug}"`);
    expect((await request.get(`/noticia/${slug}`)).status()).toBe(200);
  }
}

test('two publishes started together both land', async ({ request }) => {
  const runs = await Promise.all(TOGETHER_2.map((slug) => publish(slug).done));
  for (const run of runs) expect(run.code, run.output).toBe(0);
  await allListed(request, TOGETHER_2);
});

test('three publishes started together all land', async ({ request }) => {
  const runs = await Promise.all(TOGETHER_3.map((slug) => publish(slug).done));
  for (const run of runs) expect(run.code, run.output).toBe(0);
  await allListed(request, TOGETHER_3);
  expect(lockHolder()).toBeNull();
});

for (const [signal, slug] of [
  ['SIGINT', INTERRUPTED],
  ['SIGKILL', KILLED],
] as const) {
  test(`a command stopped (${signal}) while the worker publishes: the run ends in the worker, the lock is free, the command again lands`, async ({
    request,
  }) => {
    const run = publish(slug, { detached: true });
    // Stopped the moment its request leaves (the line it prints just before sending), as a terminal does it: the
    // signal to the whole group (npm, tsx, node). The worker then has the request in part, whole, or already done
    // (a fast machine may finish first: the process is gone, ESRCH); in every case the lock must end free.
    const stopped = new Promise<void>((resolve) =>
      run.child.stdout!.on('data', (chunk: Buffer) => {
        if (!chunk.toString().includes('pela redação:')) return;
        try {
          process.kill(-run.child.pid!, signal);
        } catch {
          // Already gone.
        }
        resolve();
      }),
    );
    await stopped;
    await run.done;
    await expect.poll(lockHolder, { timeout: PROCESS_TEST_TIMEOUT_MS / 4 }).toBeNull();
    const again = await publish(slug).done;
    expect(again.code, again.output).toBe(0);
    await allListed(request, [slug]);
    expect(lockHolder()).toBeNull();
  });
}
