import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { SITE_VAR_NAMES, type SiteConfig, siteConfig } from '../config';

/** Validates the worker's vars once per isolate and exposes them as `c.var.site`. */
export function siteSettings() {
  let cached: { key: string; site: SiteConfig } | undefined;
  return createMiddleware<AppEnv>(async function setSiteSettings(c, next) {
    const key = JSON.stringify(c.env, SITE_VAR_NAMES);
    if (cached?.key !== key) cached = { key, site: siteConfig(c.env) };
    c.set('site', cached.site);
    await next();
  });
}
