import type { Context, Next } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isValidSlug } from '#src/content/schema/format.ts';
import { currentTime } from '#src/lib/clock.ts';
import { isRefused, type Refused, SEARCH_FOLLOWS_TEXT, unlessRefused } from '#src/publishing/error-policy.ts';
import { describePlan, planSummary } from '#src/publishing/plan/describe-plan.ts';
import { STOPPED } from '#src/publishing/plan/replace-refusal.ts';
import { readLive } from '#src/publishing/run/read-live.ts';
import { describeSync, type SyncResult } from '#src/publishing/search-sync.ts';
import { DELETE_AFTER_MS } from '#src/publishing/stores/pending-deletes.ts';
import { type WorkerRun, workerRun } from '#src/publishing/worker-run.ts';
import { articlePath } from '#src/seo/urls.ts';
import { finishEvenIfLeft } from '../http/finish-even-if-left';
import { postedForm } from '../http/posted-form';
import { collectMedia, MEDIA_GRACE_MS } from '../library/media-gc';
import { targetOf } from '../publishing/live-routes';
import { collectGarbage, reindexSearch, restoreIndex } from '../publishing/maintenance';
import { planArticles, publishArticles } from '../publishing/publish-articles';
import { planUnpublishOf, unpublishArticle } from '../publishing/unpublish-article';
import type { NewsroomEnv, RouteContext } from '../team/newsroom-env';
import { canPublish } from '../team/roles';
import { readPublishRequest } from './publish-request';
import { type ApiAnswer, FORM_FIELDS, type LiveAnswer } from './wire';

type C = Context<NewsroomEnv>;

/**
 * The newsroom's API for the command line (docs/newsroom-publishing.md, "The command
 * line's API"): `content:publish --remote` and its siblings send what they
 * prepared, and the worker runs the same publishing engine as "No ar" against
 * its own bindings. Behind the same gate, identity (a person's Access login or
 * a service token) and anti-forgery pair as every newsroom page; answers are
 * JSON (ApiAnswer), in pt-BR.
 */

const answer = (c: C, status: ContentfulStatusCode, body: ApiAnswer) => c.json(body, status);
const refused = (c: C, status: ContentfulStatusCode, message: string, lines: string[] = []) =>
  answer(c, status, { ok: false, message, lines });

const WHERE = { local: 'no site local', remote: 'em produção' } as const;
const whenVisible = (c: C) =>
  targetOf(c) === 'local'
    ? 'Este computador mostra a mudança na hora; os leitores do site local, em até 1 minuto.'
    : 'Os leitores veem a mudança em até uns 5 minutos (docs/editores.md, "Quanto tempo até aparecer").';

/** One run of the engine for this request, its log's addresses on this site. */
function runFor(c: C, action: string): WorkerRun {
  const run = workerRun(c.env, c.var.member.email, action, targetOf(c));
  run.options.site = new URL(c.req.url).origin;
  return run;
}

/** A refusal the engine makes before writing anything (another run's lock, an index it cannot read): 409 with its reason. */
const engineRefusal = (c: C, { refused: why }: Refused, lines: string[]) => refused(c, 409, why, lines);

/**
 * The answer's line about the search: what the sync did, or that it follows (the change itself is live, so the
 * answer is no failure: error-policy.ts).
 */
const searchLine = (c: C, result: SyncResult | null) =>
  result
    ? `Índice da busca: ${describeSync(result)}.`
    : `A mudança está no ar. ${SEARCH_FOLLOWS_TEXT} Para atualizá-la já: npm run content:reindex -- --${targetOf(c)}.`;

// Every route here changes or reads what readers see: editors and chefes only.
export const publishersOnly = async (c: C, next: Next) => {
  if (!canPublish(c.var.member)) {
    return refused(
      c,
      403,
      `${c.var.member.email} não pode publicar: só um editor ou editor-chefe publica. Peça a um editor-chefe que mude o papel em "Equipe".`,
    );
  }
  await next();
};

/** The live list and authors, for the command's check (links to live articles, authors); also where the command gets its anti-forgery cookie. */
export const apiLive = async (c: RouteContext<'apiLive'>) => {
  const run = runFor(c, 'ler a lista');
  const live = await unlessRefused({ action: 'ler a lista' }, () => readLive(run.store, run.options));
  if (isRefused(live)) return engineRefusal(c, live, run.lines);
  const body: LiveAnswer = {
    ok: true,
    message: `${live.items.length} artigo(s) no ar`,
    lines: [],
    items: [...live.items],
    authors: Object.keys(live.authors ?? {}),
  };
  return c.json(body);
};

export const apiPublish = async (c: RouteContext<'apiPublish'>) => {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    return refused(c, 400, 'O pedido chegou incompleto: rode o comando de novo.');
  }
  const request = await readPublishRequest(form);
  if ('refused' in request) return refused(c, 400, `Nada foi publicado: ${request.refused}.`);
  const run = runFor(c, `publicar ${request.articles.map(({ item }) => item.slug).join(', ')}`);
  const site = run.options.site;
  if (request.dryRun) {
    const planned = await planArticles(run, request);
    if (isRefused(planned)) return engineRefusal(c, planned, run.lines);
    const { plan, stop } = planned;
    const lines = [...describePlan(plan, site), ...(stop ? [stop.replace(STOPPED, 'Sem --replace, a publicação pararia')] : [])];
    return answer(c, 200, { ok: stop === null, message: `Plano ${WHERE[targetOf(c)]} (simulação, nada foi gravado).`, lines });
  }
  const detail = request.imported ? `importado do WordPress (${request.imported.origin})` : 'pelo comando de publicação';
  const done = await finishEvenIfLeft(c, publishArticles(c.env, run, c.var.member.email, request, detail));
  if (isRefused(done)) return engineRefusal(c, done, run.lines);
  const { plan, rolledForward, first, search } = done;
  if (!plan && !rolledForward) run.lines.push(...describePlan(first, site));
  run.lines.push(searchLine(c, search));
  const message = plan
    ? `Publicado ${WHERE[targetOf(c)]}: ${planSummary(plan)}. ${whenVisible(c)} A página inicial: ${site}/`
    : rolledForward
      ? `Os artigos já estavam na última versão publicada, mas o site ainda mostrava a anterior (uma publicação foi interrompida): ela foi gravada agora. ${whenVisible(c)}`
      : 'Nada a publicar: o site já mostra estes artigos exatamente como estão na pasta.';
  return answer(c, 200, { ok: true, message, lines: run.lines });
};

