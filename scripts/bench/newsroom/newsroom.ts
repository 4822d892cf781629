import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PATHS, FORM_FIELDS } from '../../../src/newsroom/api/wire.ts';
import { XSRF_COOKIE, XSRF_HEADER } from '../../../src/newsroom/shared/names.ts';
import { checkContent } from '../../content/check/check-folder.ts';
import { withImageVariants } from '../../content/check/images.ts';
import { openNewsroom } from '../../lib/newsroom-client.ts';
import { startWrangler, type WranglerProcess, waitFor, wrangler } from '../../lib/wrangler.ts';
import { median, out, QUICK, table } from '../common/report.ts';

/**
 * The newsroom, timed as a journalist waits for it, against `wrangler dev` on
 * the built dist/ with the development identity (loopback), its own state in
 * a temporary folder (migrations applied, nothing published), list lifetime 0
 * and no edge cache as in the browser tests:
 * - the drafts list (GET /redacao) and a draft's page, whole answers read;
 * - an autosave (the POST the script sends, JSON answer);
 * - publish → live: from the POST of the newsroom's API (what
 *   `content:publish --remote` sends; the article prepared beforehand, as the
 *   command does before it sends) to the first 200 of the article's address,
 *   polled every 50 ms; unpublished after each round;
 * - the control, in the same rounds: a reader's article page.
 * Rounds interleave the targets, so a busy moment of the machine falls on all of them.
 */

const SAMPLE = 'content/como-decorar-apartamentos-pequenos';
const CONTROL = '/noticia/como-decorar-apartamentos-pequenos';

export interface NewsroomTimes {
  control: number[];
  list: number[];
  draft: number[];
  save: number[];
  publish: number[];
}

export function startSite(port: number, state: string): WranglerProcess {
  wrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state]);
  return startWrangler([
    'dev',
    '--port',
    String(port),
    '--persist-to',
    state,
    '--var',
    `SITE_URL:http://localhost:${port}`,
    '--var',
    'NEWS_LIST_TTL_SECONDS:0',
    '--var',
    'EDGE_CACHE:off',
    '--define',
    'process.env.NODE_ENV:"production"',
  ]);
}

/** Milliseconds from the request to the last byte of its answer. */
async function timed(request: () => Promise<Response>, expect = 200): Promise<number> {
  const started = performance.now();
  const response = await request();
  await response.arrayBuffer();
  if (response.status !== expect) throw new Error(`expected ${expect}, got ${response.status}`);
  return performance.now() - started;
}

