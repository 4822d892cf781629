import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentHash } from '#src/content/index/content-hash.ts';
import { forgetLiveIndex } from '#src/content/index/live-index.ts';
import { INDEX_META_KEY } from '#src/content/index/news-index.ts';
import { DraftsStore } from '#src/newsroom/drafts/drafts-store.ts';
import { putMedia } from '#src/newsroom/media/media-store.ts';
import { batchOf } from '#src/publishing/bindings.ts';
import { readState } from '#src/publishing/stores/publish-state.ts';
import {
  attr,
  bundledNews,
  clearKv,
  documentOf,
  fetchWithEnv,
  queryAll,
  RESET_PUBLISH_STATE,
  searchFinds,
  searchPending,
  withSearchAway,
} from '../helpers';
import { png, webp } from './media-fixtures';
import { accessToken, addPerson, CHIEF, newsroomRequest, serveTeamKeys } from './newsroom-helpers';

/**
 * Publishing from a draft: the publishing engine runs inside the request, so
 * an editor's "Publicar" puts the article on the site, and "Agendar" and
 * "Corrigir" save the draft and publish it; a colaborador sends it for review.
 */

const BODY = [
  'Construtoras do Paraná e de Santa Catarina dizem que a procura por casas de madeira dobrou em dois anos, puxada por quem quer obra rápida e limpa.',
  '',
  '## O custo',
  '',
  'O custo por metro quadrado ficou perto do da alvenaria, e o prazo de entrega caiu para a metade em boa parte dos projetos visitados.',
  '',
  'Arquitetos ouvidos pela reportagem lembram que a madeira certificada exige manutenção a cada poucos anos, com verniz e inspeção de cupins, e que o seguro da casa pode custar mais.',
].join('\n');
const ALT = 'Casa de madeira clara com varanda e jardim na frente';

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
  vi.useRealTimers();
  await clearKv();
  await env.DB.exec(`${RESET_PUBLISH_STATE} DELETE FROM newsroom_drafts; DELETE FROM newsroom_actions; DELETE FROM search_pending;`);
  // Only the console's: restoring every mock would drop the team's keys (serveTeamKeys), which the verifier fetches again once its copy is stale.
  for (const quiet of [console.log, console.error]) if (vi.isMockFunction(quiet)) quiet.mockRestore();
});

/** A main image as the newsroom stores an upload: the file, its three WebP variants and its share image (not before decision 053), in R2. */
async function storedImage(seed: string, share = true): Promise<string> {
  const bytes = png(1600, 900, seed);
  const name = `${contentHash(bytes)}.png`;
  await putMedia(env.MEDIA, name, bytes);
  for (const [width, height] of [
    [480, 270],
    [800, 450],
    [1200, 675],
  ] as const) {
    await putMedia(env.MEDIA, name.replace('.png', `-${width}w.webp`), webp(width, height, seed));
  }
  if (share) await putMedia(env.MEDIA, name.replace('.png', '-1200x630.webp'), webp(1200, 630, seed));
  return name;
}

/** A draft started and saved by `token`'s holder, with a main image; its path. */
async function savedDraft(token: string, title: string, fields: Record<string, string> = {}): Promise<string> {
  const path = (await newsroomRequest('/redacao/rascunhos', { method: 'POST', token })).headers.get('Location')!;
  const form = {
    versao: '1',
    titulo: title,
    descricao: 'A procura por casas de madeira dobrou em dois anos no Sul, segundo construtoras.',
    data: '2025-05-10',
    alt: ALT,
    imagem: await storedImage(title),
    corpo: BODY,
    ...fields,
  };
  expect((await newsroomRequest(path, { method: 'POST', token, form })).status).toBe(303);
  return path;
}

/** A reader's request, through the app this module imports: the isolate whose index the newsroom forgets after a publish. */
const site = (path: string) => fetchWithEnv(path, {});
const draftId = (path: string) => path.split('/').pop()!;
const draftOf = async (path: string) => (await new DraftsStore(env.DB).get(draftId(path)))!;
const post = (path: string, token: string, form: Record<string, string> = {}) => newsroomRequest(path, { method: 'POST', token, form });
const kvKeys = async () => (await env.NEWS.list()).keys.map((key) => key.name).sort();

