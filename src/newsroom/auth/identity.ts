import { createMiddleware } from 'hono/factory';
import { messagePage } from '../layout/render';
import type { NewsroomEnv } from '../team/newsroom-env';
import { PeopleStore } from '../team/people-store';
import { newsroomSettings } from '../team/settings';
import { ACCESS_JWT_HEADER, isServiceTokenId, verifiedIdentity } from './access-token';

/**
 * Serves the newsroom only where it exists: on a deployment without Access
 * configured (and not a local run with a development editor: settings.ts),
 * every newsroom path is the site's own 404 page (the app's not-found
 * handler), whatever the request carries.
 */
export function newsroomGate() {
  return createMiddleware<NewsroomEnv>(async function gateNewsroom(c, next) {
    const settings = newsroomSettings(c.env, c.req.url);
    if (settings === null) return c.notFound();
    c.set('newsroom', settings);
    await next();
  });
}

/**
 * Who is asking, checked on every newsroom request, never taken from the
 * path: the Access token's e-mail or service token's Client ID (or the
 * development editor), then their
 * row in the people table (or the configured editor-in-chief). Anyone else
 * is refused before any route runs.
 */
export function requireMember() {
  return createMiddleware<NewsroomEnv>(async function identifyMember(c, next) {
    const settings = c.var.newsroom;
    const token = c.req.header(ACCESS_JWT_HEADER);
    const email =
      settings.identity === 'development' ? settings.email : token === undefined ? null : await verifiedIdentity(token, settings.access);
    if (email === null) {
      return messagePage(
        c,
        403,
        'Acesso restrito',
        'A redação abre só para quem entra pelo login da equipe (Cloudflare Access). Abra de novo o endereço da redação e entre com o seu e-mail; se o problema continuar, fale com o editor-chefe.',
      );
    }
    const member = await new PeopleStore(c.env.DB, settings.chief).member(email);
    if (member === null) {
      return messagePage(
        c,
        403,
        'Você ainda não faz parte da redação',
        isServiceTokenId(email)
          ? `O token de serviço ${email} entrou pelo login da equipe, mas o Client ID dele não está na lista de pessoas da redação. Peça a um editor-chefe que o adicione em "Equipe".`
          : `O e-mail ${email} entrou pelo login da equipe, mas não está na lista de pessoas da redação. Peça a um editor-chefe que o adicione em "Equipe".`,
      );
    }
    c.set('member', member);
    await next();
  });
}
