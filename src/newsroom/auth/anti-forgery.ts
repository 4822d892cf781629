import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { csrf } from 'hono/csrf';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { postedForm } from '../http/posted-form';
import { messagePage } from '../layout/render';
import { NEWSROOM_PREFIX } from '../paths';
import { FORM, XSRF_COOKIE, XSRF_HEADER } from '../shared/names';
import type { NewsroomEnv } from '../team/newsroom-env';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** The newsroom posts forms only: Hono's same-origin check judges exactly these (a JSON POST would skip it). */
const FORM_TYPE = /^(?:application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** Equal strings, compared in time that does not depend on where they differ. */
function sameToken(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** Whether Hono's csrf check lets the request through (it throws a 403 otherwise). */
async function isSameOrigin(check: ReturnType<typeof csrf>, c: Context<NewsroomEnv>): Promise<boolean> {
  let passed = false;
  try {
    await check(c, async () => {
      passed = true;
    });
  } catch (error) {
    if (!(error instanceof HTTPException)) throw error;
  }
  return passed;
}

/** The token a POST carries: the header (the autosave), else the form's hidden field. */
async function sentToken(c: Context<NewsroomEnv>): Promise<string | undefined> {
  return c.req.header(XSRF_HEADER) ?? (await postedForm(c))?.get(FORM.xsrf) ?? undefined;
}

/**
 * Every newsroom response carries the XSRF-TOKEN cookie (set when missing:
 * random, path /redacao, SameSite=Strict); every POST must send the same
 * token back and pass Hono's csrf same-origin check (Origin or
 * Sec-Fetch-Site). A page of another site can do neither: it cannot read
 * the cookie, and its browser names its origin.
 */
export function antiForgery() {
  const sameOrigin = csrf();
  return createMiddleware<NewsroomEnv>(async function checkAntiForgery(c, next) {
    const cookie = getCookie(c, XSRF_COOKIE);
    const known = cookie !== undefined && TOKEN.test(cookie) ? cookie : undefined;
    if (c.req.method === 'POST') {
      const refused = (reason: string) =>
        messagePage(c, 403, 'Pedido recusado', `${reason} Recarregue a página da redação e tente de novo: nada do que estava salvo mudou.`);
      if (!FORM_TYPE.test(c.req.header('Content-Type') ?? '')) return refused('O pedido não veio de um formulário da redação.');
      if (!(await isSameOrigin(sameOrigin, c))) return refused('O pedido veio de outro site.');
      const sent = await sentToken(c);
      if (known === undefined || sent === undefined || !sameToken(sent, known)) {
        return refused('O pedido não trouxe o código de segurança desta sessão (a página pode ter ficado aberta de uma sessão anterior).');
      }
    }
    const token = known ?? newToken();
    if (known === undefined) {
      const secure = new URL(c.req.url).protocol === 'https:';
      setCookie(c, XSRF_COOKIE, token, { path: NEWSROOM_PREFIX, sameSite: 'Strict', secure, httpOnly: false });
    }
    c.set('xsrf', token);
    await next();
  });
}
