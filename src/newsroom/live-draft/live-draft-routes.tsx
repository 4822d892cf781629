import type { Context } from 'hono';
import { isValidSlug } from '#src/content/schema/format.ts';
import { currentTime } from '#src/lib/clock.ts';
import { messagePage } from '../layout/render';
import { PATHS } from '../paths';
import type { NewsroomEnv, RouteContext } from '../team/newsroom-env';

type C = Context<NewsroomEnv>;

const notLive = (c: C) =>
  messagePage(c, 404, 'Artigo não está no ar', 'Nenhum artigo no site tem este endereço (ele pode ter sido despublicado agora há pouco).');

/** "Editar" on a live article: any member opens its draft (made from what is live the first time). A POST, so no link or prefetch makes one. */

export const openLiveDraft = async (c: RouteContext<'editLive'>) => {
  const slug = c.req.param('slug');
  if (!isValidSlug(slug)) return notLive(c);
  // Loaded when first asked for: the HTML-to-Markdown libraries (their weight: docs/newsroom.md) never run in an isolate serving readers.
  const { openLiveDraft } = await import('./open-live-draft');
  const opened = await openLiveDraft(c.env, slug, c.var.member.email, currentTime());
  if ('draft' in opened) return c.redirect(PATHS.draft(opened.draft.id), 303);
  if (opened.missing === 'article') return notLive(c);
  if (opened.missing === 'markdown')
    return messagePage(
      c,
      422,
      'Texto não convertido',
      'O texto deste artigo no ar tem marcações encaixadas em mais níveis do que o site aceita hoje, e não pode virar um rascunho. Nenhum rascunho foi criado: peça a um desenvolvedor que corrija o texto publicado.',
    );
  return messagePage(
    c,
    503,
    'Texto indisponível',
    'O texto deste artigo não pôde ser lido no site agora, então nenhum rascunho foi criado. Tente de novo em instantes.',
  );
};
