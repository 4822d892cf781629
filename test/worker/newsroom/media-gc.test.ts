import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { HASH_LENGTH } from '#src/content/index/news-index.ts';
import { DraftsStore, REVISIONS_KEPT } from '#src/newsroom/drafts/drafts-store.ts';
import { LibraryStore } from '#src/newsroom/library/library-store.ts';
import { claimForDeletion, collectMedia, MEDIA_GRACE_MS } from '#src/newsroom/library/media-gc.ts';
import { mediaKey } from '#src/newsroom/media/media-store.ts';
import { shareImageOf, storedVariants } from '#src/newsroom/shared/media-names.ts';
import { scheduled } from '#src/scheduled.ts';
import { accessToken, CHIEF, newsroomRequest, serveTeamKeys } from './newsroom-helpers';

const drafts = new DraftsStore(env.DB);
const library = new LibraryStore(env.DB);
const WHO = 'chefe@casaempauta.com.br';

/** Stores an image and its three variants in R2, as an upload does, with its library row; its name. */
async function storeImage(seed: string): Promise<string> {
  const hash = [...seed]
    .reduce((sum, char) => sum + char.charCodeAt(0).toString(16), '')
    .padEnd(HASH_LENGTH, '0')
    .slice(0, HASH_LENGTH);
  const name = `${hash}.webp`;
  await library.add({ name, alt: `Foto ${seed}`, by: WHO, now: Date.now() });
  for (const file of [name, ...storedVariants(name).map((variant) => variant.file)]) await env.MEDIA.put(mediaKey(file), seed);
  return name;
}

const filesOf = (name: string) => [name, ...storedVariants(name).map((variant) => variant.file)];
const isStored = async (name: string) =>
  (await Promise.all(filesOf(name).map((file) => env.MEDIA.head(mediaKey(file))))).map((head) => head !== null);

/** Runs the gc now, then again once the grace period has passed. */
async function collectTwice(): Promise<void> {
  const now = Date.now();
  await collectMedia(env, now);
  await collectMedia(env, now + MEDIA_GRACE_MS + 1);
}

