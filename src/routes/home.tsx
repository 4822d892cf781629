import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { getNewsList } from '../content/store';
import { HomePage } from '../pages/HomePage';
import { organization, website } from '../seo/structured-data';

export async function homeRoute(c: Context<AppEnv>) {
  const { items } = await getNewsList(c.env);
  const { site } = c.var;
  return c.render(<HomePage items={items} siteName={site.name} ads={site.ads} />, {
    description: site.tagline,
    jsonLd: [organization(site), website(site)],
  });
}
