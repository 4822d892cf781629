import type { Context } from 'hono';
import { createFactory } from 'hono/factory';
import { signingAuthor } from '../content/content';
import { getPublishedSince } from '../content/recent-articles';
import { updatedIso } from '../content/schema/updated';
import { FEED_SIZE, rssXml } from '../seo/rss';
import { NEWS_SITEMAP_MAX_URLS, NEWS_SITEMAP_WINDOW_MS, newsSitemapXml, robotsTxt, sitemapIndexXml, sitemapXml } from '../seo/sitemap';
import type { ROUTES } from '../seo/urls';
import type { AppEnv } from '../site/app-env';

const XML = { 'Content-Type': 'application/xml; charset=utf-8' };
const factory = createFactory<AppEnv>();

async function sitemapPart(c: Context<AppEnv>, n: number) {
  const { content } = c.var;
  const articles = await content.sitemapPart(n);
  const [newest] = n === 0 ? await content.newest(0, 1) : [];
  // The first file also names every author's and theme's page the index has (a few hundred at most).
  const lists = n === 0 ? (await content.listsWithPages()).map((name) => `/${name}`) : [];
  return c.body(sitemapXml(c.var.site, articles, n === 0 ? { newest: newest && updatedIso(newest.data) } : null, lists), 200, XML);
}

/**
 * Built from the same index as the pages, so a published article shows in all
 * of them. One file while the archive fits in one part; beyond that, an index
 * of parts (`/sitemaps/N.xml`), each one small read.
 */
export const sitemapRoute = factory.createHandlers(async function serveSitemap(c) {
  const parts = await c.var.content.sitemapParts();
  if (parts <= 1) return sitemapPart(c, 0);
  return c.body(sitemapIndexXml(c.var.site, parts), 200, XML);
});

export const sitemapPartRoute = createFactory<AppEnv, typeof ROUTES.sitemapPart>().createHandlers(async function serveSitemapPart(c) {
  const match = /^(0|[1-9]\d{0,4})\.xml$/.exec(c.req.param('file'));
  const parts = await c.var.content.sitemapParts();
  const n = match ? Number(match[1]) : NaN;
  if (!(n < parts) || parts <= 1) return c.notFound();
  return sitemapPart(c, n);
});

/**
 * The news sitemap changes with every publish and drops articles as they turn
 * two days old: kept a minute at the edge and in browsers (the other sitemaps'
 * two minutes and day of stale-while-revalidate are too long for it).
 */
const NEWS_SITEMAP_CACHE_CONTROL = 'public, max-age=60, s-maxage=60, stale-while-revalidate=60';

/** `/sitemap-news.xml`: the articles of the last 48 hours, newest first (Google News). */
export const newsSitemapRoute = factory.createHandlers(async function serveNewsSitemap(c) {
  const { content } = c.var;
  const articles = await getPublishedSince(content, content.now - NEWS_SITEMAP_WINDOW_MS, NEWS_SITEMAP_MAX_URLS);
  return c.body(newsSitemapXml(c.var.site, articles), 200, { ...XML, 'Cache-Control': NEWS_SITEMAP_CACHE_CONTROL });
});

export const feedRoute = factory.createHandlers(async function serveFeed(c) {
  const { site, content } = c.var;
  const items = await content.newest(0, FEED_SIZE);
  const fallback = { nome: site.editor.name, cargo: site.editor.role };
  // One registry read for the whole feed: per item, each would start its own before the first is kept.
  const authors = await content.authors();
  const creators = items.map((item) => signingAuthor(authors, item, fallback).nome);
  return c.body(rssXml(site, items, creators), 200, { 'Content-Type': 'application/rss+xml; charset=utf-8' });
});

export const robotsRoute = factory.createHandlers(function serveRobots(c) {
  return c.text(robotsTxt(c.var.site));
});