describe('the newsroom’s gc of R2', () => {
  it('never deletes an image a draft uses, as its main image or in its text, however long it runs', async () => {
    const main = await storeImage('principal');
    const figure = await storeImage('figura');
    const titled = await storeImage('legenda');
    const draft = await drafts.create(
      { fields: { titulo: 'Usa', imagem: main }, body: `![a](imagens/${figure})\n\n![b](imagens/${titled} "Legenda")` },
      WHO,
      0,
    );
    await collectTwice();
    await collectMedia(env, Date.now() + 3 * MEDIA_GRACE_MS);
    for (const name of [main, figure, titled]) {
      expect(await isStored(name)).toEqual([true, true, true, true]);
      expect(await library.get(name)).not.toBeNull();
    }
    expect(await drafts.get(draft.id)).not.toBeNull();
  });

  it('keeps an image only a kept revision names, and lets it go once that revision is pruned and the grace period passes', async () => {
    const old = await storeImage('revisao');
    const draft = await drafts.create({ fields: { imagem: old }, body: '' }, WHO, 0);
    // The draft changes its main image: only revision 1 names the old one now.
    const saved = await drafts.save(draft.id, 1, { fields: { titulo: 'Sem a foto' }, body: '' }, WHO, 1);
    expect(saved.saved).toBe(true);
    await collectTwice();
    expect(await isStored(old)).toEqual([true, true, true, true]);
    // Enough saves that revision 1 is no longer kept.
    for (let version = 2; version <= REVISIONS_KEPT + 1; version += 1) {
      expect((await drafts.save(draft.id, version, { fields: { titulo: `v${version}` }, body: '' }, WHO, version)).saved).toBe(true);
    }
    expect(await drafts.revision(draft.id, 1)).toBeNull();
    const now = Date.now();
    const found = await collectMedia(env, now);
    expect(found.deleted).toEqual([]);
    expect(await isStored(old)).toEqual([true, true, true, true]);
    // Not before the grace period...
    expect((await collectMedia(env, now + MEDIA_GRACE_MS - 1)).deleted).toEqual([]);
    expect(await isStored(old)).toEqual([true, true, true, true]);
    // ...and after it: the image, its variants and its library row.
    const gone = await collectMedia(env, now + MEDIA_GRACE_MS);
    expect(gone.deleted.sort()).toEqual(filesOf(old).sort());
    expect(await isStored(old)).toEqual([false, false, false, false]);
    expect(await library.get(old)).toBeNull();
  });

  it('counts a main image’s share image among its files: kept while a draft names the image, deleted with it after', async () => {
    const used = await storeImage('usada-recorte');
    const dropped = await storeImage('largada-recorte');
    for (const name of [used, dropped]) await env.MEDIA.put(mediaKey(shareImageOf(name)), 'recorte');
    await drafts.create({ fields: { imagem: used }, body: '' }, WHO, 0);
    const now = Date.now();
    await collectMedia(env, now);
    const gone = await collectMedia(env, now + MEDIA_GRACE_MS + 1);
    expect(gone.deleted.sort()).toEqual([...filesOf(dropped), shareImageOf(dropped)].sort());
    expect(await env.MEDIA.head(mediaKey(shareImageOf(dropped)))).toBeNull();
    expect(await env.MEDIA.head(mediaKey(shareImageOf(used)))).not.toBeNull();
    expect(await isStored(used)).toEqual([true, true, true, true]);
  });

  it('forgets the wait of an image used again before its time, and starts over when it is dropped again', async () => {
    const name = await storeImage('devolta');
    const now = Date.now();
    await collectMedia(env, now);
    const draft = await drafts.create({ fields: { imagem: name }, body: '' }, WHO, 0);
    await collectMedia(env, now + MEDIA_GRACE_MS / 2);
    await drafts.save(draft.id, 1, { fields: {}, body: '' }, WHO, 1);
    // Revision 1 still names it: kept however late.
    await collectMedia(env, now + 5 * MEDIA_GRACE_MS);
    expect(await isStored(name)).toEqual([true, true, true, true]);
    const waiting = await env.DB.prepare('SELECT count(*) AS n FROM newsroom_media_unused WHERE hash = ?')
      .bind(name.slice(0, HASH_LENGTH))
      .first<{ n: number }>();
    expect(waiting?.n).toBe(0);
  });

  it('does not delete an image chosen from the library while it waited: the choice takes it off the list first', async () => {
    const name = await storeImage('escolhida');
    const now = Date.now();
    await collectMedia(env, now);
    expect(await library.claim(name)).not.toBeNull();
    const result = await collectMedia(env, now + MEDIA_GRACE_MS + 1);
    expect(result.deleted).toEqual([]);
    expect(await isStored(name)).toEqual([true, true, true, true]);
  });

  it('gives a library row to an image stored without one (an import, a copy from before the library), and a dry run writes nothing', async () => {
    const name = 'abcdef0123.png';
    await env.MEDIA.put(mediaKey(name), 'importada');
    await env.MEDIA.put(mediaKey('abcdef0123-480w.webp'), 'importada');
    await env.MEDIA.put(mediaKey('nao-e-da-redacao.txt'), 'outra coisa');
    const dry = await collectMedia(env, Date.now(), true);
    expect(dry.registered).toBe(0);
    expect(await library.get(name)).toBeNull();
    const result = await collectMedia(env, Date.now());
    expect(result.registered).toBe(1);
    expect((await library.get(name))?.uploadedBy).toBe('redacao');
    // A file that is not the newsroom's naming is never touched.
    await collectMedia(env, Date.now() + 2 * MEDIA_GRACE_MS);
    expect(await env.MEDIA.head(mediaKey('nao-e-da-redacao.txt'))).not.toBeNull();
  });

  it('walks a bucket larger than one listing page', async () => {
    const names: string[] = [];
    for (let at = 0; at < 130; at += 1) {
      const name = `${at.toString(16).padStart(HASH_LENGTH, 'f')}.webp`;
      names.push(name);
      for (const file of filesOf(name)) await env.MEDIA.put(mediaKey(file), 'x');
    }
    // 520 files: more than the 500 a page lists.
    const kept = names[129] as string;
    await drafts.create({ fields: { imagem: kept }, body: '' }, WHO, 0);
    const now = Date.now();
    const first = await collectMedia(env, now);
    expect(first.complete).toBe(true);
    await collectMedia(env, now + MEDIA_GRACE_MS);
    expect(await isStored(kept)).toEqual([true, true, true, true]);
    expect(await isStored(names[0] as string)).toEqual([false, false, false, false]);
    expect(await isStored(names[128] as string)).toEqual([false, false, false, false]);
  });

  it('runs from the worker’s cron and from `npm run content:gc` (the API’s limpar), which reports it in pt-BR', async () => {
    const name = await storeImage('cron');
    const context = createExecutionContext();
    await scheduled({ cron: '23 4 * * *', scheduledTime: Date.now(), noRetry() {} } as ScheduledController, env, context);
    await waitOnExecutionContext(context);
    const waiting = await env.DB.prepare('SELECT since FROM newsroom_media_unused WHERE hash = ?').bind(name.slice(0, HASH_LENGTH)).first();
    expect(waiting).not.toBeNull();

    const keys = await serveTeamKeys();
    const form = new FormData();
    form.set('simular', '1');
    const response = await newsroomRequest('/redacao/api/limpar', {
      method: 'POST',
      token: await accessToken(keys, CHIEF),
      multipart: form,
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { ok: boolean; lines: string[] };
    expect(answer.lines.join('\n')).toMatch(
      /fotos da redação: \d+ sem uso encontrada\(s\), 0 arquivo\(s\) seriam apagados, \d+ aguardam 7 dias sem uso/,
    );
    // A dry run: still there, still waiting.
    expect(await isStored(name)).toEqual([true, true, true, true]);
  });

  it('does not claim a waiting image that a draft saved after the run began names (the save that races the deletion wins)', async () => {
    const name = await storeImage('corrida');
    const hash = name.slice(0, HASH_LENGTH);
    await env.DB.prepare('INSERT INTO newsroom_media_unused (hash, since) VALUES (?, 1000)').bind(hash).run();
    const passBegan = Date.now();
    // A journalist pastes the image into a draft just after the run read the drafts.
    await drafts.create({ fields: { titulo: 'Corrida' }, body: `![x](imagens/${name})` }, WHO, passBegan + 5);
    expect(await claimForDeletion(env.DB, hash, 1000, passBegan)).toBe(false);
    expect(await library.get(name)).not.toBeNull();
    // Another instant of waiting than the one the run read: someone took it off the list and it was dropped again since.
    expect(await claimForDeletion(env.DB, hash, 999, 0)).toBe(false);
  });
});
