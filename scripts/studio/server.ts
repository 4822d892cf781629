/**
 * `npm run content:studio [-- --port N] [--content <folder>] [--site-port N]`:
 * the newsroom's studio on 127.0.0.1 (never another interface). It serves
 *
 * - `/`: Sveltia CMS (from node_modules, never a CDN), configured from the one
 *   schema (sveltia-config.ts, served as /config.json); the editor picks the
 *   repository's folder once and writes articles in the browser, which saves
 *   them into content/ through the File System Access API;
 * - `/painel`: the publishing panel (panel/), whose actions run the editors'
 *   commands in this process (actions.ts) and stream their output.
 *
 * README, "The studio"; docs/architecture.md, "The studio".
 */
import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { basename, dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isValidSlug } from '../../src/content/format.ts';
import { type ActionEvent, type Emit, FAILED_ADVICE, runEditorCommand, serially } from './actions.ts';
import { startPreview, stopPreviews } from './preview-process.ts';
import { guardAction, guardRead, TOKEN_HEADER } from './request-guard.ts';
import { sveltiaConfig } from './sveltia-config.ts';
import { fileUnder, sveltiaFile } from './sveltia-files.ts';

export const DEFAULT_STUDIO_PORT = 8790;
const HERE = dirname(fileURLToPath(import.meta.url));
const PANEL = join(HERE, 'panel');
/** The studio's own scripts on Sveltia's page (editor/): served at /estudio/. */
const EDITOR = join(HERE, 'editor');
const MAX_BODY = 16 * 1024;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/**
 * Sveltia's page: its script, and the styles and images it makes at run time
 * (inline styles, blob: and data: previews of the editor's images). It talks
 * to no one but this server (connect-src 'self'): the local folder is read and
 * written by the browser itself.
 */
const SVELTIA_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' blob: data:",
  "media-src 'self' blob: data:",
  "font-src 'self' data:",
  "connect-src 'self' blob: data:",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The panel's page: its own script and stylesheet, nothing inline. */
const PANEL_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
};

interface Options {
  port: number;
  /** The folder of article folders, as the commands take it (content/ by default). */
  contentDir: string;
  /** The port `npm start` serves the local site on: the addresses the publish prints. */
  sitePort?: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': type, 'Content-Length': String(Buffer.byteLength(body)), ...headers });
  res.end(body);
}

const sendText = (res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) =>
  send(res, status, 'text/plain; charset=utf-8', `${text}\n`, headers);

/** Sveltia's page: the link to the configuration, and Sveltia's script (sveltia-files.ts). */
const sveltiaPage = () => `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Estúdio da redação</title>
<link rel="cms-config-url" type="application/json" href="/config.json">
<script src="/estudio/colar-tabelas.js" type="module"></script>
<script src="/sveltia/sveltia-cms.js"></script>
</head>
<body></body>
</html>
`;

/** The panel's page: the token for its actions is written here, readable only by the studio's own pages. */
const panelPage = (token: string, studioUrl: string) => `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="estudio-token" content="${escapeHtml(token)}">
<title>Painel de publicação · Estúdio da redação</title>
<link rel="stylesheet" href="/painel/painel.css">
<script src="/painel/painel.js" defer></script>
</head>
<body>
<header class="topo">
<h1>Painel de publicação</h1>
<nav><a href="${escapeHtml(studioUrl)}/">Escrever no estúdio</a></nav>
</header>
<main>
<p class="fonte" data-fonte>Carregando os artigos…</p>
<section class="registro" aria-labelledby="registro-titulo" hidden>
<h2 id="registro-titulo" data-registro-titulo>Andamento</h2>
<ol class="problemas" data-problemas></ol>
<pre data-registro aria-live="polite"></pre>
<p class="desfecho" data-desfecho role="status"></p>
</section>
<table class="artigos" hidden>
<caption>Artigos da pasta content/ e o estado de cada um no site local</caption>
<thead><tr><th scope="col">Artigo</th><th scope="col">Estado</th><th scope="col">Ações</th></tr></thead>
<tbody data-artigos></tbody>
</table>
<dialog class="confirmar" data-confirmar aria-labelledby="confirmar-titulo">
<h2 id="confirmar-titulo" data-confirmar-titulo>Confirmar</h2>
<p>O que vai mudar no site:</p>
<pre data-confirmar-plano></pre>
<div class="botoes"><button type="button" data-confirmar-sim>Confirmar</button> <button type="button" data-confirmar-nao>Cancelar</button></div>
</dialog>
</main>
</body>
</html>
`;

