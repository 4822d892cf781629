import type { Content } from '../content/content';
import type { SiteConfig } from './config';

/** Hono's type parameters for this app: the worker's bindings and per-request values. */
export interface AppEnv {
  Bindings: Env & {
    /**
     * Carried only by the made-up env of the start-up warm-up (src/warm-up.ts),
     * never by a deployment's: start-up cannot create a Response, so its
     * requests fail at their very end, and the error handler lets them fail unlogged.
     */
    WARM_UP?: true;
  };
  Variables: { site: SiteConfig; content: Content };
}
