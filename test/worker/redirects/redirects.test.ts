import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS, type ApiAnswer, PUBLISH_PARTS } from '#src/newsroom/api/wire.ts';
import { PATHS } from '#src/newsroom/paths.ts';
import { oldAddressKey } from '#src/redirects/old-address.ts';
import { putRedirects } from '#src/redirects/redirects-store.ts';
import { clearKv, countingKv, fetchPath, fetchWithEnv } from '../helpers';
import { accessToken, addPerson, CHIEF, newsroomRequest, serveTeamKeys } from '../newsroom/newsroom-helpers';

/**
 * An old WordPress address answers 301 to its page here, before the 404
 * page; the newsroom lists the redirects and an editor removes one.
 */

const store = (list: { from: string; to: string }[]) => putRedirects(env, list, { origin: 'wordpress', by: CHIEF, now: Date.now() });
const reset = () => env.DB.exec('DELETE FROM redirects; DELETE FROM newsroom_people;');
// The team's keys, served for this file's tests; the chief's token signed with them.
const keys = await serveTeamKeys();
const chief = await accessToken(keys, CHIEF);
let warn: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
  await reset();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  error = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(async () => {
  await clearKv();
  await reset();
  // Only the console's: the team's keys stay served (serveTeamKeys) for the newsroom's tests below.
  warn.mockRestore();
  error.mockRestore();
});

const manual = { redirect: 'manual' } as const;
const locationOf = async (path: string) => {
  const response = await fetchPath(path, manual);
  return { status: response.status, location: response.headers.get('Location'), cache: response.headers.get('Cache-Control') };
};

describe('old addresses on the reader’s side', () => {
  it('answer 301 to their page: a permalink with or without its slash, in any case or encoding, in one hop; a doubled first slash is a path', async () => {
    await store([{ from: 'https://antigo.example.com/2019/05/casa-de-praia-em-são-paulo/', to: '/noticia/casa-de-praia' }]);
    for (const path of [
      '/2019/05/casa-de-praia-em-s%C3%A3o-paulo/',
      '/2019/05/casa-de-praia-em-s%C3%A3o-paulo',
      '/2019/05/Casa-De-Praia-em-S%C3%A3o-Paulo/',
    ]) {
      expect(await locationOf(path), path).toEqual({ status: 301, location: '/noticia/casa-de-praia', cache: 'public, max-age=3600' });
    }
  });

  it('answer /?p=<id> before the cached home page, ?s= with a search, the feeds with the feed, any size of an upload with the image', async () => {
    await store([
      { from: '/?p=123', to: '/noticia/casa-de-praia' },
      { from: 'https://antigo.example.com/wp-content/uploads/2019/05/fachada.jpg', to: '/thumbnails/casa-de-praia-0123456789.jpg' },
    ]);
    expect(await locationOf('/?p=123')).toMatchObject({ status: 301, location: '/noticia/casa-de-praia' });
    expect(await locationOf('/?page_id=123&preview=true')).toMatchObject({ status: 301, location: '/noticia/casa-de-praia' });
    expect(await locationOf('/?s=reforma+de+cozinha')).toMatchObject({ status: 301, location: '/busca?q=reforma%20de%20cozinha' });
    for (const feed of ['/feed/', '/feed', '/feed/rss2/', '/rss', '/comments/feed/', '/?feed=rss2']) {
      expect(await locationOf(feed), feed).toMatchObject({ status: 301, location: '/feed.xml' });
    }
    for (const size of ['fachada-1024x576.jpg', 'fachada-scaled.jpg', 'fachada.jpg']) {
      expect(await locationOf(`/wp-content/uploads/2019/05/${size}`), size).toMatchObject({
        status: 301,
        location: '/thumbnails/casa-de-praia-0123456789.jpg',
      });
    }
    // An ID nothing was stored for is the home page, as before.
    expect((await fetchPath('/?p=999')).status).toBe(200);
  });

  it('never send a reader to another site or a broken value: such a stored value is a 404 and a log line', async () => {
    const key = oldAddressKey('/2019/05/hostil')!;
    await store([{ from: '/2019/05/hostil', to: '/noticia/certa' }]);
    const [stored] = (await env.NEWS.list({ prefix: 'redirects/' })).keys;
    for (const value of [
      JSON.stringify({ key, to: '//evil.example' }),
      JSON.stringify({ key, to: 'javascript:alert(1)' }),
      JSON.stringify({ key, to: '/noticia/\u0085a' }),
      JSON.stringify({ key: '/outra', to: '/noticia/certa' }),
      'não é JSON',
    ]) {
      await env.NEWS.put(stored!.name, value);
      expect((await fetchPath('/2019/05/hostil', manual)).status, value).toBe(404);
    }
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('redirect_invalid'));
  });

  it('a failing KV read leaves the 404 page (never a 500) and is logged', async () => {
    await store([{ from: '/2019/05/casa', to: '/noticia/casa' }]);
    const failing = {
      get: async () => {
        throw new Error('KV unavailable');
      },
    } as unknown as KVNamespace;
    const response = await fetchWithEnv('/2019/05/casa', { NEWS: failing }, manual);
    expect(response.status).not.toBe(500);
    expect(response.status).not.toBe(301);
    // With its slash: the trailing-slash redirect, as for any address, never a 500.
    expect((await fetchWithEnv('/2019/05/casa/', { NEWS: failing }, manual)).headers.get('Location')).toBe('/2019/05/casa');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('redirect_read_failed'));
  });

  it('cost a page that exists nothing: no redirect is read for it', async () => {
    const keys: string[] = [];
    const counting = countingKv(keys);
    for (const path of ['/', '/sobre', '/busca?q=casa', '/simulador-de-financiamento']) {
      expect((await fetchWithEnv(path, { NEWS: counting })).status, path).toBe(200);
    }
    expect(keys.filter((key) => key.startsWith('redirects/'))).toEqual([]);
    await fetchWithEnv('/nao-existe', { NEWS: counting });
    expect(keys.filter((key) => key.startsWith('redirects/'))).toHaveLength(1);
  });

  it('a removed redirect’s address is a 404 again; storing the same list twice changes nothing', async () => {
    const list = [{ from: '/2019/05/casa/', to: '/noticia/casa' }];
    expect(await store(list)).toMatchObject({ added: 1, unchanged: 0 });
    expect(await store(list)).toMatchObject({ added: 0, changed: 0, unchanged: 1 });
    expect(await store([{ from: '/2019/05/casa', to: '/noticia/outra' }])).toMatchObject({ changed: 1 });
    expect(await locationOf('/2019/05/casa')).toMatchObject({ location: '/noticia/outra' });
    expect(
      await store([
        { from: '/x', to: '//evil.example' },
        { from: '/casa-%E0%A4%A', to: '/noticia/x' },
      ]),
    ).toMatchObject({
      added: 0,
      refused: [
        { address: '/x', why: 'o destino não é uma página deste site' },
        { address: '/casa-%E0%A4%A', why: 'não é um endereço' },
      ],
    });
  });
});

