import type { Hono } from 'hono';
import type { AppEnv } from './app-env';
import { bodyKey } from './content/format';
import { buildIndex } from './content/index-build';
import { forgetLiveIndex } from './content/live-index';
import { fnv1a } from './lib/hash';
import { PAGE_SIZE } from './lib/pagination';
import { INSTITUTIONAL_PAGES } from './pages/institutional';
import { articlePath } from './seo/urls';

/** A made-up article, only ever rendered during start-up. */
const SAMPLE = {
  slug: 'aquecimento',
  titulo: 'Aquecimento do isolate antes da primeira visita',
  descricao: 'Uma página de exemplo, nunca servida: percorre o mesmo código que as páginas de verdade.',
  // Start-up runs with the clock stopped at the epoch (Workers give no time before a request), and an
  // article dated after "now" is scheduled, hence a 404: the made-up one is dated just before it.
  data: '1969-12-31',
  imagemAtual: 'aquecimento-0000000000.webp',
  htmlPath: bodyKey('aquecimento'),
};

/** The pages a cold isolate is most often asked for first. */
const PATHS = ['/', articlePath(SAMPLE), INSTITUTIONAL_PAGES.about.path];

/**
 * Serves one page of each kind from made-up content while the script loads.
 * V8 compiles a function the first time it runs, and for React and the app
 * that is most of a cold isolate's first request (about 30 ms of 40 on this
 * machine). Workers run the script's start-up before the first request, apart
 * from its CPU limit, so this moves that cost out of the reader's request.
 *
 * Nothing here outlives start-up: the stand-in store is in memory (no I/O,
 * which start-up forbids), and the index is kept for 0 s, so the first real
 * request reads the real one. Start-up cannot create a Response either, so each
 * warm-up request fails at its very end, once the page is rendered: its env
 * carries the `WARM_UP` mark (src/app-env.ts), which no deployment's does, so
 * the error handler lets it fail without a log, and the failure is dropped here.
 */
export function warmUp(app: Hono<AppEnv>): void {
  // A full first page of cards, so the card code runs as often as in a real home page.
  const items = Array.from({ length: PAGE_SIZE }, (_, i) =>
    i === 0 ? SAMPLE : { ...SAMPLE, slug: `${SAMPLE.slug}-${i}`, htmlPath: bodyKey(`${SAMPLE.slug}-${i}`) },
  );
  // Made-up content needs no real content hash (and the worker bundle carries no crypto): any stable hex will do.
  const store = buildIndex(items, (text) => fnv1a(text).toString(16).padStart(10, '0'));
  store.set(SAMPLE.htmlPath, '<h2>Seção</h2><p>Texto de <a href="/sobre">exemplo</a>.</p><ul><li>item</li></ul>');
  // No vars: the site settings' defaults serve (bindings only exist per request).
  const warmEnv = {
    WARM_UP: true,
    EDGE_CACHE: 'off',
    NEWS_LIST_TTL_SECONDS: '0',
    NEWS: { get: async (key: string) => store.get(key) ?? null },
    ASSETS: { fetch: async () => new Response(null, { status: 404 }) },
  } as unknown as AppEnv['Bindings'];
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  const serve = async (path: string) => {
    await (await app.fetch(new Request(`https://warm-up.invalid${path}`), warmEnv, ctx)).arrayBuffer();
  };
  // A few rounds: V8 keeps optimizing what keeps running, not only what ran once.
  void (async () => {
    for (let round = 0; round < ROUNDS; round++) {
      for (const path of PATHS) await serve(path).catch(() => {});
    }
    // The made-up index must never stand in for the real one (the last good index, src/content/live-index.ts).
    forgetLiveIndex();
  })();
}

const ROUNDS = 3;
