import type { Context } from 'hono';

/**
 * A change to the site that runs to its end even when the person who asked
 * leaves: the tab closed, the command stopped with Ctrl-C. The runtime may
 * cancel a request whose client went away, and a run cut between taking the
 * publish lock and releasing it would leave the lock held until it expires
 * (minutes in which every other publish waits, then is refused). The work is
 * handed to `waitUntil`, which the runtime lets finish after the client
 * left; the request still waits for it, to answer.
 *
 * @example const done = await finishEvenIfLeft(c, publishArticles(c.env, run, who, request, detail));
 */
export function finishEvenIfLeft<T>(c: Context, work: Promise<T>): Promise<T> {
  let ctx: Pick<ExecutionContext, 'waitUntil'> | undefined;
  try {
    ctx = c.executionCtx;
  } catch {
    // No execution context (a test calling the app directly): nothing can cancel the request then either.
  }
  // Its failure reaches the request, which answers it; this copy only keeps the run alive.
  ctx?.waitUntil(work.catch(() => {}));
  return work;
}
