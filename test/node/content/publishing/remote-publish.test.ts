import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS } from '../../processes';

/**
 * `content:publish --remote` against a real `wrangler dev` (the built site,
 * dist/, on PORT, its own state in a temporary folder): the command checks the
 * folder, sends it to the newsroom's API, and the worker publishes it. On a
 * loopback host the newsroom's identity is the development editor, the same
 * route a service token reaches in production (both are a member with a role).
 */

const PORT = Number(process.env.PORT || 8787);
const SITE = `http://localhost:${PORT}`;
const SLUG = 'publicado-pelo-comando-remoto';
const TITLE = 'Publicado pelo comando remoto através da redação';

const state = mkdtempSync(join(tmpdir(), 'remote-publish-state-'));
const folders = mkdtempSync(join(tmpdir(), 'remote-publish-content-'));
let site: ChildProcess | undefined;

/** The command line, as `npm run content:…` runs it, with this environment on top of the test's. */
function command(env: Record<string, string>, ...args: string[]) {
  return spawnSync('node_modules/.bin/tsx', ['scripts/content/cli.ts', ...args], {
    encoding: 'utf8',
    timeout: PROCESS_TEST_TIMEOUT_MS,
    env: { ...process.env, CF_ACCESS_CLIENT_ID: '', CF_ACCESS_CLIENT_SECRET: '', ...env },
  });
}

async function siteAnswers(): Promise<void> {
  const deadline = Date.now() + PROCESS_TEST_TIMEOUT_MS;
  for (;;) {
    try {
      if ((await fetch(SITE)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline || site?.exitCode !== null) throw new Error(`wrangler dev did not answer on ${SITE}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

beforeAll(async () => {
  // Another site on the port would answer in place of this one: stop, naming the way out.
  const busy = await fetch(SITE).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`${SITE} already answers: stop that site, or give this test another port with PORT`);
  const wrangler = 'node_modules/.bin/wrangler';
  const applied = spawnSync(wrangler, ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state], { encoding: 'utf8' });
  if (applied.status !== 0) throw new Error(applied.stderr);
  site = spawn(
    wrangler,
    [
      'dev',
      '--port',
      String(PORT),
      '--persist-to',
      state,
      '--var',
      `SITE_URL:${SITE}`,
      '--var',
      'NEWS_LIST_TTL_SECONDS:0',
      '--var',
      'EDGE_CACHE:off',
    ],
    { detached: true, stdio: 'ignore', env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } },
  );
  await siteAnswers();
  // A sample article under a new address and title: what an editor writes with content:new.
  const folder = join(folders, SLUG);
  cpSync('content/como-decorar-apartamentos-pequenos', folder, { recursive: true });
  const markdown = readFileSync(join(folder, 'index.md'), 'utf8');
  writeFileSync(join(folder, 'index.md'), markdown.replace(/^titulo: .*$/m, `titulo: ${TITLE}`));
}, PROCESS_TEST_TIMEOUT_MS);

afterAll(() => {
  // The whole group: wrangler and its workerd.
  if (site?.pid) process.kill(-site.pid, 'SIGTERM');
  rmSync(state, { recursive: true, force: true });
  rmSync(folders, { recursive: true, force: true });
});

describe('content:publish --remote through the newsroom', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('publishes: the worker answers what it did, and the article answers 200 on the site', async () => {
    expect((await fetch(`${SITE}/noticia/${SLUG}`)).status).toBe(404);
    const run = command({ NEWSROOM_URL: SITE }, 'publish', '--remote', join(folders, SLUG));
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(`Publicando em ${SITE}, pela redação:`);
    expect(run.stdout).toContain('Publicado no site local: 1 novo');
    expect(run.stdout).toContain('Índice da busca: 1 indexado');
    const page = await fetch(`${SITE}/noticia/${SLUG}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(TITLE);
  });

  it('unpublishes: the article answers 404', async () => {
    const run = command({ NEWSROOM_URL: SITE }, 'unpublish', '--remote', SLUG);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(`"${SLUG}" foi despublicado`);
    expect((await fetch(`${SITE}/noticia/${SLUG}`)).status).toBe(404);
  });

  it('checks against the live list the newsroom reads, and runs gc, restore and reindex there', () => {
    const checked = command({ NEWSROOM_URL: SITE }, 'check', '--remote', join(folders, SLUG));
    expect(checked.status, checked.stdout + checked.stderr).toBe(0);
    expect(checked.stdout).toContain(`autores e lista ao vivo: produção (${SITE}, pela redação)`);
    const gc = command({ NEWSROOM_URL: SITE }, 'gc', '--remote', '--dry-run');
    expect(gc.status, gc.stdout + gc.stderr).toBe(0);
    expect(gc.stdout).toContain('Simulação, nada foi gravado no site local.');
    const restore = command({ NEWSROOM_URL: SITE }, 'restore', '--remote');
    expect(restore.status, restore.stdout + restore.stderr).toBe(0);
    // Published, then unpublished: two switches.
    expect(restore.stdout).toContain('O índice já está na versão 2');
    const reindex = spawnSync('node_modules/.bin/tsx', ['scripts/search/reindex.ts', '--remote'], {
      encoding: 'utf8',
      timeout: PROCESS_TEST_TIMEOUT_MS,
      env: { ...process.env, NEWSROOM_URL: SITE, CF_ACCESS_CLIENT_ID: '', CF_ACCESS_CLIENT_SECRET: '' },
    });
    expect(reindex.status, reindex.stdout + reindex.stderr).toBe(0);
    expect(reindex.stdout).toContain('Pronto:');
  });

  it('refuses in pt-BR, exiting non-zero, without the service token for a site that is not this computer', () => {
    const run = command({ NEWSROOM_URL: 'https://casaempauta.example' }, 'unpublish', '--remote', SLUG);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('defina CF_ACCESS_CLIENT_ID e CF_ACCESS_CLIENT_SECRET');
  });

  it('says the newsroom refused, and why, when the worker refuses', () => {
    const run = command({ NEWSROOM_URL: SITE }, 'unpublish', '--remote', 'nao-existe-este-artigo');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('a redação recusou o pedido: "nao-existe-este-artigo" não está publicado no site local');
  });
});