/** The body of a POST, parsed; null when it is not a small JSON object. */
async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** An action's answer: one JSON event per line, sent as it happens. */
function streamEvents(res: ServerResponse): Emit {
  res.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': 'application/x-ndjson; charset=utf-8' });
  return (event: ActionEvent) => res.write(`${JSON.stringify(event)}\n`);
}

type Action = 'verificar' | 'previa' | 'publicar' | 'despublicar';
const ACTIONS = new Set<Action>(['verificar', 'previa', 'publicar', 'despublicar']);

/** Runs one action of the panel on an article folder, sending its progress; the result's exit code. */
async function runAction(action: Action, folder: string, slug: string, remote: boolean, dryRun: boolean, options: Options, emit: Emit) {
  const target = remote ? '--remote' : '--local';
  const port = !remote && options.sitePort ? ['--port', options.sitePort] : [];
  const dry = dryRun ? ['--dry-run'] : [];
  if (action === 'verificar') {
    // What `content:check` runs (cli.ts, check), its problems kept whole so the panel can link each to its field.
    return serially(async () => {
      emit({ type: 'line', text: `Verificando ${folder}…` });
      const [{ checkContext }, { checkContent }, { hasErrors }] = await Promise.all([
        import('../content/check-context.ts'),
        import('../content/check-folder.ts'),
        import('../../src/checking/problems.ts'),
      ]);
      const context = await checkContext('local');
      emit({ type: 'line', text: `autores e lista ao vivo: ${context.source}` });
      const { problems } = await checkContent(folder, context.live, undefined, { liveAuthors: context.liveAuthors });
      for (const problem of problems) emit({ type: 'problem', problem });
      const failed = hasErrors(problems);
      emit({ type: 'line', text: failed ? 'Há erros: o artigo não pode ser publicado assim.' : 'OK: o artigo está pronto para publicar.' });
      return failed ? 1 : 0;
    });
  }
  if (action === 'previa') {
    emit({ type: 'line', text: `Abrindo a pré-visualização de ${folder} (npm run content:preview)…` });
    const url = await startPreview(slug, folder, emit);
    if (!url) return 1;
    emit({ type: 'link', url, label: 'Abrir a pré-visualização' });
    return 0;
  }
  if (action === 'publicar') return runEditorCommand(['publish', target, ...dry, ...port, folder], emit);
  return runEditorCommand(['unpublish', target, ...dry, ...port, slug], emit);
}

function handler(options: Options, token: string, origin: string) {
  const contentRoot = resolve(options.contentDir);
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const guarded = {
      method: req.method ?? 'GET',
      host: req.headers.host,
      origin: req.headers.origin,
      token: req.headers[TOKEN_HEADER] as string | undefined,
      contentType: req.headers['content-type'],
      remoteAddress: req.socket.remoteAddress,
    };
    const refused = guardRead(guarded, options.port);
    if (refused) return sendText(res, refused.status, refused.reason);
    const url = new URL(req.url ?? '/', origin);
    const path = url.pathname;

    if (path === '/api/acao') {
      const refusal = guardAction(guarded, options.port, token);
      if (refusal) return sendText(res, refusal.status, refusal.reason, refusal.allow ? { Allow: refusal.allow } : {});
      const body = await jsonBody(req);
      const action = body?.acao as Action;
      const slug = body?.slug;
      if (!body || !ACTIONS.has(action) || typeof slug !== 'string' || !isValidSlug(slug))
        return sendText(res, 400, 'pedido malformado: diga a ação (verificar, previa, publicar, despublicar) e o slug do artigo');
      const { articleFolders } = await import('./article-states.ts');
      const folder = articleFolders(contentRoot).find((dir) => dir.endsWith(`${sep}${slug}`));
      if (!folder && action !== 'despublicar') return sendText(res, 404, `não há a pasta ${options.contentDir}/${slug}`);
      const emit = streamEvents(res);
      const shownFolder = folder ? relative(process.cwd(), folder) || '.' : slug;
      try {
        const code = await runAction(action, shownFolder, slug, body.destino === 'remoto', body.simulacao === true, options, emit);
        emit({ type: 'done', ok: code === 0, code, ...(code === 0 ? {} : { advice: FAILED_ADVICE }) });
      } catch (thrown) {
        emit({ type: 'line', text: `erro: ${(thrown as Error).message}` });
        emit({ type: 'done', ok: false, code: 1, advice: FAILED_ADVICE });
      }
      res.end();
      return;
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'método não aceito', { Allow: 'GET, HEAD' });
    if (path === '/' || path === '/index.html')
      return send(res, 200, TYPES['.html']!, sveltiaPage(), { 'Content-Security-Policy': SVELTIA_CSP });
    if (path === '/config.json') {
      // The folder as Sveltia sees it, inside the repository the editor picks; one outside this project (a test's) by its name.
      const inProject = relative(process.cwd(), contentRoot);
      const contentDir = inProject.startsWith('..') || inProject === '' ? basename(contentRoot) : inProject.split(sep).join('/');
      const config = sveltiaConfig({ contentDir });
      return send(res, 200, TYPES['.json']!, JSON.stringify(config, null, 2));
    }
    // No icon of its own: an empty answer, not a 404 in the browser's console.
    if (path === '/favicon.ico') {
      res.writeHead(204, SECURITY_HEADERS);
      res.end();
      return;
    }
    if (path === '/painel' || path === '/painel/')
      return send(res, 200, TYPES['.html']!, panelPage(token, origin), { 'Content-Security-Policy': PANEL_CSP });
    if (path === '/api/artigos') {
      const { articleStates } = await import('./article-states.ts');
      const states = await serially(() => articleStates(contentRoot));
      return send(res, 200, TYPES['.json']!, JSON.stringify(states));
    }
    const vendor = /^\/sveltia\/(.+)$/.exec(path);
    if (vendor) {
      const file = sveltiaFile(vendor[1]!);
      if (file) return send(res, 200, file.type, file.body, { 'Cache-Control': 'no-cache' });
    }
    const own = /^\/(painel|estudio)\/([a-z-]+\.(?:js|css))$/.exec(path);
    if (own) {
      const file = fileUnder(own[1] === 'painel' ? PANEL : EDITOR, own[2]!);
      if (file) return send(res, 200, TYPES[extname(own[2]!)]!, file);
    }
    return sendText(res, 404, 'página não encontrada no estúdio: abra / (escrever) ou /painel (publicar)');
  };
}

