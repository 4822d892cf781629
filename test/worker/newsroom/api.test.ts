import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentHash } from '#src/content/index/content-hash.ts';
import { forgetLiveIndex } from '#src/content/index/live-index.ts';
import { INDEX_META_KEY } from '#src/content/index/news-index.ts';
import { imageKey } from '#src/content/schema/format.ts';
import { shareImageFile } from '#src/content/schema/image-variants.ts';
import { API_PATHS, type ApiAnswer, MAX_API_BYTES, PUBLISH_PARTS } from '#src/newsroom/api/wire.ts';
import { batchOf } from '#src/publishing/bindings.ts';
import { readState } from '#src/publishing/stores/publish-state.ts';
import { clearKv, fetchPath, RESET_PUBLISH_STATE, searchFinds, searchPending, withSearchAway } from '../helpers';
import { preparedArticle, publishForm } from './api-fixtures';
import { webp } from './media-fixtures';
import { accessToken, addPerson, CHIEF, newsroomRequest, serveTeamKeys, serviceToken } from './newsroom-helpers';

/**
 * The newsroom's API for the command line: `content:publish --remote` sends
 * the articles it prepared, and the worker checks everything again and runs
 * the publishing engine against its own bindings.
 */

const db = { run: batchOf(env.DB) };
const CLIENT_ID = `${'0a1b2c3d'.repeat(4)}.access`;
const reset = () =>
  env.DB.exec(`${RESET_PUBLISH_STATE} DELETE FROM newsroom_actions; DELETE FROM newsroom_people; DELETE FROM search_pending;`);
const kvKeys = async () => (await env.NEWS.list()).keys.map(({ name }) => name);

// The team's keys, served for this file's tests; the chief's token signed with them.
const keys = await serveTeamKeys();
const chief = await accessToken(keys, CHIEF);
beforeEach(async () => {
  forgetLiveIndex();
  await reset();
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  await clearKv();
  await reset();
  vi.restoreAllMocks();
});

const publish = (form: FormData, options: { token?: string; xsrf?: boolean; origin?: string } = {}) =>
  newsroomRequest(API_PATHS.publish, { method: 'POST', token: chief, multipart: form, ...options });

/** Nothing of a refused request reached the stores: no switch, no file, no action. */
async function expectNothingWritten() {
  expect((await readState(db)).version).toBe(0);
  expect(await kvKeys()).toEqual([]);
  expect((await env.DB.prepare('SELECT count(*) AS n FROM newsroom_actions').first<{ n: number }>())!.n).toBe(0);
}

