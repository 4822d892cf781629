import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { panelToken, startStudio } from '../studio/studio-process.ts';
import { waitFor } from './served.ts';

/**
 * The studio's "Publicar no site local" (issue 22), timed as the editor
 * waits for it: from the panel's request to the first 200 of the article's
 * address on the local site, polled every 50 ms. The site is `npm start`'s
 * (wrangler dev on the built dist/, the local store in .wrangler/state) with
 * a zero list lifetime and no edge cache, as the browser tests run it; with
 * `npm start`'s defaults, the site's index lifetime (60 s) comes on top. The
 * first run is the first publish after the studio started (its content
 * modules and the local store already warmed, as the studio does at start);
 * the article is unpublished after each run.
 */

const SLUG = 'bench-estudio-publicar-no-site-local';
const SAMPLE = 'content/como-decorar-apartamentos-pequenos';

function startSite(port: number): { url: string; child: ChildProcess; stop(): void } {
  const url = `http://localhost:${port}`;
  // What `npm start` runs after its build (package.json), on the dist/ the bench built.
  const child = spawn(
    'npx',
    [
      'wrangler',
      'dev',
      '--port',
      String(port),
      '--var',
      `SITE_URL:${url}`,
      '--var',
      'NEWS_LIST_TTL_SECONDS:0',
      '--var',
      'EDGE_CACHE:off',
      '--define',
      'process.env.NODE_ENV:"production"',
    ],
    { stdio: 'ignore', detached: true, env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } },
  );
  return {
    url,
    child,
    stop: () => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
    },
  };
}

/** Sends one panel action and reads its answer to the end: whether it succeeded, and what it printed. */
async function act(studioUrl: string, token: string, body: Record<string, unknown>): Promise<{ ok: boolean; output: string }> {
  const response = await fetch(`${studioUrl}/api/acao`, {
    method: 'POST',
    headers: { Origin: studioUrl, 'Content-Type': 'application/json', 'X-Estudio-Token': token },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) return { ok: false, output: text };
  const events = text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { type: string; ok?: boolean; text?: string });
  return { ok: events.at(-1)?.ok === true, output: events.map((event) => event.text ?? '').join('\n') };
}

async function statusOf(url: string): Promise<number> {
  const response = await fetch(url);
  await response.arrayBuffer();
  return response.status;
}

export async function benchStudioPublish({ sitePort, studioPort, runs }: { sitePort: number; studioPort: number; runs: number }) {
  const root = mkdtempSync(join(tmpdir(), 'bench-estudio-'));
  cpSync('content/autores', join(root, 'content/autores'), { recursive: true });
  cpSync(SAMPLE, join(root, 'content', SLUG), { recursive: true });
  const index = join(root, 'content', SLUG, 'index.md');
  writeFileSync(
    index,
    readFileSync(index, 'utf8').replace(/^titulo: .*$/m, 'titulo: "Bench do estúdio: publicar no site local e ver o artigo no ar"'),
  );
  const site = startSite(sitePort);
  let studio: Awaited<ReturnType<typeof startStudio>> | undefined;
  try {
    await waitFor(`${site.url}/`);
    studio = await startStudio(studioPort, join(root, 'content'), String(sitePort));
    const token = await panelToken(studio.url);
    // Until the studio's warm-up (its first list of states) is done: the list waits for it.
    await (await fetch(`${studio.url}/api/artigos`)).arrayBuffer();
    const article = `${site.url}/noticia/${SLUG}`;
    await act(studio.url, token, { acao: 'despublicar', slug: SLUG, destino: 'local' });
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      let finished: { ok: boolean; output: string } | undefined;
      const done = act(studio.url, token, { acao: 'publicar', slug: SLUG, destino: 'local' }).then((result) => {
        finished = result;
        return result;
      });
      while ((await statusOf(article)) !== 200) {
        if (finished && !finished.ok) throw new Error(`the publish failed:\n${finished.output}`);
        if (finished && performance.now() - started > 30_000) throw new Error(`${article} still not 200, 30 s after:\n${finished.output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      times.push(performance.now() - started);
      const published = await done;
      if (!published.ok) throw new Error(`the publish failed:\n${published.output}`);
      const unpublished = await act(studio.url, token, { acao: 'despublicar', slug: SLUG, destino: 'local' });
      if (!unpublished.ok) throw new Error(`the unpublish failed:\n${unpublished.output}`);
    }
    return times;
  } finally {
    studio?.stop();
    site.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
