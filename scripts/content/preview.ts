/**
 * `npm run content:preview -- <article folder> [--port N]`: the article as the
 * site will show it, served by the worker's own app (src/app.ts, run in Node
 * through Vite's module runner, as `npm run dev` does) on 127.0.0.1, over a
 * made-up KV in memory: the bundled list (dist/) with the article in it
 * (scripts/content/preview-site.ts). Every save in the folder is checked
 * again and open pages reload. Nothing is written to KV, D1 or the folder; no
 * login. README, "For editors", "3. Preview it".
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, watch } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { basename, extname, join, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { error, formatProblems, type Problem } from '../../src/checking/problems.ts';
import { INDEX_META_KEY } from '../../src/content/news-index.ts';
import type { ContentBindings } from '../../src/content/sources.ts';
import type { LocalRegistry, PreparedArticle } from '../../src/publishing/prepared-article.ts';
import { readIndex } from '../../src/publishing/run.ts';
import { shown } from './article-folder.ts';
import { withImageVariants } from './check-article.ts';
import { checkContent } from './check-folder.ts';
import { contentHash } from './content-hash.ts';
import {
  type BaseSite,
  bannerText,
  CARD_FRAGMENT,
  cardPage,
  injectPreview,
  memoryKv,
  PREVIEW_CARD,
  PREVIEW_CSS,
  PREVIEW_EVENTS,
  PREVIEW_JS,
  PREVIEW_SCRIPT,
  PREVIEW_STYLES,
  type PreviewBuild,
  previewBuild,
  problemsPanel,
} from './preview-site.ts';

const DEFAULT_PORT = 8788;
const DIST = resolve('dist');
/** Saves come in bursts (an editor writes a temp file, then renames it): one rebuild after the last. */
const DEBOUNCE_MS = 120;
const USAGE = 'uso: npm run content:preview -- <pasta do artigo> [--port N]   (porta padrão: 8788, ou a próxima livre)';

/** What the preview uses of the worker's app (src/app.ts, loaded through Vite). */
interface WorkerApp {
  fetch(request: Request, env: unknown, ctx: unknown): Response | Promise<Response>;
}

/** A file of the built site (dist/) by its content path; null outside dist/ or when absent. */
function distFile(key: string): Buffer | null {
  const path = resolve(DIST, key);
  if (!path.startsWith(DIST + sep)) return null;
  try {
    return statSync(path).isFile() ? readFileSync(path) : null;
  } catch {
    return null;
  }
}

/** The bundled list and registry the build put in dist/: the site the article is previewed in. */
async function readBaseSite(): Promise<BaseSite> {
  const metaText = distFile(INDEX_META_KEY)?.toString('utf8') ?? null;
  if (metaText === null) return { items: [], authors: {} };
  const store = { get: async (keys: readonly string[]) => new Map(keys.map((key) => [key, distFile(key)?.toString('utf8') ?? null])) };
  const live = await readIndex(store, metaText, {
    hash: contentHash,
    bundled: () => Promise.reject(new Error('unreachable: dist/ has an index')),
  });
  return { items: live.items, authors: live.authors ?? {} };
}

/** Builds dist/ (`vite build`) when it is missing: the client files and the bundled list. */
function ensureBuilt(): void {
  if (existsSync(join(DIST, '.vite/manifest.json')) && existsSync(join(DIST, INDEX_META_KEY))) return;
  console.log('dist/ não existe: montando o site primeiro (vite build)…');
  const result = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('o vite build falhou: corrija o que ele diz acima e rode a pré-visualização de novo');
}

