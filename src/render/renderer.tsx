import { createMiddleware } from 'hono/factory';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Document } from '../components/layout/Document';
import type { PageHead } from '../components/layout/page-head';
import type { AppEnv } from '../site/app-env';
import { htmlResponse } from './html-response';

declare module 'hono' {
  // Hono's renderer type is extended by interface merging, which a type alias cannot do.
  interface ContextRenderer {
    // biome-ignore lint/style/useShorthandFunctionType: see above
    (content: ReactNode, head: PageHead): Promise<Response>;
  }
}

/**
 * Registers the layout once: routes call `c.render(<Page />, head)` and get the
 * whole document, rendered to a string (faster than streaming for pages this
 * size, and the ETag needs the whole body anyway). Rendering stays synchronous,
 * so a page that fails to render throws to its caller (the 500 page falls back
 * to plain HTML on that).
 */
export function reactRenderer() {
  return createMiddleware<AppEnv>(async function setReactRenderer(c, next) {
    c.setRenderer(function renderDocument(content, head) {
      // Unset only when the site settings failed: the error page falls back to plain HTML.
      if (!c.var.site) throw new Error('site settings are not available');
      const markup = renderToString(
        <Document site={c.var.site} head={head} path={c.req.path}>
          {content}
        </Document>,
      );
      return htmlResponse(c, `<!doctype html>${markup}`);
    });
    await next();
  });
}
