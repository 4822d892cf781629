import type { Context } from 'hono';
import { currentTime } from '#src/lib/clock.ts';
import type { ApiAnswer, ImportedAnswer } from '../api/wire';
import { FORM_FIELDS } from '../api/wire';
import { finishEvenIfLeft } from '../http/finish-even-if-left';
import type { NewsroomEnv, RouteContext } from '../team/newsroom-env';
import { type DraftOutcome, importDrafts } from './import-drafts';
import { readImportDraftsRequest } from './import-request';
import { ImportedPosts } from './imported-posts';

type C = Context<NewsroomEnv>;

const refused = (c: C, status: 400, message: string) => c.json<ApiAnswer>({ ok: false, message, lines: [] }, status);

/**
 * The WordPress import's side of the newsroom's API (scripts/content/import/):
 * what it recorded of an old site, and its drafts. Its articles go through the
 * publish route like any other (api-routes.ts), carrying the posts they come
 * from. Behind the API's gate: editors and chefes, anti-forgery, JSON answers.
 */

/** GET `?origem=<the old site>`: each post recorded, so the import sends only what changed. */
export const apiImported = async (c: RouteContext<'apiImported'>) => {
  const origin = c.req.query(FORM_FIELDS.origin) ?? '';
  if (!URL.canParse(origin)) return refused(c, 400, 'Diga o endereço do site antigo (origem).');
  const records = await new ImportedPosts(c.env.DB).of(origin);
  const posts = [...records.values()].map(({ postId, sourceHash, slug, draftId }) => ({ postId, sourceHash, slug, draftId }));
  return c.json<ImportedAnswer>({ ok: true, message: `${posts.length} post(s) importado(s) de ${origin}`, lines: [], posts });
};

const OUTCOME_LINES: { [R in DraftOutcome['result']]: (outcome: Extract<DraftOutcome, { result: R }>) => string } = {
  criado: ({ postId }) => `post ${postId}: rascunho criado`,
  atualizado: ({ postId }) => `post ${postId}: rascunho atualizado (mudou no WordPress)`,
  inalterado: ({ postId }) => `post ${postId}: nada a fazer`,
  mantido: ({ postId }) => `post ${postId}: o rascunho foi editado na redação depois da importação; ficou como está`,
  publicado: ({ postId, slug }) => `post ${postId}: já está no ar em /noticia/${slug}`,
  recusado: ({ postId, missing }) => `post ${postId}: falta a imagem ${missing}; nada foi gravado`,
};

export const describeOutcome = (outcome: DraftOutcome) => (OUTCOME_LINES[outcome.result] as (o: DraftOutcome) => string)(outcome);

/** POST: the drafts of a batch, with their images (multipart: import-request.ts). */
export const apiImportDrafts = async (c: RouteContext<'apiImportDrafts'>) => {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    return refused(c, 400, 'O pedido chegou incompleto: rode o comando de novo.');
  }
  const request = await readImportDraftsRequest(form);
  if ('refused' in request) return refused(c, 400, `Nenhum rascunho foi gravado: ${request.refused}.`);
  if (request.dryRun) {
    return c.json<ApiAnswer>({ ok: true, message: `${request.drafts.length} rascunho(s) seriam importados (simulação).`, lines: [] });
  }
  const outcomes = await finishEvenIfLeft(c, importDrafts(c.env, c.var.member.email, request, currentTime()));
  return c.json<ApiAnswer & { outcomes: DraftOutcome[] }>({
    ok: outcomes.every(({ result }) => result !== 'recusado'),
    message: `${outcomes.filter(({ result }) => result === 'criado' || result === 'atualizado').length} rascunho(s) gravado(s).`,
    lines: outcomes.map(describeOutcome),
    outcomes,
  });
};
