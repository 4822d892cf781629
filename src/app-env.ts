import type { SiteConfig } from './config';

/** Hono's type parameters for this app: the worker's bindings and per-request values. */
export interface AppEnv {
  Bindings: Env;
  Variables: { site: SiteConfig };
}
