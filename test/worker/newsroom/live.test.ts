import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetLiveIndex } from '#src/content/index/live-index.ts';
import { INDEX_META_KEY } from '#src/content/index/news-index.ts';
import { batchOf, kvStoreOf, searchDbOf } from '#src/publishing/bindings.ts';
import { syncLive } from '#src/publishing/search-sync.ts';
import { readState } from '#src/publishing/stores/publish-state.ts';
import { bundleFromAssets } from '#src/publishing/worker-run.ts';
import { bundledNews, clearKv, fetchPath, RESET_PUBLISH_STATE, searchFinds, searchPending, withSearchAway } from '../helpers';
import { accessToken, addPerson, CHIEF, newsroomRequest, serveTeamKeys } from './newsroom-helpers';

/**
 * The newsroom changes the live site with the publishing engine inside the
 * worker: "No ar" lists what readers see, and an editor unpublishes from it.
 */

const db = { run: batchOf(env.DB) };

// The team's keys, served for this file's tests; the chief's token signed with them.
const keys = await serveTeamKeys();
const chief = await accessToken(keys, CHIEF);
beforeEach(async () => {
  forgetLiveIndex();
  await env.DB.exec(RESET_PUBLISH_STATE);
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(async () => {
  await clearKv();
  await env.DB.exec(`${RESET_PUBLISH_STATE} DELETE FROM search_pending;`);
  forgetLiveIndex();
  vi.restoreAllMocks();
});

describe('the articles on the site, in the newsroom', () => {
  it('lists what readers see, with a way to unpublish for an editor and none for a colaborador', async () => {
    const [sample] = await bundledNews();
    const page = await (await newsroomRequest('/redacao/no-ar', { token: chief })).text();
    expect(page).toContain(sample!.titulo);
    expect(page).toContain(`/redacao/no-ar/${sample!.slug}/despublicar`);

    await addPerson('colab@casaempauta.com.br', 'colaborador');
    const colab = await accessToken(keys, 'colab@casaempauta.com.br');
    const theirs = await (await newsroomRequest('/redacao/no-ar', { token: colab })).text();
    expect(theirs).toContain(sample!.titulo);
    expect(theirs).not.toContain('/despublicar');
  });

  it('an editor unpublishes: the article answers 404, leaves the search, the action is in the history, KV and D1 agree', async () => {
    const [sample, other] = await bundledNews();
    // The search index as `npm start` leaves it: every bundled article in it.
    await syncLive(searchDbOf(env.DB), kvStoreOf(env.NEWS), { bundled: () => bundleFromAssets(env.ASSETS) });
    expect(await searchFinds(sample!.slug)).toBe(true);
    expect((await fetchPath(`/noticia/${sample!.slug}`)).status).toBe(200);

    const asked = await newsroomRequest(`/redacao/no-ar/${sample!.slug}/despublicar`, { token: chief });
    const question = await asked.text();
    expect(question).toContain('Despublicar');
    expect(question).toContain(sample!.titulo);
    const done = await newsroomRequest(`/redacao/no-ar/${sample!.slug}/despublicar`, { method: 'POST', token: chief });
    expect(done.status).toBe(303);
    expect(done.headers.get('Location')).toContain('/redacao/no-ar?feito=despublicado');

    forgetLiveIndex();
    expect((await fetchPath(`/noticia/${sample!.slug}`)).status).toBe(404);
    expect((await fetchPath(`/noticia/${other!.slug}`)).status).toBe(200);
    expect(await searchFinds(sample!.slug)).toBe(false);
    const state = await readState(db);
    expect(state.version).toBe(1);
    expect(await env.NEWS.get(INDEX_META_KEY)).toBe(state.meta);

    const history = await (await newsroomRequest('/redacao/no-ar', { token: chief })).text();
    expect(history).toContain(`${CHIEF} despublicou`);
    expect(history).toContain(sample!.titulo);
  });

  it('an unpublish whose search update fails: the article is gone, the editor is told the search follows, the next run repairs it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const [sample, other] = await bundledNews();
    await syncLive(searchDbOf(env.DB), kvStoreOf(env.NEWS), { bundled: () => bundleFromAssets(env.ASSETS) });
    const done = await withSearchAway(() =>
      newsroomRequest(`/redacao/no-ar/${sample!.slug}/despublicar`, { method: 'POST', token: chief }),
    );
    expect(done.status).toBe(303);
    const location = done.headers.get('Location')!;
    expect(location).toContain('busca=pendente');
    const page = (await (await newsroomRequest(location, { token: chief })).text()).replaceAll('<!-- -->', '');
    expect(page).toContain('foi despublicado');
    expect(page).toContain('a busca do site será atualizada em seguida.');
    expect(page).toContain(`${CHIEF} despublicou`);
    forgetLiveIndex();
    expect((await fetchPath(`/noticia/${sample!.slug}`)).status).toBe(404);
    expect(await searchFinds(sample!.slug)).toBe(true);

    // The next unpublish takes the pending slug with its own.
    expect((await newsroomRequest(`/redacao/no-ar/${other!.slug}/despublicar`, { method: 'POST', token: chief })).status).toBe(303);
    expect(await searchFinds(sample!.slug)).toBe(false);
    expect(await searchFinds(other!.slug)).toBe(false);
    expect(await searchPending()).toEqual([]);
  });

  it('a colaborador cannot unpublish: 403, and the site is unchanged', async () => {
    const [sample] = await bundledNews();
    await addPerson('colab@casaempauta.com.br', 'colaborador');
    const colab = await accessToken(keys, 'colab@casaempauta.com.br');
    const refused = await newsroomRequest(`/redacao/no-ar/${sample!.slug}/despublicar`, { method: 'POST', token: colab });
    expect(refused.status).toBe(403);
    expect((await readState(db)).version).toBe(0);
    expect((await fetchPath(`/noticia/${sample!.slug}`)).status).toBe(200);
  });

  it('an unpublish without the anti-forgery pair, or of an article not on the site, changes nothing', async () => {
    const [sample] = await bundledNews();
    const forged = await newsroomRequest(`/redacao/no-ar/${sample!.slug}/despublicar`, { method: 'POST', token: chief, xsrf: false });
    expect(forged.status).toBe(403);
    const unknown = await newsroomRequest('/redacao/no-ar/nao-existe/despublicar', { method: 'POST', token: chief });
    expect(unknown.status).toBe(404);
    expect((await readState(db)).version).toBe(0);
  });
});
