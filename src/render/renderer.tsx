import type { MiddlewareHandler } from 'hono';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { AppEnv } from '../app-env';
import { Document } from '../components/Document';
import type { PageHead } from './page-head';

declare module 'hono' {
  interface ContextRenderer {
    (content: ReactNode, head: PageHead): Response;
  }
}

/**
 * Registers the layout once: routes call `c.render(<Page />, head)` and get the
 * whole document, rendered to a string (faster than streaming for pages this
 * size, and the ETag needs the whole body anyway).
 */
export function reactRenderer(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.setRenderer((content, head) => {
      // Unset only when the site settings failed: the error page falls back to plain HTML.
      if (!c.var.site) throw new Error('site settings are not available');
      const markup = renderToString(
        <Document site={c.var.site} head={head} path={c.req.path}>
          {content}
        </Document>,
      );
      return c.html(`<!doctype html>${markup}`);
    });
    await next();
  };
}
