import { createFactory } from 'hono/factory';
import { renderCards } from '../components/cards/render-cards';
import { paginate } from '../lib/pagination';
import { HomePage, PostsPage } from '../pages/HomePage';
import { organization, website } from '../seo/structured-data';
import { pagePath, type ROUTES } from '../seo/urls';
import type { AppEnv } from '../site/app-env';

export const homeRoute = createFactory<AppEnv>().createHandlers(async function renderHome(c) {
  const { site, content } = c.var;
  const pagination = paginate(await content.count(), 1)!;
  const [items, featured] = await Promise.all([content.newest(pagination.start, pagination.end), content.featured()]);
  return c.render(
    <HomePage cards={renderCards(items, 'below')} pagination={pagination} siteName={site.name} ads={site.ads} featured={featured} />,
    {
      description: site.tagline,
      jsonLd: [organization(site), website(site)],
      stylesheet: 'home',
    },
  );
});

/** `/pagina/:page`: later pages of the grid. Page 1 lives at `/`, and its number redirects there. */
export const postsPageRoute = createFactory<AppEnv, typeof ROUTES.postsPage>().createHandlers(async function renderPostsPage(c) {
  const raw = c.req.param('page');
  if (raw === '1') return c.redirect(pagePath(1), 301);
  const page = /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : NaN;
  const { site, content } = c.var;
  const pagination = paginate(await content.count(), page);
  if (!pagination) return c.notFound();
  const items = await content.newest(pagination.start, pagination.end);
  return c.render(<PostsPage cards={renderCards(items, 'top')} pagination={pagination} ads={site.ads} />, {
    title: `Postagens, página ${page}`,
    description: `Notícias do ${site.name}, página ${page} de ${pagination.pageCount}: as publicações mais antigas.`,
  });
});
