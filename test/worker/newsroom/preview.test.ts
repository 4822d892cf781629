import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { putMedia } from '#src/newsroom/media/media-store.ts';
import { SHARE_LINK_LIFETIME_MS } from '#src/newsroom/preview/share-links.ts';
import { storedVariants } from '#src/newsroom/shared/media-names.ts';
import { clearKv, fetchPath, fetchWithEnv, newsItem, publishWithBodies } from '../helpers';
import { webp } from './media-fixtures';
import { accessToken, addPerson, CHIEF, newsroomRequest, ORIGIN, serveTeamKeys } from './newsroom-helpers';

/**
 * A draft's preview: the reader's article page from the saved draft, with the
 * check's problems above it, in the newsroom; and shared by a signed link
 * that someone without an account opens, until it expires or is revoked.
 */

const TITLE = 'Casas de madeira voltam a crescer no Sul do país';
const SLUG = 'casas-de-madeira-voltam-a-crescer-no-sul-do-pais';
const BODY = [
  'Construtoras do Paraná e de Santa Catarina dizem que a procura por casas de madeira dobrou em dois anos, puxada por quem quer obra rápida e limpa.',
  '',
  '# Um segundo título',
  '',
  'O custo por metro quadrado ficou perto do da alvenaria, e o prazo de entrega caiu para a metade em boa parte dos projetos visitados.',
].join('\n');

// The team's keys, served for this file's tests; the chief's token signed with them.
const keys = await serveTeamKeys();
const chief = await accessToken(keys, CHIEF);
afterEach(async () => {
  vi.useRealTimers();
  await clearKv();
});

/** A draft started and saved by `token`'s holder; its address. */
async function savedDraft(token: string, fields: Record<string, string | string[]> = {}): Promise<string> {
  const path = (await newsroomRequest('/redacao/rascunhos', { method: 'POST', token })).headers.get('Location')!;
  const form = { versao: '1', titulo: TITLE, descricao: 'Procura dobrou em dois anos.', data: '2025-05-10', corpo: BODY, ...fields };
  expect((await newsroomRequest(path, { method: 'POST', token, form })).status).toBe(303);
  return path;
}

/** Makes a share link for the draft and returns the shared address (path), as the preview's bar lists it. */
async function shareLink(draftPath: string, token: string): Promise<string> {
  const made = await newsroomRequest(`${draftPath}/links`, { method: 'POST', token });
  expect(made.status).toBe(303);
  const preview = await (await newsroomRequest(`${draftPath}/previa`, { token })).text();
  const url = /value="(https:\/\/[^"]+\/previa\/[^"]+)"/.exec(preview)?.[1];
  expect(url).toBeDefined();
  return url!.slice(ORIGIN.length);
}

/** The main image and an image of the text, uploaded (with their WebP variants) and named by a saved draft. */
const MAIN = 'abcdef0123.webp';
async function draftWithImages(): Promise<{ path: string; figure: string }> {
  const figure = '0123456789.webp';
  for (const [name, width, height] of [
    [MAIN, 1600, 900],
    [figure, 1000, 800],
  ] as const) {
    await putMedia(env.MEDIA, name, webp(width, height, name));
    for (const { width: w, file } of storedVariants(name)) await putMedia(env.MEDIA, file, webp(w, Math.round((w * height) / width), file));
  }
  const corpo = `${BODY}\n\n![Planta baixa da casa de madeira com dois quartos](imagens/${figure})`;
  const path = await savedDraft(chief, { corpo, imagem: MAIN, alt: 'Casa de madeira clara com varanda e jardim' });
  return { path, figure };
}

/** Every address in a page's src and srcset attributes. */
const imageAddresses = (html: string) =>
  [...html.matchAll(/\s(?:src|srcSet|srcset)="([^"]+)"/g)].flatMap((match) =>
    match[1]!.split(',').map((part) => part.trim().split(' ')[0]!),
  );

const expectPrivate = (response: Response) => {
  expect(response.headers.get('Cache-Control')).toBe('no-store');
  expect(response.headers.get('X-Robots-Tag')).toContain('noindex');
};

