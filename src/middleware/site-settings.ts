import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { SITE_VAR_NAMES, type SiteConfig, siteConfig } from '../config';

/** Validates the worker's vars once per isolate and exposes them as `c.var.site`. */
export function siteSettings(): MiddlewareHandler<AppEnv> {
  let cached: { key: string; site: SiteConfig } | undefined;
  return async (c, next) => {
    const key = JSON.stringify(c.env, SITE_VAR_NAMES);
    if (cached?.key !== key) cached = { key, site: siteConfig(c.env) };
    c.set('site', cached.site);
    await next();
  };
}
