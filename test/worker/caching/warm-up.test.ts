import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { app } from '#src/app.ts';
import { serverErrorRoute } from '#src/routes/status.tsx';
import type { AppEnv } from '#src/site/app-env.ts';
import { warmUp } from '#src/warm-up.ts';
import { bundledNews, fetchPath, textOf } from '../helpers';

afterEach(() => vi.restoreAllMocks());

/** Lets the warm-up's promise chains (no I/O: microtasks and in-memory reads) run out. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('start-up warm-up', () => {
  it('runs each kind of page through the app with made-up content', async () => {
    const seen: string[] = [];
    const probe = new Hono<AppEnv>();
    probe.use(async (c, next) => {
      seen.push(`${c.req.path} ${c.env.WARM_UP === true}`);
      await next();
    });
    probe.route('/', app);
    warmUp(probe);
    await settle();
    expect(seen).toEqual(expect.arrayContaining(['/ true', '/noticia/aquecimento true', '/sobre true']));
    expect(seen).toHaveLength(12); // three rounds of three pages, then three more articles
  });

  it('renders every page in full with the clock stopped at the epoch, as start-up runs', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(0);
    const logged = [vi.spyOn(console, 'log'), vi.spyOn(console, 'warn'), vi.spyOn(console, 'error')];
    const served: string[] = [];
    let article = '';
    const probe = new Hono<AppEnv>();
    probe.use(async (c, next) => {
      await next();
      const html = await c.res.clone().text();
      served.push(`${c.req.path} ${c.res.status} ${html.includes('aquecimento')}`);
      if (c.req.path === '/noticia/aquecimento') article = html;
    });
    probe.route('/', app);
    warmUp(probe);
    await settle();
    vi.useRealTimers();
    // An article dated after "now" would be scheduled: a 404 page, and an empty home, would warm far less code.
    expect(served.slice(0, 3)).toEqual(['/ 200 true', '/noticia/aquecimento 200 true', '/sobre 200 false']);
    expect(served.filter((line) => !line.includes(' 200 '))).toEqual([]);
    // The made-up body takes the sanitizer's paths a real one does: a figure with its variants, a table, a video facade.
    expect(article).toContain('srcset="/thumbnails/aquecimento-figura-0000000000-480w.webp 480w');
    expect(article).toContain('<th scope="row">Demolição</th>');
    expect(article).toContain('class="video-facade"');
    expect(article).toContain('href="/autor/autora-de-exemplo"');
    expect(article).toContain('class="article-subtitle"');
    // Every made-up field is valid: no field dropped, nothing logged.
    for (const spy of logged) expect(spy).not.toHaveBeenCalled();
  });

  it('leaves nothing behind: the next real request reads the real index', async () => {
    warmUp(app);
    await settle();
    const html = await textOf(await fetchPath('/'));
    expect(html).not.toContain('Aquecimento');
    for (const item of (await bundledNews()).slice(0, 3)) expect(html).toContain(`href="/noticia/${item.slug}"`);
  });

  it('fails silently where start-up forbids a step, while a real request that fails is logged', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = new Hono<AppEnv>();
    failing.get('*', () => {
      throw new Error('start-up forbids this');
    });
    failing.onError(serverErrorRoute);
    warmUp(failing);
    await settle();
    expect(errors).not.toHaveBeenCalled();

    await failing.request('/sobre');
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('"event":"unhandled_error"'));
  });
});