/** Listens on 127.0.0.1: the port asked for, else the first free one from 8790 on. */
async function listen(server: Server, asked: number | undefined): Promise<number> {
  const first = asked ?? DEFAULT_STUDIO_PORT;
  const last = asked === undefined ? first + 19 : first;
  for (let port = first; port <= last; port++) {
    const ok = await new Promise<boolean>((done, fail) => {
      const onError = (err: NodeJS.ErrnoException) => (err.code === 'EADDRINUSE' ? done(false) : fail(err));
      server.once('error', onError);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', onError);
        done(true);
      });
    });
    if (ok) return port;
  }
  throw new Error(
    asked === undefined
      ? `nenhuma porta livre de ${first} a ${last}: escolha uma com --port N`
      : `a porta ${asked} está em uso: escolha outra com --port N`,
  );
}

function parsePort(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${flag} recebe um número de porta (1 a 65535), não "${value}"`);
  return port;
}

async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { port: { type: 'string' }, content: { type: 'string' }, 'site-port': { type: 'string' } },
  });
  const contentDir = values.content ?? 'content';
  if (!existsSync(contentDir) || !statSync(contentDir).isDirectory())
    throw new Error(`a pasta ${contentDir} não existe: rode o estúdio na pasta do projeto`);
  parsePort(values['site-port'], '--site-port');
  const asked = parsePort(values.port, '--port');
  const token = randomBytes(32).toString('base64url');
  let origin = '';
  const options: Options = { port: 0, contentDir, ...(values['site-port'] ? { sitePort: values['site-port'] } : {}) };
  const server = createServer((req, res) => {
    handler(
      options,
      token,
      origin,
    )(req, res).catch((thrown: unknown) => {
      process.stderr.write(`${(thrown as Error).stack ?? thrown}\n`);
      if (!res.headersSent) sendText(res, 500, 'erro do estúdio: veja o terminal onde ele roda');
      else res.end();
    });
  });
  options.port = await listen(server, asked);
  origin = `http://127.0.0.1:${options.port}`;
  // Loads the content modules, the check's caches and the local store now, while the editor opens the page, not at the first click.
  void import('./article-states.ts')
    .then(({ articleStates }) => serially(() => articleStates(resolve(contentDir))))
    .then(() => import('../content/cli.ts'))
    .catch(() => undefined);
  const stop = () => {
    stopPreviews();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.stdout.write(
    [
      '',
      'Estúdio da redação (só neste computador; Ctrl-C para parar):',
      `  escrever:  ${origin}/`,
      `  publicar:  ${origin}/painel`,
      'Abra o endereço no Chrome ou no Edge e escolha "Trabalhar com Repositório Local": a pasta do projeto.',
      '',
    ].join('\n'),
  );
}

main(process.argv.slice(2)).catch((thrown: unknown) => {
  process.stderr.write(`${thrown instanceof Error ? thrown.message : thrown}\n`);
  process.exit(2);
});
