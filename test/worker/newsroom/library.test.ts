import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { app } from '#src/app.ts';
import { contentHash } from '#src/content/index/content-hash.ts';
import { forgetLiveIndex } from '#src/content/index/live-index.ts';
import { DraftsStore } from '#src/newsroom/drafts/drafts-store.ts';
import { mediaKey } from '#src/newsroom/media/media-store.ts';
import { XSRF_COOKIE, XSRF_HEADER } from '#src/newsroom/shared/names.ts';
import { newsItem, publishList } from '../helpers';
import { indexArticles } from '../search/search-helpers';
import { png, webp } from './media-fixtures';
import { ACCESS_ENV, accessToken, addPerson, CHIEF, newsroomRequest, ORIGIN, serveTeamKeys, XSRF } from './newsroom-helpers';

const keys = await serveTeamKeys();
const chief = await accessToken(keys, CHIEF);
const COLAB = 'colab-fotos@casaempauta.com.br';
await addPerson(COLAB, 'colaborador');
const colaborador = await accessToken(keys, COLAB);

const drafts = new DraftsStore(env.DB);
const idOf = (path: string) => path.split('/').at(-1) as string;

async function newDraft(token = chief): Promise<string> {
  const response = await newsroomRequest('/redacao/rascunhos', { method: 'POST', token });
  expect(response.status).toBe(303);
  return idOf(response.headers.get('Location') as string);
}

/** Uploads a main image (1600×900 PNG, its variants and share image) to a draft, as the newsroom's script does; its stored name. */
async function uploadPhoto(draftId: string, seed: string, alt: string, size: [number, number] = [1600, 900]): Promise<string> {
  const [width, height] = size;
  const body = new FormData();
  const files: Record<string, Uint8Array | string> = {
    tipo: width >= 1200 ? 'principal' : 'figura',
    alt,
    arquivo: png(width, height, seed),
    // Each variant as wide as asked, or as the image when it is narrower (image-check.ts, variantProblem).
    ...Object.fromEntries(
      [480, 800, 1200].map((wide) => {
        const shown = Math.min(wide, width);
        return [`variante-${wide}`, webp(shown, Math.round((shown * height) / width), seed)];
      }),
    ),
    // A main image's share image (decision 053), which the upload requires with it.
    ...(width >= 1200 ? { compartilhar: webp(1200, 630, seed) } : {}),
  };
  for (const [name, value] of Object.entries(files)) {
    if (typeof value === 'string') body.set(name, value);
    else body.set(name, new Blob([value as Uint8Array<ArrayBuffer>]), name);
  }
  const headers = new Headers({ 'Cf-Access-Jwt-Assertion': chief, Origin: ORIGIN, Accept: 'application/json' });
  headers.set('Cookie', `${XSRF_COOKIE}=${XSRF}`);
  headers.set(XSRF_HEADER, XSRF);
  const response = await app.request(
    `${ORIGIN}/redacao/rascunhos/${draftId}/imagens`,
    { method: 'POST', headers, body },
    { ...env, ...ACCESS_ENV },
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { name: string }).name;
}

/** Saves a draft's fields and body over its current version, as the form would. */
async function saveDraft(id: string, fields: Record<string, string>, body = ''): Promise<void> {
  const draft = await drafts.get(id);
  const saved = await drafts.save(id, draft?.version ?? 1, { fields, body }, CHIEF, Date.now());
  expect(saved.saved).toBe(true);
}

const text = async (response: Response) => response.text();

/**
 * Puts a published image of `slug` in KV with its WebP variants, as the
 * command line publishes one (a variant as wide as asked, or as the image when
 * it is narrower); its content hash and published name.
 */
async function publishImage(slug: string, [width, height]: [number, number], seed: string): Promise<{ hash: string; file: string }> {
  const bytes = webp(width, height, seed);
  const hash = contentHash(bytes);
  await env.NEWS.put(`thumbnails/${slug}-${hash}.webp`, bytes);
  for (const wide of [480, 800, 1200]) {
    const shown = Math.min(wide, width);
    await env.NEWS.put(`thumbnails/${slug}-${hash}-${wide}w.webp`, webp(shown, Math.round((shown * height) / width), seed));
  }
  return { hash, file: `${slug}-${hash}.webp` };
}

