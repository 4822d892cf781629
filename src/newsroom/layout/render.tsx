import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { type ApiAnswer, isApiPath } from '../api/wire';
import type { NewsroomEnv } from '../team/newsroom-env';
import type { Member } from '../team/roles';
import { Layout } from './Layout';
import { MessagePage } from './MessagePage';

/** A newsroom page in its own layout (never the reader's), rendered to a string like the site's pages. */
export function page(c: Context<NewsroomEnv>, title: string, content: ReactNode, status: ContentfulStatusCode = 200): Response {
  const member = c.get('member') as Member | undefined;
  const html = renderToString(
    <Layout title={title} member={member}>
      {content}
    </Layout>,
  );
  return c.html(`<!doctype html>${html}`, status);
}

/**
 * A refusal or an error as a page: its title, and one paragraph saying what to
 * do. On the command line's API (api/wire.ts) the same words as its JSON
 * answer, which the command prints.
 */
export function messagePage(c: Context<NewsroomEnv>, status: ContentfulStatusCode, title: string, message: string): Response {
  if (isApiPath(c.req.path)) return c.json({ ok: false, message: `${title}. ${message}`, lines: [] } satisfies ApiAnswer, status);
  return page(
    c,
    title,
    <MessagePage title={title} back={c.get('member') !== undefined}>
      <p>{message}</p>
    </MessagePage>,
    status,
  );
}

/** Whether the request asks for JSON (the autosave) rather than a page (a form posted without JavaScript). */
export const wantsJson = (c: Context) => c.req.header('Accept')?.includes('application/json') === true;