export async function benchNewsroom({ port, rounds }: { port: number; rounds: number }): Promise<NewsroomTimes> {
  const state = mkdtempSync(join(tmpdir(), 'bench-redacao-state-'));
  const folders = mkdtempSync(join(tmpdir(), 'bench-redacao-content-'));
  const site = startSite(port, state);
  const url = `http://localhost:${port}`;
  try {
    await waitFor(`${url}/`);
    const env = { ...process.env, NEWSROOM_URL: url, CF_ACCESS_CLIENT_ID: '', CF_ACCESS_CLIENT_SECRET: '' };
    const newsroom = openNewsroom({ target: 'remote' }, env);
    // Its cookie, for the newsroom's own form posts below.
    const first = await fetch(`${url}/redacao`);
    await first.arrayBuffer();
    const xsrf = first.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${XSRF_COOKIE}=`))!
      .slice(XSRF_COOKIE.length + 1)
      .split(';')[0]!;
    const post = (path: string, form: URLSearchParams, accept = 'text/html') =>
      fetch(`${url}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Origin: url, Cookie: `${XSRF_COOKIE}=${xsrf}`, [XSRF_HEADER]: xsrf, Accept: accept },
        body: form,
      });
    const created = await post('/redacao/rascunhos', new URLSearchParams());
    await created.arrayBuffer();
    const draftPath = created.headers.get('Location')!;
    let version = 1;

    // One article per round, prepared as the command prepares it (checked, variants made) before the clock starts.
    const prepared = [];
    for (let round = 0; round < rounds; round++) {
      const slug = `bench-redacao-publicar-${round}`;
      cpSync(SAMPLE, join(folders, slug), { recursive: true });
      const index = join(folders, slug, 'index.md');
      writeFileSync(
        index,
        readFileSync(index, 'utf8').replace(/^titulo: .*$/m, `titulo: Bench da redação, publicar e ver no ar, rodada ${round}`),
      );
      const { articles, registry } = await checkContent([join(folders, slug)], []);
      prepared.push({ slug, articles: await Promise.all(articles.map(withImageVariants)), registry });
    }

    const times: NewsroomTimes = { control: [], list: [], draft: [], save: [], publish: [] };
    // A first round unmeasured: the isolate's and the local stores' warm-up.
    for (let round = -1; round < rounds; round++) {
      const keep = (list: number[], ms: number) => round >= 0 && list.push(ms);
      keep(times.control, await timed(() => fetch(`${url}${CONTROL}`)));
      keep(times.list, await timed(() => fetch(`${url}/redacao`)));
      keep(times.draft, await timed(() => fetch(`${url}${draftPath}`)));
      const form = new URLSearchParams({
        titulo: `Rascunho do bench, rodada ${round}`,
        corpo: `Texto da rodada ${round}.`,
        versao: String(version),
      });
      const started = performance.now();
      const saved = await post(draftPath, form, 'application/json');
      version = ((await saved.json()) as { version: number }).version;
      keep(times.save, performance.now() - started);
      if (round < 0) continue;
      const { slug, articles, registry } = prepared[round]!;
      const article = `${url}/noticia/${slug}`;
      const publishStarted = performance.now();
      const answer = await newsroom.publish(articles, registry, { replace: false, dryRun: false });
      if (!answer.ok) throw new Error(`the publish failed: ${answer.message}`);
      for (;;) {
        const response = await fetch(article);
        await response.arrayBuffer();
        if (response.status === 200) break;
        if (performance.now() - publishStarted > 30_000) throw new Error(`${article} still not 200, 30 s after the publish`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      times.publish.push(performance.now() - publishStarted);
      const gone = await newsroom.post(API_PATHS.unpublish, { [FORM_FIELDS.slug]: slug });
      if (!gone.ok) throw new Error(`the unpublish failed: ${gone.message}`);
    }
    return times;
  } finally {
    site.stop();
    rmSync(state, { recursive: true, force: true });
    rmSync(folders, { recursive: true, force: true });
  }
}

/** The newsroom's port: its own wrangler dev. */
const NEWSROOM_PORT = Number(process.env.BENCH_NEWSROOM_PORT || 8919);

/** Part 8: the newsroom's pages, an autosave and publish → live, with a reader's page as the control. */
export async function newsroom(): Promise<void> {
  const rounds = QUICK ? 3 : 10;
  const load = loadavg()[0]!.toFixed(2);
  const times = await benchNewsroom({ port: NEWSROOM_PORT, rounds });
  out('### The newsroom: pages, an autosave, publish → live');
  out();
  out(
    `wrangler dev on dist/ with the development identity (loopback), its own state (migrations applied, nothing published), list lifetime 0 and no edge cache. ${rounds} rounds after one unmeasured, the targets in turn within each round; a page's time is to the last byte of its answer. Publish → live: from the POST of the newsroom's API (\`content:publish --remote\`'s request: one article, its main image and six variants, prepared before the clock starts) to the first 200 of the article's address, polled every 50 ms; unpublished after each round. The control is a reader's article page, in the same rounds. The first publish also copies the bundled articles' files into KV (the engine's first run). Load average (1 min) when this part began: ${load} on ${cpus().length} cores.`,
  );
  out();
  out(`Publish → live, round by round (ms): ${times.publish.map((ms) => ms.toFixed(0)).join(', ')}.`);
  out();
  const row = (name: string, ms: number[]) => [name, median(ms).toFixed(1), Math.max(...ms).toFixed(1)];
  table(
    ['target', 'median ms', 'worst ms'],
    [
      row('control: a reader’s article page', times.control),
      row('GET /redacao (the drafts)', times.list),
      row('GET a draft’s page', times.draft),
      row('an autosave (POST, JSON answer)', times.save),
      row('publish → live (API POST to the article’s 200)', times.publish),
    ],
  );
  out();
}
