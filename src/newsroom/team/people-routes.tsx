import type { Context, Next } from 'hono';
import { isValidSlug } from '#src/content/schema/format.ts';
import { currentTime } from '#src/lib/clock.ts';
import { isServiceTokenId } from '../auth/access-token';
import { authorChoices } from '../authors/author-choices';
import { postedForm } from '../http/posted-form';
import { messagePage, page } from '../layout/render';
import { PATHS } from '../paths';
import type { NewsroomEnv, RouteContext } from './newsroom-env';
import { PeoplePage } from './PeoplePage';
import { PeopleStore } from './people-store';
import { canManagePeople, isRole } from './roles';
import { isEmailAddress } from './settings';

type C = Context<NewsroomEnv>;

const people = (c: C) => new PeopleStore(c.env.DB, c.var.newsroom.chief);

/** What the page says after a change (the query of the redirect). */
const NOTICES: Record<string, string> = {
  salvo: 'Alteração salva.',
  removido: 'Pessoa removida da redação.',
};

const text = (form: URLSearchParams | null, name: string) => form?.get(name)?.trim() ?? '';

const refused = (c: C, message: string) => messagePage(c, 400, 'Nada foi alterado', message);

/** The people page and its changes: an editor-in-chief's only. */

// Matches /equipe itself too.
export const chiefsOnly = async (c: C, next: Next) => {
  if (!canManagePeople(c.var.member)) {
    return messagePage(c, 403, 'Sem permissão', 'Só um editor-chefe adiciona, altera ou remove pessoas da redação.');
  }
  await next();
};

export const showPeople = async (c: RouteContext<'people'>) => {
  const [list, authors] = await Promise.all([people(c).list(), authorChoices(c)]);
  const notice = NOTICES[c.req.query('feito') ?? ''];
  const store = people(c);
  return page(
    c,
    'Equipe',
    <PeoplePage people={list} authors={authors} xsrf={c.var.xsrf} isConfiguredChief={store.isConfiguredChief} notice={notice} />,
  );
};

export const savePerson = async (c: RouteContext<'people'>) => {
  const form = await postedForm(c);
  const email = text(form, 'email').toLowerCase();
  const role = text(form, 'papel');
  const author = text(form, 'autor');
  if (!isEmailAddress(email) && !isServiceTokenId(email))
    return refused(
      c,
      `"${email}" não é um e-mail nem o Client ID de um token de serviço: escreva o e-mail com que a pessoa entra na redação, p. ex. ana@casaempauta.com.br (para o comando de publicação, o Client ID, que termina em .access).`,
    );
  if (!isRole(role)) return refused(c, 'Escolha um papel: colaborador(a), editor(a) ou editor(a)-chefe.');
  const authors = await authorChoices(c);
  // While the registry cannot be read, any well-formed slug is kept (the form offered none to choose from).
  const known = authors.length === 0 ? isValidSlug(author) : authors.some((choice) => choice.slug === author);
  if (author !== '' && !known) return refused(c, 'Escolha na lista o autor que assina os artigos da pessoa, ou "Nenhum".');
  const store = people(c);
  const kept = store.isConfiguredChief(email) ? 'chefe' : role;
  await store.put(email, kept, author === '' ? null : author, c.var.member.email, currentTime());
  return c.redirect(`${PATHS.people}?feito=salvo`, 303);
};

export const removePerson = async (c: RouteContext<'removePerson'>) => {
  const email = text(await postedForm(c), 'email').toLowerCase();
  const store = people(c);
  if (store.isConfiguredChief(email)) {
    return refused(c, `${email} é o editor-chefe definido na configuração do site e não pode ser removido por esta página.`);
  }
  await store.remove(email);
  return c.redirect(`${PATHS.people}?feito=removido`, 303);
};
