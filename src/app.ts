import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { cachePolicy } from './middleware/cache-policy';
import { contentAccess } from './middleware/content';
import { edgeCache } from './middleware/edge-cache';
import { memoryCache } from './middleware/memory-cache';
import { methodGuard } from './middleware/method-guard';
import { oldAddresses } from './middleware/old-addresses';
import { rejectMalformedPath } from './middleware/reject-malformed-path';
import { securityHeaders } from './middleware/security-headers';
import { siteSettings } from './middleware/site-settings';
import { redirectTrailingSlash } from './middleware/trailing-slash';
import { newsroomApp } from './newsroom/app';
import { NEWSROOM_PREFIX, SHARED_PREVIEW_PREFIX } from './newsroom/paths';
import { sharedPreviewMediaRoute, sharedPreviewRoute } from './newsroom/preview/shared-preview';
import { institutionalPages } from './pages/institutional/table';
import { reactRenderer } from './render/renderer';
import { articleRoute } from './routes/article';
import { authorRoute, themeRoute } from './routes/collections';
import { feedRoute, newsSitemapRoute, robotsRoute, sitemapPartRoute, sitemapRoute } from './routes/feeds';
import { homeRoute, postsPageRoute } from './routes/home';
import { institutionalRoute } from './routes/institutional';
import { purchaseCostsRoute } from './routes/purchase-costs';
import { rentOrBuyRoute } from './routes/rent-or-buy';
import { openSearchRoute, searchRoute } from './routes/search';
import { simulatorRoute } from './routes/simulator';
import { badRequestRoute, methodNotAllowedRoute, notFoundRoute, serverErrorRoute } from './routes/status';
import { thumbnailRoute } from './routes/thumbnail';
import { ROUTES } from './seo/urls';
import type { AppEnv } from './site/app-env';

/**
 * The whole worker at a glance. Static files (client bundle, bundled
 * thumbnails) never reach it: Workers Static Assets serves them first (wrangler.toml).
 */
export const app = new Hono<AppEnv>();

// Middleware, outermost first.
app.use(securityHeaders()); // every response, errors and 304s included
app.use(oldAddresses()); // an old WordPress address: 301 to its page, before the caches and instead of a 404
app.use(etag()); // 304 on If-None-Match; pages come tagged by the renderer, others are hashed here
app.use(memoryCache()); // pages this isolate rendered, in memory for as long as the edge keeps them
app.use(edgeCache()); // rendered pages in the Cache API, keyed by path: a hit skips everything below
app.use(reactRenderer()); // c.render(<Page />, head) → whole document
app.use(siteSettings()); // validated vars as c.var.site
app.use(methodGuard(methodNotAllowedRoute)); // read-only: GET and HEAD, else 405 (POST too, under /redacao alone)
app.use(rejectMalformedPath(badRequestRoute)); // bad encoding, traversal → 400
app.use(redirectTrailingSlash()); // /sobre/ → 301 /sobre, Location a path (never the Host header)
app.use(cachePolicy()); // Cache-Control on pages, before the edge cache stores them
app.use(contentAccess()); // the request's articles as c.var.content, read at one instant

// Pages. The URL patterns are in src/seo/urls.ts, beside the functions that build each URL.
app.get(ROUTES.home, ...homeRoute);
app.get(ROUTES.postsPage, ...postsPageRoute);
app.get(ROUTES.article, ...articleRoute);
app.get(ROUTES.author, ...authorRoute);
app.get(ROUTES.authorPage, ...authorRoute);
app.get(ROUTES.theme, ...themeRoute);
app.get(ROUTES.themePage, ...themeRoute);
for (const page of institutionalPages) app.get(page.path, ...institutionalRoute(page)); // their table: src/pages/institutional/table.ts
app.get(ROUTES.thumbnail, ...thumbnailRoute); // images published to KV
app.get(ROUTES.search, ...searchRoute); // the only route that reads D1 (src/search/)
app.get(ROUTES.simulator, ...simulatorRoute); // the financing simulator: a GET form, computed here (src/finance/)
app.get(ROUTES.rentOrBuy, ...rentOrBuyRoute); // rent or buy: a GET form, the same way
app.get(ROUTES.purchaseCosts, ...purchaseCostsRoute); // the costs of buying: a GET form, the same way

// For search engines and feed readers.
app.get(ROUTES.sitemap, ...sitemapRoute);
app.get(ROUTES.sitemapPart, ...sitemapPartRoute); // parts, once the archive needs more than one
app.get(ROUTES.newsSitemap, ...newsSitemapRoute); // Google News: the last 48 hours
app.get(ROUTES.robots, ...robotsRoute);
app.get(ROUTES.feed, ...feedRoute);
app.get(ROUTES.openSearch, ...openSearchRoute); // the browser's search box

// The newsroom (src/newsroom/): behind Cloudflare Access, its own pages, headers and script; a 404 where it is not configured.
app.route(NEWSROOM_PREFIX, newsroomApp());
// A draft's preview shared by a signed link (src/newsroom/preview/shared-preview.tsx): outside Access, read only, never cached.
app.get(`${SHARED_PREVIEW_PREFIX}/:token`, ...sharedPreviewRoute);
app.get(`${SHARED_PREVIEW_PREFIX}/:token/midia/:file`, ...sharedPreviewMediaRoute);

app.notFound(notFoundRoute);
app.onError(serverErrorRoute);
