import type { Context } from 'hono';
import { openLiveIndex } from '#src/content/index/live-index.ts';
import { currentTime } from '#src/lib/clock.ts';
import { draftOf, mayEdit, notAllowed, notFound } from '../drafts/draft-routes';
import { DraftsStore } from '../drafts/drafts-store';
import { postedForm } from '../http/posted-form';
import { messagePage, page } from '../layout/render';
import { liveFigureAlt } from '../live-draft/live-figure';
import { copyPublishedImage } from '../live-draft/live-images';
import { getMedia } from '../media/media-store';
import { sniffPicture } from '../media/sniff';
import { PATHS } from '../paths';
import type { DraftContent } from '../shared/draft-input';
import { fieldProblems } from '../shared/field-check';
import { isImageKind, storedProblems } from '../shared/image-check';
import { figureMarkdown, IMAGE_FIELD, isStoredImage } from '../shared/media-names';
import type { NewsroomEnv, RouteContext } from '../team/newsroom-env';
import { canPublish } from '../team/roles';
import { choosingOf } from './choosing';
import { describeEverywhere } from './describe-everywhere';
import { LibraryPage } from './LibraryPage';
import { LibraryStore, PHOTOS_PER_PAGE, type Photo } from './library-store';
import { PHOTO_FORM, PhotoPage } from './PhotoPage';
import { whereUsed } from './where-used';

type C = Context<NewsroomEnv>;

const library = (c: C) => new LibraryStore(c.env.DB);

/** A page number from the query: a positive integer, else the first. */
const pageOf = (value: string | undefined) => {
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : 1;
};

const photoNotFound = (c: C) =>
  messagePage(
    c,
    404,
    'Foto não encontrada',
    'Esta foto não está na biblioteca (confira o endereço, ou ela foi apagada por não ser usada).',
  );

/** The alt text and credit a form sent, judged by the article schema's own rules for those fields; or what is wrong, in pt-BR. */
function textOf(form: URLSearchParams | null, withCredit: boolean): { alt: string; credit: string } | { problem: string } {
  const alt = (form?.get(PHOTO_FORM.alt) ?? '').replace(/\s+/g, ' ').trim();
  const credit = withCredit ? (form?.get(PHOTO_FORM.credit) ?? '').replace(/\s+/g, ' ').trim() : '';
  const problems = fieldProblems({ alt, ...(credit ? { credito: credit } : {}) });
  const problem = problems.alt ?? (credit ? problems.credito : undefined);
  return problem ? { problem: `${problem.message}: ${problem.fix}` } : { alt, credit };
}

export const showLibrary = async (c: RouteContext<'photos'>) => {
  const query = (c.req.query('busca') ?? '').trim().slice(0, 200);
  const wanted = pageOf(c.req.query('pagina'));
  const [{ total, photos }, choosing] = await Promise.all([library(c).list({ query, page: wanted }), choosingOf(c)]);
  const pages = Math.max(1, Math.ceil(total / PHOTOS_PER_PAGE));
  return page(
    c,
    'Fotos',
    <LibraryPage photos={photos} total={total} query={query} page={Math.min(wanted, pages)} pages={pages} choosing={choosing} />,
  );
};

