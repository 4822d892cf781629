import type { Context } from 'hono';
import { openLiveIndex } from '#src/content/index/live-index.ts';
import { isValidSlug } from '#src/content/schema/format.ts';
import { currentTime } from '#src/lib/clock.ts';
import { isRefused, SEARCH_FOLLOWS_TEXT } from '#src/publishing/error-policy.ts';
import { workerRun } from '#src/publishing/worker-run.ts';
import { finishEvenIfLeft } from '../http/finish-even-if-left';
import { messagePage, page } from '../layout/render';
import { PATHS, SEARCH_FOLLOWS, searchFollowsQuery } from '../paths';
import type { NewsroomEnv, RouteContext } from '../team/newsroom-env';
import { canPublish } from '../team/roles';
import { ActionsStore } from './actions-store';
import { LivePage, UnpublishPage } from './LivePage';
import { newestLive } from './live-articles';
import { unpublishArticle } from './unpublish-article';

type C = Context<NewsroomEnv>;

/** How many of the newest live articles the page lists. */
const LISTED = 100;
/** How many actions the history shows. */
const HISTORY = 30;

/** What the page says after a change (the query of the redirect). */
const NOTICES: Record<string, (title: string, searchPending: boolean) => string> = {
  despublicado: (title, searchPending) =>
    `"${title}" foi despublicado. Os leitores deixam de vê-lo em até uns 5 minutos (neste computador, em até 1 minuto); ${
      searchPending ? SEARCH_FOLLOWS_TEXT.toLowerCase() : 'a busca já não o encontra.'
    }`,
};

/** Where this worker writes, as the engine names it in its messages: the local site, or production. */
export const targetOf = (c: C) => (c.var.newsroom.identity === 'development' ? 'local' : 'remote');

/** The live article the path names, scheduled or not (one read of its slug's shard); null when none is. */
async function liveArticle(c: C) {
  const slug = c.req.param('slug') ?? '';
  return isValidSlug(slug) ? (await openLiveIndex(c.env, currentTime())).entry(slug) : null;
}

const notLive = (c: C) =>
  messagePage(c, 404, 'Artigo não está no ar', 'Nenhum artigo no site tem este endereço (ele pode ter sido despublicado agora há pouco).');

const notAllowed = (c: C) =>
  messagePage(c, 403, 'Sem permissão', 'Só um editor publica, agenda, corrige ou despublica artigos. Fale com um editor se precisar.');

/** The articles on the site and the newsroom's history; unpublishing, for editors. */

export const showLive = async (c: RouteContext<'live'>) => {
  const now = currentTime();
  const [articles, actions] = await Promise.all([newestLive(c.env, now, LISTED), new ActionsStore(c.env.DB).latest(HISTORY)]);
  const done = NOTICES[c.req.query('feito') ?? ''];
  const notice = done?.(c.req.query('titulo') ?? '', c.req.query(SEARCH_FOLLOWS.name) === SEARCH_FOLLOWS.value);
  return page(
    c,
    'No ar',
    <LivePage articles={articles} now={now} mayChange={canPublish(c.var.member)} actions={actions} notice={notice} xsrf={c.var.xsrf} />,
  );
};

export const askUnpublish = async (c: RouteContext<'unpublish'>) => {
  if (!canPublish(c.var.member)) return notAllowed(c);
  const article = await liveArticle(c);
  if (!article) return notLive(c);
  return page(c, 'Despublicar', <UnpublishPage article={article} xsrf={c.var.xsrf} />);
};

/**
 * Takes an article down with the publishing engine, inside the worker (the
 * same protocol as `content:unpublish`: the lock, the switch, the waiting
 * deletes), then removes it from the search and records the action.
 */
export const unpublish = async (c: RouteContext<'unpublish'>) => {
  if (!canPublish(c.var.member)) return notAllowed(c);
  const slug = c.req.param('slug');
  if (!isValidSlug(slug)) return notLive(c);
  const run = workerRun(c.env, c.var.member.email, `despublicar ${slug}`, targetOf(c));
  const done = await finishEvenIfLeft(
    c,
    unpublishArticle(c.env, run, slug, {
      email: c.var.member.email,
      detail: 'saiu do site; o texto e as imagens são apagados 10 minutos depois',
    }),
  );
  if (isRefused(done)) return messagePage(c, 409, 'Nada foi alterado', done.refused);
  if (!done.removed) return notLive(c);
  return c.redirect(
    `${PATHS.live}?feito=despublicado&titulo=${encodeURIComponent(done.title)}${searchFollowsQuery(done.search === null)}`,
    303,
  );
};
