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
 * silently dropped. And a run stopped while it holds the lock (Ctrl-C, kill -9)
 * never makes the next one wait.
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

/** Starts a publish that pauses once it holds the lock, and waits until it does. */
async function publishHoldingTheLock(slug: string): Promise<Run> {
  const run = publish(slug, { env: { CONTENT_PAUSE_AFTER_LOCK_MS: String(PROCESS_TEST_TIMEOUT_MS) }, detached: true });
  await expect.poll(run.output, { timeout: PROCESS_TEST_TIMEOUT_MS / 2 }).toContain('holding the lock, pausing');
  expect(lockHolder()).not.toBeNull();
  return run;
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

test('Ctrl-C while holding the lock releases it: running the command again neither waits nor takes it over', async ({ request }) => {
  const run = await publishHoldingTheLock(INTERRUPTED);
  // What a terminal does on Ctrl-C: SIGINT to the whole foreground group (npm, tsx, node, workerd).
  process.kill(-run.child.pid!, 'SIGINT');
  const stopped = await run.done;
  expect(stopped.output).toContain('Interrompido: soltando a trava de publicação');
  // Released by a process of its own, which outlives the interrupted one by a second or two.
  await expect.poll(lockHolder, { timeout: PROCESS_TEST_TIMEOUT_MS / 4 }).toBeNull();
  const again = await publish(INTERRUPTED).done;
  expect(again.code, again.output).toBe(0);
  expect(again.output).not.toMatch(/Aguardando outra publicação|Assumindo a trava/);
  await allListed(request, [INTERRUPTED]);
});

test('kill -9 while holding the lock: running the command again takes the lock over at once', async ({ request }) => {
  const run = await publishHoldingTheLock(KILLED);
  process.kill(-run.child.pid!, 'SIGKILL');
  await run.done;
  expect(lockHolder()).not.toBeNull();
  const again = await publish(KILLED).done;
  expect(again.code, again.output).toBe(0);
  expect(again.output).toMatch(
    /Assumindo a trava de publicação de content:publish --local .*: esse processo não está mais rodando nesta máquina/,
  );
  expect(again.output).not.toContain('Aguardando outra publicação');
  await allListed(request, [KILLED]);
});
