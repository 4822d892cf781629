import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { getNewsList } from '../content/store';
import { rssXml } from '../seo/rss';
import { robotsTxt, sitemapXml } from '../seo/sitemap';

/** Built from the same store as the pages, so a published article shows in all of them. */
export async function sitemapRoute(c: Context<AppEnv>) {
  const { items } = await getNewsList(c.env);
  return c.body(sitemapXml(c.var.site, items), 200, { 'Content-Type': 'application/xml; charset=utf-8' });
}

export async function feedRoute(c: Context<AppEnv>) {
  const { items } = await getNewsList(c.env);
  return c.body(rssXml(c.var.site, items), 200, { 'Content-Type': 'application/rss+xml; charset=utf-8' });
}

export function robotsRoute(c: Context<AppEnv>) {
  return c.text(robotsTxt(c.var.site));
}
