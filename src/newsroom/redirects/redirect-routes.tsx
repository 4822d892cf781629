import type { Context, Next } from 'hono';
import * as v from 'valibot';
import { currentTime } from '#src/lib/clock.ts';
import { listRedirects, PAGE_SIZE, putRedirects, removeRedirect } from '#src/redirects/redirects-store.ts';
import { manifestOf } from '../api/manifest';
import { type ApiAnswer, MAX_API_REDIRECTS } from '../api/wire';
import { postedForm } from '../http/posted-form';
import { messagePage, page } from '../layout/render';
import { PATHS } from '../paths';
import type { NewsroomEnv, RouteContext } from '../team/newsroom-env';
import { canPublish } from '../team/roles';
import { RedirectsPage } from './RedirectsPage';

type C = Context<NewsroomEnv>;

/** An old address leads readers to a page of the site: who changes that changes what readers see, so editors and chefes. */
export const editorsOnlyForRedirects = async (c: C, next: Next) => {
  if (!canPublish(c.var.member))
    return messagePage(c, 403, 'Sem permissão', 'Só um editor vê e remove os endereços antigos, porque a mudança vale no site na hora.');
  await next();
};

/** A page number from the query: a positive integer, else the first. */
const pageOf = (value: string | undefined) => {
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : 1;
};

export const showRedirects = async (c: RouteContext<'redirects'>) => {
  const query = (c.req.query('busca') ?? '').trim().slice(0, 200);
  const wanted = pageOf(c.req.query('pagina'));
  const { total, redirects } = await listRedirects(c.env.DB, { query, page: wanted });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // A fixed sentence, never the query's text: a link anyone can make must not put words in the newsroom's mouth.
  const removed = c.req.query('removido') === '1';
  return page(
    c,
    'Endereços antigos',
    <RedirectsPage
      redirects={redirects}
      total={total}
      query={query}
      page={Math.min(wanted, pages)}
      pages={pages}
      {...(removed ? { notice: 'O endereço antigo foi removido: ele passa a responder "página não encontrada".' } : {})}
      xsrf={c.var.xsrf}
    />,
  );
};

export const removeOldAddress = async (c: RouteContext<'removeRedirect'>) => {
  const key = (await postedForm(c))?.get('chave') ?? '';
  if (key === '' || key.length > 2_000) return messagePage(c, 400, 'Endereço não removido', 'O pedido não disse qual endereço remover.');
  const removed = await removeRedirect(c.env, key);
  if (!removed) return messagePage(c, 404, 'Endereço não encontrado', 'Este endereço antigo não está na lista (alguém já o removeu?).');
  return c.redirect(PATHS.redirects({ removido: '1' }), 303);
};

const MANIFEST = v.object({
  redirects: v.pipe(
    v.array(v.object({ from: v.pipe(v.string(), v.maxLength(2_000)), to: v.pipe(v.string(), v.maxLength(2_000)) })),
    v.maxLength(MAX_API_REDIRECTS),
  ),
});

/** The import's old addresses (api/wire.ts, RedirectsManifest): stored, each refused one named. */
export const apiRedirects = async (c: RouteContext<'apiRedirects'>) => {
  let manifest: v.InferOutput<typeof MANIFEST> | null;
  try {
    manifest = manifestOf(await c.req.formData(), MANIFEST);
  } catch {
    manifest = null;
  }
  if (!manifest)
    return c.json<ApiAnswer>(
      { ok: false, message: `O pedido não é uma lista de até ${MAX_API_REDIRECTS} endereços antigos.`, lines: [] },
      400,
    );
  const stored = await putRedirects(c.env, manifest.redirects, { origin: 'wordpress', by: c.var.member.email, now: currentTime() });
  return c.json<ApiAnswer & { stored: typeof stored }>({
    ok: true,
    message: `${stored.added} endereço(s) antigo(s) novo(s), ${stored.changed} mudado(s), ${stored.unchanged} sem mudança.`,
    lines: stored.refused.map(({ address, why }) => `${address}: ${why}`),
    stored,
  });
};