describe('the photo library', () => {
  it('lists every uploaded photo, newest first, and finds one by alt text, credit or the title of the article using it', async () => {
    const first = await newDraft();
    const facade = await uploadPhoto(first, 'fachada', 'Fachada de prédio com varandas de vidro');
    await saveDraft(first, { titulo: 'Prédios com varanda valorizam mais', imagem: facade, alt: 'Fachada', credito: 'Foto: Ana Lima' });
    // The upload sent no credit: the photo's page offers the one its draft gives it.
    expect(await text(await newsroomRequest(`/redacao/fotos/${facade}`, { token: chief }))).toContain('value="Foto: Ana Lima"');
    const second = await newDraft();
    const bank = await uploadPhoto(second, 'agencia', 'Agência bancária numa esquina do centro');
    await env.DB.prepare("UPDATE newsroom_media SET credit = 'Foto: Banco Arquivo' WHERE name = ?").bind(bank).run();

    const all = await text(await newsroomRequest('/redacao/fotos', { token: chief }));
    expect(all.indexOf('Agência bancária')).toBeGreaterThan(-1);
    expect(all.indexOf('Agência bancária')).toBeLessThan(all.indexOf('Fachada de prédio'));
    expect(all).toContain(`/redacao/midia/${bank.slice(0, 10)}-480w.webp`);

    const byAlt = await text(await newsroomRequest('/redacao/fotos?busca=varandas', { token: chief }));
    expect(byAlt).toContain('Fachada de prédio');
    expect(byAlt).not.toContain('Agência bancária');
    const byCredit = await text(await newsroomRequest('/redacao/fotos?busca=Banco%20Arquivo', { token: chief }));
    expect(byCredit).toContain('Agência bancária');
    expect(byCredit).not.toContain('Fachada de prédio');
    const byTitle = await text(await newsroomRequest('/redacao/fotos?busca=valorizam', { token: chief }));
    expect(byTitle).toContain('Fachada de prédio');
    expect(byTitle).not.toContain('Agência bancária');
    // A LIKE wildcard typed in the box is a letter: it finds nothing here.
    expect(await text(await newsroomRequest('/redacao/fotos?busca=%25', { token: chief }))).toContain('Nenhuma foto com &quot;%&quot;');
  });

  it('answers a malformed page number with the first page, and a photo it does not hold with a 404 page', async () => {
    expect((await newsroomRequest('/redacao/fotos?pagina=abc', { token: chief })).status).toBe(200);
    expect((await newsroomRequest('/redacao/fotos?pagina=99999999999999999999', { token: chief })).status).toBe(200);
    const missing = await newsroomRequest('/redacao/fotos/0123456789.webp', { token: chief });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Foto não encontrada');
    expect((await newsroomRequest('/redacao/fotos/nao-e-uma-foto.svg', { token: chief })).status).toBe(404);
    expect((await newsroomRequest('/redacao/fotos/..%2Fsegredo', { token: chief })).status).toBe(400);
  });

  it('is closed to whoever is not in the newsroom', async () => {
    const stranger = await accessToken(keys, 'alguem@exemplo.com');
    expect((await newsroomRequest('/redacao/fotos', { token: stranger })).status).toBe(403);
  });

  it('shows where a photo is used: as main image, in the text, live, and in kept revisions', async () => {
    const main = await newDraft();
    const photo = await uploadPhoto(main, 'onde', 'Sala de estar com sofá cinza e tapete');
    await saveDraft(main, { titulo: 'Sala pequena, ideias grandes', imagem: photo, alt: 'Sala' });
    const inText = await newDraft();
    await saveDraft(inText, { titulo: 'Tapetes que aumentam a sala' }, `Texto.\n\n![Sala](imagens/${photo})\n`);
    const dropped = await newDraft();
    await saveDraft(dropped, { titulo: 'Trocou de foto', imagem: photo, alt: 'Sala' });
    await saveDraft(dropped, { titulo: 'Trocou de foto' });
    const page = await text(await newsroomRequest(`/redacao/fotos/${photo}`, { token: chief }));
    expect(page).toContain('Sala pequena, ideias grandes');
    expect(page).toContain('imagem principal');
    expect(page).toContain('Tapetes que aumentam a sala');
    expect(page).toContain('no texto');
    expect(page).not.toContain('Trocou de foto');
    expect(page).toContain('Mais 1 rascunho(s) a usavam antes e ainda a têm em revisões guardadas');
  });

  it('puts a photo in a draft as its main image, with the alt text and credit chosen for this use; no JavaScript needed', async () => {
    const source = await newDraft();
    const photo = await uploadPhoto(source, 'escolha', 'Cozinha americana com bancada de granito');
    const target = await newDraft(colaborador);
    const library = await text(await newsroomRequest(`/redacao/fotos?rascunho=${target}&uso=principal`, { token: colaborador }));
    expect(library).toContain('Escolhendo a imagem principal');
    expect(library).toContain(`/redacao/fotos/${photo}?rascunho=${target}&amp;uso=principal`);
    const photoPage = await text(await newsroomRequest(`/redacao/fotos/${photo}?rascunho=${target}&uso=principal`, { token: colaborador }));
    expect(photoPage).toContain(`action="/redacao/rascunhos/${target}/biblioteca"`);
    expect(photoPage).toContain('Cozinha americana com bancada de granito');

    const before = (await drafts.get(target))?.version as number;
    const response = await newsroomRequest(`/redacao/rascunhos/${target}/biblioteca`, {
      method: 'POST',
      token: colaborador,
      form: { imagem: photo, uso: 'principal', alt: 'Cozinha ampla com bancada escura', credito: 'Foto: Arquivo Casa em Pauta' },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(`/redacao/rascunhos/${target}?salvo`);
    const after = await drafts.get(target);
    expect(after?.version).toBe(before + 1);
    expect(after?.fields).toMatchObject({ imagem: photo, alt: 'Cozinha ampla com bancada escura', credito: 'Foto: Arquivo Casa em Pauta' });
    // The library's own text is unchanged: it was edited for this use only.
    expect(await text(await newsroomRequest(`/redacao/fotos/${photo}`, { token: chief }))).toContain(
      'Cozinha americana com bancada de granito',
    );
  });

  it('puts a photo at the end of a draft’s text as a figure', async () => {
    const id = await newDraft();
    const photo = await uploadPhoto(id, 'figura', 'Varanda gourmet com churrasqueira');
    await saveDraft(id, { titulo: 'Varandas' }, 'Primeiro parágrafo.\n');
    const response = await newsroomRequest(`/redacao/rascunhos/${id}/biblioteca`, {
      method: 'POST',
      token: chief,
      form: { imagem: photo, uso: 'figura', alt: 'Varanda com churrasqueira e mesa' },
    });
    expect(response.status).toBe(303);
    expect((await drafts.get(id))?.body).toBe(`Primeiro parágrafo.\n\n![Varanda com churrasqueira e mesa](imagens/${photo})\n`);
  });

  it('refuses a photo too small for a main image, an empty alt text, a colleague’s draft, and a forged request; the draft is unchanged', async () => {
    const id = await newDraft();
    const small = await uploadPhoto(id, 'pequena', 'Quarto de solteiro com janela ampla', [800, 450]);
    const big = await uploadPhoto(id, 'grande', 'Quarto de casal com armário embutido');
    const version = (await drafts.get(id))?.version;
    const post = (form: Record<string, string>, options: { token?: string; xsrf?: boolean; origin?: string } = {}) =>
      newsroomRequest(`/redacao/rascunhos/${id}/biblioteca`, { method: 'POST', token: chief, form, ...options });
    const tooSmall = await post({ imagem: small, uso: 'principal', alt: 'Quarto de solteiro com janela' });
    expect(tooSmall.status).toBe(400);
    expect(await tooSmall.text()).toContain('Esta foto não serve de imagem principal');
    const noAlt = await post({ imagem: big, uso: 'principal', alt: ' ' });
    expect(noAlt.status).toBe(400);
    expect(await noAlt.text()).toContain('Texto alternativo da imagem&quot; tem 0 caracteres');
    expect((await post({ imagem: big, uso: 'capa', alt: 'Quarto de casal com armário' })).status).toBe(400);
    expect((await post({ imagem: '0000000000.webp', uso: 'principal', alt: 'Quarto de casal com armário' })).status).toBe(404);
    const colleague = await post({ imagem: big, uso: 'principal', alt: 'Quarto de casal com armário' }, { token: colaborador });
    expect(colleague.status).toBe(403);
    expect((await post({ imagem: big, uso: 'principal', alt: 'Quarto de casal com armário' }, { xsrf: false })).status).toBe(403);
    expect(
      (await post({ imagem: big, uso: 'principal', alt: 'Quarto de casal com armário' }, { origin: 'https://exemplo.com' })).status,
    ).toBe(403);
    expect((await drafts.get(id))?.version).toBe(version);
  });

  it('lets an editor change a photo’s alt text and credit in every draft that uses it, never over a colleague’s newer save', async () => {
    const main = await newDraft();
    const photo = await uploadPhoto(main, 'todos', 'Casa térrea com jardim na frente');
    await saveDraft(main, { titulo: 'Casas térreas', imagem: photo, alt: 'Casa térrea', credito: 'Foto: errada' });
    const figure = await newDraft();
    await saveDraft(figure, { titulo: 'Jardins' }, `Antes.\n\n![Casa](imagens/${photo} "Legenda")\n\nDepois.`);
    const response = await newsroomRequest(`/redacao/fotos/${photo}`, {
      method: 'POST',
      token: chief,
      form: { alt: 'Casa térrea de muro baixo e jardim', credito: 'Foto: Ana Lima/Folhapress' },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(`/redacao/fotos/${photo}?trocados=2`);
    expect((await drafts.get(main))?.fields).toMatchObject({
      alt: 'Casa térrea de muro baixo e jardim',
      credito: 'Foto: Ana Lima/Folhapress',
    });
    expect((await drafts.get(figure))?.body).toBe(`Antes.\n\n![Casa térrea de muro baixo e jardim](imagens/${photo} "Legenda")\n\nDepois.`);
    const page = await text(await newsroomRequest(response.headers.get('Location') as string, { token: chief }));
    expect(page).toContain('Texto da foto trocado na biblioteca e em 2 rascunho(s).');
    expect(page).toContain('Foto: Ana Lima/Folhapress');
  });

  it('keeps colaboradores and forged requests from changing a photo everywhere', async () => {
    const id = await newDraft();
    const photo = await uploadPhoto(id, 'colab', 'Escritório em casa com mesa de madeira');
    const form = { alt: 'Outro texto alternativo qualquer', credito: 'Foto: outra' };
    const byColab = await newsroomRequest(`/redacao/fotos/${photo}`, { method: 'POST', token: colaborador, form });
    expect(byColab.status).toBe(403);
    expect((await newsroomRequest(`/redacao/fotos/${photo}`, { method: 'POST', token: chief, form, xsrf: false })).status).toBe(403);
    expect(
      (await newsroomRequest(`/redacao/fotos/${photo}`, { method: 'POST', token: chief, form, origin: 'https://exemplo.com' })).status,
    ).toBe(403);
    const page = await text(await newsroomRequest(`/redacao/fotos/${photo}`, { token: colaborador }));
    expect(page).toContain('Escritório em casa com mesa de madeira');
    expect(page).toContain('Só um editor troca');
  });

  it('links the draft form to the library for the main image and for the text', async () => {
    const id = await newDraft();
    const page = await text(await newsroomRequest(`/redacao/rascunhos/${id}`, { token: chief }));
    expect(page).toContain(`href="/redacao/fotos?rascunho=${id}&amp;uso=principal"`);
    expect(page).toContain(`href="/redacao/fotos?rascunho=${id}&amp;uso=figura"`);
  });

  it('lists a live article’s photo that the newsroom has no copy of (an import, the command line), and puts it in a draft', async () => {
    const { hash, file: published } = await publishImage('ponte-estaiada', [1600, 900], 'publicada');
    // Live: in KV's index (as the command line publishes) and in the site's search.
    const item = newsItem('ponte-estaiada', {
      titulo: 'A ponte estaiada vista de um apartamento',
      imagemAtual: published,
      alt: 'Ponte estaiada ao entardecer',
      credito: 'Foto: Agência Importada',
      formatosImagem: ['webp'],
    });
    await publishList([item]);
    await indexArticles([{ item }]);
    forgetLiveIndex();

    const listed = await text(await newsroomRequest('/redacao/fotos?busca=ponte%20estaiada%20vista', { token: chief }));
    expect(listed).toContain('1 foto(s)');
    expect(listed).toContain(`/thumbnails/ponte-estaiada-${hash}-480w.webp`);
    const page = await text(await newsroomRequest(`/redacao/fotos/${published}`, { token: chief }));
    expect(page).toContain('href="/noticia/ponte-estaiada"');
    expect(page).toContain('Esta foto está só no site');
    // Only the newsroom's own photos are changed "everywhere": a live article's is changed by publishing it again.
    expect(
      (
        await newsroomRequest(`/redacao/fotos/${published}`, {
          method: 'POST',
          token: chief,
          form: { alt: 'Outro texto alternativo', credito: '' },
        })
      ).status,
    ).toBe(404);

    const id = await newDraft();
    const response = await newsroomRequest(`/redacao/rascunhos/${id}/biblioteca`, {
      method: 'POST',
      token: chief,
      form: { imagem: published, uso: 'principal', alt: 'Ponte estaiada ao entardecer', credito: 'Foto: Agência Importada' },
    });
    expect(response.status).toBe(303);
    expect((await drafts.get(id))?.fields.imagem).toBe(`${hash}.webp`);
    expect(await env.MEDIA.head(mediaKey(`${hash}-800w.webp`))).not.toBeNull();
    // Now in the newsroom's bucket, it is listed once, as the newsroom's.
    const after = await text(await newsroomRequest('/redacao/fotos?busca=Ponte%20estaiada%20ao', { token: chief }));
    expect(after).toContain('1 foto(s)');
    expect(after).toContain(`/redacao/fotos/${hash}.webp`);
  });
  it('lists the figures in a live article’s text, offers the alt text the article gives them, and puts one in a draft’s text', async () => {
    const { hash, file: figure } = await publishImage('varanda-gourmet', [1000, 750], 'figura-publicada');
    const item = { ...newsItem('varanda-gourmet', { titulo: 'A varanda gourmet que virou escritório' }), figuras: [figure] };
    await publishList([item]);
    await env.NEWS.put(
      item.htmlPath,
      `<p>Antes e depois.</p><figure><img src="/thumbnails/${figure}" alt="Varanda com  mesa de madeira e plantas"><figcaption>A varanda pronta</figcaption></figure>`,
    );
    // A live entry that is not JSON, and one whose figuras is not a list, leave the library as it is.
    await indexArticles([{ item }, { item: newsItem('figuras-estranhas', { figuras: 'nada' } as object) }]);
    await env.DB.prepare(`UPDATE search_articles SET item = '{"figuras": [' WHERE slug = 'figuras-estranhas'`).run();
    forgetLiveIndex();

    const listed = await text(await newsroomRequest('/redacao/fotos?busca=varanda%20gourmet%20que', { token: chief }));
    // The article's main image and its figure.
    expect(listed).toContain('2 foto(s)');
    expect(listed).toContain(`/thumbnails/varanda-gourmet-${hash}-480w.webp`);
    // Its tile names the article whose text holds its alt text.
    expect(listed).toContain('Do artigo &quot;A varanda gourmet que virou escritório&quot;');
    const id = await newDraft();
    await saveDraft(id, { titulo: 'Varandas que viram escritório' }, 'Primeiro parágrafo.');
    const page = await text(await newsroomRequest(`/redacao/fotos/${figure}?rascunho=${id}&uso=figura`, { token: chief }));
    expect(page).toContain('href="/noticia/varanda-gourmet"');
    // Offered as the article's text gives it, spaces as a reader's page shows them.
    expect(page).toContain('required="">Varanda com mesa de madeira e plantas</textarea>');
    const response = await newsroomRequest(`/redacao/rascunhos/${id}/biblioteca`, {
      method: 'POST',
      token: chief,
      form: { imagem: figure, uso: 'figura', alt: 'Varanda com mesa de madeira e plantas' },
    });
    expect(response.status).toBe(303);
    expect((await drafts.get(id))?.body).toBe(`Primeiro parágrafo.\n\n![Varanda com mesa de madeira e plantas](imagens/${hash}.webp)\n`);
    // Now the newsroom's, with the alt text written for this use.
    const after = await text(await newsroomRequest(`/redacao/fotos/${hash}.webp`, { token: chief }));
    expect(after).toContain('>Varanda com mesa de madeira e plantas</textarea>');
  });
});
