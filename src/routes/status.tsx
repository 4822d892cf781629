import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { ContentUnavailableError } from '../content/index/sources';
import { describeError, log } from '../lib/log';
import { cacheControlFor } from '../middleware/cache-policy';
import { StatusPage } from '../pages/StatusPage';
import type { AppEnv } from '../site/app-env';

/** A status page (404, 405, 400 or 503) inside the layout: the status, its Cache-Control, the page. */
function statusPage(c: Context<AppEnv>, code: 404 | 405 | 400 | 503, title: string, message: string) {
  c.status(code);
  c.header('Cache-Control', cacheControlFor(code));
  return c.render(
    <StatusPage code={code} title={title}>
      <p>{message}</p>
    </StatusPage>,
    { title, description: message, canonicalPath: null },
  );
}

export const notFoundRoute: NotFoundHandler<AppEnv> = (c) =>
  statusPage(
    c,
    404,
    'Página não encontrada',
    'O endereço que você procurou não existe ou a notícia foi retirada do ar. Confira o link ou volte para a página inicial.',
  );

export const methodNotAllowedRoute = (c: Context<AppEnv>) =>
  statusPage(c, 405, 'Método não permitido', 'Este portal aceita apenas leitura de páginas (GET e HEAD).');

export const badRequestRoute = (c: Context<AppEnv>) =>
  statusPage(c, 400, 'Endereço inválido', 'O endereço contém caracteres que não conseguimos interpretar.');

/** An article whose stored body cannot be shown (the cause is logged where it is found). */
export const articleUnavailableRoute = (c: Context<AppEnv>) =>
  statusPage(
    c,
    503,
    'Notícia indisponível',
    'Esta notícia está temporariamente indisponível. Nossa equipe já foi avisada; tente novamente mais tarde.',
  );

/** An author's or a theme's list that cannot be read (logged where it is found). */
export const listUnavailableRoute = (c: Context<AppEnv>) =>
  statusPage(c, 503, 'Lista indisponível', 'Esta lista de notícias está temporariamente indisponível. Tente novamente em instantes.');

/** Last resort for the plain page when even the layout cannot render. */
const PLAIN_ERROR_PAGE =
  '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Erro interno</title></head>' +
  '<body><h1>Algo deu errado</h1><p>Tente novamente em instantes.</p><p><a href="/">Página inicial</a></p></body></html>';

/** Logs the cause and answers 500 with a pt-BR page; never shows a stack. */
export const serverErrorRoute: ErrorHandler<AppEnv> = (error, c) => {
  // Start-up cannot create a Response at all: its warm-up requests, whose made-up
  // env alone is marked, end here unlogged. (An app called without bindings has no env.)
  if (c.env?.WARM_UP === true) throw error;
  // KV failed with no good copy of the index to stand in (logged with its key where it failed).
  if (error instanceof ContentUnavailableError) {
    log('error', 'content_unavailable', { path: c.req.path, key: error.key });
    return statusPage(
      c,
      503,
      'Conteúdo indisponível',
      'As notícias estão temporariamente indisponíveis. Nossa equipe já foi avisada; tente novamente em instantes.',
    );
  }
  log('error', 'unhandled_error', { method: c.req.method, path: c.req.path, ...describeError(error) });
  c.status(500);
  c.header('Cache-Control', cacheControlFor(500));
  try {
    return c.render(
      <StatusPage code={500} title="Algo deu errado">
        <p>Tivemos um problema ao montar esta página. Tente novamente em instantes.</p>
      </StatusPage>,
      { title: 'Erro interno', description: 'Erro interno do servidor.', canonicalPath: null },
    );
  } catch (renderError) {
    log('error', 'error_page_failed', describeError(renderError));
    return c.html(PLAIN_ERROR_PAGE, 500, { 'Cache-Control': cacheControlFor(500) });
  }
};