describe('the preview in the newsroom', () => {
  it('renders the draft as the article page, its problems named by field and line above it', async () => {
    const path = await savedDraft(chief);
    const response = await newsroomRequest(`${path}/previa`, { token: chief });
    expect(response.status).toBe(200);
    expectPrivate(response);
    const html = await response.text();
    const bar = html.slice(html.indexOf('<div class="pv-bar">'), html.indexOf('<a class="skip-link"')).replaceAll('<!-- -->', '');
    // The reader's page: its layout and the article's title and body from the draft's Markdown.
    expect(html).toContain('class="container article"');
    expect(html).toContain(`<h1>${TITLE}</h1>`);
    expect(html).toContain('Construtoras do Paraná');
    expect(html).toContain('<footer');
    // The bar: a preview, and the check's problems in the form's terms (the # heading at line 3 of the text, the short summary).
    expect(bar).toContain('Pré-visualização');
    expect(bar).toContain('Erro</strong> · Texto, linha 3: &quot;# Um segundo título&quot; é um título de nível 1');
    expect(bar).toContain('Erro</strong> · Resumo: &quot;Resumo&quot; tem 28 caracteres');
    expect(bar).toContain('Como corrigir: escreva ## Um segundo título');
    // No ads or consent script can run: the page's policy allows no script at all.
    expect(response.headers.get('Content-Security-Policy')).toContain("script-src 'none'");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it("shows a tool's address alone on a line as the tool's card, as the reader's page will, and warns of inputs the tool refuses", async () => {
    const corpo = `${BODY}\n\n/custos-da-compra "Quanto custa comprar uma casa de madeira"\n\n/alugar-ou-comprar?valor=muito`;
    const path = await savedDraft(chief, { corpo });
    const html = await (await newsroomRequest(`${path}/previa`, { token: chief })).text();
    expect(html).toContain(
      '<a class="tool-card" href="/custos-da-compra"><span class="tool-card-name">Ferramenta: Quanto custa comprar?</span><span class="tool-card-text">Quanto custa comprar uma casa de madeira</span></a>',
    );
    expect(html).toContain('<a class="tool-card" href="/alugar-ou-comprar">');
    expect(html.replaceAll('<!-- -->', '')).toContain(
      'Texto, linha 9: os dados no endereço /alugar-ou-comprar?valor=muito não são aceitos',
    );
  });

  it('checks an uploaded image of the text under its published name (no error for it), and shows the uploaded images', async () => {
    const { path, figure } = await draftWithImages();
    const html = (await (await newsroomRequest(`${path}/previa`, { token: chief })).text()).replaceAll('<!-- -->', '');
    expect(html).not.toContain('não é uma imagem deste artigo');
    // Not published yet: every image of the draft is served from the newsroom's uploads, variants included.
    expect(html).not.toContain(`/thumbnails/${SLUG}-`);
    expect(html).toContain(`src="/redacao/midia/${figure}"`);
    // The newsroom makes WebP variants only: no AVIF offered for them (the related cards' images have theirs).
    expect(html).not.toMatch(/image\/avif"[^>]*\/redacao\/midia\//);
    const addresses = imageAddresses(html).filter((address) => address.startsWith('/redacao/midia/'));
    expect(addresses).toEqual(
      expect.arrayContaining([`/redacao/midia/${MAIN.replace('.webp', '-800w.webp')}`, `/redacao/midia/${figure}`]),
    );
    for (const address of addresses) expect((await newsroomRequest(address, { token: chief })).status, address).toBe(200);
  });

  it('lets a colaborador preview their own draft', async () => {
    await addPerson('colab@casaempauta.com.br', 'colaborador');
    const colab = await accessToken(keys, 'colab@casaempauta.com.br');
    const path = await savedDraft(colab, { titulo: 'Reforma do banheiro sem quebrar azulejo' });
    const response = await newsroomRequest(`${path}/previa`, { token: colab });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<h1>Reforma do banheiro sem quebrar azulejo</h1>');
  });

  it('shows a scheduled draft, saying when it goes out', async () => {
    const path = await savedDraft(chief, { data: '2099-03-01T09:30' });
    const html = (await (await newsroomRequest(`${path}/previa`, { token: chief })).text()).replaceAll('<!-- -->', '');
    expect(html).toContain(`<h1>${TITLE}</h1>`);
    expect(html).toContain('agendado para 01/03/2099 09:30 (horário de Brasília)');
  });

  it('is refused without identity, as every newsroom page', async () => {
    const path = await savedDraft(chief);
    const response = await newsroomRequest(`${path}/previa`);
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain(TITLE);
  });
});

describe('a shared preview link', () => {
  it("shows the draft's uploaded images to someone without identity, and no other upload", async () => {
    const { path } = await draftWithImages();
    await putMedia(env.MEDIA, 'ffffffffff.webp', webp(1600, 900, 'another draft'));
    const shared = await shareLink(path, chief);
    const html = await (await fetchPath(shared)).text();
    const addresses = imageAddresses(html).filter((address) => address.startsWith(`${shared}/midia/`));
    expect(addresses.length).toBeGreaterThanOrEqual(5);
    for (const address of addresses) expect((await fetchPath(address)).status, address).toBe(200);
    expect((await fetchPath(`${shared}/midia/ffffffffff.webp`)).status).toBe(404);
    expect((await fetchPath(`${shared}/midia/..%2F..%2Fsegredo`)).status).toBe(400);
    expect((await fetchPath(`/previa/forjado/midia/${MAIN}`)).status).toBe(403);
  });

  it('opens the saved draft without identity, read only, never cached nor indexed', async () => {
    const path = await savedDraft(chief);
    const shared = await shareLink(path, chief);
    expect(shared).toMatch(/^\/previa\//);
    const response = await fetchPath(shared);
    expect(response.status).toBe(200);
    expectPrivate(response);
    const html = await response.text();
    expect(html).toContain(`<h1>${TITLE}</h1>`);
    expect(html).toContain('Prévia compartilhada pela redação');
    // Nothing of the newsroom's: no form, no link into /redacao.
    expect(html).not.toContain('/redacao');
  });

  it('shows the draft as saved last', async () => {
    const path = await savedDraft(chief);
    const shared = await shareLink(path, chief);
    await newsroomRequest(path, {
      method: 'POST',
      token: chief,
      form: { versao: '2', titulo: 'Outro título para a mesma casa', corpo: BODY },
    });
    expect(await (await fetchPath(shared)).text()).toContain('<h1>Outro título para a mesma casa</h1>');
  });

  it('refuses a forged token with 403 and shows nothing of the draft', async () => {
    const path = await savedDraft(chief);
    const shared = await shareLink(path, chief);
    // The signature's first character: its last one also carries padding bits, so 'A' → 'B' there can decode to the same bytes.
    const signature = shared.lastIndexOf('.') + 1;
    const other = shared[signature] === 'A' ? 'B' : 'A';
    for (const forged of [
      `${shared.slice(0, signature)}${other}${shared.slice(signature + 1)}`,
      '/previa/qualquer-coisa',
      // The same claims with no signature at all ("alg": "none"), the classic JWT forgery.
      `/previa/${btoa('{"alg":"none"}').replace(/=+$/, '')}.${shared.split('.')[1]}.`,
    ]) {
      const response = await fetchPath(forged);
      expect(response.status).toBe(403);
      expectPrivate(response);
      const html = await response.text();
      expect(html).toContain('Link inválido');
      expect(html).not.toContain(TITLE);
    }
  });

  it('expires after 48 hours: 410', async () => {
    const path = await savedDraft(chief);
    const shared = await shareLink(path, chief);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + SHARE_LINK_LIFETIME_MS - 60_000);
    expect((await fetchPath(shared)).status).toBe(200);
    vi.setSystemTime(Date.now() + 120_000);
    const response = await fetchPath(shared);
    expect(response.status).toBe(410);
    const html = await response.text();
    expect(html).toContain('Link expirado');
    expect(html).not.toContain(TITLE);
  });

  it('is refused once revoked: 410', async () => {
    const path = await savedDraft(chief);
    const shared = await shareLink(path, chief);
    const link = (await env.DB.prepare('SELECT id FROM newsroom_share_links WHERE draft_id = ?')
      .bind(path.split('/').pop())
      .first<{ id: string }>())!;
    const revoked = await newsroomRequest(`${path}/links/${link.id}/revogar`, { method: 'POST', token: chief });
    expect(revoked.status).toBe(303);
    const response = await fetchPath(shared);
    expect(response.status).toBe(410);
    expect(await response.text()).toContain('Link revogado');
  });

  it('is made by editors and the draft author only', async () => {
    await addPerson('outro@casaempauta.com.br', 'colaborador');
    const other = await accessToken(keys, 'outro@casaempauta.com.br');
    const path = await savedDraft(chief);
    expect((await newsroomRequest(`${path}/links`, { method: 'POST', token: other })).status).toBe(403);
    expect(await (await newsroomRequest(`${path}/previa`, { token: other })).text()).not.toContain('Criar link');
  });

  it('leads to the live page once the article is published', async () => {
    const path = await savedDraft(chief);
    const shared = await shareLink(path, chief);
    await publishWithBodies(newsItem(SLUG, { titulo: TITLE }));
    // Through the app this test module imports: the one whose per-isolate index publishWithBodies forgets.
    const response = await fetchWithEnv(shared, {});
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(`/noticia/${SLUG}`);
    expectPrivate(response);
  });
});