describe('publishing through the newsroom API', () => {
  it('a valid publish goes live: the page answers 200, the search finds it, the action names who, KV and D1 agree', async () => {
    const article = preparedArticle('publicado-pela-api');
    const response = await publish(publishForm([article]));
    const answer = (await response.json()) as ApiAnswer;
    expect(response.status, answer.message).toBe(200);
    expect(answer.ok).toBe(true);
    expect(answer.message).toContain('Publicado em produção: 1 novo');
    expect(answer.lines.join('\n')).toContain('Índice da busca: 1 indexado');

    expect((await fetchPath('/noticia/publicado-pela-api')).status).toBe(200);
    expect(await searchFinds('publicado-pela-api')).toBe(true);
    const state = await readState(db);
    expect(state.version).toBe(1);
    expect(await env.NEWS.get(INDEX_META_KEY)).toBe(state.meta);
    const action = await env.DB.prepare('SELECT email, action, slug FROM newsroom_actions').first();
    expect(action).toEqual({ email: CHIEF, action: 'publicar', slug: 'publicado-pela-api' });
  });

  it('a publish whose search update fails is live and said so (200): the search follows with the next run', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await withSearchAway(() => publish(publishForm([preparedArticle('busca-depois')])));
    const answer = (await response.json()) as ApiAnswer;
    expect(response.status, answer.message).toBe(200);
    expect(answer).toMatchObject({ ok: true });
    expect(answer.message).toContain('Publicado em produção: 1 novo');
    expect(answer.lines.join('\n')).toContain('A busca do site será atualizada em seguida.');
    expect((await fetchPath('/noticia/busca-depois')).status).toBe(200);
    expect(await env.DB.prepare('SELECT action, slug FROM newsroom_actions').first()).toEqual({ action: 'publicar', slug: 'busca-depois' });
    expect(await searchPending()).toEqual(['busca-depois']);

    const next = await publish(publishForm([preparedArticle('a-seguinte')]));
    expect(((await next.json()) as ApiAnswer).lines.join('\n')).toContain('Índice da busca: 2 indexados');
    expect(await searchFinds('busca-depois')).toBe(true);
    expect(await searchPending()).toEqual([]);
  });

  it('a dry run says what would happen and writes nothing', async () => {
    const response = await publish(publishForm([preparedArticle('so-o-plano')], { dryRun: true }));
    const answer = (await response.json()) as ApiAnswer;
    expect(response.status).toBe(200);
    expect(answer.lines.join('\n')).toContain('/noticia/so-o-plano');
    await expectNothingWritten();
  });

  it('refuses without identity, for a colaborador, without the anti-forgery pair, from another origin: nothing written', async () => {
    await addPerson('colab@casaempauta.com.br', 'colaborador');
    const colab = await accessToken(keys, 'colab@casaempauta.com.br');
    const form = () => publishForm([preparedArticle('recusado')]);
    const cases: [string, Response][] = [
      ['no identity', await publish(form(), { token: '' })],
      ['a colaborador', await publish(form(), { token: colab })],
      ['no anti-forgery pair', await publish(form(), { xsrf: false })],
      ['another origin', await publish(form(), { origin: 'https://outro-site.example' })],
    ];
    for (const [what, response] of cases) {
      expect(response.status, what).toBe(403);
      const answer = (await response.json()) as ApiAnswer;
      expect(answer.ok, what).toBe(false);
      expect(answer.message, what).toMatch(/Acesso restrito|não pode publicar|Pedido recusado/);
    }
    await expectNothingWritten();
  });

  it('refuses a file whose bytes do not match its name, naming it in pt-BR: 400, nothing written', async () => {
    const article = preparedArticle('hash-adulterado');
    // Still a PNG of the same size (the last byte is past its header), but not the bytes its name was made from.
    const main = article.entry.image;
    const tampered = new Uint8Array(article.files.get(main)!);
    tampered[tampered.length - 1]! ^= 1;
    article.files.set(main, tampered);
    const response = await publish(publishForm([article]));
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiAnswer).message).toContain('o hash não confere');
    await expectNothingWritten();
  });

  it('refuses a body changed after its hash was taken, and a hostile body even when its hash matches', async () => {
    const changed = preparedArticle('texto-trocado');
    changed.entry.body = `${changed.entry.body}<p>mais</p>`;
    const first = await publish(publishForm([changed]));
    expect(first.status).toBe(400);
    expect(((await first.json()) as ApiAnswer).message).toContain('o texto chegou diferente');

    const hostile = preparedArticle('texto-hostil');
    const body = `${hostile.entry.body}<script>alert(1)</script>`;
    hostile.entry.body = body;
    (hostile.entry.item as { htmlPath: string }).htmlPath = `noticias/texto-hostil.${contentHash(body)}.html`;
    const second = await publish(publishForm([hostile]));
    expect(second.status).toBe(400);
    expect(((await second.json()) as ApiAnswer).message).toContain('o texto não passou na verificação');
    await expectNothingWritten();
  });

  it('refuses an entry the schema rejects, an image that is not what its name says, and a file nothing names', async () => {
    const badEntry = preparedArticle('ficha-ruim');
    (badEntry.entry.item as { titulo: string }).titulo = 'curto';
    const short = await publish(publishForm([badEntry]));
    expect(short.status).toBe(400);
    expect(((await short.json()) as ApiAnswer).message).toContain('"Título"');

    const notPng = preparedArticle('nao-e-png');
    const variant = [...notPng.files.keys()].find((name) => name.endsWith('-480w.avif'))!;
    notPng.files.set(variant, new TextEncoder().encode('não sou uma imagem'));
    const response = await publish(publishForm([notPng]));
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiAnswer).message).toContain('não é AVIF');

    const extra = preparedArticle('arquivo-a-mais');
    extra.files.set('thumbnails/outra-coisa.webp', new Uint8Array([1, 2, 3]));
    const third = await publish(publishForm([extra]));
    expect(third.status).toBe(400);
    expect(((await third.json()) as ApiAnswer).message).toContain('nenhum artigo ou autor o usa');
    await expectNothingWritten();
  });

  it('publishes the share image the command sends with the main image, recorded on the entry, and refuses one of another size', async () => {
    const withShare = (slug: string, width: number, height: number) => {
      const article = preparedArticle(slug);
      const key = imageKey(shareImageFile((article.entry.item as { imagemAtual: string }).imagemAtual));
      article.files.set(key, webp(width, height, slug));
      article.entry.variants.push(key);
      return { article, key };
    };
    const wrong = withShare('recorte-errado', 1200, 675);
    const refused = await publish(publishForm([wrong.article]));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ApiAnswer).message).toContain('a cópia de 1200×630 para compartilhar tem 1200×675');
    await expectNothingWritten();

    const right = withShare('com-recorte', 1200, 630);
    const response = await publish(publishForm([right.article]));
    expect(response.status, ((await response.clone().json()) as ApiAnswer).message).toBe(200);
    expect(await kvKeys()).toContain(right.key);
    const html = await (await fetchPath('/noticia/com-recorte')).text();
    expect(html).toContain(`/${right.key}"/>`);
    expect(html).toContain('<meta property="og:image:height" content="630"/>');
  });

  it('publishes an author beside the articles, with the photo the command prepares, and refuses any other photo', async () => {
    const author = (photo: Uint8Array) => {
      const foto = `autor-ana-souza-${contentHash(photo)}.webp`;
      const article = preparedArticle('com-autora-nova');
      (article.entry.item as { autor?: string }).autor = 'ana-souza';
      article.files.set(`thumbnails/${foto}`, photo);
      const authors = { 'ana-souza': { nome: 'Ana Souza', cargo: 'Repórter de arquitetura', bio: 'Escreve sobre casas e cidades.', foto } };
      return publishForm([article], { authors, photos: [`thumbnails/${foto}`] });
    };
    const wrong = await publish(author(webp(400, 400, 'grande')));
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ApiAnswer).message).toContain('autor "ana-souza": a foto não é a WebP de 192×192');
    await expectNothingWritten();
    expect((await fetchPath('/autor/ana-souza')).status).toBe(404);

    const right = await publish(author(webp(192, 192, 'certa')));
    expect(right.status, ((await right.clone().json()) as ApiAnswer).message).toBe(200);
    expect((await fetchPath('/autor/ana-souza')).status).toBe(200);
  });

  it('refuses a request past the size bound with 413 and a pt-BR reason', async () => {
    const form = publishForm([preparedArticle('grande-demais')]);
    form.set(PUBLISH_PARTS.file('thumbnails/enorme.webp'), new File([new Uint8Array(MAX_API_BYTES + 1)], 'enorme.webp'));
    const response = await publish(form);
    expect(response.status).toBe(413);
    expect(((await response.json()) as ApiAnswer).message).toContain('publique menos artigos de cada vez');
    await expectNothingWritten();
  });

  it('a service token is accepted only once its Client ID is a member (as editor)', async () => {
    const token = await serviceToken(keys, CLIENT_ID);
    const stranger = await publish(publishForm([preparedArticle('pelo-token')]), { token });
    expect(stranger.status).toBe(403);
    expect(((await stranger.json()) as ApiAnswer).message).toContain(`O token de serviço ${CLIENT_ID}`);
    await expectNothingWritten();

    await addPerson(CLIENT_ID, 'editor');
    const member = await publish(publishForm([preparedArticle('pelo-token')]), { token });
    expect(member.status).toBe(200);
    expect((await fetchPath('/noticia/pelo-token')).status).toBe(200);
    const action = await env.DB.prepare('SELECT email FROM newsroom_actions').first();
    expect(action).toEqual({ email: CLIENT_ID });
  });

  it('a token with neither an e-mail nor a Client ID is refused', async () => {
    const token = await serviceToken(keys, 'not-a-client-id');
    const response = await newsroomRequest(API_PATHS.live, { token });
    expect(response.status).toBe(403);
  });

  it('the people page takes a service token Client ID, and refuses anything else that is not an e-mail', async () => {
    const added = await newsroomRequest('/redacao/equipe', {
      method: 'POST',
      token: chief,
      form: { email: CLIENT_ID.toUpperCase().replace('.ACCESS', '.access'), papel: 'editor', autor: '' },
    });
    expect(added.status).toBe(303);
    const row = await env.DB.prepare('SELECT role FROM newsroom_people WHERE email = ?').bind(CLIENT_ID).first();
    expect(row).toEqual({ role: 'editor' });
    const refused = await newsroomRequest('/redacao/equipe', {
      method: 'POST',
      token: chief,
      form: { email: 'robo.access', papel: 'editor', autor: '' },
    });
    expect(refused.status).toBe(400);
  });

  it('unpublishes through the API: the page answers 404, the search no longer finds it, the action is recorded', async () => {
    expect((await publish(publishForm([preparedArticle('vai-sair')]))).status).toBe(200);
    const form = new FormData();
    form.set('slug', 'vai-sair');
    const response = await newsroomRequest(API_PATHS.unpublish, { method: 'POST', token: chief, multipart: form });
    expect(response.status).toBe(200);
    forgetLiveIndex();
    expect((await fetchPath('/noticia/vai-sair')).status).toBe(404);
    expect(await searchFinds('vai-sair')).toBe(false);
    const actions = await env.DB.prepare('SELECT action FROM newsroom_actions ORDER BY id').all();
    expect(actions.results).toEqual([{ action: 'publicar' }, { action: 'despublicar' }]);
  });

  it('the live list answers JSON and sets the anti-forgery cookie the command sends back', async () => {
    const response = await newsroomRequest(API_PATHS.live, { token: chief });
    expect(response.status).toBe(200);
    expect(response.headers.get('Set-Cookie')).toContain('XSRF-TOKEN=');
    const live = (await response.json()) as { items: { slug: string }[] };
    expect(live.items.length).toBeGreaterThan(0);
  });
});