/** What a change everywhere did, from the redirect's query: numbers only, never text a link could put in the newsroom's mouth. */
function describedNotice(c: C): string | undefined {
  const count = (name: string) => (/^\d{1,6}$/.test(c.req.query(name) ?? '') ? Number(c.req.query(name)) : null);
  const changed = count('trocados');
  if (changed === null) return undefined;
  const moved = count('pendentes') ?? 0;
  const more = c.req.query('mais') === '1';
  return [
    `Texto da foto trocado na biblioteca e em ${changed} rascunho(s).`,
    moved > 0 ? `${moved} rascunho(s) foram salvos por outra pessoa ao mesmo tempo e ficaram como estavam: troque de novo.` : '',
    more ? 'Há mais rascunhos com esta foto: troque de novo para alcançá-los.' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

export const showPhoto = async (c: RouteContext<'photo'>) => {
  const photo = await library(c).get(c.req.param('name'));
  if (photo === null) return photoNotFound(c);
  const [used, choosing, figureAlt] = await Promise.all([
    whereUsed(c.env.DB, photo.name),
    choosingOf(c),
    // A live article's figure: its alt text is in the article's text.
    photo.article && !photo.alt ? liveFigureAlt(c.env, photo.article.slug, photo.name, currentTime()) : '',
  ]);
  // A photo stored before anyone wrote its credit (an upload sends only the alt text) offers what a draft using it as main image says.
  const main = used.uses.find((use) => use.main)?.draft.fields;
  const said = (value: unknown) => (typeof value === 'string' ? value : '');
  const offered = { ...photo, alt: photo.alt || figureAlt || said(main?.alt), credit: photo.credit || said(main?.credito) };
  return page(
    c,
    'Foto',
    <PhotoPage
      photo={offered}
      used={used}
      choosing={choosing}
      mayDescribe={canPublish(c.var.member)}
      notice={describedNotice(c)}
      xsrf={c.var.xsrf}
    />,
  );
};

/** An editor changes a photo's alt text and credit in the library and in every draft that uses it (describe-everywhere.ts). */
export const describePhoto = async (c: RouteContext<'photo'>) => {
  if (!canPublish(c.var.member)) return notAllowed(c, 'Só editores trocam o texto de uma foto em todos os rascunhos.');
  const photo = await library(c).get(c.req.param('name'));
  // A live article's own photo is changed by publishing the article again (the page says so).
  if (photo === null || photo.article !== null) return photoNotFound(c);
  const text = textOf(await postedForm(c), true);
  if ('problem' in text) return messagePage(c, 400, 'Foto não mudada', `Nada foi mudado: ${text.problem}.`);
  const done = await describeEverywhere(c.env.DB, photo.name, text.alt, text.credit, c.var.member.email, currentTime());
  const query = {
    trocados: String(done.changed),
    ...(done.moved ? { pendentes: String(done.moved) } : {}),
    ...(done.more ? { mais: '1' } : {}),
  };
  return c.redirect(PATHS.photo(photo.name, query), 303);
};

/**
 * Puts a library photo in the draft: as its main image (with the alt text and
 * credit chosen for this use) or at the end of its text. Checked like an
 * upload of that use (a main image must be large enough), claimed from the
 * gc's waiting list first, then saved as the draft's next version with a
 * compare-and-set on the version just read.
 */
export const putFromLibrary = async (c: RouteContext<'fromLibrary'>) => {
  const draft = await draftOf(c);
  if (draft === null) return notFound(c);
  if (!mayEdit(c, draft)) return notAllowed(c, 'Colaboradores põem fotos só nos próprios rascunhos.');
  const form = await postedForm(c);
  const kind = form?.get(PHOTO_FORM.kind);
  if (!isImageKind(kind)) return messagePage(c, 400, 'Foto não usada', 'O pedido não disse se a foto é a imagem principal ou do texto.');
  const text = textOf(form, kind === 'principal');
  if ('problem' in text) return messagePage(c, 400, 'Foto não usada', `O rascunho não mudou: ${text.problem}.`);
  const photo = await claimed(c, form?.get(PHOTO_FORM.image) ?? '', text.alt);
  const bytes = photo === null ? null : await getMedia(c.env.MEDIA, photo.name);
  if (photo === null || bytes === null) return photoNotFound(c);
  const problems = storedProblems(kind, sniffPicture(bytes));
  if (problems.length > 0) {
    const said = problems.map((problem) => `${problem.message}; ${problem.fix}`).join('; ');
    return messagePage(
      c,
      400,
      'Foto não usada',
      `Esta foto não serve ${kind === 'principal' ? 'de imagem principal' : 'para o texto'}: ${said}.`,
    );
  }
  const content: DraftContent =
    kind === 'principal'
      ? { fields: withMainImage(draft.fields, photo.name, text), body: draft.body }
      : {
          fields: draft.fields,
          body: `${draft.body.trimEnd()}${draft.body.trim() ? '\n\n' : ''}${figureMarkdown(text.alt, photo.name)}\n`,
        };
  const result = await new DraftsStore(c.env.DB).save(draft.id, draft.version, content, c.var.member.email, currentTime());
  if (!result.saved)
    return messagePage(c, 409, 'Foto não usada', 'Alguém salvou este rascunho neste instante: volte ao rascunho e escolha a foto de novo.');
  return c.redirect(`${PATHS.draft(draft.id)}?salvo`, 303);
};

/**
 * The library photo, claimed for a new use (LibraryStore.claim); a live
 * article's photo (its main image or a figure) is first copied into the newsroom's bucket, as "Editar"
 * copies a live article's images, and joins the library under its stored name.
 */
async function claimed(c: C, name: string, alt: string): Promise<Photo | null> {
  if (isStoredImage(name)) return library(c).claim(name);
  const photo = await library(c).get(name);
  if (photo === null) return null;
  // From where the site reads it now: KV, or the bundle while KV was never published to.
  const { source } = await openLiveIndex(c.env, currentTime());
  const stored = await copyPublishedImage(c.env, source, photo.name);
  if (stored === null) return null;
  // A figure comes without alt text (its article's text holds it): the library keeps the one written for this use.
  await library(c).add({ name: stored, alt: photo.alt || alt, credit: photo.credit, by: c.var.member.email, now: currentTime() });
  return library(c).claim(stored);
}

function withMainImage(fields: DraftContent['fields'], name: string, text: { alt: string; credit: string }): DraftContent['fields'] {
  const next = { ...fields, [IMAGE_FIELD]: name, alt: text.alt };
  if (text.credit) next.credito = text.credit;
  else delete next.credito;
  return next;
}
