import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../site/app-env';
import { SITE_VAR_NAMES, type SiteConfig, siteConfig } from '../site/config';

type SiteVarValues = Partial<Record<(typeof SITE_VAR_NAMES)[number], unknown>>;

/**
 * Validates the worker's vars once per isolate and exposes them as `c.var.site`.
 * Each request compares the few vars with the ones validated (tests pass other
 * envs): six comparisons, where a serialized key cost a string per request.
 */
export function siteSettings() {
  let cached: { vars: SiteVarValues; site: SiteConfig } | undefined;
  return createMiddleware<AppEnv>(async function setSiteSettings(c, next) {
    const env = c.env as SiteVarValues;
    if (cached === undefined || SITE_VAR_NAMES.some((name) => env[name] !== cached!.vars[name])) {
      const vars = Object.fromEntries(SITE_VAR_NAMES.map((name) => [name, env[name]])) as SiteVarValues;
      cached = { vars, site: siteConfig(c.env) };
    }
    c.set('site', cached.site);
    await next();
  });
}