describe('old addresses in the newsroom', () => {
  it('are listed, searched and paged for editors; a colaborador is refused', async () => {
    await store(Array.from({ length: 60 }, (_, n) => ({ from: `/2019/05/artigo-${n}/`, to: `/noticia/artigo-${n}` })));
    const page = (await (await newsroomRequest(PATHS.redirects(), { token: chief })).text()).replaceAll('<!-- -->', '');
    expect(page).toContain('60 endereço(s), página 1 de 2');
    expect(page).toContain('leva para <a href="/noticia/artigo-');
    const searched = (await (await newsroomRequest(PATHS.redirects({ busca: 'artigo-42' }), { token: chief })).text()).replaceAll(
      '<!-- -->',
      '',
    );
    expect(searched).toContain('1 endereço(s) com &quot;artigo-42&quot;');
    await addPerson('colab@casaempauta.com.br', 'colaborador');
    const colab = await accessToken(keys, 'colab@casaempauta.com.br');
    expect((await newsroomRequest(PATHS.redirects(), { token: colab })).status).toBe(403);
    expect(
      (await newsroomRequest(PATHS.removeRedirect(), { method: 'POST', token: colab, form: { chave: '/2019/05/artigo-1' } })).status,
    ).toBe(403);
  });

  it('are removed by an editor with the anti-forgery pair, never without it', async () => {
    await store([{ from: 'https://antigo.example.com/2019/05/casa/', to: '/noticia/casa' }]);
    const key = oldAddressKey('/2019/05/casa')!;
    const forged = await newsroomRequest(PATHS.removeRedirect(), { method: 'POST', token: chief, xsrf: false, form: { chave: key } });
    expect(forged.status).toBe(403);
    expect((await locationOf('/2019/05/casa')).status).toBe(301);
    const removed = await newsroomRequest(PATHS.removeRedirect(), { method: 'POST', token: chief, form: { chave: key } });
    expect(removed.status).toBe(303);
    const notice = (await (await newsroomRequest(removed.headers.get('Location')!, { token: chief })).text()).replaceAll('<!-- -->', '');
    expect(notice).toContain('O endereço antigo foi removido');
    expect(notice).not.toContain('https://antigo.example.com/2019/05/casa/');
    expect((await locationOf('/2019/05/casa')).status).toBe(404);
    const again = await newsroomRequest(PATHS.removeRedirect(), { method: 'POST', token: chief, form: { chave: key } });
    expect(again.status).toBe(404);
  });

  it('are stored through the API, each refused one named', async () => {
    const form = new FormData();
    form.set(
      PUBLISH_PARTS.manifest,
      JSON.stringify({
        redirects: [
          { from: '/2019/05/casa/', to: '/noticia/casa' },
          { from: '/y', to: 'https://evil.example' },
        ],
      }),
    );
    const response = await newsroomRequest(API_PATHS.redirects, { method: 'POST', token: chief, multipart: form });
    const answer = (await response.json()) as ApiAnswer;
    expect(response.status).toBe(200);
    expect(answer.message).toContain('1 endereço(s) antigo(s) novo(s)');
    expect(answer.lines).toEqual(['/y: o destino não é uma página deste site']);
    expect((await locationOf('/2019/05/casa/')).location).toBe('/noticia/casa');
    const tooMany = new FormData();
    tooMany.set(PUBLISH_PARTS.manifest, JSON.stringify({ redirects: Array.from({ length: 501 }, () => ({ from: '/a', to: '/b' })) }));
    expect((await newsroomRequest(API_PATHS.redirects, { method: 'POST', token: chief, multipart: tooMany })).status).toBe(400);
  });
});