/** Every image address a page names (src and srcset of its images and sources). */
async function imageUrls(response: Response): Promise<string[]> {
  const document = await documentOf(response);
  const urls = [...queryAll(document, 'img'), ...queryAll(document, 'source')].flatMap((element) => [
    attr(element, 'src') ?? '',
    ...(attr(element, 'srcset') ?? '').split(',').map((candidate) => candidate.trim().split(' ')[0] ?? ''),
  ]);
  return [...new Set(urls.filter((url) => url.startsWith('/thumbnails/')))];
}

describe('publishing a draft', () => {
  it('puts the article on the site: its page, the home list, the search, every image; records it and links the draft', async () => {
    const title = 'Casas de madeira voltam a crescer no Sul do país';
    const slug = 'casas-de-madeira-voltam-a-crescer-no-sul-do-pais';
    const path = await savedDraft(chief, title);
    const done = await post(`${path}/publicar`, chief);
    expect(done.status).toBe(303);
    expect(done.headers.get('Location')).toBe(`${path}?feito=publicado#publicacao`);

    const article = await site(`/noticia/${slug}`);
    expect(article.status).toBe(200);
    const html = await article.clone().text();
    expect(html).toContain(`<h1>${title}</h1>`);
    expect(html).toContain('Construtoras do Paraná');
    // Newsroom images have WebP variants only: no AVIF source points readers at files that do not exist.
    expect(html).not.toMatch(new RegExp(`/thumbnails/${slug}-[^" ]+\\.avif`));
    expect(html).toMatch(
      new RegExp(`<link rel="preload" as="image" type="image/webp" fetchPriority="high" imageSrcSet="/thumbnails/${slug}-`),
    );
    const images = await imageUrls(article);
    expect(images.length).toBeGreaterThanOrEqual(3);
    for (const url of images) expect((await site(url)).status, url).toBe(200);

    const home = await site('/');
    expect(await home.clone().text()).toContain(title);
    // Its card on the home page too: every address it names answers, none of them AVIF.
    const card = (await imageUrls(home)).filter((url) => url.includes(`/${slug}-`));
    expect(card.length).toBeGreaterThanOrEqual(3);
    for (const url of card) expect((await site(url)).status, url).toBe(200);
    expect(await searchFinds(slug)).toBe(true);
    const state = await readState(db);
    expect(await env.NEWS.get(INDEX_META_KEY)).toBe(state.meta);

    const draft = await draftOf(path);
    expect(draft.slug).toBe(slug);
    expect(draft.publishedVersion).toBe(draft.version);
    const page = await (await newsroomRequest(`${path}?feito=publicado`, { token: chief })).text();
    expect(page).toContain(`href="/noticia/${slug}"`);
    expect(page).toContain('Os leitores o veem em até uns 5 minutos');
    const history = await (await newsroomRequest('/redacao/no-ar', { token: chief })).text();
    expect(history).toContain(`${CHIEF} publicou`);

    // Unpublished from "No ar": the draft keeps its address, and no version of it is live (nothing to correct).
    expect((await post(`/redacao/no-ar/${slug}/despublicar`, chief)).status).toBe(303);
    expect(await draftOf(path)).toMatchObject({ slug, publishedVersion: null });
    expect((await post(`${path}/corrigir`, chief, { correcao: 'O prazo citado era de três meses, não de dois.' })).status).toBe(409);
  });

  it("carries the share title and description from the form to the published page's og: and twitter: tags", async () => {
    const title = 'Casas de madeira voltam a crescer no Sul do país';
    const shared = {
      tituloSocial: 'Madeira volta a crescer no Sul',
      descricaoSocial: 'Construtoras dobram as obras de madeira em dois anos.',
    };
    const path = await savedDraft(chief, title, shared);
    // The draft's page draws the link as it will be shared, from the saved draft (no script needed).
    const page = await (await newsroomRequest(path, { token: chief })).text();
    expect(page).toMatch(/data-share-title="whatsapp">Madeira volta a crescer no Sul</);
    expect(page).toMatch(/data-share-description="whatsapp">Construtoras dobram as obras de madeira em dois anos.</);
    expect(page).toContain('30 de 60 caracteres recomendados.');
    expect((await post(`${path}/publicar`, chief)).status).toBe(303);
    const html = await (await site('/noticia/casas-de-madeira-voltam-a-crescer-no-sul-do-pais')).text();
    expect(html).toContain(`<meta property="og:title" content="${shared.tituloSocial}"/>`);
    expect(html).toContain(`<meta name="twitter:description" content="${shared.descricaoSocial}"/>`);
    expect(html).toContain(`<title>${title} |`);
  });

  it('copies the main image’s share image to KV with the article and names it in og:image; an image without one keeps the 16:9 tags', async () => {
    const slug = 'casas-de-madeira-voltam-a-crescer-no-sul-do-pais';
    const path = await savedDraft(chief, 'Casas de madeira voltam a crescer no Sul do país');
    expect((await post(`${path}/publicar`, chief)).status).toBe(303);
    const hash = (await draftOf(path)).fields.imagem!.slice(0, 10);
    const og = (html: string, property: string) => html.match(new RegExp(`<meta property="og:${property}" content="([^"]*)"/>`))?.[1];
    const html = await (await site(`/noticia/${slug}`)).text();
    const share = `/thumbnails/${slug}-${hash}-1200x630.webp`;
    expect(og(html, 'image')).toMatch(new RegExp(`${share}$`));
    expect([og(html, 'image:width'), og(html, 'image:height')]).toEqual(['1200', '630']);
    expect(html).toMatch(new RegExp(`<meta name="twitter:image" content="[^"]*${share}"/>`));
    expect(await kvKeys()).toContain(share.slice(1));
    const served = await site(share);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(webp(1200, 630, 'Casas de madeira voltam a crescer no Sul do país'));

    // A draft whose image was stored before share images were made publishes without one, and its tags stay the 16:9 image's.
    const older = await savedDraft(chief, 'Telhados verdes chegam aos prédios do centro', {
      imagem: await storedImage('sem-compartilhar', false),
    });
    expect((await post(`${older}/publicar`, chief)).status).toBe(303);
    const olderHtml = await (await site('/noticia/telhados-verdes-chegam-aos-predios-do-centro')).text();
    expect(og(olderHtml, 'image')).toMatch(/-1200w\.webp$/);
    expect([og(olderHtml, 'image:width'), og(olderHtml, 'image:height')]).toEqual(['1200', '675']);
  });

  it('refuses a draft with errors, listing them in the form’s terms, and writes nothing', async () => {
    const path = await savedDraft(chief, 'Um título curto demais', { descricao: 'Curta.', corpo: '# Título de nível 1\n\nTexto.' });
    const before = await kvKeys();
    const refused = await post(`${path}/publicar`, chief);
    expect(refused.status).toBe(422);
    const html = (await refused.text()).replaceAll('<!-- -->', '');
    expect(html).toContain('Resumo:');
    expect(html).toContain('Texto, linha 1:');
    expect(await kvKeys()).toEqual(before);
    expect((await readState(db)).version).toBe(0);
    expect((await draftOf(path)).publishedVersion).toBeNull();
  });

  it('publishes a draft whose date was left empty at the minute of the publish, and keeps that date when published again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T13:05:30Z'));
    const slug = 'casas-de-madeira-voltam-a-crescer-no-sul-do-pais';
    const path = await savedDraft(chief, 'Casas de madeira voltam a crescer no Sul do país', { data: '' });
    const form = (await (await newsroomRequest(path, { token: chief })).text()).replaceAll('<!-- -->', '');
    expect(form).toContain('Vazio: publica agora');
    expect(form).not.toContain('está vazio');
    expect((await post(`${path}/publicar`, chief)).status).toBe(303);
    // 13:05 UTC is 10:05 in São Paulo.
    expect((await draftOf(path)).fields.data).toBe('2026-11-28T10:05');
    forgetLiveIndex();
    expect(await (await site(`/noticia/${slug}`)).text()).toContain('28 de novembro de 2026');

    vi.setSystemTime(new Date('2026-11-28T14:30:00Z'));
    expect((await post(`${path}/publicar`, chief)).status).toBe(303);
    expect((await draftOf(path)).fields.data).toBe('2026-11-28T10:05');
  });

  it('refuses a draft without a main image', async () => {
    const path = await savedDraft(chief, 'Casas de madeira voltam a crescer no Sul do país', { imagem: '' });
    const refused = await post(`${path}/publicar`, chief);
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('o rascunho não tem imagem principal');
    expect((await readState(db)).version).toBe(0);
  });

  it('refuses a new draft whose title gives another live article’s address, saying to change the title', async () => {
    const [sample] = await bundledNews();
    // A title that makes the sample's address, as a journalist's new draft may.
    const path = await savedDraft(chief, sample!.slug.replaceAll('-', ' '));
    const refused = await post(`${path}/publicar`, chief);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('Mude o título do rascunho');
    expect((await readState(db)).version).toBe(0);
    expect((await draftOf(path)).slug).toBeNull();
  });

  it('republishes a published draft under its own address, even with a new title', async () => {
    const path = await savedDraft(chief, 'Casas de madeira voltam a crescer no Sul do país');
    expect((await post(`${path}/publicar`, chief)).status).toBe(303);
    const draft = await draftOf(path);
    const retitled = { ...draft.fields, titulo: 'Casas de madeira crescem no Sul', imagem: String(draft.fields.imagem) };
    expect(
      (await post(path, chief, { ...retitled, versao: String(draft.version), corpo: draft.body } as Record<string, string>)).status,
    ).toBe(303);
    expect((await post(`${path}/publicar`, chief)).status).toBe(303);
    forgetLiveIndex();
    expect(await (await site(`/noticia/${draft.slug}`)).text()).toContain('<h1>Casas de madeira crescem no Sul</h1>');
  });

  it('two editors publishing two drafts at once: both are live', async () => {
    await addPerson('editora@casaempauta.com.br', 'editor');
    const editor = await accessToken(keys, 'editora@casaempauta.com.br');
    const first = await savedDraft(chief, 'Casas de madeira voltam a crescer no Sul do país');
    const second = await savedDraft(editor, 'Varandas fechadas com vidro viram sala de estar');
    const answers = await Promise.all([post(`${first}/publicar`, chief), post(`${second}/publicar`, editor)]);
    expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
    forgetLiveIndex();
    expect((await site('/noticia/casas-de-madeira-voltam-a-crescer-no-sul-do-pais')).status).toBe(200);
    expect((await site('/noticia/varandas-fechadas-com-vidro-viram-sala-de-estar')).status).toBe(200);
  });

  it('a publish whose KV write fails after the switch is finished by the next publish', async () => {
    const path = await savedDraft(chief, 'Casas de madeira voltam a crescer no Sul do país');
    // KV refuses the switch's write of index/meta.json: D1 has switched, readers still see the old index.
    const faulty = new Proxy(env.NEWS, {
      get(target, property) {
        if (property === 'put') {
          return (key: string, ...rest: unknown[]) =>
            key === INDEX_META_KEY
              ? Promise.reject(new Error('KV indisponível'))
              : (target.put as (...a: unknown[]) => unknown)(key, ...rest);
        }
        const value = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failed = await newsroomRequest(`${path}/publicar`, { method: 'POST', token: chief, env: { NEWS: faulty } });
    expect(failed.status).toBe(500);
    expect((await readState(db)).version).toBe(1);
    forgetLiveIndex();
    expect((await site('/noticia/casas-de-madeira-voltam-a-crescer-no-sul-do-pais')).status).not.toBe(200);

    const other = await savedDraft(chief, 'Varandas fechadas com vidro viram sala de estar');
    expect((await post(`${other}/publicar`, chief)).status).toBe(303);
    forgetLiveIndex();
    expect((await site('/noticia/casas-de-madeira-voltam-a-crescer-no-sul-do-pais')).status).toBe(200);
    expect((await site('/noticia/varandas-fechadas-com-vidro-viram-sala-de-estar')).status).toBe(200);
    expect(await env.NEWS.get(INDEX_META_KEY)).toBe((await readState(db)).meta);
  });
});

describe('scheduling and correcting', () => {
  it('schedules: the article stays hidden from readers until its minute, then shows', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T12:00:00Z'));
    const slug = 'casas-de-madeira-voltam-a-crescer-no-sul-do-pais';
    const path = await savedDraft(chief, 'Casas de madeira voltam a crescer no Sul do país');
    const done = await post(`${path}/agendar`, chief, { quando: '2026-11-28T09:00' });
    expect(done.status).toBe(303);
    expect((await draftOf(path)).fields.data).toBe('2026-11-28T09:00');
    const page = (await (await newsroomRequest(`${path}?feito=agendado`, { token: chief })).text()).replaceAll('<!-- -->', '');
    expect(page).toContain('agendado para 28/11/2026 às 09:00'.replace('agendado', 'Agendado'));

    // Nothing to correct while readers cannot see it: refused by the schema's rule (a correction before the publication), nothing saved.
    expect(page).not.toContain(`${path}/corrigir`);
    const version = (await draftOf(path)).version;
    const early = await post(`${path}/corrigir`, chief, { correcao: 'O prazo citado era de três meses, não de dois.' });
    expect(early.status).toBe(400);
    expect((await draftOf(path)).version).toBe(version);

    forgetLiveIndex();
    expect((await site(`/noticia/${slug}`)).status).toBe(404);
    expect(await (await site('/')).text()).not.toContain('Casas de madeira voltam');
    // 09:00 in São Paulo is 12:00 UTC.
    vi.setSystemTime(new Date('2026-11-28T12:00:00Z'));
    forgetLiveIndex();
    expect((await site(`/noticia/${slug}`)).status).toBe(200);
  });

  it('refuses a time already past', async () => {
    const path = await savedDraft(chief, 'Casas de madeira voltam a crescer no Sul do país');
    const refused = await post(`${path}/agendar`, chief, { quando: '2020-01-01T09:00' });
    expect(refused.status).toBe(400);
    expect((await readState(db)).version).toBe(0);
  });

  it('corrects a published draft: the note and the day are on the article page', async () => {
    const slug = 'casas-de-madeira-voltam-a-crescer-no-sul-do-pais';
    const path = await savedDraft(chief, 'Casas de madeira voltam a crescer no Sul do país');
    const unpublished = await post(`${path}/corrigir`, chief, { correcao: 'O prazo citado era de três meses, não de dois.' });
    expect(unpublished.status).toBe(409);
    expect((await post(`${path}/publicar`, chief)).status).toBe(303);
    const published = await draftOf(path);
    const tooLong = await post(`${path}/corrigir`, chief, { correcao: 'x'.repeat(100_000) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain('&quot;Nota de correção&quot; tem 100000 caracteres');
    expect((await draftOf(path)).version).toBe(published.version);
    const done = await post(`${path}/corrigir`, chief, { correcao: 'O prazo citado era de três meses, não de dois.' });
    expect(done.status).toBe(303);
    forgetLiveIndex();
    const html = await (await site(`/noticia/${slug}`)).text();
    expect(html).toContain('O prazo citado era de três meses, não de dois.');
    const draft = await draftOf(path);
    expect(draft.fields.atualizado).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(draft.publishedVersion).toBe(draft.version);
  });
});

describe('a search update that fails once the article is live', () => {
  const FOLLOWS = 'A busca do site será atualizada em seguida.';
  const slug = 'casas-de-madeira-voltam-a-crescer-no-sul-do-pais';
  beforeEach(async () => {
    // An index without this article, whatever an earlier test published.
    await env.DB.exec('DELETE FROM search_text; DELETE FROM search_articles;');
    // The failure is logged (error-policy.ts): kept out of the test's output.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  /** The draft page after `done`: its notice says the article is live and the search follows; the action is in the history. */
  async function expectLiveNotice(path: string, done: Response, feito: string, action: string) {
    expect(done.status).toBe(303);
    const location = done.headers.get('Location')!;
    expect(location).toBe(`${path}?feito=${feito}&busca=pendente#publicacao`);
    const page = (await (await newsroomRequest(location, { token: chief })).text()).replaceAll('<!-- -->', '');
    expect(page).toContain(FOLLOWS);
    const history = await (await newsroomRequest('/redacao/no-ar', { token: chief })).text();
    expect(history).toContain(`${CHIEF} ${action}`);
    const draft = await draftOf(path);
    expect(draft.publishedVersion).toBe(draft.version);
  }

  it('publish: the editor is told the truth, the draft is marked, and the next publish brings the search in line', async () => {
    const path = await savedDraft(chief, 'Casas de madeira voltam a crescer no Sul do país');
    const done = await withSearchAway(() => post(`${path}/publicar`, chief));
    await expectLiveNotice(path, done, 'publicado', 'publicou');
    forgetLiveIndex();
    expect((await site(`/noticia/${slug}`)).status).toBe(200);
    expect(await searchFinds(slug)).toBe(false);
    expect(await searchPending()).toEqual([slug]);

    // Another editor's publish, with the search back: both articles are found, nothing is left pending.
    const other = await savedDraft(chief, 'Varandas fechadas com vidro viram sala de estar');
    expect((await post(`${other}/publicar`, chief)).status).toBe(303);
    expect(await searchFinds(slug)).toBe(true);
    expect(await searchFinds('varandas-fechadas-com-vidro-viram-sala-de-estar')).toBe(true);
    expect(await searchPending()).toEqual([]);
  });

  it('schedule: the article is scheduled, and said so', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T12:00:00Z'));
    const path = await savedDraft(chief, 'Casas de madeira voltam a crescer no Sul do país');
    const done = await withSearchAway(() => post(`${path}/agendar`, chief, { quando: '2026-11-28T09:00' }));
    await expectLiveNotice(path, done, 'agendado', 'agendou');
    expect(await searchPending()).toEqual([slug]);
  });

  it('correction: the note is on the page, and said so', async () => {
    const path = await savedDraft(chief, 'Casas de madeira voltam a crescer no Sul do país');
    expect((await post(`${path}/publicar`, chief)).status).toBe(303);
    const note = 'O prazo citado era de três meses, não de dois.';
    const done = await withSearchAway(() => post(`${path}/corrigir`, chief, { correcao: note }));
    await expectLiveNotice(path, done, 'corrigido', 'corrigiu');
    forgetLiveIndex();
    expect(await (await site(`/noticia/${slug}`)).text()).toContain(note);
  });
});

describe('who may publish', () => {
  it('a colaborador cannot publish, schedule or correct (403, no button), but sends the draft for review', async () => {
    await addPerson('colab@casaempauta.com.br', 'colaborador');
    const colab = await accessToken(keys, 'colab@casaempauta.com.br');
    const path = await savedDraft(colab, 'Casas de madeira voltam a crescer no Sul do país');
    const page = await (await newsroomRequest(path, { token: colab })).text();
    expect(page).not.toContain(`${path}/publicar`);
    expect(page).toContain(`${path}/revisao`);
    for (const action of ['publicar', 'agendar', 'corrigir']) {
      expect((await post(`${path}/${action}`, colab, { quando: '2030-01-01T09:00', correcao: 'Uma nota.' })).status, action).toBe(403);
    }
    expect((await readState(db)).version).toBe(0);

    expect((await post(`${path}/revisao`, colab)).status).toBe(303);
    const draft = await draftOf(path);
    expect(draft.reviewRequested?.by).toBe('colab@casaempauta.com.br');
    const shown = (await (await newsroomRequest(path, { token: chief })).text()).replaceAll('<!-- -->', '');
    expect(shown).toContain('Em revisão desde');
    expect(shown).toContain('(enviado por colab@casaempauta.com.br)');
    // Publishing clears it.
    expect((await post(`${path}/publicar`, chief)).status).toBe(303);
    expect((await draftOf(path)).reviewRequested).toBeNull();
  });

  it('refuses every new route without the anti-forgery pair, or from another origin', async () => {
    const path = await savedDraft(chief, 'Casas de madeira voltam a crescer no Sul do país');
    for (const action of ['publicar', 'agendar', 'corrigir', 'revisao']) {
      const form = { quando: '2030-01-01T09:00', correcao: 'Uma nota.' };
      const forged = await newsroomRequest(`${path}/${action}`, { method: 'POST', token: chief, form, xsrf: false });
      expect(forged.status, action).toBe(403);
      const elsewhere = await newsroomRequest(`${path}/${action}`, { method: 'POST', token: chief, form, origin: 'https://outro.example' });
      expect(elsewhere.status, action).toBe(403);
    }
    expect((await readState(db)).version).toBe(0);
    expect((await draftOf(path)).reviewRequested).toBeNull();
  });
});

describe('share links of a published draft', () => {
  it('lead to the live page, also after the title changed', async () => {
    const path = await savedDraft(chief, 'Casas de madeira voltam a crescer no Sul do país');
    expect((await newsroomRequest(`${path}/links`, { method: 'POST', token: chief })).status).toBe(303);
    const preview = await (await newsroomRequest(`${path}/previa`, { token: chief })).text();
    const shared = /value="https:\/\/[^/"]+(\/previa\/[^"]+)"/.exec(preview)![1]!;
    expect((await post(`${path}/publicar`, chief)).status).toBe(303);
    const draft = await draftOf(path);
    const form = { ...draft.fields, titulo: 'Casas de madeira crescem no Sul', versao: String(draft.version), corpo: draft.body };
    expect((await post(path, chief, form as Record<string, string>)).status).toBe(303);
    forgetLiveIndex();
    const opened = await site(shared);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('Location')).toBe(`/noticia/${draft.slug}`);
  });
});
