import { currentTime } from './lib/clock';
import { describeError, log } from './lib/log';
import { collectMedia } from './newsroom/library/media-gc';

/**
 * The worker's cron (wrangler.toml, `[triggers]`): the newsroom's gc of R2
 * (decision 052), so an image nothing uses leaves the bucket after its grace
 * period even on days nobody runs `npm run content:gc`. A deployment without
 * the newsroom's bindings has nothing to collect.
 */
export async function scheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
  if (!env.DB || !env.MEDIA) return;
  ctx.waitUntil(
    collectMedia(env, currentTime()).then(
      (done) =>
        log('info', 'media_gc', { found: done.found, deleted: done.deleted.length, waiting: done.waiting, complete: done.complete }),
      (error: unknown) => log('error', 'media_gc_failed', describeError(error)),
    ),
  );
}