/** The worker's app and its clock, loaded from src/ as `npm run dev` loads them (TSX, the manifest alias). */
async function loadWorker(): Promise<{ app: WorkerApp; fixCurrentTime: (at: number | undefined) => void }> {
  const { createServer: createViteServer } = await import('vite');
  const vite = await createViteServer({
    configFile: false,
    root: process.cwd(),
    // Not "development": the worker then sends its real Content-Security-Policy (src/middleware/security-headers.ts).
    mode: 'production',
    appType: 'custom',
    logLevel: 'warn',
    server: { middlewareMode: true, hmr: false, watch: null },
    resolve: { alias: { '@client/manifest': join(DIST, '.vite/manifest.json') } },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const appModule = (await vite.ssrLoadModule('/src/app.ts')) as { app: WorkerApp };
  const clock = (await vite.ssrLoadModule('/src/lib/clock.ts')) as { fixCurrentTime: (at: number | undefined) => void };
  return { app: appModule.app, fixCurrentTime: clock.fixCurrentTime };
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** A static file the deployment serves before the worker runs (wrangler.toml: not the index, bodies or the manifest). */
function staticFile(pathname: string): Buffer | null {
  const key = decodeURIComponent(pathname).slice(1);
  if (key === '' || /^(index|noticias|\.vite)\//.test(key) || key === '_headers') return null;
  return distFile(key);
}

/** The page shown at the article's address when the check found errors that stop it from being built. */
function problemsPage(build: PreviewBuild): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Pré-visualização: ${build.slug}</title><link rel="stylesheet" href="${PREVIEW_STYLES}"><script src="${PREVIEW_SCRIPT}" defer></script></head><body><div class="previa-faixa" role="status" data-previa-versao="${build.version}" data-previa-slug="${build.slug}"><span>${bannerText(build)}</span></div><main><h1 class="previa-titulo">O artigo não pôde ser montado</h1>${problemsPanel(build.problems)}</main></body></html>`;
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, head = false): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(body) });
  res.end(head ? undefined : body);
}

/** Listens on 127.0.0.1: the port asked for, else the first free one from 8788 on. */
async function listen(server: Server, asked: number | undefined): Promise<number> {
  const tries = asked === undefined ? 20 : 1;
  const first = asked ?? DEFAULT_PORT;
  for (let port = first; port < first + tries; port++) {
    const ok = await new Promise<boolean>((done, fail) => {
      const onError = (err: NodeJS.ErrnoException) => {
        server.off('listening', onListening);
        if (err.code === 'EADDRINUSE') done(false);
        else fail(err);
      };
      const onListening = () => {
        server.off('error', onError);
        done(true);
      };
      server.once('error', onError);
      server.once('listening', onListening);
      server.listen(port, '127.0.0.1');
    });
    if (ok) return port;
  }
  throw new Error(
    asked === undefined
      ? `nenhuma porta livre de ${first} a ${first + tries - 1}: passe --port N`
      : `a porta ${asked} está em uso: passe outra com --port N`,
  );
}

function parsePort(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`--port precisa ser um número de porta (1-65535), e veio "${value}"`);
  return port;
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { port: { type: 'string' } } });
  if (positionals.length !== 1) throw new Error(USAGE);
  const dir = resolve(positionals[0]!);
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new Error(`${shown(dir)} não é uma pasta: passe a pasta de um artigo\n${USAGE}`);
  const slug = basename(dir);
  const asked = parsePort(values.port);

  ensureBuilt();
  const base = await readBaseSite();
  const { app, fixCurrentTime } = await loadWorker();

  let origin = '';
  let build: PreviewBuild | undefined;
  let env: ContentBindings & Record<string, unknown>;
  const clients = new Set<ServerResponse>();
  let version = 0;

  const assets: ContentBindings['ASSETS'] = {
    fetch: async (input: string) => {
      const bytes = distFile(new URL(input).pathname.slice(1));
      return bytes === null ? new Response(null, { status: 404 }) : new Response(new Uint8Array(bytes));
    },
  };

  /** Checks the folder, builds the made-up KV, and tells open pages to reload. */
  async function rebuild(): Promise<void> {
    const started = Date.now();
    let problems: Problem[];
    let article: PreparedArticle | undefined;
    let registry: LocalRegistry | undefined;
    try {
      const checked = await checkContent(dir, base.items, undefined, { liveAuthors: Object.keys(base.authors) });
      problems = checked.problems;
      registry = checked.registry;
      const found = checked.previews.find((candidate) => candidate.item.slug === slug);
      article = found ? await withImageVariants(found) : undefined;
    } catch (thrown) {
      problems = [error(shown(dir), 'preview', `não consegui ler a pasta: ${(thrown as Error).message}`, 'salve o arquivo de novo')];
    }
    build = previewBuild(base, slug, { problems, article, registry }, Date.now(), `${++version}`);
    // A scheduled article is shown as the whole site will be at its publication time.
    fixCurrentTime(build.scheduledAt);
    env = {
      NEWS: memoryKv(build.kv, (key) => (/^(index|noticias|thumbnails)\//.test(key) ? distFile(key) : null)),
      ASSETS: assets,
      SITE_URL: origin,
      EDGE_CACHE: 'off',
      NEWS_LIST_TTL_SECONDS: '0',
    };
    for (const client of clients) client.write(`event: versao\ndata: ${build.version}\n\n`);
    const errors = problems.filter((p) => p.severity === 'error').length;
    console.log(
      `[${new Date().toLocaleTimeString('pt-BR')}] verificado em ${Date.now() - started} ms: ${
        build.item ? `"${build.item.titulo}"` : 'página não montada'
      }${errors > 0 ? `, ${errors} ${errors === 1 ? 'erro' : 'erros'}` : ''}${build.scheduledAt !== undefined ? ' (agendado: mostrado como estará na hora marcada)' : ''}`,
    );
    if (problems.length > 0) console.log(formatProblems(problems));
  }

  let running = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  /** One rebuild at a time; saves during one bring one more after it. */
  const scheduleRebuild = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      rebuild()
        .catch((thrown: unknown) => console.error(thrown))
        .finally(() => {
          running = false;
          if (again) {
            again = false;
            scheduleRebuild();
          }
        });
    }, DEBOUNCE_MS);
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    const head = req.method === 'HEAD';
    const current = build!;
    if (url.pathname === PREVIEW_EVENTS) {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
      res.write(`event: versao\ndata: ${current.version}\n\n`);
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    if (url.pathname === PREVIEW_SCRIPT) return send(res, 200, CONTENT_TYPES['.js']!, PREVIEW_JS, head);
    if (url.pathname === PREVIEW_STYLES) return send(res, 200, CONTENT_TYPES['.css']!, PREVIEW_CSS, head);
    if (url.pathname === PREVIEW_CARD) {
      const items = [...base.items.filter((item) => item.slug !== slug), ...(current.item ? [current.item] : [])];
      const page = current.item ? cardPage(items, slug, current.scheduledAt ?? Date.now()) : null;
      res.writeHead(302, { Location: `${page ?? `/noticia/${slug}`}#${CARD_FRAGMENT}`, 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    if (url.pathname === `/noticia/${slug}` && !current.item) {
      return send(res, 200, 'text/html; charset=utf-8', problemsPage(current), head);
    }
    const file = staticFile(url.pathname);
    if (file) return send(res, 200, CONTENT_TYPES[extname(url.pathname)] ?? 'application/octet-stream', file, head);

    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      // No conditional requests: a page the browser kept carries an older build's banner.
      if (typeof value === 'string' && name !== 'if-none-match' && name !== 'if-modified-since') headers.set(name, value);
    }
    const response = await app.fetch(new Request(url, { method: req.method, headers }), env, {
      waitUntil: () => {},
      passThroughOnException: () => {},
      props: {},
    });
    const outHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'etag' && name !== 'cache-control' && name !== 'content-encoding') outHeaders[name] = value;
    });
    outHeaders['cache-control'] = 'no-store';
    let body = Buffer.from(await response.arrayBuffer());
    if (response.headers.get('content-type')?.startsWith('text/html')) {
      body = Buffer.from(injectPreview(body.toString('utf8'), current));
    }
    outHeaders['content-length'] = String(body.byteLength);
    res.writeHead(response.status, outHeaders);
    res.end(head ? undefined : body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((thrown: unknown) => {
      console.error(thrown);
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', `Erro da pré-visualização: ${(thrown as Error).message}`);
      else res.end();
    });
  });
  const port = await listen(server, asked);
  origin = `http://127.0.0.1:${port}`;
  await rebuild();
  watch(dir, { recursive: true }, scheduleRebuild);
  // Keeps proxies and the browser from closing a quiet event stream.
  setInterval(() => {
    for (const client of clients) client.write(': ping\n\n');
  }, 15_000).unref();

  console.log('');
  console.log(`Pré-visualização de ${shown(dir)} (nada é publicado; Ctrl-C para parar):`);
  console.log(`  o artigo:             ${origin}/noticia/${slug}`);
  console.log(`  o card dele na grade: ${origin}${PREVIEW_CARD}`);
  console.log('As páginas se atualizam sozinhas a cada vez que você salva um arquivo da pasta.');
}

main(process.argv.slice(2)).catch((thrown: unknown) => {
  console.error(thrown instanceof Error ? thrown.message : thrown);
  process.exit(2);
});