export const apiUnpublish = async (c: RouteContext<'apiUnpublish'>) => {
  const form = await postedForm(c);
  const slug = form?.get(FORM_FIELDS.slug) ?? '';
  if (!isValidSlug(slug)) return refused(c, 400, `"${slug.slice(0, 100)}" não é o slug de um artigo: nada foi despublicado.`);
  const dryRun = form?.get(FORM_FIELDS.dryRun) === '1';
  const run = runFor(c, `despublicar ${slug}`);
  const notLive = () => refused(c, 404, `"${slug}" não está publicado ${WHERE[targetOf(c)]}: nada a fazer.`, run.lines);
  if (dryRun) {
    const planned = await planUnpublishOf(run, slug);
    if (isRefused(planned)) return engineRefusal(c, planned, run.lines);
    if (!planned) return notLive();
    return answer(c, 200, {
      ok: true,
      message: `Plano ${WHERE[targetOf(c)]} (simulação, nada foi gravado).`,
      lines: describePlan(planned, run.options.site),
    });
  }
  const done = await finishEvenIfLeft(
    c,
    unpublishArticle(c.env, run, slug, {
      email: c.var.member.email,
      detail: 'saiu do site pelo comando de publicação; o texto e as imagens são apagados 10 minutos depois',
    }),
  );
  if (isRefused(done)) return engineRefusal(c, done, run.lines);
  run.lines.push(searchLine(c, done.search));
  if (!done.removed) return notLive();
  const message = `"${slug}" foi despublicado: ${run.options.site}${articlePath({ slug })} passa a responder 404 (o texto e as imagens são apagados daqui a ${DELETE_AFTER_MS / 60_000} minutos). ${whenVisible(c)}`;
  return answer(c, 200, { ok: true, message, lines: run.lines });
};

/** `content:gc`: deletes what no article uses any more, once its time is up. */
export const apiGc = async (c: RouteContext<'apiGc'>) => {
  const dryRun = (await postedForm(c))?.get(FORM_FIELDS.dryRun) === '1';
  const run = runFor(c, 'limpar');
  const done = await finishEvenIfLeft(c, collectGarbage(run, dryRun));
  if (isRefused(done)) return engineRefusal(c, done, run.lines);
  const { found, deleted, waiting } = done;
  // The newsroom's own files in R2 (decision 052), after the site's keys: the same command, the same dry run.
  const media = await collectMedia(c.env, currentTime(), dryRun);
  const lines = [
    ...run.lines,
    `${found.length} chave(s) sem uso encontrada(s)`,
    `${deleted.length} chave(s) ${dryRun ? 'seriam apagadas' : 'apagada(s)'}`,
    ...(waiting.size > 0
      ? [`${waiting.size} chave(s) aguardam ${DELETE_AFTER_MS / 60_000} minutos depois de deixarem de ser usadas: rode de novo depois`]
      : []),
    `fotos da redação: ${media.found} sem uso encontrada(s), ${media.deleted.length} arquivo(s) ${dryRun ? 'seriam apagados' : 'apagado(s)'}, ${media.waiting} aguardam ${MEDIA_GRACE_MS / 86_400_000} dias sem uso${media.complete ? '' : '; a lista não acabou: rode de novo'}`,
  ];
  return answer(c, 200, { ok: true, message: `${dryRun ? 'Simulação, nada foi gravado' : 'Feito'} ${WHERE[targetOf(c)]}.`, lines });
};

/** `content:restore`: writes the index the publish state records back to KV. */
export const apiRestore = async (c: RouteContext<'apiRestore'>) => {
  const run = runFor(c, 'restaurar');
  const done = await finishEvenIfLeft(c, restoreIndex(run));
  if (isRefused(done)) return engineRefusal(c, done, run.lines);
  const { version, count, restored, lost } = done;
  const lines = [
    ...run.lines,
    ...lost.map(
      ({ slug, titulo }) => `"${titulo}" não pôde ser refeito (falta o texto ou uma imagem): publique de novo a pasta content/${slug}`,
    ),
  ];
  const message = restored
    ? `O índice foi restaurado para a versão ${version}, a registrada no estado de publicação: ${count} artigo(s). ${whenVisible(c)}`
    : `O índice já está na versão ${version}, a registrada no estado de publicação (${count} artigos): nada a restaurar.`;
  return answer(c, 200, { ok: lost.length === 0, message, lines });
};

/** `content:reindex`: the search brought in line with the whole live list. */
export const apiReindex = async (c: RouteContext<'apiReindex'>) => {
  const run = runFor(c, 'refazer a busca');
  const result = await reindexSearch(run);
  return answer(c, 200, { ok: true, message: `Pronto: ${describeSync(result)}.`, lines: run.lines });
};
