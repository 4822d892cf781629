import type { Context, Next } from 'hono';
import { AUTHOR_TEXT } from '#src/content/schema/author-schema.ts';
import { isValidSlug } from '#src/content/schema/format.ts';
import { slugFromTitle } from '#src/content/schema/slug-from-title.ts';
import { UNSAFE_CHAR } from '#src/lib/escape-xml.ts';
import { describeError, log } from '#src/lib/log.ts';
import { isRefused } from '#src/publishing/error-policy.ts';
import { workerRun } from '#src/publishing/worker-run.ts';
import { finishEvenIfLeft } from '../http/finish-even-if-left';
import { postedForm } from '../http/posted-form';
import { messagePage, page } from '../layout/render';
import { sniffPicture } from '../media/sniff';
import { PATHS } from '../paths';
import { targetOf } from '../publishing/live-routes';
import { AUTHOR_PHOTO_FIELDS, AUTHOR_PHOTO_SIZE, isPreparedAuthorPhoto } from '../shared/author-photo';
import type { NewsroomEnv, RouteContext } from '../team/newsroom-env';
import { canPublish } from '../team/roles';
import { type AuthorForm, AuthorsPage } from './AuthorsPage';
import { type AuthorChange, type PhotoChange, publishAuthor } from './publish-author';

type C = Context<NewsroomEnv>;

const LABELS = { nome: 'O nome', cargo: 'O cargo', bio: 'A biografia' } as const;

/** The first problem of a sent form, in the words of its fields; undefined when the site accepts it. */
function problemOf(form: AuthorForm): string | undefined {
  for (const field of ['nome', 'cargo', 'bio'] as const) {
    const length = Array.from(form[field]).length;
    const { min, max } = AUTHOR_TEXT[field];
    if (length < min || length > max)
      return `${LABELS[field]} tem ${length} caractere${length === 1 ? '' : 's'}: escreva de ${min} a ${max}. Nada foi publicado.`;
  }
  return undefined;
}

/** The registry's authors, by name; null (logged) when the site's content cannot be read now: a new one can still be added. */
async function registry(c: C) {
  try {
    return [...(await c.var.content.authors()).values()].sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
  } catch (error) {
    log('error', 'newsroom_authors_unavailable', describeError(error));
    return null;
  }
}

const listPage = async (c: C, status: 200 | 400 | 409, extra: { notice?: string; problem?: string; sent?: AuthorForm } = {}) => {
  const authors = await registry(c);
  return page(c, 'Autores', <AuthorsPage authors={authors ?? []} unreadable={authors === null} xsrf={c.var.xsrf} {...extra} />, status);
};

/** Characters a text may not hold (control characters, pasted unseen from another program): dropped, as no one typed them. */
const UNSEEN = new RegExp(UNSAFE_CHAR.source, 'gu');

/** A field as the site keeps it: one line, spaces collapsed, nothing unseen. */
const text = (form: URLSearchParams | null, name: string) => (form?.get(name) ?? '').replace(UNSEEN, '').replace(/\s+/g, ' ').trim();

/** The authors page and its saves: editors' (what they save is on the site at once). */

// Matches /autores itself too.
export const editorsOnlyForAuthors = async (c: C, next: Next) => {
  if (!canPublish(c.var.member))
    return messagePage(c, 403, 'Sem permissão', 'Só um editor altera os autores do site, porque a mudança é publicada na hora.');
  await next();
};

export const showAuthors = async (c: RouteContext<'authors'>) => {
  const name = c.req.query('salvo');
  return listPage(c, 200, { notice: name ? `${name}: salvo e publicado. O site mostra a mudança em até uns 5 minutos.` : undefined });
};

/**
 * What the form asks of the photo: a prepared file replaces it, the box takes
 * it away, neither keeps it. A string when the file is not the photo the page
 * prepares (a browser without JavaScript sends the picked file as it is).
 */
async function photoChange(c: C): Promise<PhotoChange | string> {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    return 'O envio chegou incompleto; tente de novo. Nada foi publicado.';
  }
  const file = form.get(AUTHOR_PHOTO_FIELDS.file);
  if (file instanceof File && file.size > 0) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (isPreparedAuthorPhoto(sniffPicture(bytes))) return { kind: 'set', bytes };
    return `A foto não chegou preparada por esta página (recortada em ${AUTHOR_PHOTO_SIZE}×${AUTHOR_PHOTO_SIZE}, WebP): recarregue a página e escolha a foto de novo. Nada foi publicado.`;
  }
  return form.get(AUTHOR_PHOTO_FIELDS.remove) === 'sim' ? { kind: 'remove' } : { kind: 'keep' };
}

/** Saves one author's text with the publishing engine: a new one (no slug in the path) or the one the path names. */
async function save(c: C, slug: string, change: AuthorChange) {
  const form = await postedForm(c);
  const sent: AuthorForm = {
    slug: change.kind === 'new' ? '' : slug,
    nome: text(form, 'nome'),
    cargo: text(form, 'cargo'),
    bio: text(form, 'bio'),
  };
  const key = change.kind === 'new' ? slugFromTitle(sent.nome) : slug;
  const problem = problemOf(sent) ?? (isValidSlug(key) ? undefined : 'Escreva o nome com letras. Nada foi publicado.');
  const photo = await photoChange(c);
  if (typeof photo === 'string') return listPage(c, 400, { problem: problem ?? photo, sent });
  // A refused form comes back with its text, but a browser never refills a file picker.
  const pickAgain = photo.kind === 'set' ? ' Escolha a foto de novo.' : '';
  if (problem) return listPage(c, 400, { problem: problem + pickAgain, sent });
  const run = workerRun(c.env, c.var.member.email, `autor ${key}`, targetOf(c));
  const author = { nome: sent.nome, cargo: sent.cargo, bio: sent.bio };
  const done = await finishEvenIfLeft(c, publishAuthor(c.env, run, c.var.member.email, key, author, change, photo));
  if (isRefused(done)) return listPage(c, 409, { problem: `${done.refused} Nada foi publicado.${pickAgain}`, sent });
  if (!done) {
    const refusal =
      change.kind === 'new'
        ? `Já existe um autor com o endereço "${key}" (o nome "${sent.nome}"): edite-o na lista acima. Nada foi publicado.`
        : 'Este autor não está mais no site. Nada foi publicado.';
    return listPage(c, 409, { problem: refusal + pickAgain, sent });
  }
  return c.redirect(`${PATHS.authors}?salvo=${encodeURIComponent(sent.nome)}`, 303);
}

export const addAuthor = (c: RouteContext<'authors'>) => save(c, '', { kind: 'new' });
export const editAuthor = (c: RouteContext<'author'>) => {
  const slug = c.req.param('slug');
  return isValidSlug(slug)
    ? save(c, slug, { kind: 'edit' })
    : messagePage(c, 404, 'Autor não encontrado', 'Nenhum autor tem este endereço.');
};
